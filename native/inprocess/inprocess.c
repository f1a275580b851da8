/*
 * rclsim's host of C++ programs in its own process (docs/cpp-process.md, "In rclsim's process"):
 * a Node-API addon that loads a program built as a shared object and carries the node port's
 * frames through memory. The program's main runs as a fiber of the simulation's thread: a stack
 * of its own, switched to (fiber_switch below, no system call) when the simulation waits for the
 * program's next message and back when the program waits for the simulation's or for its turn.
 * The threads the program starts are kernel threads taking turns with it, as over the socket:
 * one waits while the other runs, woken by a futex after a bounded spin. A crash on the fiber or
 * on one of the program's threads ends the program, not rclsim.
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
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rclsim/inprocess_host.h"
#include "fd_wait.h"
#include "shm_link.h"

/* A program's stack, as a process's main thread gets by default (ulimit -s). */
#define PROGRAM_STACK (8u << 20)

/* What the fiber (the program's main) waits for while the simulation's thread runs. */
enum { FIBER_FRESH, FIBER_RUNS, FIBER_WAITS_MESSAGE, FIBER_WAITS_TURN };

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
  /* The fiber: its stack, where each side was left, what it waits for, whether it was handed the turn. */
  char * stack;
  void * fiber_sp;
  void * host_sp;
  int fiber;
  atomic_int turn;
  /* How it ended: a signal, or 0 (Exit); a load failure's words. */
  int signal;
  char * load_error;
  char * path;
  int argc;
  char ** argv;
};

/* The channel of the program that runs on this thread (NULL: one of rclsim's own threads). */
static __thread struct channel * current;
/* Whether this thread runs a program's fiber now (the simulation's thread, switched into it). */
static __thread int in_fiber;

/* Busy-waiting's hint to the CPU. */
static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

/*
 * fiber_switch(from, to): saves the callee-saved registers and the floating-point control state
 * (rounding, exceptions: a program's fesetround stays the program's) on this stack, its pointer
 * in *from, and resumes the stack `to` was left at — glibc's swapcontext would also set the
 * signal mask, a system call each way. A fresh stack (fiber_stack) resumes in fiber_start.
 */
void fiber_switch(void ** from, void * to);
#if defined(__x86_64__)
/* The frame: MXCSR and x87 control word (8 bytes), r15 r14 r13 r12 rbx rbp, the return address. */
#define FIBER_FRAME 64
__asm__(
  ".text\n"
  ".p2align 4\n"
  ".globl fiber_switch\n"
  ".hidden fiber_switch\n"
  ".type fiber_switch, @function\n"
  "fiber_switch:\n"
  "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
  "  leaq -8(%rsp), %rsp\n  stmxcsr (%rsp)\n  fnstcw 4(%rsp)\n"
  "  movq %rsp, (%rdi)\n"
  "  movq %rsi, %rsp\n"
  "  ldmxcsr (%rsp)\n  fldcw 4(%rsp)\n  leaq 8(%rsp), %rsp\n"
  "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
  "  ret\n"
  ".size fiber_switch, .-fiber_switch\n");
#elif defined(__aarch64__)
/* The frame: x19–x30 (x29 frame pointer, x30 return address), d8–d15, FPCR. */
#define FIBER_FRAME 176
__asm__(
  ".text\n"
  ".p2align 2\n"
  ".globl fiber_switch\n"
  ".hidden fiber_switch\n"
  ".type fiber_switch, %function\n"
  "fiber_switch:\n"
  "  sub sp, sp, #176\n"
  "  stp x19, x20, [sp, #0]\n  stp x21, x22, [sp, #16]\n  stp x23, x24, [sp, #32]\n"
  "  stp x25, x26, [sp, #48]\n  stp x27, x28, [sp, #64]\n  stp x29, x30, [sp, #80]\n"
  "  stp d8, d9, [sp, #96]\n  stp d10, d11, [sp, #112]\n  stp d12, d13, [sp, #128]\n  stp d14, d15, [sp, #144]\n"
  "  mrs x9, fpcr\n  str x9, [sp, #160]\n"
  "  mov x9, sp\n  str x9, [x0]\n"
  "  mov sp, x1\n"
  "  ldr x9, [sp, #160]\n  msr fpcr, x9\n"
  "  ldp x19, x20, [sp, #0]\n  ldp x21, x22, [sp, #16]\n  ldp x23, x24, [sp, #32]\n"
  "  ldp x25, x26, [sp, #48]\n  ldp x27, x28, [sp, #64]\n  ldp x29, x30, [sp, #80]\n"
  "  ldp d8, d9, [sp, #96]\n  ldp d10, d11, [sp, #112]\n  ldp d12, d13, [sp, #128]\n  ldp d14, d15, [sp, #144]\n"
  "  add sp, sp, #176\n"
  "  ret\n"
  ".size fiber_switch, .-fiber_switch\n"
  ".p2align 2\n"
  ".globl fiber_enter\n"
  ".hidden fiber_enter\n"
  ".type fiber_enter, %function\n"
  "fiber_enter:\n"
  "  mov x29, xzr\n  mov x30, xzr\n  br x19\n"
  ".size fiber_enter, .-fiber_enter\n");
