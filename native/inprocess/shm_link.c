/*
 * The simulation's end of a separate C++ program's node port through shared memory
 * (clients/cpp/src/rclsim/shm_ring.h; src/port/wire/SharedRings.ts): the region made, and the
 * run thread's reads, writes and waits on its rings. A wait spins a little, then sleeps on the
 * ring's futex in short slices, looking between them at the program's socket (its end of file:
 * the program is gone) and its relayed output pipes (a program blocked on a full one goes on
 * once it is read), as fd_wait.c's poll(2) does for the socket's bytes.
 */
#include "port_wait.h"
#include <sys/mman.h>
#include <time.h>

#define RCLSIM_SHM_SYSCALL syscall
#include "rclsim/shm_ring.h"
#include "shm_link.h"

/* How long one futex sleep lasts before the socket and the pipes are looked at (ns). */
#define SLEEP_SLICE_NS 5000000L

static int64_t monotonic_ns(void)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static void unmap(napi_env env, void * data, void * hint)
{
  (void)env;
  (void)hint;
  munmap(data, sizeof(struct rclsim_shm_link));
}

/* create() -> [fd, link]: the region, mapped here; its descriptor for the program (the caller closes it once the program has it). */
static napi_value create(napi_env env, napi_callback_info info)
{
  (void)info;
  int fd = memfd_create("rclsim-port", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, sizeof(struct rclsim_shm_link)) != 0) {
    int error = errno;
    if (fd >= 0) close(fd);
    throw_errno(env, error);
    return NULL;
  }
  void * region = mmap(NULL, sizeof(struct rclsim_shm_link), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (region == MAP_FAILED) {
    int error = errno;
    close(fd);
    throw_errno(env, error);
    return NULL;
  }
  napi_value pair, link;
  napi_create_array_with_length(env, 2, &pair);
  napi_create_external(env, region, unmap, NULL, &link);
  napi_set_element(env, pair, 0, number(env, fd));
  napi_set_element(env, pair, 1, link);
  return pair;
}

static struct rclsim_shm_link * link_of(napi_env env, napi_value value)
{
  void * link = NULL;
  if (napi_get_value_external(env, value, &link) != napi_ok) napi_throw_type_error(env, NULL, "rclsim shm: not a link");
  return link;
}

static void * bytes_of(napi_env env, napi_value value, size_t * length)
{
  napi_typedarray_type type;
  void * data = NULL;
  if (napi_get_typedarray_info(env, value, &type, length, &data, NULL, NULL) != napi_ok || type != napi_uint8_array) {
    napi_throw_type_error(env, NULL, "rclsim shm: not a Uint8Array");
    return NULL;
  }
  return data;
}

/* write(link, bytes) -> the count put in the ring to the program (what fits). */
static napi_value write_bytes(napi_env env, napi_callback_info info)
{
  size_t count = 2;
  napi_value args[2];
  napi_get_cb_info(env, info, &count, args, NULL, NULL);
  size_t length;
  struct rclsim_shm_link * link = link_of(env, args[0]);
  const uint8_t * data = link == NULL ? NULL : bytes_of(env, args[1], &length);
  if (data == NULL) return NULL;
  return number(env, (int64_t)rclsim_shm_put(&link->to_client, data, length));
}

/* What the ring to the simulation holds, else what the socket says (it carries nothing in this mode but its end), else NOTHING; as read_nonblocking. */
static int64_t read_once(struct rclsim_shm_link * link, int fd, uint8_t * into, size_t length)
{
  size_t taken = rclsim_shm_take(&link->to_simulation, into, length);
  if (taken > 0) return (int64_t)taken;
  int64_t ended = read_nonblocking(fd, into, length);
  /* The program's last bytes may have come between the take and its end. */
  if (ended == 0 && rclsim_shm_held(&link->to_simulation) > 0) return (int64_t)rclsim_shm_take(&link->to_simulation, into, length);
  return ended;
}

/* read(link, buffer, fd): at once, as read_once. */
static napi_value read_available(napi_env env, napi_callback_info info)
{
  size_t count = 3;
  napi_value args[3];
  int32_t fd;
  napi_get_cb_info(env, info, &count, args, NULL, NULL);
  size_t length;
  struct rclsim_shm_link * link = link_of(env, args[0]);
  uint8_t * into = link == NULL ? NULL : bytes_of(env, args[1], &length);
  if (into == NULL || napi_get_value_int32(env, args[2], &fd) != napi_ok) return NULL;
  return read_result(env, read_once(link, fd, into, length));
}

