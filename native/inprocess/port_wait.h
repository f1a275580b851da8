/*
 * What the two waits on a separate program's port share (fd_wait.c for a socket, shm_link.c for
 * shared memory): their results besides a count, errors as Node's fs throws them, the socket's
 * non-blocking read, and the poll of the socket with the program's relayed output pipes.
 */
#pragma once
#define _GNU_SOURCE
#include <errno.h>
#include <node_api.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* What a read or a wait returns besides a count: nothing came, or an output pipe has bytes (or closed). */
enum { NOTHING = -1, OUTPUT = -2 };
/* A program's stdout and stderr. */
#define MOST_OUTPUTS 2
/* A read's result below this is an errno, as ERRNO_BELOW - errno. */
#define ERRNO_BELOW (-1000)

/* The error as Node's fs throws it: its code is the errno's name (ECONNRESET …). */
static inline void throw_errno(napi_env env, int error)
{
  napi_throw_error(env, strerrorname_np(error), strerror(error));
}

static inline napi_value number(napi_env env, int64_t value)
{
  napi_value result;
  return napi_create_int64(env, value, &result) == napi_ok ? result : NULL;
}

/* One read of a non-blocking descriptor: its count, 0 at its end, NOTHING when there is nothing yet, else ERRNO_BELOW - errno. */
static inline int64_t read_nonblocking(int fd, void * into, size_t length)
{
  ssize_t count;
  do count = read(fd, into, length);
  while (count < 0 && errno == EINTR);
  if (count >= 0) return count;
  if (errno == EAGAIN || errno == EWOULDBLOCK) return NOTHING;
  return ERRNO_BELOW - errno;
}

/* A read's result for JavaScript: a number, or the errno thrown. */
static inline napi_value read_result(napi_env env, int64_t got)
{
  if (got <= ERRNO_BELOW) {
    throw_errno(env, (int)(ERRNO_BELOW - got));
    return NULL;
  }
  return number(env, got);
}

/* The output pipes' descriptors (an Int32Array of at most MOST_OUTPUTS, −1 for none; an empty one has no data pointer): whether they were read. */
static inline bool outputs_of(napi_env env, napi_value value, const int32_t ** descriptors, size_t * count)
{
  napi_typedarray_type type;
  void * data;
  if (napi_get_typedarray_info(env, value, &type, count, &data, NULL, NULL) != napi_ok || type != napi_int32_array || *count > MOST_OUTPUTS) return false;
  *descriptors = data;
  return true;
}

/* What the socket and the output pipes say within `timeout_ms`: 1 the socket has bytes or ended, OUTPUT, NOTHING; ERRNO_BELOW - errno. A signal counts as the time passed. */
static inline int64_t poll_port(int fd, const int32_t * outputs, size_t count, int timeout_ms)
{
  struct pollfd polled[1 + MOST_OUTPUTS] = {{.fd = fd, .events = POLLIN}};
  for (size_t i = 0; i < count; i++) polled[1 + i] = (struct pollfd){.fd = outputs[i], .events = POLLIN};
  int ready = poll(polled, 1 + count, timeout_ms < 0 ? 0 : timeout_ms);
  if (ready < 0) return errno == EINTR ? NOTHING : ERRNO_BELOW - errno;
  if (ready == 0) return NOTHING;
  // The socket first: its end closed or in error, the read says so.
  return polled[0].revents != 0 ? 1 : OUTPUT;
}
