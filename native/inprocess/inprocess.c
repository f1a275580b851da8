/*
 * rclsim's host of C++ programs in its own process (docs/cpp-process.md, "In rclsim's process"):
 * a Node-API addon that loads a program built as a shared object, runs its main on a thread of
 * its own, and carries the node port's frames through memory. The simulation's thread and the
 * program's take turns as over the socket: one waits while the other runs, woken by a futex
 * after a bounded spin. A crash on one of the program's threads ends the program, not rclsim.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <node_api.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rclsim/inprocess_host.h"
#include "fd_wait.h"

/* A program's stack, as a process's main thread gets by default (ulimit -s). */
#define PROGRAM_STACK (8u << 20)

/* Bytes one side wrote that the other has not taken, with the futex word that says more came. */
struct queue
{
  pthread_mutex_t lock;
  char * data;
  size_t size;
  size_t capacity;
  atomic_uint sequence;
  atomic_int waiting;
};

enum { RUNNING = 0, ENDED = 1 };

struct channel
{
  struct rclsim_host host;
  struct queue to_simulation;
  struct queue to_program;
  /* The body the program read last (rclsim_host.receive's). */
  char * body;
  size_t body_capacity;
  atomic_int state;
  /* How it ended: a signal, or 0 (Exit); a load failure's words. */
  int signal;
  char * load_error;
  char * path;
  int argc;
  char ** argv;
};

/* The channel of the program that runs on this thread (NULL: one of rclsim's own threads). */
static __thread struct channel * current;

static long futex(atomic_uint * word, int op, unsigned value, const struct timespec * timeout)
{
  return syscall(SYS_futex, word, op, value, timeout, NULL, 0);
}

static void append(struct queue * queue, const char * data, size_t size)
{
  pthread_mutex_lock(&queue->lock);
  if (queue->size + size > queue->capacity) {
    size_t capacity = queue->capacity == 0 ? 4096 : queue->capacity;
    while (capacity < queue->size + size) capacity *= 2;
    queue->data = realloc(queue->data, capacity);
    queue->capacity = capacity;
  }
  memcpy(queue->data + queue->size, data, size);
  queue->size += size;
  pthread_mutex_unlock(&queue->lock);
  atomic_fetch_add(&queue->sequence, 1);
  if (atomic_load(&queue->waiting)) futex(&queue->sequence, FUTEX_WAKE_PRIVATE, INT_MAX, NULL);
}

static void wake(struct queue * queue)
{
  atomic_fetch_add(&queue->sequence, 1);
  futex(&queue->sequence, FUTEX_WAKE_PRIVATE, INT_MAX, NULL);
}

static int has_data(struct queue * queue)
{
  pthread_mutex_lock(&queue->lock);
  int some = queue->size > 0;
  pthread_mutex_unlock(&queue->lock);
  return some;
}

static int64_t monotonic_ns(void)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/*
 * Waits until `queue` holds bytes or `done` says to stop: spins `spin_ns` first (an answer
 * within it costs no wake-up), then sleeps on the futex until `deadline_ns` (monotonic; <0: for
 * ever). Whether it holds bytes.
 */
static int await_data(struct queue * queue, atomic_int * state, int64_t spin_ns, int64_t deadline_ns)
{
  if (spin_ns > 0) {
    unsigned seen = atomic_load(&queue->sequence);
    if (has_data(queue)) return 1;
    int64_t until = monotonic_ns() + spin_ns;
    do {
      for (int i = 0; i < 64 && atomic_load_explicit(&queue->sequence, memory_order_relaxed) == seen; i++) __builtin_ia32_pause();
    } while (atomic_load(&queue->sequence) == seen && monotonic_ns() < until);
  }
  for (;;) {
    unsigned seen = atomic_load(&queue->sequence);
    atomic_store(&queue->waiting, 1);
    if (has_data(queue) || (state != NULL && atomic_load(state) == ENDED)) {
      atomic_store(&queue->waiting, 0);
      return has_data(queue);
    }
    struct timespec timeout;
    const struct timespec * bounded = NULL;
    if (deadline_ns >= 0) {
      int64_t left = deadline_ns - monotonic_ns();
      if (left <= 0) {
        atomic_store(&queue->waiting, 0);
        return 0;
      }
      timeout.tv_sec = left / 1000000000;
      timeout.tv_nsec = left % 1000000000;
      bounded = &timeout;
    }
    futex(&queue->sequence, FUTEX_WAIT_PRIVATE, seen, bounded);
    atomic_store(&queue->waiting, 0);
  }
}

/* The program's side (rclsim_host): called on its threads, from its client. */

static void host_send(void * channel, const char * data, size_t size)
{
  append(&((struct channel *)channel)->to_simulation, data, size);
}

/* How long the program's thread spins for the simulation's answer before it sleeps (set by load). */
static int64_t program_spin_ns;

