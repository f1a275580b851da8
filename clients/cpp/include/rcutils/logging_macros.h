// rcutils' logging macros (rcutils/logging_macros.h), all 70: RCUTILS_LOG_<SEVERITY><FORM> for
// each severity and each of rcutils' forms (plain, _NAMED, _ONCE, _ONCE_NAMED, _EXPRESSION,
// _EXPRESSION_NAMED, _FUNCTION, _FUNCTION_NAMED, _SKIPFIRST, _SKIPFIRST_NAMED, _THROTTLE,
// _THROTTLE_NAMED, _SKIPFIRST_THROTTLE, _SKIPFIRST_THROTTLE_NAMED), on the unnamed logger unless
// named. Each is RCUTILS_LOG_COND_NAMED with its form's condition, as upstream's template makes
// them: the logger's level is checked first, so a record below it does not use up a _ONCE or a
// _SKIPFIRST, nor read a _THROTTLE's clock. _THROTTLE takes a function that reads a time point
// (RCUTILS_STEADY_TIME: the simulation's time) and a period in milliseconds; a record passes when
// now >= the last passed one's time + the period, the last starting at 0.
// RCUTILS_LOG_MIN_SEVERITY=RCUTILS_LOG_MIN_SEVERITY_<SEVERITY> leaves out the severities below.
#ifndef RCUTILS__LOGGING_MACROS_H_
#define RCUTILS__LOGGING_MACROS_H_

#include <stdbool.h>
#include <stdint.h>

#include "rclsim/logging.hpp"
#include "rcutils/logging.h"
#include "rcutils/time.h"

#define RCUTILS_LOG_MIN_SEVERITY_DEBUG 0
#define RCUTILS_LOG_MIN_SEVERITY_INFO 1
#define RCUTILS_LOG_MIN_SEVERITY_WARN 2
#define RCUTILS_LOG_MIN_SEVERITY_ERROR 3
#define RCUTILS_LOG_MIN_SEVERITY_FATAL 4
#define RCUTILS_LOG_MIN_SEVERITY_NONE 5
#ifndef RCUTILS_LOG_MIN_SEVERITY
#define RCUTILS_LOG_MIN_SEVERITY RCUTILS_LOG_MIN_SEVERITY_DEBUG
#endif

/// The filter function of the _FUNCTION forms: true to log.
typedef bool (* RclLogFilter)();

// condition_before opens the block the record is in, condition_after closes it. A severity left
// out by RCUTILS_LOG_MIN_SEVERITY compiles to a constant false test (its arguments unevaluated).
#define RCUTILS_LOG_COND_NAMED(severity, condition_before, condition_after, name, ...) \
  do { \
    if (RCUTILS_LOG_MIN_SEVERITY <= (severity) / 10 - 1 && ::rclsim::logging::enabled((name), (severity))) { \
      condition_before \
      ::rclsim::logging::log((name), (severity), __func__, __FILE__, __LINE__, __VA_ARGS__); \
      condition_after \
    } \
  } while (0)

#define RCUTILS_LOG_CONDITION_EMPTY
#define RCUTILS_LOG_CONDITION_ONCE_BEFORE \
  { \
    static bool rcutils_logged_once = false; \
    if (!rcutils_logged_once) { \
      rcutils_logged_once = true;
#define RCUTILS_LOG_CONDITION_ONCE_AFTER \
    } \
  }
#define RCUTILS_LOG_CONDITION_EXPRESSION_BEFORE(expression) if (expression) {
#define RCUTILS_LOG_CONDITION_EXPRESSION_AFTER }
#define RCUTILS_LOG_CONDITION_FUNCTION_BEFORE(function) if ((*function)()) {
#define RCUTILS_LOG_CONDITION_FUNCTION_AFTER }
#define RCUTILS_LOG_CONDITION_SKIPFIRST_BEFORE \
  { \
    static bool rcutils_first_skipped = false; \
    if (!rcutils_first_skipped) { \
      rcutils_first_skipped = true; \
    } else {
#define RCUTILS_LOG_CONDITION_SKIPFIRST_AFTER \
    } \
  }