void fiber_enter(void);
#else
#error "rclsim's in-process host switches fibers on x86-64 and arm64 only"
#endif

static void fiber_start(void);

/*
 * A stack for a fiber (NULL: none could be mapped): PROGRAM_STACK bytes under a guard page, its
 * first frame one fiber_switch resumes in fiber_start with the caller's floating-point control.
 */
static char * fiber_stack(void ** sp)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  char * stack = mmap(NULL, PROGRAM_STACK + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (stack == MAP_FAILED) return NULL;
  mprotect(stack, page, PROT_NONE);
  char * top = stack + page + PROGRAM_STACK;
#if defined(__x86_64__)
  /* fiber_start is entered as if called (its stack 8 past 16-aligned), returning to null, where unwinding stops. */
  char * frame = top - 8 - FIBER_FRAME;
  memset(frame, 0, FIBER_FRAME + 8);
  uint32_t mxcsr = __builtin_ia32_stmxcsr();
  uint16_t control;
  __asm__ volatile("fnstcw %0" : "=m"(control));
  memcpy(frame, &mxcsr, sizeof mxcsr);
  memcpy(frame + 4, &control, sizeof control);
  void (* entry)(void) = fiber_start;
  memcpy(frame + FIBER_FRAME - 8, &entry, sizeof entry);
#else
  /* fiber_switch returns to fiber_enter, which jumps to x19 (fiber_start) with a null frame and link register. */
  char * frame = top - FIBER_FRAME;
  memset(frame, 0, FIBER_FRAME);
  uint64_t fpcr;
  __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
  memcpy(frame + 160, &fpcr, sizeof fpcr);
  void (* entry)(void) = fiber_start;
  memcpy(frame, &entry, sizeof entry);
  void (* enter)(void) = fiber_enter;
  memcpy(frame + 88, &enter, sizeof enter);
#endif
  *sp = frame;
  return stack;
}

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

/* Whether the fiber can go on: it has not run yet, or what it waits for came. */
static int fiber_ready(struct channel * channel)
{
  if (atomic_load(&channel->state) == ENDED) return 0;
  switch (channel->fiber) {
    case FIBER_FRESH: return 1;
    case FIBER_WAITS_MESSAGE: return has_data(&channel->to_program);
    case FIBER_WAITS_TURN: return atomic_load(&channel->turn);
    default: return 0;
  }
}

/*
 * Waits until `queue` holds bytes, or (with `channel`: the simulation's wait) the program ended or
 * its fiber can go on: spins `spin_ns` first (an answer within it costs no wake-up), then sleeps
 * on the futex until `deadline_ns` (monotonic; <0: for ever). Whether it holds bytes.
 */
