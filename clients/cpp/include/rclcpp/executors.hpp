// rclcpp's executors (rclcpp/executors.hpp) and the free spin functions. Every executor class
// spins its nodes in the simulation, which runs them under its model (docs/design.md#executors-and-execution-time).
#ifndef RCLCPP__EXECUTORS_HPP_
#define RCLCPP__EXECUTORS_HPP_

#include <chrono>
#include <memory>

#include "rclcpp/executor.hpp"
#include "rclcpp/node.hpp"
#include "rclcpp/utilities.hpp"

namespace rclcpp
{
namespace executors
{

class SingleThreadedExecutor : public rclcpp::Executor
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(SingleThreadedExecutor)
  explicit SingleThreadedExecutor(const ExecutorOptions & options = ExecutorOptions()) : Executor(options) {}
};

class StaticSingleThreadedExecutor : public rclcpp::Executor
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(StaticSingleThreadedExecutor)
  explicit StaticSingleThreadedExecutor(const ExecutorOptions & options = ExecutorOptions()) : Executor(options) {}
};

class MultiThreadedExecutor : public rclcpp::Executor
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(MultiThreadedExecutor)
  explicit MultiThreadedExecutor(const ExecutorOptions & options = ExecutorOptions(), size_t number_of_threads = 0,
    bool yield_before_execute = false, std::chrono::nanoseconds timeout = std::chrono::nanoseconds(-1));
  size_t get_number_of_threads() {return number_of_threads_;}
  void spin() override {spin_in_pool(number_of_threads_);}

protected:
  uint32_t rclsim_threads() const override {return static_cast<uint32_t>(number_of_threads_);}

private:
  size_t number_of_threads_;
};

}  // namespace executors

namespace experimental
{
namespace executors
{

/// Where rclcpp's events executor queues its events: the simulation's model orders them here.
class EventsQueue
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(EventsQueue)
  virtual ~EventsQueue() = default;
};

class SimpleEventsQueue : public EventsQueue
{
};

class EventsExecutor : public rclcpp::Executor
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(EventsExecutor)
  explicit EventsExecutor(EventsQueue::UniquePtr events_queue = std::make_unique<SimpleEventsQueue>(), bool execute_timers_separate_thread = false,
    const ExecutorOptions & options = ExecutorOptions())
  : Executor(options), events_queue_(std::move(events_queue)), execute_timers_separate_thread_(execute_timers_separate_thread) {}

private:
  EventsQueue::UniquePtr events_queue_;
  bool execute_timers_separate_thread_;
};

}  // namespace executors
}  // namespace experimental

// The free spin functions, over a node's base or an rclcpp::Node (rclcpp/executors.hpp): a
// std::unique_ptr<Node> converts to the Node::SharedPtr overloads, as nav2's main()s pass
// `rclcpp::spin(std::make_unique<...>())`; the templates take any node class with a base
// (a LifecycleNode's shared_ptr among them).
void spin(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr);
void spin_some(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr);
void spin_all(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr, std::chrono::nanoseconds max_duration);

inline void spin(rclcpp::Node::SharedPtr node_ptr) {spin(node_ptr->get_node_base_interface());}
inline void spin_some(rclcpp::Node::SharedPtr node_ptr) {spin_some(node_ptr->get_node_base_interface());}
inline void spin_all(rclcpp::Node::SharedPtr node_ptr, std::chrono::nanoseconds max_duration)
{
  spin_all(node_ptr->get_node_base_interface(), max_duration);
}

template<typename NodeT>
void spin(const std::shared_ptr<NodeT> & node_ptr) {spin(node_ptr->get_node_base_interface());}
template<typename NodeT>
void spin_some(const std::shared_ptr<NodeT> & node_ptr) {spin_some(node_ptr->get_node_base_interface());}
template<typename NodeT>
void spin_all(const std::shared_ptr<NodeT> & node_ptr, std::chrono::nanoseconds max_duration)
{
  spin_all(node_ptr->get_node_base_interface(), max_duration);
}

namespace executors
{

/// Spins the node in `executor` until the future is ready or the timeout passes, then takes it out.
template<typename FutureT, typename TimeRepT = int64_t, typename TimeT = std::milli>
rclcpp::FutureReturnCode spin_node_until_future_complete(rclcpp::Executor & executor,
  rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr, const FutureT & future,
  std::chrono::duration<TimeRepT, TimeT> timeout = std::chrono::duration<TimeRepT, TimeT>(-1))
{
  executor.add_node(node_ptr);
  const rclcpp::FutureReturnCode code = executor.spin_until_future_complete(future, timeout);
  executor.remove_node(node_ptr);
  return code;
}

template<typename NodeT = rclcpp::Node, typename FutureT, typename TimeRepT = int64_t, typename TimeT = std::milli>
rclcpp::FutureReturnCode spin_node_until_future_complete(rclcpp::Executor & executor, std::shared_ptr<NodeT> node_ptr,
  const FutureT & future, std::chrono::duration<TimeRepT, TimeT> timeout = std::chrono::duration<TimeRepT, TimeT>(-1))
{
  return spin_node_until_future_complete(executor, node_ptr->get_node_base_interface(), future, timeout);
}

}  // namespace executors

template<typename FutureT, typename TimeRepT = int64_t, typename TimeT = std::milli>
rclcpp::FutureReturnCode spin_until_future_complete(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_ptr, const FutureT & future,
  std::chrono::duration<TimeRepT, TimeT> timeout = std::chrono::duration<TimeRepT, TimeT>(-1))
{
  rclcpp::executors::SingleThreadedExecutor executor;
  return executors::spin_node_until_future_complete(executor, node_ptr, future, timeout);
}

template<typename NodeT = rclcpp::Node, typename FutureT, typename TimeRepT = int64_t, typename TimeT = std::milli>
rclcpp::FutureReturnCode spin_until_future_complete(std::shared_ptr<NodeT> node_ptr, const FutureT & future,
  std::chrono::duration<TimeRepT, TimeT> timeout = std::chrono::duration<TimeRepT, TimeT>(-1))
{
  return spin_until_future_complete(node_ptr->get_node_base_interface(), future, timeout);
}

}  // namespace rclcpp

#endif  // RCLCPP__EXECUTORS_HPP_
