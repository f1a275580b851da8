#include "rclcpp/executor.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "rclcpp/executors.hpp"
#include "rclcpp/logging.hpp"
#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclcpp
{

namespace
{
/// What a spin_some pass spun: its nodes and callback groups (rclsim's ids), in the executor's order.
using SpunKey = std::vector<std::pair<uint64_t, uint64_t>>;
/// The spin_some passes of one thread that found nothing at one sim time, with no callback run since:
/// what each spun, and all they spun (weak: a thread's last passes must not keep its nodes alive).
struct IdlePasses
{
  int64_t at_ns = -1;
  uint64_t runs_served = 0;
  std::vector<SpunKey> spun;
  std::vector<std::pair<rclcpp::node_interfaces::NodeBaseInterface::WeakPtr, uint64_t>> all;
};
/// The calling thread's idle passes (runs_served counts per thread).
thread_local IdlePasses idle_passes;

/**
 * Past the run's end (rclcpp's SIGINT) a spin goes on, as rclcpp's does until its context is shut
 * down: the shutdown's callbacks run meanwhile on a thread of their own, and what follows the
 * spin (main's teardown, its return) must not run under them. The thread that runs the shutdown
 * (a callback that spins) returns at once. Gives the turn; false when the spin is to end.
 */
bool spins_on_past_end(const Context & context)
{
  return rclsim::port::shut_down() && context.is_valid() && !context.shutting_here() && rclsim::port::yield_turn();
}
}  // namespace

std::string to_string(const FutureReturnCode & future_return_code)
{
  switch (future_return_code) {
    case FutureReturnCode::SUCCESS: return "SUCCESS (0)";
    case FutureReturnCode::INTERRUPTED: return "INTERRUPTED (1)";
    case FutureReturnCode::TIMEOUT: return "TIMEOUT (2)";
  }
  return "unknown value";
}

Executor::Executor(const ExecutorOptions & options) : context_(options.context) {}

Executor::~Executor()
{
  for (const auto & weak : nodes_) {
    if (auto node = weak.lock()) {
      node->get_associated_with_executor_atomic().store(false);
    }
  }
}

void Executor::add_node(node_interfaces::NodeBaseInterface::SharedPtr node_ptr, bool)
{
  if (node_ptr->get_associated_with_executor_atomic().exchange(true)) {
    throw std::runtime_error(std::string("Node '") + node_ptr->get_fully_qualified_name() + "' has already been added to an executor.");
  }
  nodes_.push_back(node_ptr);
  // As rclcpp's notify: a spin under way takes the node up (its threads spin it once they run).
  if (spun_ != nullptr) {
    spun_->push_back({node_ptr, 0});
  }
}

void Executor::remove_node(node_interfaces::NodeBaseInterface::SharedPtr node_ptr, bool)
{
  auto found = std::find_if(nodes_.begin(), nodes_.end(), [&](const auto & weak) {return weak.lock() == node_ptr;});
  if (found == nodes_.end()) {
    throw std::runtime_error("Node '" + std::string(node_ptr->get_fully_qualified_name()) + "' needs to be associated with this executor.");
  }
  nodes_.erase(found);
  node_ptr->get_associated_with_executor_atomic().store(false);
  if (spinning_) {
    rclsim::port::spin(node_ptr->rclsim_id(), rclsim::node::Spin_How::STOP);
  }
}

void Executor::add_callback_group(rclcpp::CallbackGroup::SharedPtr group_ptr, node_interfaces::NodeBaseInterface::SharedPtr node_ptr, bool)
{
  group_ptr->get_associated_with_executor_atomic().store(true);
  // As rclcpp's, the group and not its node: another executor may spin the node (nav2_util's
  // NodeThread beside rclcpp::spin, its ServiceClient's executor), and the group's callbacks run
  // on this executor's thread (port::spin's group).
  groups_.emplace_back(group_ptr, node_ptr);
}

void Executor::remove_callback_group(rclcpp::CallbackGroup::SharedPtr group_ptr, bool)
{
  group_ptr->get_associated_with_executor_atomic().store(false);
  groups_.erase(std::remove_if(groups_.begin(), groups_.end(), [&](const auto & entry) {return entry.first.lock() == group_ptr;}), groups_.end());
}

std::vector<Executor::Spun> Executor::spun_now() const
{
  std::vector<Spun> spun;
  for (const auto & weak : nodes_) {
    if (auto node = weak.lock()) {
      spun.push_back({node, 0});
    }
  }
  for (const auto & [weak_group, weak_node] : groups_) {
    auto group = weak_group.lock();
    auto node = weak_node.lock();
    if (group && node) {
      spun.push_back({node, node->rclsim_group(group)});
    }
  }
  return spun;
}

void Executor::start_spinning(const std::vector<Spun> & spun)
{
  if (spinning_) {
    throw std::runtime_error("spin() called while already spinning");
  }
  spinning_ = true;
  canceled_ = false;
  for (const Spun & one : spun) {
    rclsim::port::spin(one.node->rclsim_id(), rclsim::node::Spin_How::SPIN, rclsim_threads(), false, 0, one.group);
  }
}

void Executor::stop_spinning(const std::vector<Spun> & spun)
{
  spinning_ = false;
  if (rclsim::port::shut_down()) {
    return;
  }
  for (const Spun & one : spun) {
    rclsim::port::spin(one.node->rclsim_id(), rclsim::node::Spin_How::STOP, 1, false, 0, one.group);
  }
}

FutureReturnCode Executor::spin_until_complete(const std::function<bool()> & complete, std::chrono::nanoseconds timeout)
{
  if (complete()) {
    return FutureReturnCode::SUCCESS;
  }
  return spin_until_complete(complete, timeout, spun_now());
}

FutureReturnCode Executor::spin_until_complete(const std::function<bool()> & complete, std::chrono::nanoseconds timeout, std::vector<Spun> spun)
{
  start_spinning(spun);
  // While a callback of this executor blocks (a sleep), its nodes wait, as its busy thread would;
  // a MultiThreadedExecutor's other threads go on (its callback holds one: waits::block).
  uint64_t pauser = rclsim_threads() > 1 ? 0 : rclsim::waits::add_pauser([&spun] {
      for (const Spun & one : spun) {
        rclsim::port::spin(one.node->rclsim_id(), rclsim::node::Spin_How::STOP, 1, false, 0, one.group);
      }
      return [&spun] {
               for (const Spun & one : spun) {
                 rclsim::port::spin(one.node->rclsim_id(), rclsim::node::Spin_How::SPIN, 1, false, 0, one.group);
               }
             };
    });
  struct Stop
  {
    Executor & executor;
    std::vector<Spun> & spun;
    uint64_t pauser;
    ~Stop()
    {
      executor.spun_ = nullptr;
      rclsim::waits::remove_pauser(pauser);
      executor.stop_spinning(spun);
    }
  } stop{*this, spun, pauser};
  Context::SharedPtr context = context_;
  spun_ = &spun;
  size_t spinning = spun.size();
  auto over = [&] {return complete() || canceled_ || !context->is_valid();};
  const int64_t deadline = timeout.count() < 0 ? -1 : rclsim::port::now_ns() + timeout.count();
  while (true) {
    rclsim::waits::serve([&] {return over() || spun.size() > spinning;},
      deadline < 0 ? -1 : std::max<int64_t>(deadline - rclsim::port::now_ns(), 0));
    if (over() || (spun.size() == spinning && !spins_on_past_end(*context))) {
      break;
    }
    for (; spinning < spun.size(); ++spinning) {
      rclsim::port::spin(spun[spinning].node->rclsim_id(), rclsim::node::Spin_How::SPIN, rclsim_threads(), false, 0, spun[spinning].group);
    }
  }
  if (complete()) {
    return FutureReturnCode::SUCCESS;
  }
  return canceled_ || !context->is_valid() ? FutureReturnCode::INTERRUPTED : FutureReturnCode::TIMEOUT;
}

void Executor::spin()
{
  spin_until_complete([] {return false;}, std::chrono::nanoseconds(-1));
}

void Executor::spin_in_pool(size_t threads)
{
  if (spinning_) {
    throw std::runtime_error("spin() called while already spinning");
  }
  spinning_ = true;
  canceled_ = false;
  struct Done
  {
    bool & spinning;
    std::vector<Spun> *& spun;
    ~Done()
    {
      spinning = false;
      spun = nullptr;
    }
  } done{spinning_, spun_};
  std::vector<Spun> spun = spun_now();
  Context::SharedPtr context = context_;
  auto over = [this, context] {return canceled_ || !context->is_valid();};
  // Pool thread `slot` (rclcpp's thread number) spins every node; the simulation hears the first
  // SPIN (the calling thread's) and the last STOP. A callback that waits holds its thread, and the
  // simulation's model gives what is ready meanwhile to another (rclsim/waits.hpp).
  spun_ = &spun;
  auto run = [&](uint32_t slot) {
      size_t spinning = 0;
      do {
        for (; spinning < spun.size(); ++spinning) {
          rclsim::port::spin(
            spun[spinning].node->rclsim_id(), rclsim::node::Spin_How::SPIN, rclsim_threads(), false, slot + 1, spun[spinning].group);
        }
        rclsim::port::serve_runs([&] {return over() || spun.size() > spinning;});
      } while ((spun.size() > spinning || spins_on_past_end(*context)) && !over());
      if (!rclsim::port::shut_down()) {
        for (const Spun & one : spun) {
          rclsim::port::spin(one.node->rclsim_id(), rclsim::node::Spin_How::STOP, 1, false, slot + 1, one.group);
        }
      }
    };
  // rclcpp's multi_threaded_executor.cpp (Jazzy, spin): threads 0 … n − 2 are started, the
  // calling thread runs as thread n − 1, and the spin ends once each of them returned.
  std::vector<std::thread> started;
  uint32_t slot = 0;
  for (; slot + 1 < threads; ++slot) {
    started.emplace_back(run, slot);
  }
  run(slot);
  for (auto & thread : started) {
    thread.join();
  }
}

void Executor::spin_node_some(node_interfaces::NodeBaseInterface::SharedPtr node)
{
  add_node(node, false);
  spin_some();
  remove_node(node, false);
}

void Executor::spin_some(std::chrono::nanoseconds)
{
  if (spinning_) {
    throw std::runtime_error("spin_some() called while already spinning");
  }
  spinning_ = true;
  uint64_t before = rclsim::port::runs_served();
  std::set<uint64_t> nodes;
  SpunKey key;
  std::vector<Spun> spun = spun_now();
  for (const Spun & one : spun) {
    key.emplace_back(one.node->rclsim_id(), one.group);
    if (nodes.insert(one.node->rclsim_id()).second) {
      rclsim::port::spin(one.node->rclsim_id(), rclsim::node::Spin_How::SPIN_ONCE);
    }
  }
  spinning_ = false;
  // A loop of spin_some (`while (!done) spin_some(node)`) spins until something is ready, in wall
  // time; sim time moves only while a program waits. So a pass that finds nothing, where a pass of
  // the same nodes and groups on this thread found nothing already at this sim time with no
  // callback run since, waits for the next callback of what the loop's passes spin, as such a loop
  // would have spun until it. The same nodes and groups, not the same executor: in `while (!done)
  // rclcpp::spin_some(node)` each pass has a new executor. Passes of other groups are not a loop:
  // nav2's behaviour tree nodes each spin_some their own group's executor once, one after another,
  // as the tree is made.
  int64_t now = rclsim::port::now_ns();
  uint64_t runs = rclsim::port::runs_served();
  if (runs != before) {
    idle_passes = {};
    return;
  }
  if (idle_passes.at_ns != now || idle_passes.runs_served != runs) {
    idle_passes = {now, runs, {}, {}};
  }
  if (std::find(idle_passes.spun.begin(), idle_passes.spun.end(), key) == idle_passes.spun.end()) {
    for (const Spun & one : spun) {
      auto same = [&one](const auto & seen) {return seen.first.lock() == one.node && seen.second == one.group;};
      if (std::none_of(idle_passes.all.begin(), idle_passes.all.end(), same)) {
        idle_passes.all.emplace_back(one.node, one.group);
      }
    }
    idle_passes.spun.push_back(std::move(key));
    return;
  }
  std::vector<Spun> loop;
  for (const auto & [weak, group] : idle_passes.all) {
    if (auto node = weak.lock()) {
      loop.push_back({node, group});
    }
  }
  idle_passes = {};
  if (!loop.empty() && context_->is_valid()) {
    spin_until_complete([before] {return rclsim::port::runs_served() != before;}, std::chrono::nanoseconds(-1), std::move(loop));
  }
}

void Executor::spin_all(std::chrono::nanoseconds max_duration)
{
  if (max_duration < std::chrono::nanoseconds(0)) {
    throw std::invalid_argument("max_duration must be greater than or equal to 0");
  }
  // Until a pass finds nothing ready.
  while (context_->is_valid()) {
    uint64_t before = rclsim::port::runs_served();
    spin_some();
    if (rclsim::port::runs_served() == before) {
      return;
    }
  }
}

void Executor::spin_once(std::chrono::nanoseconds timeout)
{
  uint64_t before = rclsim::port::runs_served();
  spin_until_complete([before] {return rclsim::port::runs_served() != before;}, timeout);
}

void Executor::cancel() {canceled_ = true;}

namespace executors
{
// As rclcpp's: the CPUs the program sees (the simulation's count, as std::thread::hardware_concurrency
// gives it), at least 2.
MultiThreadedExecutor::MultiThreadedExecutor(const ExecutorOptions & options, size_t number_of_threads, bool, std::chrono::nanoseconds)
: Executor(options), number_of_threads_(number_of_threads > 0 ? number_of_threads : std::max<size_t>(rclsim::port::welcome().cpu_count, 2))
{
  if (number_of_threads_ == 1) {
    RCLCPP_WARN(rclcpp::get_logger("rclcpp"), "MultiThreadedExecutor is used with a single thread.\nUse the SingleThreadedExecutor instead.");
  }
}
}  // namespace executors

void spin(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr)
{
  rclcpp::executors::SingleThreadedExecutor executor;
  executor.add_node(node_ptr);
  executor.spin();
  executor.remove_node(node_ptr);
}

void spin_some(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr)
{
  rclcpp::executors::SingleThreadedExecutor executor;
  executor.spin_node_some(node_ptr);
}

void spin_all(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr, std::chrono::nanoseconds max_duration)
{
  rclcpp::executors::SingleThreadedExecutor executor;
  executor.add_node(node_ptr);
  executor.spin_all(max_duration);
  executor.remove_node(node_ptr);
}

}  // namespace rclcpp
