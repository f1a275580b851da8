// rclcpp's logging macros (rclcpp/logging.hpp), each severity in every form rclcpp has: plain,
// _ONCE, _EXPRESSION, _FUNCTION, _SKIPFIRST, _THROTTLE, _SKIPFIRST_THROTTLE, and _STREAM of each.
// As rcutils: the logger's level is checked first, then the form's condition (so a _ONCE record
// below the level is not spent), the message formatted printf-style, and the record goes to the
// simulation, which prints it with its sim-time stamp and publishes it on /rosout.
#ifndef RCLCPP__LOGGING_HPP_
#define RCLCPP__LOGGING_HPP_

#include <sstream>
#include <string>
#include <type_traits>

#include "rclcpp/logger.hpp"
#include "rclsim/logging.hpp"
// As real rclcpp's (through rcutils/logging_macros.h): programs use rcutils' levels unincluded.
#include "rcutils/logging.h"

#define RCLCPP_LOG_MIN_SEVERITY_DEBUG 0
#define RCLCPP_LOG_MIN_SEVERITY_INFO 1
#define RCLCPP_LOG_MIN_SEVERITY_WARN 2
#define RCLCPP_LOG_MIN_SEVERITY_ERROR 3
#define RCLCPP_LOG_MIN_SEVERITY_FATAL 4
#define RCLCPP_LOG_MIN_SEVERITY_NONE 5

#define RCLSIM_LOG_CHECK_LOGGER(logger) \
  static_assert( \
    ::std::is_same<std::remove_cv_t<std::remove_reference_t<decltype(logger)>>, ::rclcpp::Logger>::value, \
    "First argument to logging macros must be an rclcpp::Logger")

// condition_before opens a block the record is in; condition_after closes it.
#define RCLSIM_LOG_COND(severity, condition_before, condition_after, logger, ...) \
  do { \
    RCLSIM_LOG_CHECK_LOGGER(logger); \
    const ::rclcpp::Logger & rclsim_logger_ = (logger); \
    if (::rclsim::logging::enabled(rclsim_logger_.get_name(), severity)) { \
      condition_before \
      ::rclsim::logging::log(rclsim_logger_.get_name(), severity, __func__, __FILE__, __LINE__, __VA_ARGS__); \
      condition_after \
    } \
  } while (0)

#define RCLSIM_LOG_STREAM_COND(severity, condition_before, condition_after, logger, stream_arg) \
  do { \
    RCLSIM_LOG_CHECK_LOGGER(logger); \
    const ::rclcpp::Logger & rclsim_logger_ = (logger); \
    if (::rclsim::logging::enabled(rclsim_logger_.get_name(), severity)) { \
      condition_before \
      std::stringstream rclsim_stream_; \
      rclsim_stream_ << stream_arg; \
      ::rclsim::logging::log(rclsim_logger_.get_name(), severity, __func__, __FILE__, __LINE__, "%s", rclsim_stream_.str().c_str()); \
      condition_after \
    } \
  } while (0)

