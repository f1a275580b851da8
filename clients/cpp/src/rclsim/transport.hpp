// What carries the node port's frames (docs/cpp-process.md): the program's socket (fd 3) when
// it runs in a process of its own, rclsim's memory when rclsim loaded it into its own process
// (inprocess_host.h). The rest of the client does not tell them apart.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "wire/frames.hpp"

namespace rclsim::transport
{

// Looks for rclsim's host on this thread (the one that loads the program): whether there is one.
bool find_host();

bool in_process();

// Writes whole frames: 0, or the errno of a socket that broke (EPIPE: the simulation closed it).
int write_all(const std::string & frames);

// The next frame's body from the simulation, valid until the next read; `error` says why it broke.
node::FrameStatus read(std::string_view & body, std::string & error);

// Run.read_polls, which only the socket's reads use.
void set_polls(uint32_t polls);

// A thread the program started, before it runs any of the program's code.
void adopt_thread();

// Whether the calling thread is a fiber of rclsim's thread (the main of a program in rclsim's
// process): it waits for its turn by handing rclsim's thread back (suspend), never by blocking,
// and is handed the turn by resume.
bool on_fiber();
void suspend();
void resume();

// The program's end with `code`: its process's in a process of its own; in rclsim's process
// only its own, this thread waiting for good (rclsim goes on).
[[noreturn]] void end(int code);

// It dies of `signal` (abort): in rclsim's process, as a crash on its thread is told.
[[noreturn]] void die(int signal);

}  // namespace rclsim::transport
