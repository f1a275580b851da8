// The machine's CPU count as the program sees it: the simulation's virtual one (4, as JavaScript
// and Python programs see: docs/determinism.md), whatever CPUs the machine has or `taskset`
// allows. Libraries size their work by it (oneTBB's arena and auto_partitioner, libgomp's team,
// rclcpp's MultiThreadedExecutor), and how a reduction is split decides its last bits. Defined
// here, as machine.cpp defines the clocks, so that the calls of the program and of its shared
// libraries reach these, not libc's: sysconf (and glibc's __sysconf, which libgomp calls),
// get_nprocs (std::thread::hardware_concurrency's), get_nprocs_conf, and the affinity masks
// (oneTBB reads sched_getaffinity, libgomp pthread_getaffinity_np). The count comes in the
// environment (RCLSIM_CPU_COUNT), set by rclsim when it starts the program: libgomp reads it in its
// library constructor, before the program's handshake.
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace rclsim::cpus
{

/// The virtual CPU count: RCLSIM_CPU_COUNT, read once (a program may change its environment later).
int count()
{
  static const int the_count = [] {
      const char * text = std::getenv("RCLSIM_CPU_COUNT");
      int value = text == nullptr ? 0 : std::atoi(text);
      // Unset only outside rclsim, where the program stops at its handshake.
      return value > 0 && value <= CPU_SETSIZE ? value : 1;
    }();
  return the_count;
}

/// The mask of every virtual CPU, as the kernel fills one: EINVAL when `size` cannot hold them
/// or is not a whole number of longs.
int fill_mask(size_t size, cpu_set_t * mask)
{
  if (mask == nullptr || size % sizeof(unsigned long) != 0 || size * 8 < static_cast<size_t>(count())) {
    return EINVAL;
  }
  std::memset(mask, 0, size);
  for (int cpu = 0; cpu < count(); ++cpu) {
    CPU_SET_S(cpu, size, mask);
  }
  return 0;
}

/// A mask set on a thread: accepted when it names a virtual CPU (the kernel refuses one that names
/// none), and kept nowhere: rclsim runs the program's threads one at a time, so where each runs
/// changes nothing.
int check_mask(size_t size, const cpu_set_t * mask)
{
  if (mask == nullptr) {
    return EFAULT;
  }
  for (int cpu = 0; cpu < count(); ++cpu) {
    if (static_cast<size_t>(cpu) < size * 8 && CPU_ISSET_S(cpu, size, mask)) {
      return 0;
    }
  }
  return EINVAL;
}

/// sysconf's answer: the virtual count for the CPU counts, else libc's `libc_name`'s (looked up
/// once into `cache`; a race looks it up twice, to the same address).
long sysconf_of(int name, const char * libc_name, std::atomic<void *> & cache)  // NOLINT(runtime/int)
{
  if (name == _SC_NPROCESSORS_ONLN || name == _SC_NPROCESSORS_CONF) {
    return count();
  }
  void * real = cache.load(std::memory_order_relaxed);
  if (real == nullptr) {
    real = dlsym(RTLD_NEXT, libc_name);
    cache.store(real, std::memory_order_relaxed);
  }
  return reinterpret_cast<long (*)(int)>(real)(name);  // NOLINT(runtime/int): libc's signature
}

int as_errno_result(int error)
{
  if (error != 0) {
    errno = error;
    return -1;
  }
  return 0;
}

}  // namespace rclsim::cpus

extern "C" {

long sysconf(int name)  // NOLINT(runtime/int)
{
  static std::atomic<void *> cache{nullptr};
  return rclsim::cpus::sysconf_of(name, "sysconf", cache);
}

long __sysconf(int name)  // NOLINT(runtime/int)
{
  static std::atomic<void *> cache{nullptr};
  return rclsim::cpus::sysconf_of(name, "__sysconf", cache);
}

int get_nprocs(void) {return rclsim::cpus::count();}

int get_nprocs_conf(void) {return rclsim::cpus::count();}

int sched_getaffinity(pid_t, size_t size, cpu_set_t * mask)
{
  return rclsim::cpus::as_errno_result(rclsim::cpus::fill_mask(size, mask));
}

int sched_setaffinity(pid_t, size_t size, const cpu_set_t * mask)
{
  return rclsim::cpus::as_errno_result(rclsim::cpus::check_mask(size, mask));
}

int pthread_getaffinity_np(pthread_t, size_t size, cpu_set_t * mask) {return rclsim::cpus::fill_mask(size, mask);}

int pthread_setaffinity_np(pthread_t, size_t size, const cpu_set_t * mask) {return rclsim::cpus::check_mask(size, mask);}

int pthread_attr_setaffinity_np(pthread_attr_t *, size_t size, const cpu_set_t * mask)
{
  return rclsim::cpus::check_mask(size, mask);
}

}  // extern "C"
