// rcutils' error state (rcutils/error_handling.h): the last error a C function of the client set,
// per thread, as rcutils keeps it.
#ifndef RCUTILS__ERROR_HANDLING_H_
#define RCUTILS__ERROR_HANDLING_H_

// The C headers rcutils' own includes: a program gets them through rclcpp's headers (rclcpp/time.hpp,
// rcl/time.h, rcl/types.h, rmw/types.h, rcutils/logging.h), and ros2_controllers'
// steering_kinematics.cpp calls abs(double), which <stdlib.h> puts in the global namespace.
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rcutils/types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RCUTILS_ERROR_MESSAGE_MAX_LENGTH 1024

typedef struct rcutils_error_string_s {
  char str[RCUTILS_ERROR_MESSAGE_MAX_LENGTH];
} rcutils_error_string_t;

void rcutils_set_error_state(const char * error_string, const char * file, size_t line_number);
bool rcutils_error_is_set(void);
rcutils_error_string_t rcutils_get_error_string(void);
void rcutils_reset_error(void);

#define RCUTILS_SET_ERROR_MSG(msg) rcutils_set_error_state(msg, __FILE__, __LINE__)

#ifdef __cplusplus
}
#endif

#endif  // RCUTILS__ERROR_HANDLING_H_
