#include "rclsim/logging.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rclsim/port.hpp"
#include "rcutils/logging.h"

namespace rclsim::logging
{
namespace
{
std::map<std::string, int> & levels()
{
  static std::map<std::string, int> the_levels;
  return the_levels;
}

/// Set by follow_outside_levels: the run (port::runs_received) the kept levels were asked in.
std::optional<uint64_t> levels_asked_in;

/** The file's name without its folder, as the Python client sends it: where the program was built must not show in /rosout. */
const char * base_name(const char * file)
{
  if (file == nullptr) {return "";}
  const char * slash = std::strrchr(file, '/');
  return slash == nullptr ? file : slash + 1;
}
}  // namespace

bool enabled(const char * logger, int severity)
{
  if (levels_asked_in && *levels_asked_in != port::runs_received()) {
    levels().clear();
    levels_asked_in = port::runs_received();
  }
  std::string name = logger == nullptr ? "" : logger;
  auto found = levels().find(name);
  if (found == levels().end()) {
    found = levels().emplace(name, std::stoi(port::logger_op_level(name))).first;
  }
  return severity >= found->second;
}

void log(const char * logger, int severity, const char * function, const char * file, int line, const char * format, ...)
{
  va_list args;
  va_start(args, format);
  rcutils_log_location_t location{function, file, static_cast<size_t>(line)};
  rcutils_logging_get_output_handler()(&location, severity, logger == nullptr ? "" : logger, port::now_ns(), format, &args);
  va_end(args);
}

void forget_levels() {levels().clear();}

void follow_outside_levels()
{
  if (!levels_asked_in) {
    levels_asked_in = port::runs_received();
  }
}

}  // namespace rclsim::logging

namespace
{
rcutils_logging_output_handler_t output_handler = rcutils_logging_console_output_handler;
}  // namespace

extern "C" {

void rcutils_logging_console_output_handler(
  const rcutils_log_location_t * location, int severity, const char * name, rcutils_time_point_value_t, const char * format,
  va_list * args)
{
  va_list again;
  va_copy(again, *args);
  int length = std::vsnprintf(nullptr, 0, format, *args);
  std::vector<char> text(length < 0 ? 1 : static_cast<size_t>(length) + 1);
  std::vsnprintf(text.data(), text.size(), format, again);
  va_end(again);
  // Log's fields: the node (0: none, the logger names it), the logger, the record and where it was made.
  rclsim::port::log({0, name == nullptr ? "" : name, static_cast<uint32_t>(severity), text.data(),
    location == nullptr ? "" : location->function_name, rclsim::logging::base_name(location == nullptr ? nullptr : location->file_name),
    static_cast<uint32_t>(location == nullptr ? 0 : location->line_number)});
}

rcutils_logging_output_handler_t rcutils_logging_get_output_handler(void) {return output_handler;}

void rcutils_logging_set_output_handler(rcutils_logging_output_handler_t function) {output_handler = function;}

}  // extern "C"
