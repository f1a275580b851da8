#include "shm_stream.hpp"

#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace {

using Syscall = long (*)(long, ...);  // NOLINT(runtime/int): libc's signature

// libc's own syscall(): the client's (threads_libc.cpp) would take a futex wait for one of the
// program's threads waiting in turns, where this one waits for the simulation.
Syscall real_syscall() {
  static const Syscall real = reinterpret_cast<Syscall>(::dlsym(RTLD_NEXT, "syscall"));
  return real;
}

}  // namespace

#define RCLSIM_SHM_SYSCALL real_syscall()
#include "../rclsim/shm_ring.h"

namespace rclsim::node::shm_stream {

namespace {

// The socket's descriptor the rings stand for (the node port's).
constexpr int PORT_FD = 3;
// How long one sleep on a ring lasts before the socket is looked at (ns): the simulation gone.
constexpr long END_CHECK_NS = 100'000'000;  // NOLINT(runtime/int)

// The region, mapped once; null when the simulation gave none (or one this cannot map).
rclsim_shm_link * region() {
  static rclsim_shm_link * const link = []() -> rclsim_shm_link * {
    const char * named = std::getenv(RCLSIM_SHM_FD_VARIABLE);
    if (named == nullptr) return nullptr;
    const int fd = std::atoi(named);
    // The program's own children get a socket of their own from no one: not this region either.
    ::unsetenv(RCLSIM_SHM_FD_VARIABLE);
    struct stat status {};
    if (::fstat(fd, &status) != 0 || static_cast<size_t>(status.st_size) != sizeof(rclsim_shm_link)) return nullptr;
    void * mapped = ::mmap(nullptr, sizeof(rclsim_shm_link), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    return mapped == MAP_FAILED ? nullptr : static_cast<rclsim_shm_link *>(mapped);
  }();
  return link;
}

// Whether the simulation's end of the socket closed (it never writes to it here).
bool simulation_gone(int fd) {
  char byte;
  const ssize_t got = ::recv(fd, &byte, 1, MSG_DONTWAIT | MSG_PEEK);
  return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

}  // namespace

bool carries(int fd) { return fd == PORT_FD && region() != nullptr; }

long read(int fd, uint8_t * into, size_t size, uint32_t spins) {  // NOLINT(runtime/int)
  rclsim_shm_ring * ring = &region()->to_client;
  for (uint32_t spin = 0; spin < spins && rclsim_shm_held(ring) == 0; ++spin) rclsim_shm_relax();
  for (;;) {
    const size_t taken = rclsim_shm_take(ring, into, size);
    if (taken > 0) return static_cast<long>(taken);  // NOLINT(runtime/int)
    // The last bytes may have come before the end: the ring is looked at again after it.
    if (!rclsim_shm_await_data(ring, END_CHECK_NS) && simulation_gone(fd) && rclsim_shm_held(ring) == 0) return 0;
  }
}

int write(int fd, const char * data, size_t size) {
  rclsim_shm_ring * ring = &region()->to_simulation;
  while (size > 0) {
    const size_t put = rclsim_shm_put(ring, reinterpret_cast<const uint8_t *>(data), size);
    data += put;
    size -= put;
    if (size > 0 && !rclsim_shm_await_room(ring, END_CHECK_NS) && simulation_gone(fd)) return EPIPE;
  }
  return 0;
}

}  // namespace rclsim::node::shm_stream