// A clock that cannot be read lets the record through, with rcutils' error line.
#define RCUTILS_LOG_CONDITION_THROTTLE_BEFORE(get_time_point_value, duration) \
  { \
    static rcutils_time_point_value_t rcutils_last_logged = 0; \
    rcutils_time_point_value_t rcutils_now = 0; \
    bool rcutils_throttle_passes = true; \
    if ((get_time_point_value)(&rcutils_now) != RCUTILS_RET_OK) { \
      ::rclsim::logging::log("", RCUTILS_LOG_SEVERITY_ERROR, __func__, __FILE__, __LINE__, \
        "%s() at %s:%d getting current steady time failed\n", __func__, __FILE__, __LINE__); \
    } else { \
      rcutils_throttle_passes = rcutils_now >= rcutils_last_logged + RCUTILS_MS_TO_NS(static_cast<rcutils_duration_value_t>(duration)); \
    } \
    if (rcutils_throttle_passes) { \
      rcutils_last_logged = rcutils_now;
#define RCUTILS_LOG_CONDITION_THROTTLE_AFTER \
    } \
  }

// Each form over a severity; the public macros below name them, five severities each.
#define RCUTILS_LOG_FORM_(s, ...) RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_EMPTY, RCUTILS_LOG_CONDITION_EMPTY, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_NAMED(s, name, ...) RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_EMPTY, RCUTILS_LOG_CONDITION_EMPTY, name, __VA_ARGS__)
#define RCUTILS_LOG_FORM_ONCE(s, ...) RCUTILS_LOG_FORM_ONCE_NAMED(s, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_ONCE_NAMED(s, name, ...) \
  RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_ONCE_BEFORE, RCUTILS_LOG_CONDITION_ONCE_AFTER, name, __VA_ARGS__)
#define RCUTILS_LOG_FORM_EXPRESSION(s, expression, ...) RCUTILS_LOG_FORM_EXPRESSION_NAMED(s, expression, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_EXPRESSION_NAMED(s, expression, name, ...) \
  RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_EXPRESSION_BEFORE(expression), RCUTILS_LOG_CONDITION_EXPRESSION_AFTER, name, __VA_ARGS__)
#define RCUTILS_LOG_FORM_FUNCTION(s, function, ...) RCUTILS_LOG_FORM_FUNCTION_NAMED(s, function, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_FUNCTION_NAMED(s, function, name, ...) \
  RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_FUNCTION_BEFORE(function), RCUTILS_LOG_CONDITION_FUNCTION_AFTER, name, __VA_ARGS__)
#define RCUTILS_LOG_FORM_SKIPFIRST(s, ...) RCUTILS_LOG_FORM_SKIPFIRST_NAMED(s, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_SKIPFIRST_NAMED(s, name, ...) \
  RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_SKIPFIRST_BEFORE, RCUTILS_LOG_CONDITION_SKIPFIRST_AFTER, name, __VA_ARGS__)
#define RCUTILS_LOG_FORM_THROTTLE(s, get_time_point_value, duration, ...) \
  RCUTILS_LOG_FORM_THROTTLE_NAMED(s, get_time_point_value, duration, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_THROTTLE_NAMED(s, get_time_point_value, duration, name, ...) \
  RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_THROTTLE_BEFORE(get_time_point_value, duration), RCUTILS_LOG_CONDITION_THROTTLE_AFTER, \
    name, __VA_ARGS__)
// The throttle's period counts from the first record it passes, which the skip then drops.
#define RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE(s, get_time_point_value, duration, ...) \
  RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(s, get_time_point_value, duration, "", __VA_ARGS__)
#define RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(s, get_time_point_value, duration, name, ...) \
  RCUTILS_LOG_COND_NAMED(s, RCUTILS_LOG_CONDITION_THROTTLE_BEFORE(get_time_point_value, duration) RCUTILS_LOG_CONDITION_SKIPFIRST_BEFORE, \
    RCUTILS_LOG_CONDITION_SKIPFIRST_AFTER RCUTILS_LOG_CONDITION_THROTTLE_AFTER, name, __VA_ARGS__)

#define RCUTILS_LOG_DEBUG(...) RCUTILS_LOG_FORM_(RCUTILS_LOG_SEVERITY_DEBUG, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_NAMED(name, ...) RCUTILS_LOG_FORM_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_ONCE(...) RCUTILS_LOG_FORM_ONCE(RCUTILS_LOG_SEVERITY_DEBUG, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_ONCE_NAMED(name, ...) RCUTILS_LOG_FORM_ONCE_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_EXPRESSION(expression, ...) RCUTILS_LOG_FORM_EXPRESSION(RCUTILS_LOG_SEVERITY_DEBUG, expression, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_EXPRESSION_NAMED(expression, name, ...) RCUTILS_LOG_FORM_EXPRESSION_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, expression, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_FUNCTION(function, ...) RCUTILS_LOG_FORM_FUNCTION(RCUTILS_LOG_SEVERITY_DEBUG, function, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_FUNCTION_NAMED(function, name, ...) RCUTILS_LOG_FORM_FUNCTION_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, function, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_SKIPFIRST(...) RCUTILS_LOG_FORM_SKIPFIRST(RCUTILS_LOG_SEVERITY_DEBUG, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_SKIPFIRST_NAMED(name, ...) RCUTILS_LOG_FORM_SKIPFIRST_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_THROTTLE(RCUTILS_LOG_SEVERITY_DEBUG, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, get_time_point_value, duration, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_SKIPFIRST_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE(RCUTILS_LOG_SEVERITY_DEBUG, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_SKIPFIRST_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, get_time_point_value, duration, name, __VA_ARGS__)

