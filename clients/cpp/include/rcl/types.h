// rcl's handles as rclcpp's wait sets show them (rcl/wait.h, rcl/guard_condition.h, rcl/timer.h):
// a wait set's result is which of its entities are ready, a handle pointer (null: not ready) per
// entity in the order they were added. The simulation keeps the entities; these handles only
// name them.
#ifndef RCL__TYPES_H_
#define RCL__TYPES_H_

#include <cstddef>
#include <cstdint>

#include "rmw/types.h"

typedef struct rcl_subscription_s rcl_subscription_t;
typedef struct rcl_timer_s rcl_timer_t;
typedef struct rcl_client_s rcl_client_t;
typedef struct rcl_service_s rcl_service_t;
typedef struct rcl_event_s rcl_event_t;

typedef struct rcl_guard_condition_s
{
  void * impl;
} rcl_guard_condition_t;

typedef struct rcl_guard_condition_options_s
{
  int allocator;
} rcl_guard_condition_options_t;

inline rcl_guard_condition_options_t rcl_guard_condition_get_default_options() {return rcl_guard_condition_options_t{0};}

/// rcl_timer_call_with_info's: when the call was due and when it was made (ns of the timer's clock).
typedef struct rcl_timer_call_info_s
{
  int64_t expected_call_time;
  int64_t actual_call_time;
} rcl_timer_call_info_t;

typedef struct rcl_wait_set_s
{
  const rcl_subscription_t ** subscriptions;
  size_t size_of_subscriptions;
  const rcl_guard_condition_t ** guard_conditions;
  size_t size_of_guard_conditions;
  const rcl_timer_t ** timers;
  size_t size_of_timers;
  const rcl_client_t ** clients;
  size_t size_of_clients;
  const rcl_service_t ** services;
  size_t size_of_services;
  const rcl_event_t ** events;
  size_t size_of_events;
  void * impl;
} rcl_wait_set_t;

#endif  // RCL__TYPES_H_
