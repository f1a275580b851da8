// rcutils' time (rcutils/time.h): the unit macros, the time point and duration types, and the
// system and steady clocks' now, which read the simulation's time as clock_gettime does in a
// program rclsim runs (docs/cpp.md#inside-the-process).
#ifndef RCUTILS__TIME_H_
#define RCUTILS__TIME_H_

#include <stdint.h>
#include <time.h>

#include "rcutils/types.h"

#define RCUTILS_S_TO_NS(seconds) ((seconds) * (1000LL * 1000LL * 1000LL))
#define RCUTILS_MS_TO_NS(milliseconds) ((milliseconds) * (1000LL * 1000LL))
#define RCUTILS_US_TO_NS(microseconds) ((microseconds) * 1000LL)
#define RCUTILS_NS_TO_S(nanoseconds) ((nanoseconds) / (1000LL * 1000LL * 1000LL))
#define RCUTILS_NS_TO_MS(nanoseconds) ((nanoseconds) / (1000LL * 1000LL))
#define RCUTILS_NS_TO_US(nanoseconds) ((nanoseconds) / 1000LL)
#define RCUTILS_STEADY_TIME rcutils_steady_time_now

typedef int64_t rcutils_time_point_value_t;
typedef int64_t rcutils_duration_value_t;

static inline rcutils_ret_t rcutils_rclsim_clock_now(clockid_t clock, rcutils_time_point_value_t * now)
{
  if (now == NULL) {
    return RCUTILS_RET_INVALID_ARGUMENT;
  }
  struct timespec reading;
  if (clock_gettime(clock, &reading) != 0) {
    return RCUTILS_RET_ERROR;
  }
  *now = RCUTILS_S_TO_NS((int64_t)reading.tv_sec) + reading.tv_nsec;
  return RCUTILS_RET_OK;
}

static inline rcutils_ret_t rcutils_system_time_now(rcutils_time_point_value_t * now)
{
  return rcutils_rclsim_clock_now(CLOCK_REALTIME, now);
}

static inline rcutils_ret_t rcutils_steady_time_now(rcutils_time_point_value_t * now)
{
  return rcutils_rclsim_clock_now(CLOCK_MONOTONIC, now);
}

#endif  // RCUTILS__TIME_H_
