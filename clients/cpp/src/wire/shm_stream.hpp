// The port's byte stream through shared memory (../rclsim/shm_ring.h): when the simulation gave
// the program a region (its descriptor in RCLSIM_PORT_SHM_FD), what frames.cpp would read from
// and write to the socket at fd 3 goes through its two rings instead, with a futex hand-off; the
// socket stays for the end of the simulation's side.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rclsim::node::shm_stream {

// Whether `fd`'s bytes go through the rings: the port's socket, with a region given.
bool carries(int fd);

// Blocks until bytes came, looking `spins` times before it sleeps: how many were read into
// `into` (up to `size`); 0 once the simulation's end of `fd` closed with nothing left.
long read(int fd, uint8_t * into, size_t size, uint32_t spins);

// Writes all of `size` bytes: 0, or EPIPE when the simulation's end of `fd` closed while the
// ring stayed full.
int write(int fd, const char * data, size_t size);

}  // namespace rclsim::node::shm_stream
