// rcutils' logger levels (rcutils/logging.h): the severities and the functions that read and set
// a logger's level, over the simulation's levels (rclcpp::Logger::set_level's).
#ifndef RCUTILS__LOGGING_H_
#define RCUTILS__LOGGING_H_

#include "rcutils/error_handling.h"
#include "rcutils/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum RCUTILS_LOG_SEVERITY
{
  RCUTILS_LOG_SEVERITY_UNSET = 0,
  RCUTILS_LOG_SEVERITY_DEBUG = 10,
  RCUTILS_LOG_SEVERITY_INFO = 20,
  RCUTILS_LOG_SEVERITY_WARN = 30,
  RCUTILS_LOG_SEVERITY_ERROR = 40,
  RCUTILS_LOG_SEVERITY_FATAL = 50,
};

/// "DEBUG", "info", … (any case) to its severity; RCUTILS_RET_LOGGING_SEVERITY_STRING_INVALID else.
rcutils_ret_t rcutils_logging_severity_level_from_string(const char * severity_string, rcutils_allocator_t allocator, int * severity);
rcutils_ret_t rcutils_logging_set_logger_level(const char * name, int level);
int rcutils_logging_get_logger_effective_level(const char * name);

#ifdef __cplusplus
}
#endif

#endif  // RCUTILS__LOGGING_H_
