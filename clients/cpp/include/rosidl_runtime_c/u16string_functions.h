// rclsim's C++ client: rosidl_runtime_c's UTF-16 string functions, upstream's names (ros2/rosidl
// rosidl_runtime_c/include/rosidl_runtime_c/u16string_functions.h), static inline.
#ifndef ROSIDL_RUNTIME_C__U16STRING_FUNCTIONS_H_
#define ROSIDL_RUNTIME_C__U16STRING_FUNCTIONS_H_

// Definitions in a header: the includer's warning flags are not theirs to meet (upstream's
// headers declare only).
#pragma GCC system_header

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rclsim/c_message_sequence.h"
#include "rclsim/c_string.h"
#include "rosidl_runtime_c/u16string.h"
#include "rosidl_runtime_c/visibility_control.h"

RCLSIM_C_STRING_FUNCTIONS(rosidl_runtime_c__U16String, uint16_t)

/// The units of a 0-terminated UTF-16 string before the 0.
static inline size_t rosidl_runtime_c__U16String__len(const uint16_t * value)
{
  size_t n = 0;
  while (value && value[n] != 0) {
    ++n;
  }
  return n;
}

/// Copies a 0-terminated UTF-16 string.
static inline bool rosidl_runtime_c__U16String__assign(
  rosidl_runtime_c__U16String * str, const uint16_t * value)
{
  return value && rosidl_runtime_c__U16String__assignn(str, value, rosidl_runtime_c__U16String__len(value));
}

RCLSIM_C_MESSAGE_SEQUENCE_FUNCTIONS(rosidl_runtime_c__U16String)

#endif  // ROSIDL_RUNTIME_C__U16STRING_FUNCTIONS_H_
