// The program's process under rclsim (docs/node-protocol.md "The conversation"): the handshake
// before the program's own code runs (its main is run 0), its end (Exit with the code main
// returned or exit() was given), and an exception nothing caught, told as the failure of the run
// under way in the words of a C++ runtime. rclsim starts the program with its socket at fd 3, or
// loads it into its own process (rclsim/transport.hpp), where the program's thread runs this.
#include <cxxabi.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/personality.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

#include "rclsim/bad_input.hpp"
#include "rclsim/machine.hpp"
#include "rclsim/port.hpp"
#include "rclsim/threads.hpp"
#include "rclsim/transport.hpp"
#include "rclsim/waits.hpp"

namespace
{

constexpr uint32_t PROTOCOL_VERSION = 1;

std::string demangled(const std::type_info * type)
{
  if (type == nullptr) {
    return "an unknown exception";
  }
  int status = 0;
  char * name = abi::__cxa_demangle(type->name(), nullptr, nullptr, &status);
  std::string text = status == 0 && name != nullptr ? name : type->name();
  std::free(name);
  return text;
}

/// What an exception says, as libstdc++'s verbose terminate handler words it.
std::string describe_current_exception()
{
  std::exception_ptr thrown = std::current_exception();
  if (!thrown) {
    return "terminate called without an active exception";
  }
  std::string type = demangled(abi::__cxa_current_exception_type());
  try {
    std::rethrow_exception(thrown);
  } catch (const std::exception & error) {
    return type + ": " + error.what();
  } catch (...) {
    return "an exception of type " + type;
  }
}

/**
 * Who failed when no callback is under way: the code a thread runs between callbacks (main's own
 * after a spin_some, a std::thread's) runs within the run that last handed it the turn, whose
 * callback did not throw.
 */
std::string failed_outside_callbacks()
{
  if (rclsim::port::callback_under_way() != 0) {
    return "";
  }
  const rclsim::threads::Thread * me = rclsim::threads::current();
  const std::string & program = rclsim::port::welcome().program;
  if (me == nullptr || rclsim::threads::number(me) == 0) {
    return "the main thread of " + program;
  }
  return "thread '" + rclsim::threads::name(me) + "' of " + program;
}

[[noreturn]] void on_terminate()
{
  rclsim::port::done(
    describe_current_exception(), true, rclsim::bad_input::line_of(std::current_exception()), failed_outside_callbacks());
  rclsim::port::exit(134);
}

void on_process_exit(int status, void *)
{
  rclsim::port::exit(status);
}

/**
 * The program's addresses the same on every run, as Shadow and rr run programs: with the
 * address space's randomization off, a new'd object, a thread's id (pthread_t, an address) and
 * std::hash of it come out alike. personality(2) acts at the next exec, so the process starts
 * itself again, once, before anything else is done. It goes on as it is where the kernel refuses
 * (a container's seccomp profile: docs/cpp-process.md) and under RCLSIM_CPP_PREFIX, whose command
 * (an emulator, valgrind) is the process and lays out the addresses itself.
 */
void start_without_randomization(char ** argv, char ** environment)
{
  const char * prefix = std::getenv("RCLSIM_CPP_PREFIX");
  if (prefix != nullptr && prefix[0] != '\0') {
    return;
  }
  // Its file by name, not /proc/self/exe: the process's name (comm, a thread's default name) is the file's.
  char path[PATH_MAX];
  const ssize_t length = ::readlink("/proc/self/exe", path, sizeof(path) - 1);
  const int persona = ::personality(0xffffffff);
  if (length <= 0 || persona == -1 || (persona & ADDR_NO_RANDOMIZE) != 0 || ::personality(persona | ADDR_NO_RANDOMIZE) == -1) {
    return;
  }
  path[length] = '\0';
  ::execve(path, argv, environment);
  // Not started again (its file is gone): its children keep the randomization it had.
  ::personality(persona);
}

__attribute__((constructor(101))) void start(int, char ** argv, char ** environment)
{
  const bool in_process = rclsim::transport::find_host();
  if (!in_process && ::fcntl(3, F_GETFD) == -1) {
    std::fputs("rclsim: this program was built for rclsim: run it with `rclsim exec` (its node port, fd 3, is not open)\n", stderr);
    ::_exit(2);
  }
  // rclsim's process is laid out already: its addresses are its own (docs/cpp-process.md).
  if (!in_process) {
    start_without_randomization(argv, environment);
  }
  // From here on, the threads the program starts take turns with this one.
  rclsim::threads::start_main();
  const rclsim::node::Welcome & welcome = rclsim::port::hello(PROTOCOL_VERSION, "rclsim-rclcpp 0.9.0", "cpp");
  rclsim::waits::set_sleeps_take_time(!welcome.sleeps_take_no_time);
  rclsim::port::tell_turn(rclsim::threads::name(rclsim::threads::current()));
  // rand() draws from the program's own stream unless the program seeds it itself.
  std::srand(static_cast<unsigned>(rclsim::machine::draw("rand")));
  std::set_terminate(on_terminate);
  // Registered after the port's state exists, so it runs before that state's destructor. In
  // rclsim's process exit() is the client's own (inprocess_ends.cpp) and rclsim's end is not the program's.
  if (!in_process) {
    ::on_exit(on_process_exit, nullptr);
  }
}

}  // namespace
