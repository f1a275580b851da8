// rcutils' error state (rcutils/error_handling.h): the last error a C function of the client set,
// per thread, as rcutils keeps it.
#ifndef RCUTILS__ERROR_HANDLING_H_
#define RCUTILS__ERROR_HANDLING_H_

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
