// rcutils' return codes and allocator (rcutils/types/rcutils_ret.h, rcutils/allocator.h) as
// programs that call rcutils' C functions use them.
#ifndef RCUTILS__TYPES_H_
#define RCUTILS__TYPES_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int rcutils_ret_t;
#define RCUTILS_RET_OK 0
#define RCUTILS_RET_WARN 1
#define RCUTILS_RET_ERROR 2
#define RCUTILS_RET_BAD_ALLOC 10
#define RCUTILS_RET_INVALID_ARGUMENT 11
#define RCUTILS_RET_NOT_INITIALIZED 13
#define RCUTILS_RET_LOGGING_SEVERITY_MAP_INVALID 40
#define RCUTILS_RET_LOGGING_SEVERITY_STRING_INVALID 41

/// Memory is the C library's in rclsim: the allocator only carries its state pointer.
typedef struct rcutils_allocator_s {
  void * (*allocate)(size_t size, void * state);
  void (*deallocate)(void * pointer, void * state);
  void * (*reallocate)(void * pointer, size_t size, void * state);
  void * (*zero_allocate)(size_t number_of_elements, size_t size_of_element, void * state);
  void * state;
} rcutils_allocator_t;

rcutils_allocator_t rcutils_get_default_allocator(void);

#ifdef __cplusplus
}
#endif

#endif  // RCUTILS__TYPES_H_
