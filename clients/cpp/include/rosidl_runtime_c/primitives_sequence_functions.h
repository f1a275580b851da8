// rclsim's C++ client: rosidl_runtime_c's functions of the primitive sequences, with upstream's
// names and behaviour (ros2/rosidl rosidl_runtime_c/src/primitives_sequence_functions.c), static
// inline here: init allocates `size` elements (uninitialized), fini frees, are_equal compares
// the first `size` elements, copy grows the output when it must.
#ifndef ROSIDL_RUNTIME_C__PRIMITIVES_SEQUENCE_FUNCTIONS_H_
#define ROSIDL_RUNTIME_C__PRIMITIVES_SEQUENCE_FUNCTIONS_H_

// Definitions in a header: the includer's warning flags are not theirs to meet (upstream's
// headers declare only).
#pragma GCC system_header

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rosidl_runtime_c/primitives_sequence.h"
#include "rosidl_runtime_c/visibility_control.h"

#define ROSIDL_RUNTIME_C__DEFINE_PRIMITIVE_SEQUENCE_FUNCTIONS(NAME, SEQUENCE, TYPE) \
  static inline bool rosidl_runtime_c__ ## NAME ## __Sequence__init(SEQUENCE * sequence, size_t size) \
  { \
    if (!sequence) { \
      return false; \
    } \
    TYPE * data = NULL; \
    if (size) { \
      data = (TYPE *)malloc(sizeof(TYPE) * size); \
      if (!data) { \
        return false; \
      } \
    } \
    sequence->data = data; \
    sequence->size = size; \
    sequence->capacity = size; \
    return true; \
  } \
  static inline void rosidl_runtime_c__ ## NAME ## __Sequence__fini(SEQUENCE * sequence) \
  { \
    if (!sequence) { \
      return; \
    } \
    free(sequence->data); \
    sequence->data = NULL; \
    sequence->size = 0; \
    sequence->capacity = 0; \
  } \
  static inline bool rosidl_runtime_c__ ## NAME ## __Sequence__are_equal( \
    const SEQUENCE * lhs, const SEQUENCE * rhs) \
  { \
    if (!lhs || !rhs || lhs->size != rhs->size) { \
      return false; \
    } \
    for (size_t i = 0; i < lhs->size; ++i) { \
      if (lhs->data[i] != rhs->data[i]) { \
        return false; \
      } \
    } \
    return true; \
  } \
  static inline bool rosidl_runtime_c__ ## NAME ## __Sequence__copy( \
    const SEQUENCE * input, SEQUENCE * output) \
  { \
    if (!input || !output) { \
      return false; \
    } \
    if (output->capacity < input->size) { \
      TYPE * data = (TYPE *)realloc(output->data, sizeof(TYPE) * input->size); \
      if (!data) { \
        return false; \
      } \
      output->data = data; \
      output->capacity = input->size; \
    } \
    if (input->size) { \
      memcpy(output->data, input->data, sizeof(TYPE) * input->size); \
    } \
    output->size = input->size; \
    return true; \
  }

#define ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(NAME, TYPE) \
  ROSIDL_RUNTIME_C__DEFINE_PRIMITIVE_SEQUENCE_FUNCTIONS(NAME, rosidl_runtime_c__ ## NAME ## __Sequence, TYPE)

ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(float, float)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(double, double)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(long_double, long double)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(char, signed char)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(wchar, uint16_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(boolean, bool)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(octet, uint8_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(uint8, uint8_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(int8, int8_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(uint16, uint16_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(int16, int16_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(uint32, uint32_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(int32, int32_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(uint64, uint64_t)
ROSIDL_RUNTIME_C__RCLSIM_PRIMITIVE_SEQUENCE_FUNCTIONS(int64, int64_t)

// The .msg names of the same sequences (bool, byte, float32, float64).
ROSIDL_RUNTIME_C__DEFINE_PRIMITIVE_SEQUENCE_FUNCTIONS(bool, rosidl_runtime_c__boolean__Sequence, bool)
ROSIDL_RUNTIME_C__DEFINE_PRIMITIVE_SEQUENCE_FUNCTIONS(byte, rosidl_runtime_c__octet__Sequence, uint8_t)
ROSIDL_RUNTIME_C__DEFINE_PRIMITIVE_SEQUENCE_FUNCTIONS(float32, rosidl_runtime_c__float__Sequence, float)
ROSIDL_RUNTIME_C__DEFINE_PRIMITIVE_SEQUENCE_FUNCTIONS(float64, rosidl_runtime_c__double__Sequence, double)

#endif  // ROSIDL_RUNTIME_C__PRIMITIVES_SEQUENCE_FUNCTIONS_H_