#define RCUTILS_LOG_INFO(...) RCUTILS_LOG_FORM_(RCUTILS_LOG_SEVERITY_INFO, __VA_ARGS__)
#define RCUTILS_LOG_INFO_NAMED(name, ...) RCUTILS_LOG_FORM_NAMED(RCUTILS_LOG_SEVERITY_INFO, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_ONCE(...) RCUTILS_LOG_FORM_ONCE(RCUTILS_LOG_SEVERITY_INFO, __VA_ARGS__)
#define RCUTILS_LOG_INFO_ONCE_NAMED(name, ...) RCUTILS_LOG_FORM_ONCE_NAMED(RCUTILS_LOG_SEVERITY_INFO, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_EXPRESSION(expression, ...) RCUTILS_LOG_FORM_EXPRESSION(RCUTILS_LOG_SEVERITY_INFO, expression, __VA_ARGS__)
#define RCUTILS_LOG_INFO_EXPRESSION_NAMED(expression, name, ...) RCUTILS_LOG_FORM_EXPRESSION_NAMED(RCUTILS_LOG_SEVERITY_INFO, expression, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_FUNCTION(function, ...) RCUTILS_LOG_FORM_FUNCTION(RCUTILS_LOG_SEVERITY_INFO, function, __VA_ARGS__)
#define RCUTILS_LOG_INFO_FUNCTION_NAMED(function, name, ...) RCUTILS_LOG_FORM_FUNCTION_NAMED(RCUTILS_LOG_SEVERITY_INFO, function, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_SKIPFIRST(...) RCUTILS_LOG_FORM_SKIPFIRST(RCUTILS_LOG_SEVERITY_INFO, __VA_ARGS__)
#define RCUTILS_LOG_INFO_SKIPFIRST_NAMED(name, ...) RCUTILS_LOG_FORM_SKIPFIRST_NAMED(RCUTILS_LOG_SEVERITY_INFO, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_THROTTLE(RCUTILS_LOG_SEVERITY_INFO, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_INFO_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_INFO, get_time_point_value, duration, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_SKIPFIRST_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE(RCUTILS_LOG_SEVERITY_INFO, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_INFO_SKIPFIRST_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_INFO, get_time_point_value, duration, name, __VA_ARGS__)

#define RCUTILS_LOG_WARN(...) RCUTILS_LOG_FORM_(RCUTILS_LOG_SEVERITY_WARN, __VA_ARGS__)
#define RCUTILS_LOG_WARN_NAMED(name, ...) RCUTILS_LOG_FORM_NAMED(RCUTILS_LOG_SEVERITY_WARN, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_ONCE(...) RCUTILS_LOG_FORM_ONCE(RCUTILS_LOG_SEVERITY_WARN, __VA_ARGS__)
#define RCUTILS_LOG_WARN_ONCE_NAMED(name, ...) RCUTILS_LOG_FORM_ONCE_NAMED(RCUTILS_LOG_SEVERITY_WARN, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_EXPRESSION(expression, ...) RCUTILS_LOG_FORM_EXPRESSION(RCUTILS_LOG_SEVERITY_WARN, expression, __VA_ARGS__)
#define RCUTILS_LOG_WARN_EXPRESSION_NAMED(expression, name, ...) RCUTILS_LOG_FORM_EXPRESSION_NAMED(RCUTILS_LOG_SEVERITY_WARN, expression, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_FUNCTION(function, ...) RCUTILS_LOG_FORM_FUNCTION(RCUTILS_LOG_SEVERITY_WARN, function, __VA_ARGS__)
#define RCUTILS_LOG_WARN_FUNCTION_NAMED(function, name, ...) RCUTILS_LOG_FORM_FUNCTION_NAMED(RCUTILS_LOG_SEVERITY_WARN, function, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_SKIPFIRST(...) RCUTILS_LOG_FORM_SKIPFIRST(RCUTILS_LOG_SEVERITY_WARN, __VA_ARGS__)
#define RCUTILS_LOG_WARN_SKIPFIRST_NAMED(name, ...) RCUTILS_LOG_FORM_SKIPFIRST_NAMED(RCUTILS_LOG_SEVERITY_WARN, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_THROTTLE(RCUTILS_LOG_SEVERITY_WARN, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_WARN_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_WARN, get_time_point_value, duration, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_SKIPFIRST_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE(RCUTILS_LOG_SEVERITY_WARN, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_WARN_SKIPFIRST_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_WARN, get_time_point_value, duration, name, __VA_ARGS__)