#define RCLSIM_COND_NONE
#define RCLSIM_COND_ONCE_BEFORE static bool rclsim_once_ = false; if (!rclsim_once_) { rclsim_once_ = true;
#define RCLSIM_COND_EXPRESSION_BEFORE(expression) if (expression) {
#define RCLSIM_COND_FUNCTION_BEFORE(function) if ((*function)()) {
#define RCLSIM_COND_SKIPFIRST_BEFORE static bool rclsim_first_ = true; if (rclsim_first_) { rclsim_first_ = false; } else {
// rcutils' throttle: the record passes when now >= the last passed one's time + the period (the
// last starts at 0), read from the clock given.
#define RCLSIM_COND_THROTTLE_BEFORE(clock, duration) \
  static int64_t rclsim_last_ = 0; \
  const int64_t rclsim_now_ = (clock).now().nanoseconds(); \
  if (rclsim_now_ >= rclsim_last_ + static_cast<int64_t>(duration) * 1000000) { rclsim_last_ = rclsim_now_;
#define RCLSIM_COND_END }

// ---------------------------------------------------------------- DEBUG

#define RCLCPP_DEBUG(logger, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, stream_arg)
#define RCLCPP_DEBUG_ONCE(logger, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM_ONCE(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_DEBUG_EXPRESSION(logger, expression, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM_EXPRESSION(logger, expression, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_DEBUG_FUNCTION(logger, function, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM_FUNCTION(logger, function, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_DEBUG_SKIPFIRST(logger, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM_SKIPFIRST(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_DEBUG_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_DEBUG_SKIPFIRST_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(10, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_DEBUG_STREAM_SKIPFIRST_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(10, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, stream_arg)

// ---------------------------------------------------------------- INFO

#define RCLCPP_INFO(logger, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, stream_arg)
#define RCLCPP_INFO_ONCE(logger, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM_ONCE(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_INFO_EXPRESSION(logger, expression, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM_EXPRESSION(logger, expression, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_INFO_FUNCTION(logger, function, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM_FUNCTION(logger, function, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_INFO_SKIPFIRST(logger, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM_SKIPFIRST(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_INFO_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_INFO_SKIPFIRST_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(20, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_INFO_STREAM_SKIPFIRST_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(20, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, stream_arg)

// ---------------------------------------------------------------- WARN

#define RCLCPP_WARN(logger, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, stream_arg)
#define RCLCPP_WARN_ONCE(logger, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM_ONCE(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_WARN_EXPRESSION(logger, expression, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM_EXPRESSION(logger, expression, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_WARN_FUNCTION(logger, function, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM_FUNCTION(logger, function, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_WARN_SKIPFIRST(logger, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM_SKIPFIRST(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_WARN_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_WARN_SKIPFIRST_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(30, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_WARN_STREAM_SKIPFIRST_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(30, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, stream_arg)

// ---------------------------------------------------------------- ERROR

#define RCLCPP_ERROR(logger, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, stream_arg)
#define RCLCPP_ERROR_ONCE(logger, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM_ONCE(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_ERROR_EXPRESSION(logger, expression, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM_EXPRESSION(logger, expression, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_ERROR_FUNCTION(logger, function, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM_FUNCTION(logger, function, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_ERROR_SKIPFIRST(logger, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM_SKIPFIRST(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_ERROR_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_ERROR_SKIPFIRST_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(40, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_ERROR_STREAM_SKIPFIRST_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(40, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, stream_arg)

// ---------------------------------------------------------------- FATAL

#define RCLCPP_FATAL(logger, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_NONE, RCLSIM_COND_NONE, logger, stream_arg)
#define RCLCPP_FATAL_ONCE(logger, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM_ONCE(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_ONCE_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_FATAL_EXPRESSION(logger, expression, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM_EXPRESSION(logger, expression, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_EXPRESSION_BEFORE(expression), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_FATAL_FUNCTION(logger, function, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM_FUNCTION(logger, function, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_FUNCTION_BEFORE(function), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_FATAL_SKIPFIRST(logger, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM_SKIPFIRST(logger, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_FATAL_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_THROTTLE_BEFORE(clock, duration), RCLSIM_COND_END, logger, stream_arg)
#define RCLCPP_FATAL_SKIPFIRST_THROTTLE(logger, clock, duration, ...) \
  RCLSIM_LOG_COND(50, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, __VA_ARGS__)
#define RCLCPP_FATAL_STREAM_SKIPFIRST_THROTTLE(logger, clock, duration, stream_arg) \
  RCLSIM_LOG_STREAM_COND(50, RCLSIM_COND_THROTTLE_BEFORE(clock, duration) RCLSIM_COND_SKIPFIRST_BEFORE, RCLSIM_COND_END RCLSIM_COND_END, logger, stream_arg)

#endif  // RCLCPP__LOGGING_HPP_
