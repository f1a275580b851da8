// rclsim's C++ client: rosidl_runtime_c's UTF-16 string (ros2/rosidl rosidl_runtime_c/include/
// rosidl_runtime_c/u16string.h): `size` in units without the terminating 0, `capacity` with it.
#ifndef ROSIDL_RUNTIME_C__U16STRING_H_
#define ROSIDL_RUNTIME_C__U16STRING_H_

#include <stddef.h>
#include <stdint.h>

#include "rosidl_runtime_c/primitives_sequence.h"

typedef struct rosidl_runtime_c__U16String
{
  uint16_t * data;
  size_t size;
  size_t capacity;
} rosidl_runtime_c__U16String;

ROSIDL_RUNTIME_C__PRIMITIVE_SEQUENCE(U16String, rosidl_runtime_c__U16String)

#endif  // ROSIDL_RUNTIME_C__U16STRING_H_
