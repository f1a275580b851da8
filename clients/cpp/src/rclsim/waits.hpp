// Blocking waits that take sim time (docs/design.md#sleeping-takes-sim-time), as
// clients/python/rclsim/_waits.py: code that blocks yields its run and is woken by the
// simulation, at now + d for a sleep, or when what it waits for came. While it waits, the
// executor whose callback it is runs nothing (its nodes are paused, as a busy executor thread),
// but for a MultiThreadedExecutor, whose other threads go on.
#ifndef RCLSIM__WAITS_HPP_
#define RCLSIM__WAITS_HPP_

#include <cstdint>
#include <functional>

namespace rclsim::waits
{

/// What an executor spinning on this thread does when code on it blocks: pause its nodes, and
/// give back what resumes them.
using Pauser = std::function<std::function<void()>()>;

/// Registers an executor's pauser while it spins (the calling thread's: its waits pause it); the returned id removes it.
uint64_t add_pauser(Pauser pauser);
void remove_pauser(uint64_t id);

/// Serves the simulation's runs until `until()`, with the spinning executors paused, or, in a
/// callback of an executor that pauses nothing (a MultiThreadedExecutor), with its thread held.
void block(const std::function<bool()> & until);

/// Holds the calling code for `duration_ns` of sim time (nothing when not positive).
void sleep_ns(int64_t duration_ns);

/// Waits in turns (the program's other threads go on meanwhile) until `until()` or, with a
/// timeout (negative: none), that much sim time passed: whether until() holds.
bool wait_until(const std::function<bool()> & until, int64_t timeout_ns);

/// Serves runs until `until()` or, with a timeout (negative: none), that much sim time passed;
/// a timeout's wake-up comes once what is ready at its time ran (rcl's wait with a timeout).
void serve(const std::function<bool()> & until, int64_t timeout_ns);

/// A wait set's wait (rcl_wait): until `ready()` or, with a timeout (negative: none), that much
/// sim time passed; what is ready at the sim time it returns at has come in (its caller spins the
/// nodes of what it waits on). Whether ready() holds.
bool wait_ready(const std::function<bool()> & ready, int64_t timeout_ns);

/// Whether a sleep takes sim time (the default) or none (rslcpp's semantics: a sleep stands for
/// computation whose length must not change results).
void set_sleeps_take_time(bool take);

}  // namespace rclsim::waits

#endif  // RCLSIM__WAITS_HPP_
