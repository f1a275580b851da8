// rclsim's C++ client: the functions rosidl_runtime_c__String and rosidl_runtime_c__U16String
// share, with upstream's behaviour (ros2/rosidl rosidl_runtime_c/src/string_functions.c,
// u16string_functions.c): init makes the empty string (capacity 1), assignn copies n units and
// terminates them, copy is assignn of the input, resize keeps what fits. Static inline.
#ifndef RCLSIM__C_STRING_H_
#define RCLSIM__C_STRING_H_

// Definitions in a header: the includer's warning flags are not theirs to meet (upstream's
// headers declare only).
#pragma GCC system_header

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RCLSIM_C_STRING_FUNCTIONS(TYPE, UNIT) \
  static inline bool TYPE ## __init(TYPE * str) \
  { \
    if (!str) { \
      return false; \
    } \
    str->data = (UNIT *)malloc(sizeof(UNIT)); \
    if (!str->data) { \
      return false; \
    } \
    str->data[0] = 0; \
    str->size = 0; \
    str->capacity = 1; \
    return true; \
  } \
  static inline void TYPE ## __fini(TYPE * str) \
  { \
    if (!str) { \
      return; \
    } \
    free(str->data); \
    str->data = NULL; \
    str->size = 0; \
    str->capacity = 0; \
  } \
  static inline bool TYPE ## __are_equal(const TYPE * lhs, const TYPE * rhs) \
  { \
    if (!lhs || !rhs || lhs->size != rhs->size) { \
      return false; \
    } \
    return lhs->size == 0 || memcmp(lhs->data, rhs->data, lhs->size * sizeof(UNIT)) == 0; \
  } \
  static inline bool TYPE ## __resize(TYPE * str, size_t n) \
  { \
    if (!str || n == SIZE_MAX) { \
      return false; \
    } \
    UNIT * data = (UNIT *)realloc(str->data, (n + 1) * sizeof(UNIT)); \
    if (!data) { \
      return false; \
    } \
    data[n] = 0; \
    str->data = data; \
    str->size = n; \
    str->capacity = n + 1; \
    return true; \
  } \
  static inline bool TYPE ## __assignn(TYPE * str, const UNIT * value, size_t n) \
  { \
    if (!value || !TYPE ## __resize(str, n)) { \
      return false; \
    } \
    if (n) { \
      memmove(str->data, value, n * sizeof(UNIT)); \
    } \
    return true; \
  } \
  static inline bool TYPE ## __copy(const TYPE * input, TYPE * output) \
  { \
    if (!input || !output) { \
      return false; \
    } \
    return TYPE ## __assignn(output, input->data, input->size); \
  }

#endif  // RCLSIM__C_STRING_H_
