// The CPU time a C++ program's threads have used (CLOCK_THREAD_CPUTIME_ID,
// CLOCK_PROCESS_CPUTIME_ID, pthread_getcpuclockid's clocks, clock(), getrusage, times): the
// modeled execution time of the callbacks each thread ran (the job's execution_times:, none by
// default), and READ_NS more for each read of such a clock. Sim time moves only while the program
// waits, and a callback's own computation takes none; so a thread's CPU clock measures what the
// model says it computed, the same on every run and CPU, and a loop that reads it until some
// CPU time passed (a busy-wait standing for computation) ends, after that many reads, at the sim
// time it began (docs/cpp-process.md).
#ifndef RCLSIM__CPU_CLOCKS_HPP_
#define RCLSIM__CPU_CLOCKS_HPP_

#include <time.h>

#include <cstdint>

namespace rclsim::cpu_clocks
{

/// What one read of a CPU clock costs the thread that reads it: 1 µs, about what the system call takes.
constexpr int64_t READ_NS = 1000;

/// Whether `clock` is a CPU-time clock: CLOCK_THREAD_CPUTIME_ID, CLOCK_PROCESS_CPUTIME_ID, or one
/// of a thread or process (pthread_getcpuclockid, clock_getcpuclockid: negative ids).
bool is_cpu_clock(clockid_t clock);

/// clock_gettime of a CPU-time clock: its CPU time, or, for a thread rclsim does not run, libc's.
int read(clockid_t clock, timespec * at);

/// The calling thread's callback ran, modeled to take `execution_ns` of its executor's thread.
void ran(int64_t execution_ns);

}  // namespace rclsim::cpu_clocks

#endif  // RCLSIM__CPU_CLOCKS_HPP_
