// rcutils' command line helpers (rcutils/cmdline_parser.h), as the demos parse their options.
#ifndef RCUTILS__CMDLINE_PARSER_H_
#define RCUTILS__CMDLINE_PARSER_H_

#include <stdbool.h>
#include <string.h>

/// Whether `option` is one of the arguments in [begin, end).
static inline bool rcutils_cli_option_exist(char ** begin, char ** end, const char * option)
{
  for (char ** it = begin; it != end; ++it) {
    if (strcmp(*it, option) == 0) {
      return true;
    }
  }
  return false;
}

/// The argument after `option` in [begin, end), or NULL.
static inline char * rcutils_cli_get_option(char ** begin, char ** end, const char * option)
{
  for (char ** it = begin; it != end; ++it) {
    if (strcmp(*it, option) == 0) {
      return it + 1 != end ? *(it + 1) : NULL;
    }
  }
  return NULL;
}

#endif  // RCUTILS__CMDLINE_PARSER_H_