static int await_data(struct queue * queue, struct channel * channel, int64_t spin_ns, int64_t deadline_ns)
{
  if (spin_ns > 0) {
    unsigned seen = atomic_load(&queue->sequence);
    if (has_data(queue)) return 1;
    int64_t until = monotonic_ns() + spin_ns;
    do {
      for (int i = 0; i < 64 && atomic_load_explicit(&queue->sequence, memory_order_relaxed) == seen; i++) relax();
    } while (atomic_load(&queue->sequence) == seen && monotonic_ns() < until);
  }
  for (;;) {
    unsigned seen = atomic_load(&queue->sequence);
    atomic_store(&queue->waiting, 1);
    if (has_data(queue) || (channel != NULL && (atomic_load(&channel->state) == ENDED || fiber_ready(channel)))) {
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

/* The fiber waits for `what`: the simulation's thread goes on where it switched into it. */
static void fiber_wait(struct channel * channel, int what)
{
  channel->fiber = what;
  in_fiber = 0;
  current = NULL;
  fiber_switch(&channel->fiber_sp, channel->host_sp);
}

static size_t host_receive(void * opaque, const char ** body)
{
  struct channel * channel = opaque;
  struct queue * queue = &channel->to_program;
  if (in_fiber) {
    while (!has_data(queue)) fiber_wait(channel, FIBER_WAITS_MESSAGE);
  } else {
    await_data(queue, NULL, program_spin_ns, -1);
  }
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

/* The program ended on the calling thread: the fiber is never switched to again, a kernel thread waits for good. */
static void leave_for_good(struct channel * channel)
{
  if (in_fiber) fiber_wait(channel, FIBER_RUNS);
  park_forever();
}

static void host_park(void * opaque, int signal)
{
  end_program(opaque, signal);
  leave_for_good(opaque);
}

static int host_on_fiber(void * channel)
{
  (void)channel;
  return in_fiber;
}

/* The fiber waits for its turn (never the message it would block on: rclsim's thread runs it). */
static void host_suspend(void * opaque)
{
  fiber_wait(opaque, FIBER_WAITS_TURN);
}

/* A kernel thread of the program hands the fiber the turn: the simulation's thread switches to it. */
static void host_resume(void * opaque)
{
  struct channel * channel = opaque;
  atomic_store(&channel->turn, 1);
  wake(&channel->to_simulation);
}

/* The simulation's thread runs the fiber until it waits (the calling thread's own program channel stays aside). */
static void run_fiber(struct channel * channel)
{
  if (channel->fiber == FIBER_WAITS_TURN) atomic_store(&channel->turn, 0);
  channel->fiber = FIBER_RUNS;
  current = channel;
  in_fiber = 1;
  fiber_switch(&channel->host_sp, channel->fiber_sp);
  /* Back from a crash handler that never returned: its signal is still blocked on this thread. */
  if (channel->signal != 0) {
    sigset_t crashed;
    sigemptyset(&crashed);
    sigaddset(&crashed, channel->signal);
    pthread_sigmask(SIG_UNBLOCK, &crashed, NULL);
  }
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
    leave_for_good(current);
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

/* The program's fiber: loads it (its constructors run here, the client's handshake first), runs its main, ends it. */
static void fiber_start(void)
{
  struct channel * channel = current;
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
    leave_for_good(channel);
  }
  /* The client's exit: it tells the simulation Exit and leaves the fiber for good. */
  exit_of(main_of(channel->argc, channel->argv));
}

/* Node-API: load(path, argv, programSpinNs), send(channel, bytes[, length]), receive(channel, timeoutMs, spinNs, arena, offset), end(channel). */

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
  channel->host = (struct rclsim_host){channel, host_send, host_receive, host_adopt_thread, host_park, host_on_fiber, host_suspend, host_resume};
  install_crash_handlers();
  /* The fiber first runs when the simulation waits for its Hello. */
  channel->stack = fiber_stack(&channel->fiber_sp);
  if (channel->stack == NULL) {
    napi_throw_error(env, NULL, strerror(errno));
    return NULL;
  }
  napi_value external;
  CHECK(napi_create_external(env, channel, NULL, NULL, &external));
  return external;
}

/* send(channel, body[, length]): the body's first `length` bytes (the fixed layout's encoder hands its whole buffer). */
static napi_value send_message(napi_env env, napi_callback_info info)
{
  size_t count = 3;
  napi_value args[3];
  CHECK(napi_get_cb_info(env, info, &count, args, NULL, NULL));
  struct channel * channel = channel_of(env, args[0]);
  void * data = NULL;
  size_t size = 0;
  CHECK(napi_get_typedarray_info(env, args[1], NULL, &size, &data, NULL, NULL));
  napi_valuetype given = napi_undefined;
  if (count >= 3) CHECK(napi_typeof(env, args[2], &given));
  if (given == napi_number) {
    uint32_t length = 0;
    CHECK(napi_get_value_uint32(env, args[2], &length));
    if (length < size) size = length;
  }
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

/*
 * The program's frames since the last receive, copied into `arena` (a Buffer) from `offset` when
 * they fit: how many bytes (> 0). Otherwise a Buffer of their own. 0 when `timeoutMs` passed, -1
 * when it ended with none left. An arena is written once, each part of it by one receive: what
 * JavaScript decodes from it stays a view of it, and one buffer holds many receives.
 */
static napi_value receive(napi_env env, napi_callback_info info)
{
  size_t count = 5;
  napi_value args[5];
  CHECK(napi_get_cb_info(env, info, &count, args, NULL, NULL));
  struct channel * channel = channel_of(env, args[0]);
  double timeout_ms = 0;
  int64_t spin_ns = 0;
  uint8_t * arena = NULL;
  size_t arena_size = 0;
  int64_t offset = 0;
  CHECK(napi_get_value_double(env, args[1], &timeout_ms));
  CHECK(napi_get_value_int64(env, args[2], &spin_ns));
  CHECK(napi_get_buffer_info(env, args[3], (void **)&arena, &arena_size));
  CHECK(napi_get_value_int64(env, args[4], &offset));
  int64_t deadline = timeout_ms < 0 ? -1 : monotonic_ns() + (int64_t)(timeout_ms * 1e6);
  struct queue * queue = &channel->to_simulation;
  napi_value result;
  for (;;) {
    if (!has_data(queue) && fiber_ready(channel)) {
      run_fiber(channel);
      continue;
    }
    if (await_data(queue, channel, spin_ns, deadline)) break;
    if (!fiber_ready(channel)) {
      CHECK(napi_create_int32(env, atomic_load(&channel->state) == ENDED ? -1 : 0, &result));
      return result;
    }
  }
  pthread_mutex_lock(&queue->lock);
  napi_status status;
  size_t size = queue->size;
  if (offset >= 0 && (size_t)offset <= arena_size && size <= arena_size - (size_t)offset) {
    memcpy(arena + offset, queue->data, size);
    status = napi_create_int32(env, (int32_t)size, &result);
  } else {
    void * copy = NULL;
    status = napi_create_buffer_copy(env, size, queue->data, &copy, &result);
  }
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
  shm_link_define(env, exports);
  return exports;
}
