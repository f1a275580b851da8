// The libc functions a program's threads start and wait with, defined here (as machine.cpp
// defines the clocks) so that the program's calls and libstdc++'s (std::thread, std::mutex,
// std::condition_variable, std::future, std::counting_semaphore, std::atomic::wait) take turns
// (rclsim/threads.hpp): a wait of a scheduled thread waits in the simulation, handing the turn
// on; libc's own function serves the rest (threads rclsim does not run, what never blocks).
// docs/cpp-process.md lists what waits outside them.
#include <dlfcn.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <deque>
#include <map>

#include "rclsim/port.hpp"
#include "rclsim/threads.hpp"
#include "rclsim/waits.hpp"

namespace rclsim::threads
{
namespace
{

/// libc's definition of `name` (the next after the program's, which is rclsim's), looked up once
/// into `cache` (a race looks it up twice, to the same address).
template<typename Function>
Function libc(const char * name, std::atomic<void *> & cache)
{
  static_assert(sizeof(Function) == sizeof(void *));
  void * found = cache.load(std::memory_order_relaxed);
  if (found == nullptr) {
    found = ::dlsym(RTLD_NEXT, name);
    cache.store(found, std::memory_order_relaxed);
  }
  Function function;
  __builtin_memcpy(&function, &found, sizeof(function));
  return function;
}

// real_NAME(): libc's NAME.
#define RCLSIM_REAL(name) \
  decltype(&::name) real_ ## name() \
  { \
    static std::atomic<void *> cache{nullptr}; \
    return libc<decltype(&::name)>(#name, cache); \
  }

RCLSIM_REAL(pthread_mutex_lock)
RCLSIM_REAL(pthread_mutex_trylock)
RCLSIM_REAL(pthread_mutex_unlock)
RCLSIM_REAL(pthread_mutex_timedlock)
RCLSIM_REAL(pthread_mutex_clocklock)
RCLSIM_REAL(pthread_cond_wait)
RCLSIM_REAL(pthread_cond_timedwait)
RCLSIM_REAL(pthread_cond_clockwait)
RCLSIM_REAL(pthread_cond_signal)
RCLSIM_REAL(pthread_cond_broadcast)
RCLSIM_REAL(pthread_cond_destroy)
RCLSIM_REAL(pthread_create)
RCLSIM_REAL(pthread_join)
RCLSIM_REAL(pthread_setname_np)
RCLSIM_REAL(sem_wait)
RCLSIM_REAL(sem_trywait)
RCLSIM_REAL(sem_timedwait)
RCLSIM_REAL(sem_clockwait)
RCLSIM_REAL(sem_post)
RCLSIM_REAL(syscall)

constexpr int64_t NS = 1000000000;
/// What a sched_yield with no other thread to go on takes: about its system call's time.
constexpr int64_t YIELD_NS = 1000;

/// Mutexes unlocked, semaphores posted, futexes woken: what a thread that could not take one
/// waits for before it tries again (another thread may take it first: it then waits again).
std::atomic<uint64_t> released{0};

/// Waiters of each condition variable, in the order they began waiting (a signal wakes the first).
struct CondWaiter
{
  bool notified = false;
};
std::map<const pthread_cond_t *, std::deque<CondWaiter *>> & cond_waiters()
{
  static auto * the_waiters = new std::map<const pthread_cond_t *, std::deque<CondWaiter *>>;
  return *the_waiters;
}

/// Whether the calling thread takes turns (rclsim is up and runs it).
bool scheduled() {return current() != nullptr;}

int64_t ns_of(const timespec & at) {return static_cast<int64_t>(at.tv_sec) * NS + at.tv_nsec;}

/// Sim time left until the absolute `deadline` (any clock reads sim time).
int64_t left_until(const timespec * deadline) {return ns_of(*deadline) - port::now_ns();}

/// Waits in turns until `until()` or `timeout_ns` (negative: none) of sim time: whether until() held.
bool wait(const std::function<bool()> & until, int64_t timeout_ns) {return waits::wait_until(until, timeout_ns);}

/// Takes `mutex` as `try_lock` does, waiting in turns while another thread holds it; ETIMEDOUT
/// once `timeout_ns` (negative: none) passed.
int lock_in_turns(pthread_mutex_t * mutex, int64_t timeout_ns)
{
  int result = real_pthread_mutex_trylock()(mutex);
  if (result != EBUSY) {
    return result;
  }
  if (mutex->__data.__owner == ::gettid()) {
    // The caller holds it: libc's answer (EDEADLK for an error-checking mutex, else a deadlock, as in a real process).
    return real_pthread_mutex_lock()(mutex);
  }
  int64_t deadline = timeout_ns < 0 ? -1 : port::now_ns() + timeout_ns;
  while (true) {
    uint64_t seen = released.load();
    int64_t left = deadline < 0 ? -1 : deadline - port::now_ns();
    if (deadline >= 0 && left <= 0) {
      return ETIMEDOUT;
    }
    wait([seen] {return released.load() != seen;}, left);
    result = real_pthread_mutex_trylock()(mutex);
    if (result != EBUSY) {
      return result;
    }
  }
}

/// A condition variable's wait in turns: 0 once notified, ETIMEDOUT once `timeout_ns` (negative: none) passed.
int cond_wait_in_turns(pthread_cond_t * cond, pthread_mutex_t * mutex, int64_t timeout_ns)
{
  CondWaiter waiter;
  std::deque<CondWaiter *> & waiters = cond_waiters()[cond];
  waiters.push_back(&waiter);
  pthread_mutex_unlock(mutex);
  bool notified = timeout_ns == 0 ? false : wait([&waiter] {return waiter.notified;}, timeout_ns);
  if (!waiter.notified) {
    std::deque<CondWaiter *> & still = cond_waiters()[cond];
    for (auto at = still.begin(); at != still.end(); ++at) {
      if (*at == &waiter) {
        still.erase(at);
        break;
      }
    }
  }
  // A wait without a timeout may return after the run's end without a notify: a spurious wake-up, which callers allow.
  int result = lock_in_turns(mutex, -1);
  if (result != 0) {
    return result;
  }
  return notified || timeout_ns < 0 ? 0 : ETIMEDOUT;
}

void notify(pthread_cond_t * cond, bool all)
{
  auto found = cond_waiters().find(cond);
  if (found == cond_waiters().end()) {
    return;
  }
  std::deque<CondWaiter *> & waiters = found->second;
  while (!waiters.empty()) {
    waiters.front()->notified = true;
    waiters.pop_front();
    if (!all) {
      return;
    }
  }
}

/// A semaphore's wait in turns (sem_timedwait's ETIMEDOUT in errno, as libc's).
int sem_wait_in_turns(sem_t * semaphore, int64_t timeout_ns)
{
  int64_t deadline = timeout_ns < 0 ? -1 : port::now_ns() + timeout_ns;
  while (true) {
    uint64_t seen = released.load();
    if (real_sem_trywait()(semaphore) == 0) {
      return 0;
    }
    if (errno != EAGAIN) {
      return -1;
    }
    int64_t left = deadline < 0 ? -1 : deadline - port::now_ns();
    if (deadline >= 0 && left <= 0) {
      errno = ETIMEDOUT;
      return -1;
    }
    wait([seen] {return released.load() != seen;}, left);
  }
}

/// FUTEX_WAIT and FUTEX_WAIT_BITSET in turns: until the word is no more `expected` or a wake
/// came (a spurious one is allowed), or the timeout (relative or absolute) passed.
long futex_wait_in_turns(const uint32_t * word, uint32_t expected, const timespec * timeout, bool absolute)  // NOLINT(runtime/int)
{
  auto load = [word] {return __atomic_load_n(word, __ATOMIC_SEQ_CST);};
  if (load() != expected) {
    errno = EAGAIN;
    return -1;
  }
  int64_t timeout_ns = timeout == nullptr ? -1 : absolute ? left_until(timeout) : ns_of(*timeout);
  if (timeout != nullptr && timeout_ns <= 0) {
    errno = ETIMEDOUT;
    return -1;
  }
  uint64_t seen = released.load();
  if (wait([&] {return load() != expected || released.load() != seen;}, timeout_ns) || timeout == nullptr) {
    return 0;
  }
  errno = ETIMEDOUT;
  return -1;
}

}  // namespace

namespace real
{
int mutex_lock(pthread_mutex_t * mutex) {return real_pthread_mutex_lock()(mutex);}
int mutex_trylock(pthread_mutex_t * mutex) {return real_pthread_mutex_trylock()(mutex);}
int mutex_unlock(pthread_mutex_t * mutex) {return real_pthread_mutex_unlock()(mutex);}
int cond_wait(pthread_cond_t * cond, pthread_mutex_t * mutex) {return real_pthread_cond_wait()(cond, mutex);}
int cond_signal(pthread_cond_t * cond) {return real_pthread_cond_signal()(cond);}
int cond_broadcast(pthread_cond_t * cond) {return real_pthread_cond_broadcast()(cond);}
int create(pthread_t * handle, const pthread_attr_t * attributes, void * (*start)(void *), void * arg)
{
  return real_pthread_create()(handle, attributes, start, arg);
}
int join(pthread_t handle, void ** result) {return real_pthread_join()(handle, result);}
}  // namespace real

}  // namespace rclsim::threads

namespace threads = rclsim::threads;

extern "C" {

int pthread_create(pthread_t * handle, const pthread_attr_t * attributes, void * (*start)(void *), void * arg)
{
  if (!threads::scheduled()) {
    return threads::real::create(handle, attributes, start, arg);
  }
  return threads::create(handle, attributes, start, arg);
}

int pthread_join(pthread_t handle, void ** result)
{
  threads::Thread * thread = threads::scheduled() ? threads::of(handle) : nullptr;
  if (thread != nullptr) {
    while (!threads::ended(thread)) {
      threads::wait([thread] {return threads::ended(thread);}, -1);
    }
  }
  // Its code is over: what is left of it (libc's end of a thread) needs no turn.
  return threads::real::join(handle, result);
}

int pthread_setname_np(pthread_t handle, const char * name)
{
  if (name != nullptr) {
    threads::set_name(handle, name);
  }
  return threads::real_pthread_setname_np()(handle, name);
}

int pthread_mutex_lock(pthread_mutex_t * mutex)
{
  if (!threads::scheduled()) {
    return threads::real_pthread_mutex_lock()(mutex);
  }
  return threads::lock_in_turns(mutex, -1);
}

int pthread_mutex_timedlock(pthread_mutex_t * mutex, const timespec * deadline)
{
  if (!threads::scheduled()) {
    return threads::real_pthread_mutex_timedlock()(mutex, deadline);
  }
  return threads::lock_in_turns(mutex, std::max<int64_t>(threads::left_until(deadline), 0));
}

int pthread_mutex_clocklock(pthread_mutex_t * mutex, clockid_t clock, const timespec * deadline)
{
  if (!threads::scheduled()) {
    return threads::real_pthread_mutex_clocklock()(mutex, clock, deadline);
  }
  return threads::lock_in_turns(mutex, std::max<int64_t>(threads::left_until(deadline), 0));
}

int pthread_mutex_unlock(pthread_mutex_t * mutex)
{
  int result = threads::real_pthread_mutex_unlock()(mutex);
  threads::released.fetch_add(1);
  return result;
}

int pthread_cond_wait(pthread_cond_t * cond, pthread_mutex_t * mutex)
{
  if (!threads::scheduled()) {
    return threads::real_pthread_cond_wait()(cond, mutex);
  }
  return threads::cond_wait_in_turns(cond, mutex, -1);
}

int pthread_cond_timedwait(pthread_cond_t * cond, pthread_mutex_t * mutex, const timespec * deadline)
{
  if (!threads::scheduled()) {
    return threads::real_pthread_cond_timedwait()(cond, mutex, deadline);
  }
  return threads::cond_wait_in_turns(cond, mutex, std::max<int64_t>(threads::left_until(deadline), 0));
}

int pthread_cond_clockwait(pthread_cond_t * cond, pthread_mutex_t * mutex, clockid_t clock, const timespec * deadline)
{
  if (!threads::scheduled()) {
    return threads::real_pthread_cond_clockwait()(cond, mutex, clock, deadline);
  }
  return threads::cond_wait_in_turns(cond, mutex, std::max<int64_t>(threads::left_until(deadline), 0));
}

int pthread_cond_signal(pthread_cond_t * cond)
{
  threads::notify(cond, false);
  return threads::real_pthread_cond_signal()(cond);
}

int pthread_cond_broadcast(pthread_cond_t * cond)
{
  threads::notify(cond, true);
  return threads::real_pthread_cond_broadcast()(cond);
}

int pthread_cond_destroy(pthread_cond_t * cond)
{
  threads::cond_waiters().erase(cond);
  return threads::real_pthread_cond_destroy()(cond);
}

int sem_wait(sem_t * semaphore)
{
  if (!threads::scheduled()) {
    return threads::real_sem_wait()(semaphore);
  }
  return threads::sem_wait_in_turns(semaphore, -1);
}

int sem_timedwait(sem_t * semaphore, const timespec * deadline)
{
  if (!threads::scheduled()) {
    return threads::real_sem_timedwait()(semaphore, deadline);
  }
  return threads::sem_wait_in_turns(semaphore, std::max<int64_t>(threads::left_until(deadline), 0));
}

int sem_clockwait(sem_t * semaphore, clockid_t clock, const timespec * deadline)
{
  if (!threads::scheduled()) {
    return threads::real_sem_clockwait()(semaphore, clock, deadline);
  }
  return threads::sem_wait_in_turns(semaphore, std::max<int64_t>(threads::left_until(deadline), 0));
}

int sem_post(sem_t * semaphore)
{
  int result = threads::real_sem_post()(semaphore);
  threads::released.fetch_add(1);
  return result;
}

int sched_yield(void)
{
  // A yield with no other thread to go on is a busy-wait's turn (controller_manager's switch waits
  // so for its update thread): on a real machine time passes meanwhile, while the awaited thread
  // runs on another core. So it takes the system call's microsecond of sim time, in which the
  // program's sleeping threads and events due may go on (docs/cpp-process.md).
  if (threads::scheduled() && !rclsim::port::yield_turn()) {
    rclsim::waits::sleep_ns(threads::YIELD_NS);
  }
  return 0;
}

// libstdc++'s futex waits (std::future, std::atomic::wait, static locals' guards) and clock
// reads made with syscall(): the futex's word and wakes are watched in turns.
long syscall(long number, ...)  // NOLINT(runtime/int): libc's signature
{
  va_list arguments;
  va_start(arguments, number);
  long a[6];  // NOLINT(runtime/int)
  for (long & argument : a) {  // NOLINT(runtime/int)
    argument = va_arg(arguments, long);  // NOLINT(runtime/int)
  }
  va_end(arguments);
  if (number == SYS_clock_gettime) {
    return clock_gettime(static_cast<clockid_t>(a[0]), reinterpret_cast<timespec *>(a[1]));
  }
  if (number == SYS_futex && threads::scheduled()) {
    int op = static_cast<int>(a[1]) & FUTEX_CMD_MASK;
    if (op == FUTEX_WAIT || op == FUTEX_WAIT_BITSET) {
      return threads::futex_wait_in_turns(reinterpret_cast<const uint32_t *>(a[0]), static_cast<uint32_t>(a[2]),
        reinterpret_cast<const timespec *>(a[3]), op == FUTEX_WAIT_BITSET);
    }
    if (op == FUTEX_WAKE || op == FUTEX_WAKE_BITSET) {
      threads::released.fetch_add(1);
    }
  }
  return threads::real_syscall()(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

}  // extern "C"
