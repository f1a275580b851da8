/*
 * The simulation's wait for a separate program's next bytes (src/port/wire/ProgramSocket.ts):
 * one poll(2) on its socket and its relayed output pipes, then one read of what came. Node has
 * no poll, and its readSync reports "nothing yet" on a non-blocking descriptor as an EAGAIN
 * exception (~5.5 µs of V8 making the error): the run thread waited by trying, ~16 times a
 * callback. Here "nothing yet" is a number and the wait costs no CPU. Lives in the in-process
 * host's addon so that rclsim builds and loads one addon.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "fd_wait.h"

/* What wait() returns besides a read's count: nothing came within the time, or an output pipe has bytes (or closed). */
enum { NOTHING = -1, OUTPUT = -2 };
/* A program's stdout and stderr. */
#define MOST_OUTPUTS 2

/* The error as Node's fs throws it: its code is the errno's name (ECONNRESET …). */
static void throw_errno(napi_env env, int error)
{
  napi_throw_error(env, strerrorname_np(error), strerror(error));
}

static napi_value number(napi_env env, int64_t value)
{
  napi_value result;
  return napi_create_int64(env, value, &result) == napi_ok ? result : NULL;
}

/* One read into `buffer`: its count, 0 at the end of the stream, NOTHING when there is nothing yet; throws on an error. */
static napi_value read_once(napi_env env, int fd, napi_value buffer)
{
  void * data;
  size_t length;
  if (napi_get_buffer_info(env, buffer, &data, &length) != napi_ok) {
    napi_throw_type_error(env, NULL, "rclsim fd_wait: not a Buffer");
    return NULL;
  }
  ssize_t count;
  do count = read(fd, data, length);
  while (count < 0 && errno == EINTR);
  if (count >= 0) return number(env, count);
  if (errno == EAGAIN || errno == EWOULDBLOCK) return number(env, NOTHING);
  throw_errno(env, errno);
  return NULL;
}

/* read(fd, buffer): one read of a non-blocking descriptor, as read_once. */
static napi_value read_available(napi_env env, napi_callback_info info)
{
  size_t count = 2;
  napi_value args[2];
  int32_t fd;
  if (napi_get_cb_info(env, info, &count, args, NULL, NULL) != napi_ok || count < 2 || napi_get_value_int32(env, args[0], &fd) != napi_ok) {
    napi_throw_type_error(env, NULL, "rclsim fd_wait: read(fd, buffer)");
    return NULL;
  }
  return read_once(env, fd, args[1]);
}

/*
 * wait(fd, buffer, outputs, timeoutMs): blocks until `fd` has bytes (then reads them into
 * `buffer`, as read_once), or one of `outputs` (an Int32Array of descriptors, −1 for none) has
 * (OUTPUT), or `timeoutMs` passed (NOTHING). A signal that interrupts the wait counts as the
 * time passed: the caller looks at its deadline and waits again.
 */
static napi_value wait_readable(napi_env env, napi_callback_info info)
{
  size_t count = 4;
  napi_value args[4];
  int32_t fd, timeout;
  napi_typedarray_type type;
  size_t outputs;
  void * descriptors;
  if (napi_get_cb_info(env, info, &count, args, NULL, NULL) != napi_ok || count < 4 || napi_get_value_int32(env, args[0], &fd) != napi_ok ||
      napi_get_typedarray_info(env, args[2], &type, &outputs, &descriptors, NULL, NULL) != napi_ok || type != napi_int32_array ||
      outputs > MOST_OUTPUTS || napi_get_value_int32(env, args[3], &timeout) != napi_ok) {
    napi_throw_type_error(env, NULL, "rclsim fd_wait: wait(fd, buffer, outputs, timeoutMs)");
    return NULL;
  }
  struct pollfd polled[1 + MOST_OUTPUTS] = {{.fd = fd, .events = POLLIN}};
  for (size_t i = 0; i < outputs; i++) polled[1 + i] = (struct pollfd){.fd = ((const int32_t *)descriptors)[i], .events = POLLIN};
  int ready = poll(polled, 1 + outputs, timeout < 0 ? 0 : timeout);
  if (ready < 0 && errno != EINTR) {
    throw_errno(env, errno);
    return NULL;
  }
  if (ready <= 0) return number(env, NOTHING);
  // The socket first: its end closed or in error, the read says so.
  if (polled[0].revents != 0) return read_once(env, fd, args[1]);
  return number(env, OUTPUT);
}

napi_status fd_wait_define(napi_env env, napi_value exports)
{
  napi_property_descriptor functions[] = {
    {"read", NULL, read_available, NULL, NULL, NULL, napi_default, NULL},
    {"wait", NULL, wait_readable, NULL, NULL, NULL, napi_default, NULL},
  };
  return napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions);
}
