// rcutils' logging macros (rcutils/logging_macros.h) that libraries log with, on the unnamed
// logger ("") unless named: RCUTILS_LOG_<SEVERITY>, _NAMED, _ONCE, _ONCE_NAMED, _THROTTLE (steady
// time reads sim time).
#ifndef RCUTILS__LOGGING_MACROS_H_
#define RCUTILS__LOGGING_MACROS_H_

#include <stdint.h>
#include <time.h>

#include "rclsim/logging.hpp"
#include "rcutils/logging.h"

#define RCUTILS_STEADY_TIME CLOCK_MONOTONIC

#define RCUTILS_LOG_COND_NAMED(severity, name, ...) \
  do { \
    if (::rclsim::logging::enabled((name), (severity))) { \
      ::rclsim::logging::log((name), (severity), __func__, __FILE__, __LINE__, __VA_ARGS__); \
    } \
  } while (0)

// Once per period of the clock (milliseconds), as rcutils' throttle: the first record passes.
#define RCUTILS_LOG_THROTTLE_NAMED(severity, clock, duration_ms, name, ...) \
  do { \
    static int64_t rcutils_last_logged_ns = INT64_MIN; \
    struct timespec rcutils_now_ts; \
    clock_gettime((clock), &rcutils_now_ts); \
    int64_t rcutils_now_ns = static_cast<int64_t>(rcutils_now_ts.tv_sec) * 1000000000 + rcutils_now_ts.tv_nsec; \
    if (rcutils_last_logged_ns == INT64_MIN || rcutils_now_ns - rcutils_last_logged_ns >= static_cast<int64_t>(duration_ms) * 1000000) { \
      rcutils_last_logged_ns = rcutils_now_ns; \
      RCUTILS_LOG_COND_NAMED((severity), (name), __VA_ARGS__); \
    } \
  } while (0)

// The first record the logger's level lets through, and no other, as rcutils' ONCE condition
// (checked inside the level's test, so a record below the level does not use it up).
#define RCUTILS_LOG_ONCE_NAMED(severity, name, ...) \
  do { \
    if (::rclsim::logging::enabled((name), (severity))) { \
      static bool rcutils_logged_once = false; \
      if (!rcutils_logged_once) { \
        rcutils_logged_once = true; \
        ::rclsim::logging::log((name), (severity), __func__, __FILE__, __LINE__, __VA_ARGS__); \
      } \
    } \
  } while (0)

#define RCUTILS_LOG_DEBUG(...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, "", __VA_ARGS__)
#define RCUTILS_LOG_INFO(...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_INFO, "", __VA_ARGS__)
#define RCUTILS_LOG_WARN(...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_WARN, "", __VA_ARGS__)
#define RCUTILS_LOG_ERROR(...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_ERROR, "", __VA_ARGS__)
#define RCUTILS_LOG_FATAL(...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_FATAL, "", __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_NAMED(name, ...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_NAMED(name, ...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_INFO, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_NAMED(name, ...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_WARN, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_NAMED(name, ...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_ERROR, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_NAMED(name, ...) RCUTILS_LOG_COND_NAMED(RCUTILS_LOG_SEVERITY_FATAL, name, __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_ONCE(...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, "", __VA_ARGS__)
#define RCUTILS_LOG_INFO_ONCE(...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_INFO, "", __VA_ARGS__)
#define RCUTILS_LOG_WARN_ONCE(...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_WARN, "", __VA_ARGS__)
#define RCUTILS_LOG_ERROR_ONCE(...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_ERROR, "", __VA_ARGS__)
#define RCUTILS_LOG_FATAL_ONCE(...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_FATAL, "", __VA_ARGS__)
#define RCUTILS_LOG_DEBUG_ONCE_NAMED(name, ...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_DEBUG, name, __VA_ARGS__)
#define RCUTILS_LOG_INFO_ONCE_NAMED(name, ...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_INFO, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_ONCE_NAMED(name, ...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_WARN, name, __VA_ARGS__)
#define RCUTILS_LOG_ERROR_ONCE_NAMED(name, ...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_ERROR, name, __VA_ARGS__)
#define RCUTILS_LOG_FATAL_ONCE_NAMED(name, ...) RCUTILS_LOG_ONCE_NAMED(RCUTILS_LOG_SEVERITY_FATAL, name, __VA_ARGS__)
#define RCUTILS_LOG_WARN_THROTTLE(clock, duration, ...) \
  RCUTILS_LOG_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_WARN, clock, duration, "", __VA_ARGS__)
#define RCUTILS_LOG_ERROR_THROTTLE(clock, duration, ...) \
  RCUTILS_LOG_THROTTLE_NAMED(RCUTILS_LOG_SEVERITY_ERROR, clock, duration, "", __VA_ARGS__)

#endif  // RCUTILS__LOGGING_MACROS_H_
