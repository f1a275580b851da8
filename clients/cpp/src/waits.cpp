#include "rclsim/waits.hpp"

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "rclsim/port.hpp"

namespace rclsim::waits
{
namespace
{

struct State
{
  uint64_t next = 1;
  bool sleeps_take_time = true;
};

State & state()
{
  static State the_state;
  return the_state;
}

/// The pausers of the executors the calling thread spins: a thread's wait pauses its own executors only.
std::map<uint64_t, Pauser> & pausers()
{
  thread_local std::map<uint64_t, Pauser> the_pausers;
  return the_pausers;
}

/// A wake-up the simulation gives at a sim time, as its own run; forgotten when not needed.
class WakeUp
{
public:
  explicit WakeUp(int64_t at_ns, bool after_ready = false)
  : came_(std::make_shared<bool>(false))
  {
    std::shared_ptr<bool> came = came_;
    id_ = port::await_at_ns(at_ns, [came](const node::Run &) {*came = true;}, false, after_ready);
  }
  ~WakeUp() {port::forget_await(id_);}
  WakeUp(const WakeUp &) = delete;
  WakeUp & operator=(const WakeUp &) = delete;
  bool came() const {return *came_;}

private:
  std::shared_ptr<bool> came_;
  uint64_t id_ = 0;
};

}  // namespace

uint64_t add_pauser(Pauser pauser)
{
  uint64_t id = state().next++;
  pausers()[id] = std::move(pauser);
  return id;
}

void remove_pauser(uint64_t id) {pausers().erase(id);}

void block(const std::function<bool()> & until)
{
  std::vector<std::function<void()>> resumes;
  for (auto & entry : pausers()) {
    resumes.push_back(entry.second());
  }
  // A callback of an executor that pauses nothing (a MultiThreadedExecutor) holds its thread, and
  // its mutually exclusive group, while it waits: the simulation runs the executor's other
  // callbacks meanwhile, here, as its other threads would.
  uint64_t held = resumes.empty() ? port::callback_under_way() : 0;
  if (held != 0) {
    port::hold({held, true});
  }
  struct Resume
  {
    std::vector<std::function<void()>> & resumes;
    uint64_t held;
    ~Resume()
    {
      if (held != 0) {
        port::hold({held, false});
      }
      for (auto & resume : resumes) {
        resume();
      }
    }
  } resume{resumes, held};
  port::serve_runs(until);
}

void sleep_ns(int64_t duration_ns)
{
  if (duration_ns > 0 && state().sleeps_take_time && port::shut_down()) {
    // Past the run's end time goes on for the program alone, as wall time does after Ctrl-C: a
    // loop that sleeps until a deadline (bondcpp's waitUntilBroken in nav2's pre-shutdown hook) ends.
    port::pass_after_end(duration_ns);
  }
  if (duration_ns <= 0 || !state().sleeps_take_time || port::shut_down()) {
    // No sim time passes, but the threads that can go on at this time go first, as a real sleep lets them.
    port::yield_turn();
    return;
  }
  WakeUp wake(port::now_ns() + duration_ns);
  block([&wake] {return wake.came();});
}

bool wait_until(const std::function<bool()> & until, int64_t timeout_ns)
{
  if (timeout_ns < 0) {
    block(until);
    return until();
  }
  if (port::shut_down()) {
    port::yield_turn();
    if (!until()) {
      // A timed wait past the run's end times out, its time passed (sleep_ns).
      port::pass_after_end(timeout_ns);
    }
    return until();
  }
  WakeUp wake(port::now_ns() + timeout_ns);
  block([&] {return until() || wake.came();});
  return until();
}

void serve(const std::function<bool()> & until, int64_t timeout_ns)
{
  if (timeout_ns < 0) {
    port::serve_runs(until);
    return;
  }
  WakeUp wake(port::now_ns() + timeout_ns, true);
  port::serve_runs([&] {return until() || wake.came();});
}

bool wait_ready(const std::function<bool()> & ready, int64_t timeout_ns)
{
  if (port::shut_down()) {
    port::yield_turn();
    return ready();
  }
  // rcl_wait sees at once all that is ready: what is ready at this sim time comes in first, and,
  // once something became ready later, what else is ready at that time.
  auto settle = [] {
      WakeUp settled(port::now_ns(), true);
      block([&settled] {return settled.came() || port::shut_down();});
    };
  settle();
  if (ready() || timeout_ns == 0) {
    return ready();
  }
  std::optional<WakeUp> deadline;
  if (timeout_ns > 0) {
    deadline.emplace(port::now_ns() + timeout_ns, true);
  }
  block([&] {return ready() || (deadline && deadline->came()) || port::shut_down();});
  if (ready() && !(deadline && deadline->came()) && !port::shut_down()) {
    settle();
  }
  return ready();
}

void set_sleeps_take_time(bool take) {state().sleeps_take_time = take;}

}  // namespace rclsim::waits
