// A program's ends in rclsim's process (docs/cpp-process.md, "In rclsim's process"): exit() and
// its kin end the program, not rclsim. Only in the shared object rclsim loads (built with
// RCLSIM_SHARED_OBJECT and -Bsymbolic, so the program's calls, and libstdc++'s, come here):
// the program says Exit, as a program in a process of its own does, and its thread waits for
// good; abort() is told as the SIGABRT it raises in a process of its own.
#ifdef RCLSIM_SHARED_OBJECT

#include <dlfcn.h>
#include <signal.h>

#include "rclsim/port.hpp"
#include "rclsim/transport.hpp"

namespace
{

/// libc's own `name`, for a shared object rclsim did not load (it runs nothing of rclsim's).
template<typename Function>
Function libc_end(const char * name)
{
  void * found = ::dlsym(RTLD_NEXT, name);
  Function function;
  __builtin_memcpy(&function, &found, sizeof(function));
  return function;
}

[[noreturn]] void end_with(int code, const char * libc_name)
{
  if (rclsim::transport::in_process()) {
    rclsim::port::exit(code);
  }
  libc_end<void (*)(int)>(libc_name)(code);
  __builtin_unreachable();
}

}  // namespace

extern "C" {

void exit(int code) noexcept {end_with(code, "exit");}

void _exit(int code) noexcept {end_with(code, "_exit");}

void _Exit(int code) noexcept {end_with(code, "_Exit");}

void quick_exit(int code) noexcept {end_with(code, "quick_exit");}

void abort(void) noexcept
{
  if (rclsim::transport::in_process()) {
    rclsim::transport::die(SIGABRT);
  }
  libc_end<void (*)()>("abort")();
  __builtin_unreachable();
}

// The program's static destructors never run, as in a process of its own, which ends with
// _exit (port::exit): they would run at rclsim's exit, on rclsim's thread.
int __cxa_atexit(void (*)(void *), void *, void *) noexcept {return 0;}

int atexit(void (*)()) noexcept {return 0;}

}  // extern "C"

#endif
