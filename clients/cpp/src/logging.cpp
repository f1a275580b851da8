#include "rclsim/logging.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rclsim/port.hpp"

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
    found = levels().emplace(name, port::logger_op_level(name)).first;
  }
  return severity >= found->second;
}

void log(const char * logger, int severity, const char * function, const char * file, int line, const char * format, ...)
{
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  int length = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::vector<char> text(length < 0 ? 1 : static_cast<size_t>(length) + 1);
  std::vsnprintf(text.data(), text.size(), format, again);
  va_end(again);
  port::log(logger == nullptr ? "" : logger, static_cast<uint32_t>(severity), text.data(), function, base_name(file), static_cast<uint32_t>(line));
}

void forget_levels() {levels().clear();}

void follow_outside_levels()
{
  if (!levels_asked_in) {
    levels_asked_in = port::runs_received();
  }
}

}  // namespace rclsim::logging