static size_t host_receive(void * opaque, const char ** body)
{
  struct channel * channel = opaque;
  struct queue * queue = &channel->to_program;
  await_data(queue, NULL, program_spin_ns, -1);
  pthread_mutex_lock(&queue->lock);
  /* One body: its native length, then its bytes (the simulation's send). */
  size_t size;
  memcpy(&size, queue->data, sizeof size);
  if (size > channel->body_capacity) {
    channel->body = realloc(channel->body, size);
    channel->body_capacity = size;
  }
  memcpy(channel->body, queue->data + sizeof size, size);
  queue->size -= sizeof size + size;
  memmove(queue->data, queue->data + sizeof size + size, queue->size);
  pthread_mutex_unlock(&queue->lock);
  *body = channel->body;
  return size;
}

static void host_adopt_thread(void * channel)
{
  current = channel;
}

/* This thread runs nothing more, for good: a futex word nobody changes. */
static void park_forever(void)
{
  static atomic_uint never;
  for (;;) futex(&never, FUTEX_WAIT_PRIVATE, 0, NULL);
}

static void end_program(struct channel * channel, int signal)
{
  channel->signal = signal;
  atomic_store(&channel->state, ENDED);
  wake(&channel->to_simulation);
}

static void host_park(void * opaque, int signal)
{
  end_program(opaque, signal);
  park_forever();
}

const struct rclsim_host * rclsim_inprocess_host(void)
{
  return current == NULL ? NULL : &current->host;
}

/* Crashes: a program's thread ends its program; any other thread's fault goes to the handler before ours (V8's). */

static const int CRASHES[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
#define CRASH_COUNT (sizeof CRASHES / sizeof CRASHES[0])
static struct sigaction before[CRASH_COUNT];

static void on_crash(int signal, siginfo_t * info, void * context)
{
  if (current != NULL) {
    end_program(current, signal);
    park_forever();
  }
  for (size_t i = 0; i < CRASH_COUNT; i++) {
    if (CRASHES[i] != signal) continue;
    if (before[i].sa_flags & SA_SIGINFO) {
      before[i].sa_sigaction(signal, info, context);
    } else if (before[i].sa_handler != SIG_IGN && before[i].sa_handler != SIG_DFL) {
      before[i].sa_handler(signal);
    } else {
      /* The default action: the fault happens again on return, now ending the process. */
      sigaction(signal, &before[i], NULL);
    }
    return;
  }
}

static void install_crash_handlers(void)
{
  static int installed;
  if (installed) return;
  installed = 1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_crash;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < CRASH_COUNT; i++) sigaction(CRASHES[i], &action, &before[i]);
}

