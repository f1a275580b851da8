// rcutils' C functions that programs call directly (rcutils/error_handling.h, rcutils/logging.h,
// rcutils/types.h): the error state per thread, and logger levels as rclcpp::Logger sets them.
#include <strings.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "rclcpp/logger.hpp"
#include "rcutils/error_handling.h"
#include "rcutils/logging.h"

namespace
{

thread_local rcutils_error_string_t error_string{};
thread_local bool error_set = false;

void * allocate(size_t size, void *) {return std::malloc(size);}
void deallocate(void * pointer, void *) {std::free(pointer);}
void * reallocate(void * pointer, size_t size, void *) {return std::realloc(pointer, size);}
void * zero_allocate(size_t count, size_t size, void *) {return std::calloc(count, size);}

}  // namespace

extern "C" {

rcutils_allocator_t rcutils_get_default_allocator(void)
{
  return rcutils_allocator_t{allocate, deallocate, reallocate, zero_allocate, nullptr};
}

// rcutils' format: the message, then where it was set.
void rcutils_set_error_state(const char * error_string_in, const char * file, size_t line_number)
{
  std::snprintf(error_string.str, sizeof(error_string.str), "%s, at %s:%zu", error_string_in, file, line_number);
  error_set = true;
}

bool rcutils_error_is_set(void) {return error_set;}

rcutils_error_string_t rcutils_get_error_string(void)
{
  if (!error_set) {
    rcutils_error_string_t none{};
    std::strcpy(none.str, "error not set");
    return none;
  }
  return error_string;
}

void rcutils_reset_error(void)
{
  error_string = rcutils_error_string_t{};
  error_set = false;
}

rcutils_ret_t rcutils_logging_severity_level_from_string(const char * severity_string, rcutils_allocator_t, int * severity)
{
  if (severity_string == nullptr || severity == nullptr) {
    return RCUTILS_RET_INVALID_ARGUMENT;
  }
  static const struct { const char * name; int level; } names[] = {
    {"UNSET", RCUTILS_LOG_SEVERITY_UNSET}, {"DEBUG", RCUTILS_LOG_SEVERITY_DEBUG}, {"INFO", RCUTILS_LOG_SEVERITY_INFO},
    {"WARN", RCUTILS_LOG_SEVERITY_WARN}, {"ERROR", RCUTILS_LOG_SEVERITY_ERROR}, {"FATAL", RCUTILS_LOG_SEVERITY_FATAL},
  };
  for (const auto & name : names) {
    if (strcasecmp(severity_string, name.name) == 0) {
      *severity = name.level;
      return RCUTILS_RET_OK;
    }
  }
  return RCUTILS_RET_LOGGING_SEVERITY_STRING_INVALID;
}

rcutils_ret_t rcutils_logging_set_logger_level(const char * name, int level)
{
  if (name == nullptr) {
    RCUTILS_SET_ERROR_MSG("Invalid logger name");
    return RCUTILS_RET_INVALID_ARGUMENT;
  }
  rclcpp::get_logger(name).set_level(static_cast<rclcpp::Logger::Level>(level));
  return RCUTILS_RET_OK;
}

int rcutils_logging_get_logger_effective_level(const char * name)
{
  return static_cast<int>(rclcpp::get_logger(name == nullptr ? "" : name).get_effective_level());
}

}  // extern "C"
