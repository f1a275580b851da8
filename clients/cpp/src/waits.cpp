#include "rclsim/waits.hpp"

#include <map>
#include <memory>
#include <vector>

#include "rclsim/port.hpp"

namespace rclsim::waits
{
namespace
{

struct State
{
  std::map<uint64_t, Pauser> pausers;
  uint64_t next = 1;
  bool sleeps_take_time = true;
};

State & state()
{
  static State the_state;
  return the_state;
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
  state().pausers[id] = std::move(pauser);
  return id;
}

void remove_pauser(uint64_t id) {state().pausers.erase(id);}

void block(const std::function<bool()> & until)
{
  std::vector<std::function<void()>> resumes;
  for (auto & entry : state().pausers) {
    resumes.push_back(entry.second());
  }
  struct Resume
  {
    std::vector<std::function<void()>> & resumes;
    ~Resume()
    {
      for (auto & resume : resumes) {
        resume();
      }
    }
  } resume{resumes};
  port::serve_runs(until);
}

void sleep_ns(int64_t duration_ns)
{
  if (duration_ns <= 0 || !state().sleeps_take_time || port::shut_down()) {
    return;
  }
  WakeUp wake(port::now_ns() + duration_ns);
  block([&wake] {return wake.came();});
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

void set_sleeps_take_time(bool take) {state().sleeps_take_time = take;}

}  // namespace rclsim::waits
