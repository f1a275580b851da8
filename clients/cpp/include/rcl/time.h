// rcl's time types (rcl/time.h): the clock types, time points and durations in nanoseconds, and
// the unit macros, as rcutils' (rcutils/time.h). rclcpp::Time and Clock are built on these;
// programs include it for the types (diagnostic_updater).
#ifndef RCL__TIME_H_
#define RCL__TIME_H_

#include "rcl/types.h"
#include "rcutils/time.h"

#define RCL_S_TO_NS RCUTILS_S_TO_NS
#define RCL_MS_TO_NS RCUTILS_MS_TO_NS
#define RCL_US_TO_NS RCUTILS_US_TO_NS
#define RCL_NS_TO_S RCUTILS_NS_TO_S
#define RCL_NS_TO_MS RCUTILS_NS_TO_MS
#define RCL_NS_TO_US RCUTILS_NS_TO_US

typedef rcutils_time_point_value_t rcl_time_point_value_t;
typedef rcutils_duration_value_t rcl_duration_value_t;

typedef enum rcl_clock_type_e {
  RCL_CLOCK_UNINITIALIZED = 0,
  RCL_ROS_TIME = 1,
  RCL_SYSTEM_TIME = 2,
  RCL_STEADY_TIME = 3
} rcl_clock_type_t;

typedef struct rcl_duration_s
{
  rcl_duration_value_t nanoseconds;
} rcl_duration_t;

typedef struct rcl_time_point_s
{
  rcl_time_point_value_t nanoseconds;
  rcl_clock_type_t clock_type;
} rcl_time_point_t;

#endif  // RCL__TIME_H_
