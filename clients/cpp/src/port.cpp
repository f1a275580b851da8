// The node port over the program's transport (its socket, fd 3, or rclsim's memory): requests, their answers, and the runs the
// simulation grants (docs/node-protocol.md "The conversation"). What a callback sends is held
// until the client next reads, so a callback's effects and its Done go in one write.
#include "rclsim/port.hpp"

#include <linux/sockios.h>
#include <stdio_ext.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <ext/stdio_sync_filebuf.h>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>

#include "rclsim/bad_input.hpp"
#include "rclsim/cpu_clocks.hpp"
#include "rclsim/threads.hpp"
#include "rclsim/transport.hpp"
#include "wire/frames.hpp"

namespace rclsim::port
{
namespace
{

// Clock reads at one sim time, with no wait in between, that make a busy-wait (as the Python client's).
constexpr uint64_t BUSY_WAIT_READS = 2000000;

/// A thread that spins a node: for a wait set's wait only (its entities' runs only), which
/// thread of its executor's pool it is (from 1; 0: not a pool's), and for which callback group
/// (0: the whole node; else an executor given that group of a node another executor spins).
struct Spinner
{
  threads::Thread * thread;
  bool for_wait;
  uint32_t slot;
  uint64_t group;
};

struct State
{
  std::string outgoing;
  uint64_t last_ask = 0;
  node::Welcome welcome;
  int64_t now_ns = 0;
  // The run whose code is under way (run 0: the program's top-level code).
  std::optional<uint64_t> current_run = 0;
  std::map<uint64_t, RunHandler> handlers;
  std::map<uint64_t, uint64_t> owners;
  // The callback group of each entity made in one of the program's groups.
  std::map<uint64_t, uint64_t> groups;
  std::map<uint64_t, RunHandler> settled;
  // End hooks by the id this client gave them (numbered apart from the simulation's awaits).
  std::map<uint64_t, RunHandler> end_hooks;
  // The threads that spin each node now, in the order they began: a run of its entity's callback
  // goes to one of them (runner_of).
  std::map<uint64_t, std::vector<Spinner>> spinners;
  // How many callbacks each thread runs now (nested ones count too): a pool's thread with none is free.
  std::map<const threads::Thread *, uint32_t> running;
  bool shut_down = false;
  // The thread the simulation was last told runs the program's code (Turn).
  std::string told_turn;
  // The program's clock reads since it last heard from the simulation (a busy-wait reads on and on).
  uint64_t clock_reads = 0;
  std::vector<std::function<void()>> on_shutdown;
  uint64_t next_hook = 1;
  uint64_t runs_received = 0;
};

State & state()
{
  static State the_state;
  return the_state;
}

/// The runs each thread dispatched (what its spin_once waits for) and the callbacks it runs, innermost last.
thread_local uint64_t served = 0;
thread_local std::vector<uint64_t> callbacks;

void send(const node::ToSimulation & message)
{
  // In rclsim's process a callback's Publish and Done go in the fixed layout (node_proto.hpp);
  // everything else, and every message of a program of its own, as protobuf.
  if (!transport::in_process() || !node::append_fixed_frame(message, state().outgoing)) {
    node::append_frame(message, state().outgoing);
  }
}

/// The simulation's end closed the socket: the program ends at once, as docs/node-protocol.md says.
[[noreturn]] void simulation_ended()
{
  std::fflush(nullptr);
  transport::end(1);
}

void flush()
{
  // What the program wrote comes out before what it sends now does (the simulation relays the
  // pipes before it handles a message): the stdio buffers go first.
  std::fflush(stdout);
  std::string & out = state().outgoing;
  if (out.empty()) {
    return;
  }
  int error = transport::write_all(out);
  out.clear();
  if (error == EPIPE) {
    simulation_ended();
  }
  if (error != 0) {
    std::fprintf(stderr, "rclsim: the node port's socket (fd 3) broke: %s\n", std::strerror(error));
    transport::end(1);
  }
}

node::ToClient receive()
{
  state().clock_reads = 0;
  flush();
  std::string_view body;
  std::string broke;
  switch (transport::read(body, broke)) {
    case node::FrameStatus::frame:
      break;
    case node::FrameStatus::end:
      simulation_ended();
    case node::FrameStatus::broken:
      std::fprintf(stderr, "rclsim: the node port's socket (fd 3) broke: %s\n", broke.c_str());
      transport::end(1);
  }
  node::ToClient message;
  const auto * bytes = reinterpret_cast<const uint8_t *>(body.data());
  const bool fixed = node::is_fixed(bytes, body.size());
  if (!(fixed ? node::decode_fixed(bytes, body.size(), message) : node::decode(bytes, body.size(), message))) {
    std::fprintf(stderr, "rclsim: the simulation sent bytes that are no ToClient message\n");
    transport::end(1);
  }
  return message;
}

void dispatch(const node::Run & run);

/// A run granted while the program waits for an answer (a spin_some's callbacks, an event's
/// takeData): it runs and ends with its own Done, and the code that asked goes on waiting.
void run_nested(const node::Run & run)
{
  State & s = state();
  std::optional<uint64_t> outer = s.current_run;
  s.current_run = run.run;
  try {
    dispatch(run);
    done();
  } catch (const std::exception & error) {
    done(error.what(), true, bad_input::line_of(std::current_exception()));
  }
  s.current_run = outer;
}

node::ToClient ask(node::ToSimulation message)
{
  // A run the answer waits for (a spin once's callbacks) may ask questions of its own meanwhile:
  // this question's answer is known by its own number, not by the last one asked.
  const uint64_t asked = ++state().last_ask;
  message.ask = asked;
  send(message);
  while (true) {
    node::ToClient answer = receive();
    if (answer.run) {
      run_nested(*answer.run);
      continue;
    }
    if (answer.answers != asked) {
      std::fprintf(stderr, "rclsim: the simulation answered question %llu while the program asked %llu\n",
        static_cast<unsigned long long>(answer.answers), static_cast<unsigned long long>(asked));
      transport::end(1);
    }
    if (answer.failed) {
      throw Failed(answer.failed->message, answer.failed->kind, answer.failed->input_error);
    }
    return answer;
  }
}

/// Bytes written to `fd` that its reader has not read. Node gives a child's stdout and stderr as
/// socket pairs, where FIONREAD asks this end's own receive queue (always empty) and SIOCOUTQ
/// what was sent and is still unread; a pipe answers FIONREAD from either end. Anything else (a
/// terminal, a file: output the simulation does not relay) has nothing to wait for.
int unread_bytes(int fd)
{
  static const std::array<unsigned long, 3> requests = [] {
    std::array<unsigned long, 3> of{};
    for (int at : {1, 2}) {
      struct stat what{};
      if (::fstat(at, &what) == 0) {
        of[at] = S_ISSOCK(what.st_mode) ? SIOCOUTQ : S_ISFIFO(what.st_mode) ? FIONREAD : 0;
      }
    }
    return of;
  }();
  int bytes = 0;
  return requests[fd] != 0 && ::ioctl(fd, requests[fd], &bytes) == 0 ? bytes : 0;
}

/// `stream`, then `file`, flushed where they hold something: every flush takes stdio's lock, and
/// this runs once a callback. A stream synced with stdio (the default) keeps its bytes in `file`.
void flush_pending(std::ostream & stream, FILE * file)
{
  if (dynamic_cast<__gnu_cxx::stdio_sync_filebuf<char> *>(stream.rdbuf()) == nullptr) {
    stream.flush();
  }
  if (__fpending(file) > 0) {
    std::fflush(file);
  }
}

/// The program's stdout or stderr holds output the simulation has not read (it reads them between
/// messages): both are flushed first (a pipe makes stdio buffer whole blocks), so output comes in
/// the order of its runs, whoever wrote it (iostreams, stdio, a plain write(2)).
bool wrote_output()
{
  flush_pending(std::cout, stdout);
  flush_pending(std::cerr, stderr);
  // In rclsim's process the program writes to rclsim's own output: nothing to relay.
  return !transport::in_process() && unread_bytes(1) + unread_bytes(2) > 0;
}

bool is_callback(node::RunKind kind)
{
  return kind != node::RunKind::SETTLED && kind != node::RunKind::END_HOOK && kind != node::RunKind::CONTINUATION &&
         kind != node::RunKind::CAN_EXECUTE;
}

void dispatch(const node::Run & run)
{
  State & s = state();
  s.now_ns = run.now_ns;
  ++s.runs_received;
  if (run.kind == node::RunKind::CONTINUATION) {
    return;
  }
  std::map<uint64_t, RunHandler> & table = run.kind == node::RunKind::END_HOOK ? s.end_hooks : is_callback(run.kind) ? s.handlers : s.settled;
  auto found = table.find(run.entity);
  if (found == table.end()) {
    // An entity destroyed since the simulation granted its run: nothing runs.
    return;
  }
  RunHandler handler = found->second;
  if (!is_callback(run.kind)) {
    table.erase(found);
    handler(run);
    return;
  }
  callbacks.push_back(run.entity);
  uint32_t & running = s.running[threads::current()];
  ++running;
  struct Pop
  {
    std::vector<uint64_t> & stack;
    uint32_t & running;
    ~Pop()
    {
      stack.pop_back();
      --running;
    }
  } pop{callbacks, running};
  handler(run);
  cpu_clocks::ran(run.execution_ns);
  ++served;
}

/**
 * The waiting thread other than `me` that runs the run's callback, if any. Of the threads that
 * spin its entity's node: a pool's (a MultiThreadedExecutor's) free thread — the one the
 * simulation's model of the executor picked (Run.thread), else the pool's first free one — else
 * the first that spins it for its callbacks, else the first (a wait set's wait).
 */
threads::Waiter * runner_of(const node::Run & run, const threads::Thread * me)
{
  State & s = state();
  if (!is_callback(run.kind)) {
    return nullptr;
  }
  auto owner = s.owners.find(run.entity);
  if (owner == s.owners.end()) {
    return nullptr;
  }
  auto spinner = s.spinners.find(owner->second);
  if (spinner == s.spinners.end()) {
    return nullptr;
  }
  const std::vector<Spinner> & all = spinner->second;
  // As rclcpp's executors take a group given to one of them there only, the run goes to a thread
  // that spins its group, if one does (nav2's lifecycle manager serves its services in a thread of
  // their own while its main thread spins the node's other callbacks); else to the whole node's;
  // else to any. Filtered in place: this is every callback's path.
  auto in = s.groups.find(run.entity);
  const uint64_t group = in == s.groups.end() ? 0 : in->second;
  auto spins = [](uint64_t which) {return [which](const Spinner & one) {return one.group == which;};};
  const uint64_t wanted = group != 0 && std::any_of(all.begin(), all.end(), spins(group)) ? group : 0;
  const bool someone = std::any_of(all.begin(), all.end(), spins(wanted));
  auto eligible = [&](const Spinner & one) {return !someone || one.group == wanted;};
  auto free = [&](const Spinner & one) {
      return one.slot != 0 && s.running[one.thread] == 0 && (one.thread == me || threads::waiter_of(one.thread) != nullptr);
    };
  const Spinner * named = nullptr;
  const Spinner * first_free = nullptr;
  for (const Spinner & one : all) {
    if (!eligible(one) || !free(one)) {
      continue;
    }
    if (one.slot == run.thread) {
      named = &one;
    }
    if (first_free == nullptr || one.slot < first_free->slot) {
      first_free = &one;
    }
  }
  const Spinner * chosen = named != nullptr ? named : first_free;
  if (chosen == nullptr) {
    auto first = std::find_if(all.begin(), all.end(), [&](const Spinner & one) {return eligible(one) && !one.for_wait;});
    chosen = first != all.end() ? &*first : &*std::find_if(all.begin(), all.end(), eligible);
  }
  return chosen->thread == me ? nullptr : threads::waiter_of(chosen->thread);
}

void shut_down_now()
{
  State & s = state();
  s.shut_down = true;
  if (s.on_shutdown.empty()) {
    return;
  }
  // The run's end is rclcpp's SIGINT: its contexts are shut down on the signal handler's thread
  // (signal_handler.cpp, deferred_signal_handler), never on a thread of the program's. A
  // pre-shutdown callback may end the thread that read the Shutdown (nav2's amcl destroys its
  // tf2_ros::TransformListener, which joins the thread that spins it). Its first turn comes next
  // (threads take turns; a new one first).
  std::thread([callbacks = s.on_shutdown] {
      for (const auto & callback : callbacks) {
        callback();
      }
    }).detach();
}

}  // namespace

namespace link
{
void send(const node::ToSimulation & message) {port::send(message);}

node::ToClient ask(node::ToSimulation message) {return port::ask(std::move(message));}
}  // namespace link

const node::Welcome & hello(uint32_t protocol_version, const std::string & client, const std::string & language)
{
  node::ToSimulation message;
  message.hello = node::Hello{protocol_version, client, language};
  send(message);
  node::ToClient first = receive();
  if (first.failed) {
    std::fprintf(stderr, "rclsim: %s\n", first.failed->message.c_str());
    std::fflush(stderr);
    transport::end(2);
  }
  if (!first.welcome) {
    std::fprintf(stderr, "rclsim: the simulation did not answer Hello with Welcome\n");
    transport::end(1);
  }
  state().welcome = *first.welcome;
  state().now_ns = first.welcome->now_ns;
  return state().welcome;
}

const node::Welcome & welcome() {return state().welcome;}

int64_t now_ns() {return state().now_ns;}

void tell_turn(const std::string & thread)
{
  State & s = state();
  if (thread == s.told_turn) {
    return;
  }
  s.told_turn = thread;
  node::ToSimulation message;
  message.turn = node::Turn{thread};
  send(message);
  // Now, not with the run's Done: the thread that takes the turn may never wait again.
  flush();
}

int64_t read_clock_ns()
{
  State & s = state();
  if (++s.clock_reads >= BUSY_WAIT_READS) {
    // The simulation says it, in the one line about the program's end (Exit.reason).
    threads::Thread * thread = threads::current();
    std::cout.flush();
    std::fflush(nullptr);
    node::ToSimulation message;
    message.exit = node::Exit{70,
      "read the clock 2,000,000 times in thread '" + (thread == nullptr ? std::string("unknown") : threads::name(thread)) +
      "' without waiting (sim time moves only while the program waits: a sleep, a Rate, rclcpp::spin; "
      "docs/cpp-process.md)"};
    send(message);
    flush();
    transport::end(70);
  }
  return s.now_ns;
}

void job_op_on_end(RunHandler hook)
{
  State & s = state();
  uint64_t id = s.next_hook++;
  s.end_hooks[id] = std::move(hook);
  job_op_on_end(id);
}

void spin(uint64_t node_id, node::Spin_How how, uint32_t executor_threads, bool for_wait, uint32_t pool_slot, uint64_t group)
{
  // A node spun by several threads at once (an executor's pool, an executor and a wait set's
  // wait): the simulation hears the first SPIN and the last STOP.
  threads::Thread * me = threads::current();
  auto & spinners = state().spinners;
  if (how == node::Spin_How::SPIN) {
    auto & list = spinners[node_id];
    list.push_back(Spinner{me, for_wait, pool_slot, group});
    if (list.size() > 1) {
      return;
    }
  } else if (how == node::Spin_How::STOP) {
    auto found = spinners.find(node_id);
    if (found != spinners.end()) {
      auto & list = found->second;
      auto mine = std::find_if(list.begin(), list.end(), [me, group](const Spinner & entry) {return entry.thread == me && entry.group == group;});
      if (mine != list.end()) {
        list.erase(mine);
        if (!list.empty()) {
          return;
        }
      }
      spinners.erase(found);
    }
  }
  spin(node::Spin{node_id, how, executor_threads});
}

uint64_t await_at_ns(int64_t at_ns, RunHandler on_settled, bool weak, bool after_ready)
{
  uint64_t id = await_at_ns(at_ns, -1, weak, after_ready);
  state().settled[id] = std::move(on_settled);
  return id;
}

uint64_t await_service_of_client(uint64_t client, double timeout_ms, RunHandler on_settled)
{
  uint64_t id = await_service_of_client(client, timeout_ms, false, false);
  state().settled[id] = std::move(on_settled);
  return id;
}

void forget_await(uint64_t wake)
{
  if (state().settled.erase(wake) > 0) {
    node::Destroy gone;
    gone.id = wake;
    gone.wake = true;
    destroy(gone);
  }
}

void on_run(uint64_t entity, RunHandler handler, uint64_t node_id)
{
  state().handlers[entity] = std::move(handler);
  state().owners[entity] = node_id;
}

void in_group(uint64_t entity, uint64_t group)
{
  if (group != 0) {
    state().groups[entity] = group;
  }
}

void forget_runs(uint64_t entity)
{
  state().handlers.erase(entity);
  state().owners.erase(entity);
  state().groups.erase(entity);
}

void serve_runs(const std::function<bool()> & until)
{
  State & s = state();
  if (until()) {
    return;
  }
  if (s.shut_down) {
    // Past the run's end nothing more comes: the other threads go on first, once each in turn.
    yield_turn();
    return;
  }
  threads::Thread * me = threads::current();
  threads::Waiter waiter{me, &until, std::nullopt};
  threads::Waiting waiting(waiter);
  while (true) {
    threads::Choice chosen = threads::next_to_run(me, s.shut_down);
    if (!chosen && !s.shut_down) {
      // Nobody else can go on: this thread ends the run under way and reads the next.
      done();
      node::ToClient incoming = receive();
      if (incoming.shutdown) {
        shut_down_now();
        continue;
      }
      if (!incoming.run) {
        std::fprintf(stderr, "rclsim: the simulation sent a message other than Run while the program waited\n");
        transport::end(1);
      }
      s.current_run = incoming.run->run;
      transport::set_polls(incoming.run->read_polls);
      threads::Waiter * runner = runner_of(*incoming.run, me);
      if (runner == nullptr) {
        dispatch(*incoming.run);
        if (until()) {
          return;
        }
        continue;
      }
      runner->run = std::move(*incoming.run);
      chosen.thread = runner->thread;
    }
    if (!chosen) {
      return;
    }
    threads::hand_over(chosen.thread);
    if (waiter.run) {
      node::Run run = std::move(*waiter.run);
      waiter.run.reset();
      dispatch(run);
    }
    if (until() || s.shut_down) {
      return;
    }
  }
}

bool yield_turn()
{
  threads::Thread * me = threads::current();
  if (me == nullptr) {
    return false;
  }
  threads::Choice chosen = threads::next_to_run(me, state().shut_down);
  if (!chosen) {
    return false;
  }
  static const std::function<bool()> always = [] {return true;};
  threads::Waiter waiter{me, &always, std::nullopt};
  threads::Waiting waiting(waiter);
  threads::hand_over(chosen.thread);
  if (waiter.run) {
    node::Run run = std::move(*waiter.run);
    waiter.run.reset();
    dispatch(run);
  }
  return true;
}

uint64_t runs_served() {return served;}

uint64_t runs_received() {return state().runs_received;}

uint64_t callback_under_way() {return callbacks.empty() ? 0 : callbacks.back();}

bool shut_down() {return state().shut_down;}

void pass_after_end(int64_t duration_ns)
{
  if (state().shut_down) {
    state().now_ns += duration_ns;
  }
}

void on_shutdown(std::function<void()> callback) {state().on_shutdown.push_back(std::move(callback));}

void done(const std::string & error, bool failed, const std::string & input_error, const std::string & failed_label)
{
  State & s = state();
  if (!s.current_run) {
    return;
  }
  node::ToSimulation message;
  message.done = node::Done{};
  message.done->run = *s.current_run;
  message.done->error = error;
  message.done->failed = failed;
  message.done->input_error = input_error;
  message.done->failed_label = failed_label;
  message.done->wrote_output = wrote_output();
  s.current_run.reset();
  send(message);
}

void exit(int code)
{
  // Exit ends the run under way too: no Done before it (the simulation would end an idle run there).
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  node::ToSimulation message;
  message.exit = node::Exit{code};
  send(message);
  flush();
  std::fflush(nullptr);
  transport::end(code);
}

}  // namespace rclsim::port