/*
 * wait(link, buffer, fd, outputs, timeoutMs, spinNs): spins `spinNs` on the ring, then sleeps on
 * it in slices until it holds bytes (read as read_once), the socket ends (0), one of `outputs`
 * (an Int32Array) has bytes or closed (OUTPUT), or `timeoutMs` passed (NOTHING).
 */
static napi_value wait_readable(napi_env env, napi_callback_info info)
{
  size_t count = 6;
  napi_value args[6];
  int32_t fd, timeout_ms;
  int64_t spin_ns;
  size_t outputs, length;
  const int32_t * descriptors = NULL;
  napi_get_cb_info(env, info, &count, args, NULL, NULL);
  struct rclsim_shm_link * link = link_of(env, args[0]);
  uint8_t * into = link == NULL ? NULL : bytes_of(env, args[1], &length);
  if (into == NULL) return NULL;
  if (napi_get_value_int32(env, args[2], &fd) != napi_ok || !outputs_of(env, args[3], &descriptors, &outputs) ||
      napi_get_value_int32(env, args[4], &timeout_ms) != napi_ok || napi_get_value_int64(env, args[5], &spin_ns) != napi_ok) {
    napi_throw_type_error(env, NULL, "rclsim shm: wait(link, buffer, fd, outputs, timeoutMs, spinNs)");
    return NULL;
  }
  struct rclsim_shm_ring * ring = &link->to_simulation;
  const int64_t start = monotonic_ns();
  // An answer within the spin costs no wake-up on either side.
  while (rclsim_shm_held(ring) == 0 && monotonic_ns() - start < spin_ns) rclsim_shm_relax();
  const int64_t end = start + (int64_t)(timeout_ms < 0 ? 0 : timeout_ms) * 1000000;
  for (;;) {
    if (rclsim_shm_held(ring) > 0) return read_result(env, read_once(link, fd, into, length));
    int64_t polled = poll_port(fd, descriptors, outputs, 0);
    if (polled == 1) return read_result(env, read_once(link, fd, into, length));
    if (polled == OUTPUT) return number(env, OUTPUT);
    const int64_t left = end - monotonic_ns();
    if (left <= 0) return number(env, NOTHING);
    rclsim_shm_await_data(ring, left < SLEEP_SLICE_NS ? left : SLEEP_SLICE_NS);
  }
}

/* close(fd): this process's descriptor of a region, once the program has its own (Node's fs warns on a descriptor it did not open). */
static napi_value close_descriptor(napi_env env, napi_callback_info info)
{
  size_t count = 1;
  napi_value args[1];
  int32_t fd;
  if (napi_get_cb_info(env, info, &count, args, NULL, NULL) != napi_ok || napi_get_value_int32(env, args[0], &fd) != napi_ok) return NULL;
  close(fd);
  return NULL;
}

/* taken(link) -> the bytes the simulation took from the program's ring, ever (what went this way, not by the socket). */
static napi_value taken(napi_env env, napi_callback_info info)
{
  size_t count = 1;
  napi_value args[1];
  napi_get_cb_info(env, info, &count, args, NULL, NULL);
  struct rclsim_shm_link * link = link_of(env, args[0]);
  return link == NULL ? NULL : number(env, (int64_t)rclsim_shm_load(&link->to_simulation.taken));
}

napi_status shm_link_define(napi_env env, napi_value exports)
{
  napi_property_descriptor functions[] = {
    {"shmCreate", NULL, create, NULL, NULL, NULL, napi_default, NULL},
    {"shmWrite", NULL, write_bytes, NULL, NULL, NULL, napi_default, NULL},
    {"shmRead", NULL, read_available, NULL, NULL, NULL, napi_default, NULL},
    {"shmWait", NULL, wait_readable, NULL, NULL, NULL, napi_default, NULL},
    {"shmClose", NULL, close_descriptor, NULL, NULL, NULL, napi_default, NULL},
    {"shmTaken", NULL, taken, NULL, NULL, NULL, napi_default, NULL},
  };
  return napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions);
}
