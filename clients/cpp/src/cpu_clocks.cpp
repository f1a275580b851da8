// The CPU time of a C++ program's threads (rclsim/cpu_clocks.hpp), and the libc functions that
// read it besides clock_gettime (machine.cpp's, which hands CPU-time clocks here): clock(),
// getrusage and times, which glibc computes from its own calls, out of the program's reach.
#include "rclsim/cpu_clocks.hpp"

#include <dlfcn.h>
#include <errno.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <unistd.h>

#include <map>

#include "rclsim/port.hpp"
#include "rclsim/threads.hpp"

namespace rclsim::cpu_clocks
{
namespace
{

constexpr int64_t NS = 1000000000;
// glibc's ids of a thread's or a process's CPU clock (sysdeps/unix/sysv/linux/kernel-posix-cpu-timers.h):
// the thread or process id, complemented, above three bits; the third says it is a thread's, the
// other two which clock (3: none of the CPU's, a clock of a file descriptor).
constexpr int CLOCK_BITS = 3;
constexpr clockid_t PER_THREAD = 4;
constexpr clockid_t WHICH = 3;

/// Never destroyed: a thread may read its clock while the process exits.
std::map<uint32_t, int64_t> & used()
{
  static auto * the_used = new std::map<uint32_t, int64_t>;
  return *the_used;
}

int64_t & used_by(const threads::Thread * thread) {return used()[threads::number(thread)];}

int64_t process_ns()
{
  int64_t sum = 0;
  for (const auto & [thread, ns] : used()) {
    sum += ns;
  }
  return sum;
}

timespec to_timespec(int64_t ns)
{
  timespec at{};
  at.tv_sec = static_cast<time_t>(ns / NS);
  at.tv_nsec = static_cast<long>(ns % NS);  // NOLINT(runtime/int): timespec's type
  return at;
}

template<typename Function>
Function libc(const char * name)
{
  void * found = ::dlsym(RTLD_NEXT, name);
  Function function;
  static_assert(sizeof(function) == sizeof(found));
  __builtin_memcpy(&function, &found, sizeof(function));
  return function;
}

int real_clock_gettime(clockid_t clock, timespec * at)
{
  static auto function = libc<decltype(&::clock_gettime)>("clock_gettime");
  return function(clock, at);
}

/// The CPU time the clock reads after the calling thread paid for the read; false: not one of this process's threads nor the process.
bool cpu_ns(clockid_t clock, int64_t & ns)
{
  threads::Thread * me = threads::current();
  int64_t & mine = used_by(me);
  mine += READ_NS;
  if (clock == CLOCK_THREAD_CPUTIME_ID) {
    ns = mine;
    return true;
  }
  const pid_t who = ~(clock >> CLOCK_BITS);
  if (clock == CLOCK_PROCESS_CPUTIME_ID || (clock < 0 && (clock & PER_THREAD) == 0 && (who == 0 || who == ::getpid()))) {
    ns = process_ns();
    return true;
  }
  threads::Thread * thread = clock < 0 && (clock & PER_THREAD) != 0 ? threads::of_tid(who) : nullptr;
  if (thread == nullptr) {
    return false;
  }
  ns = used_by(thread);
  return true;
}

}  // namespace

bool is_cpu_clock(clockid_t clock)
{
  return clock == CLOCK_THREAD_CPUTIME_ID || clock == CLOCK_PROCESS_CPUTIME_ID || (clock < 0 && (clock & WHICH) != WHICH);
}

int read(clockid_t clock, timespec * at)
{
  if (threads::current() == nullptr) {
    return real_clock_gettime(clock, at);
  }
  if (at == nullptr) {
    errno = EFAULT;
    return -1;
  }
  int64_t ns = 0;
  if (!cpu_ns(clock, ns)) {
    return real_clock_gettime(clock, at);
  }
  *at = to_timespec(ns);
  return 0;
}

void ran(int64_t execution_ns)
{
  if (threads::Thread * me = threads::current()) {
    used_by(me) += execution_ns;
  }
}

}  // namespace rclsim::cpu_clocks

namespace cpu_clocks = rclsim::cpu_clocks;

extern "C" {

clock_t clock(void)
{
  timespec at{};
  if (cpu_clocks::read(CLOCK_PROCESS_CPUTIME_ID, &at) != 0) {
    return static_cast<clock_t>(-1);
  }
  return static_cast<clock_t>(at.tv_sec) * CLOCKS_PER_SEC + static_cast<clock_t>(at.tv_nsec / (1000000000 / CLOCKS_PER_SEC));
}

int getrusage(int who, struct rusage * usage)
{
  static auto real = cpu_clocks::libc<decltype(&::getrusage)>("getrusage");
  const int result = real(who, usage);
  // A child's CPU time is its own. The rest of what the kernel counts (page faults, context
  // switches, the resident size) differs from run to run, and in rclsim's process is rclsim's:
  // it reads 0, as no page of a simulation is late (rttest prefaults until none is).
  if (result != 0 || who == RUSAGE_CHILDREN || rclsim::threads::current() == nullptr) {
    return result;
  }
  *usage = rusage{};
  timespec at{};
  cpu_clocks::read(who == RUSAGE_THREAD ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &at);
  usage->ru_utime.tv_sec = at.tv_sec;
  usage->ru_utime.tv_usec = static_cast<suseconds_t>(at.tv_nsec / 1000);
  return 0;
}

clock_t times(struct tms * buffer)
{
  static auto real = cpu_clocks::libc<decltype(&::times)>("times");
  const clock_t elapsed = real(buffer);
  if (elapsed == static_cast<clock_t>(-1) || rclsim::threads::current() == nullptr) {
    return elapsed;
  }
  const int64_t tick_ns = 1000000000 / ::sysconf(_SC_CLK_TCK);
  if (buffer != nullptr) {
    timespec at{};
    cpu_clocks::read(CLOCK_PROCESS_CPUTIME_ID, &at);
    buffer->tms_utime = static_cast<clock_t>((static_cast<int64_t>(at.tv_sec) * 1000000000 + at.tv_nsec) / tick_ns);
    buffer->tms_stime = 0;
  }
  // Ticks since a point in the past: sim time's.
  return static_cast<clock_t>(rclsim::port::now_ns() / tick_ns);
}

}  // extern "C"
