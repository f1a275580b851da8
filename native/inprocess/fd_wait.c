/*
 * The simulation's wait for a separate program's next bytes (src/port/wire/ProgramSocket.ts):
 * one poll(2) on its socket and its relayed output pipes, then one read of what came. Node has
 * no poll, and its readSync reports "nothing yet" on a non-blocking descriptor as an EAGAIN
 * exception (~5.5 µs of V8 making the error): the run thread waited by trying, ~16 times a
 * callback. Here "nothing yet" is a number and the wait costs no CPU. Lives in the in-process
 * host's addon so that rclsim builds and loads one addon.
 */
#include "port_wait.h"
#include "fd_wait.h"

/* One read into `buffer`: its count, 0 at the end of the stream, NOTHING when there is nothing yet; throws on an error. */
static napi_value read_once(napi_env env, int fd, napi_value buffer)
{
  void * data;
  size_t length;
  if (napi_get_buffer_info(env, buffer, &data, &length) != napi_ok) {
    napi_throw_type_error(env, NULL, "rclsim fd_wait: not a Buffer");
    return NULL;
  }
  return read_result(env, read_nonblocking(fd, data, length));
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
  size_t outputs;
  const int32_t * descriptors = NULL;
  if (napi_get_cb_info(env, info, &count, args, NULL, NULL) != napi_ok || count < 4 || napi_get_value_int32(env, args[0], &fd) != napi_ok ||
      !outputs_of(env, args[2], &descriptors, &outputs) || napi_get_value_int32(env, args[3], &timeout) != napi_ok) {
    napi_throw_type_error(env, NULL, "rclsim fd_wait: wait(fd, buffer, outputs, timeoutMs)");
    return NULL;
  }
  int64_t polled = poll_port(fd, descriptors, outputs, timeout);
  if (polled == 1) return read_once(env, fd, args[1]);
  return read_result(env, polled);
}

napi_status fd_wait_define(napi_env env, napi_value exports)
{
  napi_property_descriptor functions[] = {
    {"read", NULL, read_available, NULL, NULL, NULL, napi_default, NULL},
    {"wait", NULL, wait_readable, NULL, NULL, NULL, napi_default, NULL},
  };
  return napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions);
}