/* The program's thread: loads it (its constructors run here, the client's handshake first), runs its main, ends it. */
static void * run_program(void * opaque)
{
  struct channel * channel = opaque;
  current = channel;
  void * handle = dlopen(channel->path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  const char * failure = handle == NULL ? dlerror() : NULL;
  /* The copy was this load's alone: its mapping stays, its file goes. */
  unlink(channel->path);
  char * slash = strrchr(channel->path, '/');
  if (slash != NULL) {
    *slash = '\0';
    rmdir(channel->path);
  }
  int (* main_of)(int, char **) = NULL;
  void (* exit_of)(int) = NULL;
  if (handle != NULL) {
    main_of = (int (*)(int, char **))dlsym(handle, "main");
    exit_of = (void (*)(int))dlsym(handle, "exit");
    if (main_of == NULL || exit_of == NULL) failure = "it has no main (or was not built with rclsim's C++ client for rclsim's process)";
  }
  if (failure != NULL) {
    channel->load_error = strdup(failure);
    end_program(channel, 0);
    return NULL;
  }
  /* The client's exit: it tells the simulation Exit and parks this thread. */
  exit_of(main_of(channel->argc, channel->argv));
  return NULL;
}

/* Node-API: load(path, argv, programSpinNs), send(channel, bytes), receive(channel, timeoutMs, spinNs), end(channel). */

#define CHECK(call)                                  \
  do {                                               \
    if ((call) != napi_ok) {                         \
      napi_throw_error(env, NULL, "rclsim inprocess: " #call); \
      return NULL;                                   \
    }                                                \
  } while (0)

static char * string_of(napi_env env, napi_value value)
{
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return NULL;
  char * text = malloc(length + 1);
  napi_get_value_string_utf8(env, value, text, length + 1, &length);
  return text;
}

/* A JavaScript array of strings as a NULL-terminated array of copies, its length in `count`. */
static char ** strings_of(napi_env env, napi_value array, uint32_t * count)
{
  CHECK(napi_get_array_length(env, array, count));
  char ** strings = calloc(*count + 1, sizeof(char *));
  for (uint32_t i = 0; i < *count; i++) {
    napi_value item;
    CHECK(napi_get_element(env, array, i, &item));
    strings[i] = string_of(env, item);
  }
  return strings;
}

static struct channel * channel_of(napi_env env, napi_value value)
{
  void * data = NULL;
  napi_get_value_external(env, value, &data);
  return data;
}

static napi_value load(napi_env env, napi_callback_info info)
{
  size_t count = 4;
  napi_value args[4];
  CHECK(napi_get_cb_info(env, info, &count, args, NULL, NULL));
  // What a program of its own process finds in its environment, set in the C one: a worker
  // thread's process.env is a copy that never reaches getenv.
  uint32_t variables = 0;
  char ** environment = strings_of(env, args[3], &variables);
  if (environment == NULL) return NULL;
  for (uint32_t i = 0; i < variables; i++) {
    char * equals = strchr(environment[i], '=');
    if (equals != NULL) {
      *equals = '\0';
      setenv(environment[i], equals + 1, 1);
    }
    free(environment[i]);
  }
  free(environment);
  struct channel * channel = calloc(1, sizeof *channel);
  channel->path = string_of(env, args[0]);
  uint32_t argc = 0;
  channel->argv = strings_of(env, args[1], &argc);
  if (channel->argv == NULL) return NULL;
  channel->argc = (int)argc;
  CHECK(napi_get_value_int64(env, args[2], &program_spin_ns));
  pthread_mutex_init(&channel->to_simulation.lock, NULL);
  pthread_mutex_init(&channel->to_program.lock, NULL);
  channel->host = (struct rclsim_host){channel, host_send, host_receive, host_adopt_thread, host_park};
  install_crash_handlers();
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, PROGRAM_STACK);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  int error = pthread_create(&thread, &attributes, run_program, channel);
  pthread_attr_destroy(&attributes);
  if (error != 0) {
    napi_throw_error(env, NULL, strerror(error));
    return NULL;
  }
  napi_value external;
  CHECK(napi_create_external(env, channel, NULL, NULL, &external));
  return external;
}

static napi_value send_message(napi_env env, napi_callback_info info)
{
  size_t count = 2;
  napi_value args[2];
  CHECK(napi_get_cb_info(env, info, &count, args, NULL, NULL));
  struct channel * channel = channel_of(env, args[0]);
  void * data = NULL;
  size_t size = 0;
  CHECK(napi_get_typedarray_info(env, args[1], NULL, &size, &data, NULL, NULL));
  struct queue * queue = &channel->to_program;
  /* A body with its length in one piece: the program takes it whole. */
  char stack[512];
  char * framed = size + sizeof size <= sizeof stack ? stack : malloc(size + sizeof size);
  memcpy(framed, &size, sizeof size);
  memcpy(framed + sizeof size, data, size);
  append(queue, framed, size + sizeof size);
  if (framed != stack) free(framed);
  return NULL;
}

/* The program's frames since the last receive (a Buffer); 0 when `timeoutMs` passed, 1 when it ended with none left. */
static napi_value receive(napi_env env, napi_callback_info info)
{
  size_t count = 3;
  napi_value args[3];
  CHECK(napi_get_cb_info(env, info, &count, args, NULL, NULL));
  struct channel * channel = channel_of(env, args[0]);
  double timeout_ms = 0;
  int64_t spin_ns = 0;
  CHECK(napi_get_value_double(env, args[1], &timeout_ms));
  CHECK(napi_get_value_int64(env, args[2], &spin_ns));
  int64_t deadline = timeout_ms < 0 ? -1 : monotonic_ns() + (int64_t)(timeout_ms * 1e6);
  struct queue * queue = &channel->to_simulation;
  napi_value result;
  if (!await_data(queue, &channel->state, spin_ns, deadline)) {
    CHECK(napi_create_int32(env, atomic_load(&channel->state) == ENDED ? 1 : 0, &result));
    return result;
  }
  pthread_mutex_lock(&queue->lock);
  void * copy = NULL;
  napi_status status = napi_create_buffer_copy(env, queue->size, queue->data, &copy, &result);
  queue->size = 0;
  pthread_mutex_unlock(&queue->lock);
  CHECK(status);
  return result;
}

/* How it ended: [signal (0: Exit or a load failure), the load failure's words or null]. */
static napi_value end(napi_env env, napi_callback_info info)
{
  size_t count = 1;
  napi_value args[1];
  CHECK(napi_get_cb_info(env, info, &count, args, NULL, NULL));
  struct channel * channel = channel_of(env, args[0]);
  napi_value result, signal, error;
  CHECK(napi_create_array_with_length(env, 2, &result));
  CHECK(napi_create_int32(env, channel->signal, &signal));
  if (channel->load_error == NULL) {
    CHECK(napi_get_null(env, &error));
  } else {
    CHECK(napi_create_string_utf8(env, channel->load_error, NAPI_AUTO_LENGTH, &error));
  }
  CHECK(napi_set_element(env, result, 0, signal));
  CHECK(napi_set_element(env, result, 1, error));
  return result;
}

NAPI_MODULE_INIT()
{
  napi_property_descriptor functions[] = {
    {"load", NULL, load, NULL, NULL, NULL, napi_default, NULL},
    {"send", NULL, send_message, NULL, NULL, NULL, napi_default, NULL},
    {"receive", NULL, receive, NULL, NULL, NULL, napi_default, NULL},
    {"end", NULL, end, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions);
  fd_wait_define(env, exports);
  return exports;
}