#define RCUTILS_LOG_ERROR(...) RCUTILS_LOG_FORM_(RCUTILS_LOG_SEVERITY_ERROR, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_NAMED(name, ...) RCUTILS_LOG_FORM_NAMED(RCUTILS_LOG_SEVERITY_ERROR, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_ONCE(...) RCUTILS_LOG_FORM_ONCE(RCUTILS_LOG_SEVERITY_ERROR, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_ONCE_NAMED(name, ...) RCUTILS_LOG_FORM_ONCE_NAMED(RCUTILS_LOG_SEVERITY_ERROR, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_EXPRESSION(expression, ...) RCUTILS_LOG_FORM_EXPRESSION(RCUTILS_LOG_SEVERITY_ERROR, expression, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_EXPRESSION_NAMED(expression, name, ...) RCUTILS_LOG_FORM_EXPRESSION_NAMED(RCUTILS_LOG_SEVERITY_ERROR, expression, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_FUNCTION(function, ...) RCUTILS_LOG_FORM_FUNCTION(RCUTILS_LOG_SEVERITY_ERROR, function, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_FUNCTION_NAMED(function, name, ...) RCUTILS_LOG_FORM_FUNCTION_NAMED(RCUTILS_LOG_SEVERITY_ERROR, function, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_SKIPFIRST(...) RCUTILS_LOG_FORM_SKIPFIRST(RCUTILS_LOG_SEVERITY_ERROR, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_SKIPFIRST_NAMED(name, ...) RCUTILS_LOG_FORM_SKIPFIRST_NAMED(RCUTILS_LOG_SEVERITY_ERROR, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_THROTTLE(RCUTILS_LOG_SEVERITY_ERROR, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_ERROR, get_time_point_value, duration, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_SKIPFIRST_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE(RCUTILS_LOG_SEVERITY_ERROR, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_SKIPFIRST_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_ERROR, get_time_point_value, duration, name, __VA_ARGS__)

#define RCUTILS_LOG_FATAL(...) RCUTILS_LOG_FORM_(RCUTILS_LOG_SEVERITY_FATAL, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_NAMED(name, ...) RCUTILS_LOG_FORM_NAMED(RCUTILS_LOG_SEVERITY_FATAL, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_ONCE(...) RCUTILS_LOG_FORM_ONCE(RCUTILS_LOG_SEVERITY_FATAL, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_ONCE_NAMED(name, ...) RCUTILS_LOG_FORM_ONCE_NAMED(RCUTILS_LOG_SEVERITY_FATAL, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_EXPRESSION(expression, ...) RCUTILS_LOG_FORM_EXPRESSION(RCUTILS_LOG_SEVERITY_FATAL, expression, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_EXPRESSION_NAMED(expression, name, ...) RCUTILS_LOG_FORM_EXPRESSION_NAMED(RCUTILS_LOG_SEVERITY_FATAL, expression, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_FUNCTION(function, ...) RCUTILS_LOG_FORM_FUNCTION(RCUTILS_LOG_SEVERITY_FATAL, function, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_FUNCTION_NAMED(function, name, ...) RCUTILS_LOG_FORM_FUNCTION_NAMED(RCUTILS_LOG_SEVERITY_FATAL, function, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_SKIPFIRST(...) RCUTILS_LOG_FORM_SKIPFIRST(RCUTILS_LOG_SEVERITY_FATAL, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_SKIPFIRST_NAMED(name, ...) RCUTILS_LOG_FORM_SKIPFIRST_NAMED(RCUTILS_LOG_SEVERITY_FATAL, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_THROTTLE(RCUTILS_LOG_SEVERITY_FATAL, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_FATAL, get_time_point_value, duration, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_SKIPFIRST_THROTTLE(get_time_point_value, duration, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE(RCUTILS_LOG_SEVERITY_FATAL, get_time_point_value, duration, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_SKIPFIRST_THROTTLE_NAMED(get_time_point_value, duration, name, ...) RCUTILS_LOG_FORM_SKIPFIRST_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_FATAL, get_time_point_value, duration, name, __VA_ARGS__)
#endif  // RCUTILS__LOGGING_MACROS_H_
