// rclsim's C++ client: the sequence functions of a C type with __init/__fini/__are_equal/__copy
// (a message, rosidl_runtime_c__String, rosidl_runtime_c__U16String), with the behaviour of
// rosidl_generator_c's msg__functions.c.em (ros2/rosidl): init makes `size` initialized
// elements, fini finalizes every allocated one, copy grows the output and initializes what it
// adds. Static inline, as the message headers are header-only.
#ifndef RCLSIM__C_MESSAGE_SEQUENCE_H_
#define RCLSIM__C_MESSAGE_SEQUENCE_H_

// Definitions in a header: the includer's warning flags are not theirs to meet (upstream's
// headers declare only).
#pragma GCC system_header

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#define RCLSIM_C_MESSAGE_SEQUENCE_FUNCTIONS(TYPE) \
  static inline void TYPE ## __Sequence__fini(TYPE ## __Sequence * array) \
  { \
    if (!array) { \
      return; \
    } \
    for (size_t i = 0; array->data && i < array->capacity; ++i) { \
      TYPE ## __fini(&array->data[i]); \
    } \
    free(array->data); \
    array->data = NULL; \
    array->size = 0; \
    array->capacity = 0; \
  } \
  static inline bool TYPE ## __Sequence__init(TYPE ## __Sequence * array, size_t size) \
  { \
    if (!array) { \
      return false; \
    } \
    TYPE * data = NULL; \
    if (size) { \
      data = (TYPE *)calloc(size, sizeof(TYPE)); \
      if (!data) { \
        return false; \
      } \
      for (size_t i = 0; i < size; ++i) { \
        if (!TYPE ## __init(&data[i])) { \
          for (; i > 0; --i) { \
            TYPE ## __fini(&data[i - 1]); \
          } \
          free(data); \
          return false; \
        } \
      } \
    } \
    array->data = data; \
    array->size = size; \
    array->capacity = size; \
    return true; \
  } \
  static inline TYPE ## __Sequence * TYPE ## __Sequence__create(size_t size) \
  { \
    TYPE ## __Sequence * array = (TYPE ## __Sequence *)malloc(sizeof(TYPE ## __Sequence)); \
    if (array && !TYPE ## __Sequence__init(array, size)) { \
      free(array); \
      return NULL; \
    } \
    return array; \
  } \
  static inline void TYPE ## __Sequence__destroy(TYPE ## __Sequence * array) \
  { \
    TYPE ## __Sequence__fini(array); \
    free(array); \
  } \
  static inline bool TYPE ## __Sequence__are_equal( \
    const TYPE ## __Sequence * lhs, const TYPE ## __Sequence * rhs) \
  { \
    if (!lhs || !rhs || lhs->size != rhs->size) { \
      return false; \
    } \
    for (size_t i = 0; i < lhs->size; ++i) { \
      if (!TYPE ## __are_equal(&lhs->data[i], &rhs->data[i])) { \
        return false; \
      } \
    } \
    return true; \
  } \
  static inline bool TYPE ## __Sequence__copy( \
    const TYPE ## __Sequence * input, TYPE ## __Sequence * output) \
  { \
    if (!input || !output) { \
      return false; \
    } \
    if (output->capacity < input->size) { \
      TYPE * data = (TYPE *)realloc(output->data, input->size * sizeof(TYPE)); \
      if (!data) { \
        return false; \
      } \
      output->data = data; \
      for (size_t i = output->capacity; i < input->size; ++i) { \
        if (!TYPE ## __init(&output->data[i])) { \
          for (; i-- > output->capacity; ) { \
            TYPE ## __fini(&output->data[i]); \
          } \
          return false; \
        } \
      } \
      output->capacity = input->size; \
    } \
    output->size = input->size; \
    for (size_t i = 0; i < input->size; ++i) { \
      if (!TYPE ## __copy(&input->data[i], &output->data[i])) { \
        return false; \
      } \
    } \
    return true; \
  }

#endif  // RCLSIM__C_MESSAGE_SEQUENCE_H_
