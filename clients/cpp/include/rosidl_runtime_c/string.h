// rclsim's C++ client: rosidl_runtime_c's string (ros2/rosidl rosidl_runtime_c/include/
// rosidl_runtime_c/string.h): NUL-terminated bytes, `size` without the NUL, `capacity` with it.
#ifndef ROSIDL_RUNTIME_C__STRING_H_
#define ROSIDL_RUNTIME_C__STRING_H_

#include <stddef.h>

#include "rosidl_runtime_c/primitives_sequence.h"

typedef struct rosidl_runtime_c__String
{
  char * data;
  size_t size;
  size_t capacity;
} rosidl_runtime_c__String;

ROSIDL_RUNTIME_C__PRIMITIVE_SEQUENCE(String, rosidl_runtime_c__String)

#endif  // ROSIDL_RUNTIME_C__STRING_H_
