// rcutils' logger levels (rcutils/logging.h): the severities and the functions that read and set
// a logger's level, over the simulation's levels (rclcpp::Logger::set_level's).
#ifndef RCUTILS__LOGGING_H_
#define RCUTILS__LOGGING_H_

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "rcutils/error_handling.h"
#include "rcutils/time.h"
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

/// Where a record was logged (rcutils/logging.h).
typedef struct rcutils_log_location_s
{
  const char * function_name;
  const char * file_name;
  size_t line_number;
} rcutils_log_location_t;

/// What receives every record that passes its logger's level (rcutils' output handler).
typedef void (* rcutils_logging_output_handler_t)(
  const rcutils_log_location_t * location, int severity, const char * name,
  rcutils_time_point_value_t timestamp, const char * format, va_list * args);

/// The handler that sends a record to the simulation (printed with its sim time, on /rosout).
void rcutils_logging_console_output_handler(
  const rcutils_log_location_t * location, int severity, const char * name,
  rcutils_time_point_value_t timestamp, const char * format, va_list * args);
rcutils_logging_output_handler_t rcutils_logging_get_output_handler(void);
/// A program's own handler in place of the simulation's: records go to it alone, as in rcutils.
void rcutils_logging_set_output_handler(rcutils_logging_output_handler_t function);

#ifdef __cplusplus
}
#endif

#endif  // RCUTILS__LOGGING_H_
