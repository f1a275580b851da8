// rcl's umbrella header (rcl/rcl.h), as rclcpp programs include it: its allocator and error
// state are rcutils' (rcl/allocator.h, rcl/error_handling.h are their aliases).
#ifndef RCL__RCL_H_
#define RCL__RCL_H_

#include "rcutils/error_handling.h"
#include "rcutils/types.h"

typedef rcutils_allocator_t rcl_allocator_t;
typedef rcutils_error_string_t rcl_error_string_t;
typedef rcutils_ret_t rcl_ret_t;
#define RCL_RET_OK RCUTILS_RET_OK
#define RCL_RET_ERROR RCUTILS_RET_ERROR
#define rcl_get_default_allocator rcutils_get_default_allocator
#define rcl_get_error_string rcutils_get_error_string
#define rcl_reset_error rcutils_reset_error
#define rcl_error_is_set rcutils_error_is_set

#endif  // RCL__RCL_H_
