// rclcpp::Executor (rclcpp/executor.hpp): spins nodes. The simulation decides which callback runs
// when (its executor models, docs/design.md#executors-and-execution-time): spinning tells it the nodes' callbacks may
// run and serves the runs it grants, in this thread, until the spin's end.
#ifndef RCLCPP__EXECUTOR_HPP_
#define RCLCPP__EXECUTOR_HPP_

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <vector>

#include "rclcpp/context.hpp"
#include "rclcpp/memory_strategy.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"

namespace rclcpp
{

enum class FutureReturnCode { SUCCESS, INTERRUPTED, TIMEOUT };
std::string to_string(const FutureReturnCode & future_return_code);

struct ExecutorOptions
{
  /// rclcpp's wait-set memory strategy: the simulation's executor models hold no wait sets of their own.
  rclcpp::memory_strategy::MemoryStrategy::SharedPtr memory_strategy;
  rclcpp::Context::SharedPtr context = contexts::get_global_default_context();
  size_t max_conditions = 0;
};

class Executor
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(Executor)

  explicit Executor(const ExecutorOptions & options = ExecutorOptions());
  virtual ~Executor();
  Executor(const Executor &) = delete;
  Executor & operator=(const Executor &) = delete;

  virtual void spin();
  virtual void add_node(node_interfaces::NodeBaseInterface::SharedPtr node_ptr, bool notify = true);
  virtual void remove_node(node_interfaces::NodeBaseInterface::SharedPtr node_ptr, bool notify = true);
  template<typename NodeT>
  void add_node(std::shared_ptr<NodeT> node_ptr, bool notify = true) {add_node(node_ptr->get_node_base_interface(), notify);}
  template<typename NodeT>
  void remove_node(std::shared_ptr<NodeT> node_ptr, bool notify = true) {remove_node(node_ptr->get_node_base_interface(), notify);}
  virtual void add_callback_group(rclcpp::CallbackGroup::SharedPtr group_ptr, node_interfaces::NodeBaseInterface::SharedPtr node_ptr, bool notify = true);
  virtual void remove_callback_group(rclcpp::CallbackGroup::SharedPtr group_ptr, bool notify = true);

  template<typename RepT = int64_t, typename T = std::milli>
  void spin_node_once(node_interfaces::NodeBaseInterface::SharedPtr node, std::chrono::duration<RepT, T> timeout = std::chrono::duration<RepT, T>(-1))
  {
    add_node(node, false);
    spin_once(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
    remove_node(node, false);
  }
  template<typename NodeT, typename RepT = int64_t, typename T = std::milli>
  void spin_node_once(std::shared_ptr<NodeT> node, std::chrono::duration<RepT, T> timeout = std::chrono::duration<RepT, T>(-1))
  {
    spin_node_once(node->get_node_base_interface(), timeout);
  }
  void spin_node_some(node_interfaces::NodeBaseInterface::SharedPtr node);
  template<typename NodeT>
  void spin_node_some(std::shared_ptr<NodeT> node) {spin_node_some(node->get_node_base_interface());}

  /// The callbacks ready now, each once (rclcpp's spin_some; max_duration 0: no limit).
  virtual void spin_some(std::chrono::nanoseconds max_duration = std::chrono::nanoseconds(0));
  /// Ready callbacks until none is ready.
  virtual void spin_all(std::chrono::nanoseconds max_duration);
  /// One callback, waiting for it up to `timeout` of sim time (negative: no limit).
  virtual void spin_once(std::chrono::nanoseconds timeout = std::chrono::nanoseconds(-1));

  template<typename FutureT, typename TimeRepT = int64_t, typename TimeT = std::milli>
  FutureReturnCode spin_until_future_complete(const FutureT & future,
    std::chrono::duration<TimeRepT, TimeT> timeout = std::chrono::duration<TimeRepT, TimeT>(-1))
  {
    return spin_until_complete(
      [&future] {return future.wait_for(std::chrono::seconds(0)) == std::future_status::ready;},
      std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }

  void cancel();
  bool is_spinning() const {return spinning_;}

protected:
  /// Spins the nodes until `complete()` or the timeout (negative: none) or the context's end.
  FutureReturnCode spin_until_complete(const std::function<bool()> & complete, std::chrono::nanoseconds timeout);
  /// The number of threads the simulation's model gives this executor.
  virtual uint32_t rclsim_threads() const {return 1;}
  /// spin() on `threads` threads, as rclcpp's MultiThreadedExecutor: threads 0 … threads − 2 start,
  /// the calling thread is the last; each runs the callbacks the simulation's model gives it.
  void spin_in_pool(size_t threads);
  rclcpp::Context::SharedPtr context_;

private:
  /// A node spun, whole (group 0) or for one callback group of it.
  struct Spun
  {
    node_interfaces::NodeBaseInterface::SharedPtr node;
    uint64_t group;
  };
  /// The nodes and groups given to this executor.
  std::vector<Spun> spun_now() const;
  /// Spins `spun` (this executor's, or a loop of spin_some's) until `complete()`, as the protected one.
  FutureReturnCode spin_until_complete(const std::function<bool()> & complete, std::chrono::nanoseconds timeout, std::vector<Spun> spun);
  void start_spinning(const std::vector<Spun> & spun);
  void stop_spinning(const std::vector<Spun> & spun);
  std::vector<node_interfaces::NodeBaseInterface::WeakPtr> nodes_;
  /// Groups given to this executor of nodes another executor spins (rclcpp takes them here only).
  std::vector<std::pair<rclcpp::CallbackGroup::WeakPtr, node_interfaces::NodeBaseInterface::WeakPtr>> groups_;
  /// The nodes a spin under way spins: a node added meanwhile joins them.
  std::vector<Spun> * spun_ = nullptr;
  bool spinning_ = false;
  bool canceled_ = false;
};

}  // namespace rclcpp

#endif  // RCLCPP__EXECUTOR_HPP_
