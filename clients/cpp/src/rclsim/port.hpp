// The node port of a C++ program (docs/design.md#node-processes, docs/node-protocol.md): one
// function per request of proto/node.proto, as clients/python/rclsim/_port.py and
// src/port/WirePort.ts mirror it. Every other part of the client (rclcpp, rclcpp_action …) asks
// the simulation through these functions only, never through the socket. The senders are
// generated from the .proto (rclsim/port_ops.hpp, scripts/nodePortOps.mjs); the ones here do more
// than send and decode (they keep the code a later Run runs, or the client's own state).
#ifndef RCLSIM__PORT_HPP_
#define RCLSIM__PORT_HPP_

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rclsim/port_ops.hpp"
#include "wire/node_proto.hpp"

namespace rclsim::port
{

/// A Failed answer: the error the API throws where the call was (its kind names rclcpp's class).
class Failed : public std::runtime_error
{
public:
  Failed(const std::string & message, std::string kind, bool input_error)
  : std::runtime_error(message), kind(std::move(kind)), input_error(input_error) {}
  std::string kind;
  bool input_error;
};

/// What a Run runs: the callback of an entity, a wake-up, an end hook.
using RunHandler = std::function<void(const node::Run &)>;

// ---------------------------------------------------------------- the handshake and the machine

/// Hello, answered by Welcome; a Failed answer ends the process (exit 2) with its line.
const node::Welcome & hello(uint32_t protocol_version, const std::string & client, const std::string & language);
const node::Welcome & welcome();
/// The program's code runs in `thread` from now on (Turn, written at once when it changed): a
/// callback past --callback-timeout is told with it.
void tell_turn(const std::string & thread);
/// Sim time of the run under way (ns since the epoch, ROS time).
int64_t now_ns();
/// now_ns() for the program's own clock reads: 2,000,000 of them at one sim time without a wait
/// between are a busy-wait, which ends the process with one line naming program and thread (exit 70).
int64_t read_clock_ns();

// ---------------------------------------------------------------- the job

/// An end hook: `hook` runs in the END_HOOK run that names it, once the run's loop ended.
void job_op_on_end(RunHandler hook);

// ---------------------------------------------------------------- the executor

/// SPIN or STOP `node` in the simulation's executor model; the calling thread spins it (its runs
/// go to it, or, `for_wait` — a wait set's wait, which takes only its own entities' runs — to
/// another thread that spins it for its callbacks), as thread `pool_slot` (from 1) of an
/// executor's pool, whose runs go to the thread the simulation names (Run.thread) when it is free;
/// for callback group `group` only (0: the whole node), as an executor given the group spins it.
void spin(uint64_t node, node::Spin_How how, uint32_t executor_threads = 1, bool for_wait = false, uint32_t pool_slot = 0,
  uint64_t group = 0);
/// A wake-up at sim time `at_ns`: `on_settled` runs in the SETTLED run that brings it. Its id.
uint64_t await_at_ns(int64_t at_ns, RunHandler on_settled, bool weak = false, bool after_ready = false);
/// A client's server appearing (the run's input "true") or the timeout (negative: none) passing ("false").
uint64_t await_service_of_client(uint64_t client, double timeout_ms, RunHandler on_settled);
void forget_await(uint64_t wake);

// ---------------------------------------------------------------- runs

/// The callback of one of `node`'s entities.
void on_run(uint64_t entity, RunHandler handler, uint64_t node);
/// The callback group `entity` was made in (Create.callback_group): its runs go to a thread that spins that group.
void in_group(uint64_t entity, uint64_t group);
void forget_runs(uint64_t entity);
/// The calling thread waits (rclsim/threads.hpp): the program's threads that can go on run first;
/// when none can, the run under way ends and this thread serves the runs the simulation grants
/// (a callback of a node another waiting thread spins goes to that thread), until `until()`. The
/// run in which it became true stays under way, and the code that called goes on in it. A
/// callback's exception propagates.
void serve_runs(const std::function<bool()> & until);
/// Lets the threads that can go on at this sim time run first (a sleep of no time, sched_yield);
/// nothing when none can. Whether one did.
bool yield_turn();
/// How many entity callbacks the calling thread ran (what a spin_some waits for).
uint64_t runs_served();
/// How many runs the simulation granted the program, of any kind (each a moment it may have changed anything).
uint64_t runs_received();
/// The entity whose callback the calling thread runs now (0: none, or the program's own code).
uint64_t callback_under_way();
/// The run ended (Shutdown): blocking calls return at once.
bool shut_down();
/// Past the run's end (shut_down), the program's clock moves on by `duration_ns` (its sleeps).
void pass_after_end(int64_t duration_ns);
void on_shutdown(std::function<void()> callback);
/// Ends the run under way, with the error that nothing in the program handled, if any, and the
/// line of the run's bad input when that error is one (Done.input_error).
void done(const std::string & error = "", bool failed = false, const std::string & input_error = "", const std::string & failed_label = "");
/// The program ends with this code (Exit also ends the run under way).
[[noreturn]] void exit(int code);

}  // namespace rclsim::port

#endif  // RCLSIM__PORT_HPP_
