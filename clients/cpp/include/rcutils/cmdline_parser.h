// rcutils' command-line helpers (rcutils/cmdline_parser.h), as the demos parse their options.
#ifndef RCUTILS__CMDLINE_PARSER_H_
#define RCUTILS__CMDLINE_PARSER_H_

#include <stdbool.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether one of the arguments is `option` itself.
static inline bool rcutils_cli_option_exist(char ** begin, char ** end, const char * option)
{
  for (char ** it = begin; it < end; ++it) {
    if (strcmp(*it, option) == 0) {
      return true;
    }
  }
  return false;
}

/// The argument after the first that is `option`; NULL when none follows it.
static inline char * rcutils_cli_get_option(char ** begin, char ** end, const char * option)
{
  for (char ** it = begin; it < end; ++it) {
    if (strcmp(*it, option) == 0) {
      return it + 1 < end ? *(it + 1) : NULL;
    }
  }
  return NULL;
}

#ifdef __cplusplus
}
#endif

#endif  // RCUTILS__CMDLINE_PARSER_H_
