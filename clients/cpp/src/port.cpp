// The node port over the program's socket (fd 3): requests, their answers, and the runs the
// simulation grants (docs/node-protocol.md "The conversation"). What a callback sends is held
// until the client next reads, so a callback's effects and its Done go in one write.
#include "rclsim/port.hpp"

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>

#include "rclsim/bad_input.hpp"
#include "rclsim/cpu_clocks.hpp"
#include "rclsim/threads.hpp"
#include "wire/frames.hpp"

namespace rclsim::port
{
namespace
{

constexpr int SOCKET_FD = 3;
// Clock reads at one sim time, with no wait in between, that make a busy-wait (as the Python client's).
constexpr uint64_t BUSY_WAIT_READS = 2000000;

/// A thread that spins a node: for a wait set's wait only (its entities' runs only), and which
/// thread of its executor's pool it is (from 1; 0: not a pool's).
struct Spinner
{
  threads::Thread * thread;
  bool for_wait;
  uint32_t slot;
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
  node::append_frame(message, state().outgoing);
}

/// The simulation's end closed the socket: the program ends at once, as docs/node-protocol.md says.
[[noreturn]] void simulation_ended()
{
  std::fflush(nullptr);
  ::_exit(1);
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
  int error = node::write_all(SOCKET_FD, out);
  out.clear();
  if (error == EPIPE) {
    simulation_ended();
  }
  if (error != 0) {
    std::fprintf(stderr, "rclsim: the node port's socket (fd 3) broke: %s\n", std::strerror(error));
    ::_exit(1);
  }
}

node::FrameReader & reader()
{
  static node::FrameReader the_reader(SOCKET_FD);
  return the_reader;
}

node::ToClient receive()
{
  state().clock_reads = 0;
  flush();
  std::string_view body;
  switch (reader().read(body)) {
    case node::FrameStatus::frame:
      break;
    case node::FrameStatus::end:
      simulation_ended();
    case node::FrameStatus::broken:
      std::fprintf(stderr, "rclsim: the node port's socket (fd 3) broke: %s\n", reader().error().c_str());
      ::_exit(1);
  }
  node::ToClient message;
  if (!node::decode(reinterpret_cast<const uint8_t *>(body.data()), body.size(), message)) {
    std::fprintf(stderr, "rclsim: the simulation sent bytes that are no ToClient message\n");
    ::_exit(1);
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
      ::_exit(1);
    }
    if (answer.failed) {
      throw Failed(answer.failed->message, answer.failed->kind, answer.failed->input_error);
    }
    return answer;
  }
}

const node::Created & created(const node::ToClient & answer)
{
  if (!answer.created) {
    throw std::logic_error("rclsim: the simulation's answer is no Created");
  }
  return *answer.created;
}

const node::Answer & answered(const node::ToClient & answer)
{
  static const node::Answer empty;
  return answer.answer ? *answer.answer : empty;
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

/// The program's stdout or stderr holds output the simulation has not read (it reads them between
/// messages): both are flushed first (a pipe makes stdio buffer whole blocks), so output comes in
/// the order of its runs, whoever wrote it (iostreams, stdio, a plain write(2)).
bool wrote_output()
{
  std::cout.flush();
  std::cerr.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  return unread_bytes(1) + unread_bytes(2) > 0;
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
  const std::vector<Spinner> & spinners = spinner->second;
  auto free = [&](const Spinner & one) {
      return one.slot != 0 && s.running[one.thread] == 0 && (one.thread == me || threads::waiter_of(one.thread) != nullptr);
    };
  const Spinner * named = nullptr;
  const Spinner * first_free = nullptr;
  for (const Spinner & one : spinners) {
    if (!free(one)) {
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
    auto first = std::find_if(spinners.begin(), spinners.end(), [](const Spinner & one) {return !one.for_wait;});
    chosen = first == spinners.end() ? &spinners.front() : &*first;
  }
  return chosen->thread == me ? nullptr : threads::waiter_of(chosen->thread);
}

void shut_down_now()
{
  State & s = state();
  s.shut_down = true;
  for (const auto & callback : s.on_shutdown) {
    callback();
  }
}

}  // namespace

const node::Welcome & hello(uint32_t protocol_version, const std::string & client, const std::string & language)
{
  node::ToSimulation message;
  message.hello = node::Hello{protocol_version, client, language};
  send(message);
  node::ToClient first = receive();
  if (first.failed) {
    std::fprintf(stderr, "rclsim: %s\n", first.failed->message.c_str());
    std::fflush(stderr);
    ::_exit(2);
  }
  if (!first.welcome) {
    std::fprintf(stderr, "rclsim: the simulation did not answer Hello with Welcome\n");
    ::_exit(1);
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
    ::_exit(70);
  }
  return s.now_ns;
}

uint32_t context_op_create()
{
  node::ToSimulation message;
  message.context = node::ContextOp{};
  message.context->create = true;
  return static_cast<uint32_t>(created(ask(std::move(message))).id);
}

uint32_t context_op_default()
{
  node::ToSimulation message;
  message.context = node::ContextOp{};
  message.context->default_context = true;
  return static_cast<uint32_t>(created(ask(std::move(message))).id);
}

void context_op_init(uint32_t context, const std::vector<std::string> & argv)
{
  node::ToSimulation message;
  message.context = node::ContextOp{};
  message.context->context = context;
  message.context->init = node::Arguments{argv};
  ask(std::move(message));
}

void context_op_shutdown(uint32_t context)
{
  node::ToSimulation message;
  message.context = node::ContextOp{};
  message.context->context = context;
  message.context->shutdown = true;
  ask(std::move(message));
}

node::Created create(const node::Create & request)
{
  node::ToSimulation message;
  message.create = request;
  return created(ask(std::move(message)));
}

void destroy(uint64_t id, bool is_node, bool wake)
{
  node::ToSimulation message;
  message.destroy = node::Destroy{};
  message.destroy->id = id;
  message.destroy->node = is_node;
  message.destroy->wake = wake;
  send(message);
}

void publish(uint64_t publisher, std::string cdr)
{
  node::ToSimulation message;
  message.publish = node::Publish{publisher, std::move(cdr)};
  send(message);
}

void send_request(uint64_t client, int64_t sequence, std::string cdr)
{
  node::ToSimulation message;
  message.send_request = node::SendRequest{};
  message.send_request->client = client;
  message.send_request->sequence = sequence;
  message.send_request->cdr = std::move(cdr);
  send(message);
}

void forget_request(uint64_t client, int64_t sequence)
{
  node::ToSimulation message;
  message.forget_request = node::ForgetRequest{client, sequence};
  send(message);
}

void send_response(uint64_t service, uint64_t request, std::string cdr)
{
  node::ToSimulation message;
  message.send_response = node::SendResponse{service, request, std::move(cdr)};
  send(message);
}

namespace
{
node::ToSimulation timer_op(uint64_t timer)
{
  node::ToSimulation message;
  message.timer = node::TimerOp{};
  message.timer->timer = timer;
  return message;
}
}  // namespace

void timer_op_cancel(uint64_t timer)
{
  node::ToSimulation message = timer_op(timer);
  message.timer->cancel = true;
  send(message);
}

void timer_op_reset(uint64_t timer)
{
  node::ToSimulation message = timer_op(timer);
  message.timer->reset = true;
  send(message);
}

void timer_op_change_period(uint64_t timer, int64_t period_ns)
{
  node::ToSimulation message = timer_op(timer);
  message.timer->change_period_ns = period_ns;
  send(message);
}

std::string timer_op_state(uint64_t timer)
{
  node::ToSimulation message = timer_op(timer);
  message.timer->state = true;
  return answered(ask(std::move(message))).json;
}

void trigger_guard(uint64_t guard)
{
  node::ToSimulation message;
  message.trigger = node::TriggerGuard{guard};
  send(message);
}

std::string entity_op(uint64_t entity, const std::string & op, const std::string & args_json)
{
  node::ToSimulation message;
  message.entity = node::EntityOp{entity, op, args_json};
  return answered(ask(std::move(message))).json;
}

uint64_t action_op_add(uint64_t node_id, const std::string & type, const std::vector<uint64_t> & parts)
{
  node::ToSimulation message;
  message.action = node::ActionOp{};
  message.action->node = node_id;
  message.action->add = node::AddAction{type, parts};
  return created(ask(std::move(message))).id;
}

void action_op_remove(uint64_t node_id, uint64_t action)
{
  node::ToSimulation message;
  message.action = node::ActionOp{};
  message.action->node = node_id;
  message.action->remove = action;
  ask(std::move(message));
}

std::string next_goal_id()
{
  node::ToSimulation message;
  message.next_goal_id = node::NextGoalId{};
  return answered(ask(std::move(message))).cdr;
}

std::string get_interface(const std::string & type)
{
  node::ToSimulation message;
  message.get_interface = node::GetInterface{type};
  return answered(ask(std::move(message))).json;
}

bool log(const std::string & logger, uint32_t severity, const std::string & text, const std::string & function, const std::string & file, uint32_t line)
{
  node::ToSimulation message;
  message.log = node::Log{0, logger, severity, text, function, file, line};
  return answered(ask(std::move(message))).json == "true";
}

namespace
{
node::ToSimulation logger_op(const std::string & logger)
{
  node::ToSimulation message;
  message.logger = node::LoggerOp{};
  message.logger->logger = logger;
  return message;
}
}  // namespace

int logger_op_level(const std::string & logger)
{
  node::ToSimulation message = logger_op(logger);
  message.logger->level = true;
  return std::stoi(answered(ask(std::move(message))).json);
}

void logger_op_set_level(const std::string & logger, uint32_t level)
{
  node::ToSimulation message = logger_op(logger);
  message.logger->set_level = level;
  ask(std::move(message));
}

bool logger_op_add_child(const std::string & logger, const std::string & child)
{
  node::ToSimulation message = logger_op(logger);
  message.logger->add_child = child;
  return answered(ask(std::move(message))).json == "true";
}

void logger_op_remove_child(const std::string & logger, const std::string & child)
{
  node::ToSimulation message = logger_op(logger);
  message.logger->remove_child = child;
  ask(std::move(message));
}

node::Answer parameter_op(const node::ParameterOp & op)
{
  node::ToSimulation message;
  message.parameter = op;
  return answered(ask(std::move(message)));
}

std::string graph_query(const std::string & query, const std::vector<std::string> & arguments)
{
  node::ToSimulation message;
  message.graph = node::GraphQuery{query, arguments};
  return answered(ask(std::move(message))).json;
}

void job_op_finish(int32_t code)
{
  node::ToSimulation message;
  message.job = node::JobOp{};
  message.job->finish = code;
  send(message);
}

void job_op_set_result(const std::string & name, const std::string & value_json)
{
  node::ToSimulation message;
  message.job = node::JobOp{};
  message.job->set_result = node::SetResult{name, value_json};
  send(message);
}

std::string job_op_get_result(const std::string & name)
{
  node::ToSimulation message;
  message.job = node::JobOp{};
  message.job->get_result = name;
  return answered(ask(std::move(message))).json;
}

bool job_op_start(int64_t start_ns)
{
  node::ToSimulation message;
  message.job = node::JobOp{};
  message.job->start_ns = start_ns;
  return answered(ask(std::move(message))).json == "true";
}

void job_op_on_end(RunHandler hook)
{
  State & s = state();
  uint64_t id = s.next_hook++;
  s.end_hooks[id] = std::move(hook);
  node::ToSimulation message;
  message.job = node::JobOp{};
  message.job->on_end = id;
  send(message);
}

void assertion(node::Assertion_Kind kind, const std::string & text, bool holds, const std::string & details_json)
{
  node::ToSimulation message;
  message.assertion = node::Assertion{kind, text, holds, details_json};
  send(message);
}

void spin(uint64_t node_id, node::Spin_How how, uint32_t executor_threads, bool for_wait, uint32_t pool_slot)
{
  // A node spun by several threads at once (an executor's pool, an executor and a wait set's
  // wait): the simulation hears the first SPIN and the last STOP.
  threads::Thread * me = threads::current();
  auto & spinners = state().spinners;
  if (how == node::Spin_How::SPIN) {
    auto & list = spinners[node_id];
    list.push_back(Spinner{me, for_wait, pool_slot});
    if (list.size() > 1) {
      return;
    }
  } else if (how == node::Spin_How::STOP) {
    auto found = spinners.find(node_id);
    if (found != spinners.end()) {
      auto & list = found->second;
      auto mine = std::find_if(list.begin(), list.end(), [me](const Spinner & entry) {return entry.thread == me;});
      if (mine != list.end()) {
        list.erase(mine);
        if (!list.empty()) {
          return;
        }
      }
      spinners.erase(found);
    }
  }
  node::ToSimulation message;
  message.spin = node::Spin{node_id, how, executor_threads};
  ask(std::move(message));
}

void hold(uint64_t entity, bool on)
{
  node::ToSimulation message;
  message.hold = node::Hold{entity, on};
  send(message);
}

uint64_t await_at_ns(int64_t at_ns, RunHandler on_settled, bool weak, bool after_ready)
{
  node::ToSimulation message;
  message.await_event = node::Await{};
  message.await_event->at_ns = at_ns;
  message.await_event->timeout_ms = -1;
  message.await_event->weak = weak;
  message.await_event->after_ready = after_ready;
  uint64_t id = created(ask(std::move(message))).id;
  state().settled[id] = std::move(on_settled);
  return id;
}

uint64_t await_service_of_client(uint64_t client, double timeout_ms, RunHandler on_settled)
{
  node::ToSimulation message;
  message.await_event = node::Await{};
  message.await_event->service_of_client = client;
  message.await_event->timeout_ms = timeout_ms;
  uint64_t id = created(ask(std::move(message))).id;
  state().settled[id] = std::move(on_settled);
  return id;
}

void forget_await(uint64_t wake)
{
  if (state().settled.erase(wake) > 0) {
    destroy(wake, false, true);
  }
}

void on_run(uint64_t entity, RunHandler handler, uint64_t node_id)
{
  state().handlers[entity] = std::move(handler);
  state().owners[entity] = node_id;
}

void forget_runs(uint64_t entity)
{
  state().handlers.erase(entity);
  state().owners.erase(entity);
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
        ::_exit(1);
      }
      s.current_run = incoming.run->run;
      reader().set_polls(incoming.run->read_polls);
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

void yield_turn()
{
  threads::Thread * me = threads::current();
  if (me == nullptr) {
    return;
  }
  threads::Choice chosen = threads::next_to_run(me, state().shut_down);
  if (!chosen) {
    return;
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
}

uint64_t runs_served() {return served;}

uint64_t runs_received() {return state().runs_received;}

uint64_t callback_under_way() {return callbacks.empty() ? 0 : callbacks.back();}

bool shut_down() {return state().shut_down;}

void on_shutdown(std::function<void()> callback) {state().on_shutdown.push_back(std::move(callback));}

void done(const std::string & error, bool failed, const std::string & input_error)
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
  ::_exit(code);
}

}  // namespace rclsim::port
