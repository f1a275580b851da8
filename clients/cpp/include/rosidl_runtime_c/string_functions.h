// rclsim's C++ client: rosidl_runtime_c's string functions, upstream's names (ros2/rosidl
// rosidl_runtime_c/include/rosidl_runtime_c/string_functions.h), static inline.
#ifndef ROSIDL_RUNTIME_C__STRING_FUNCTIONS_H_
#define ROSIDL_RUNTIME_C__STRING_FUNCTIONS_H_

// Definitions in a header: the includer's warning flags are not theirs to meet (upstream's
// headers declare only).
#pragma GCC system_header

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "rclsim/c_message_sequence.h"
#include "rclsim/c_string.h"
#include "rosidl_runtime_c/string.h"
#include "rosidl_runtime_c/visibility_control.h"

RCLSIM_C_STRING_FUNCTIONS(rosidl_runtime_c__String, char)

/// Copies a NUL-terminated string.
static inline bool rosidl_runtime_c__String__assign(rosidl_runtime_c__String * str, const char * value)
{
  return value && rosidl_runtime_c__String__assignn(str, value, strlen(value));
}

RCLSIM_C_MESSAGE_SEQUENCE_FUNCTIONS(rosidl_runtime_c__String)

#endif  // ROSIDL_RUNTIME_C__STRING_FUNCTIONS_H_
