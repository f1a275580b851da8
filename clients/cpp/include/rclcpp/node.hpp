// rclcpp::Node (rclcpp/node.hpp): a node of the simulation's graph, made and kept by the
// simulation; its publishers, subscriptions and timers are made here.
#ifndef RCLCPP__NODE_HPP_
#define RCLCPP__NODE_HPP_

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/logger.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/node_options.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/subscription.hpp"
#include "rclcpp/timer.hpp"

namespace rclcpp
{

class Node : public std::enable_shared_from_this<Node>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(Node)

  explicit Node(const std::string & node_name, const NodeOptions & options = NodeOptions());
  Node(const std::string & node_name, const std::string & namespace_, const NodeOptions & options = NodeOptions());
  virtual ~Node();
  Node(const Node &) = delete;
  Node & operator=(const Node &) = delete;

  const char * get_name() const {return base_->get_name();}
  const char * get_namespace() const {return base_->get_namespace();}
  const char * get_fully_qualified_name() const {return base_->get_fully_qualified_name();}
  rclcpp::Logger get_logger() const {return logger_;}
  const NodeOptions & get_node_options() const {return options_;}

  CallbackGroup::SharedPtr create_callback_group(CallbackGroupType group_type, bool automatically_add_to_executor_with_node = true)
  {
    return base_->create_callback_group(group_type, automatically_add_to_executor_with_node);
  }

  template<typename MessageT, typename AllocatorT = std::allocator<void>, typename PublisherT = rclcpp::Publisher<MessageT, AllocatorT>>
  std::shared_ptr<PublisherT> create_publisher(const std::string & topic_name, const rclcpp::QoS & qos,
    const PublisherOptionsWithAllocator<AllocatorT> & options = PublisherOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<PublisherT>(base_.get(), topic_name, qos, options);
  }

  template<typename MessageT, typename CallbackT, typename AllocatorT = std::allocator<void>,
    typename SubscriptionT = rclcpp::Subscription<MessageT, AllocatorT>, typename MessageMemoryStrategyT = void>
  std::shared_ptr<SubscriptionT> create_subscription(const std::string & topic_name, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options = SubscriptionOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<SubscriptionT>(base_.get(), topic_name, qos, std::forward<CallbackT>(callback), options);
  }

  template<typename MessageT, typename CallbackT, typename AllocatorT, typename SubscriptionT, typename MessageMemoryStrategyT>
  std::shared_ptr<SubscriptionT> create_subscription(const std::string & topic_name, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options, const std::shared_ptr<MessageMemoryStrategyT> &)
  {
    return std::make_shared<SubscriptionT>(base_.get(), topic_name, qos, std::forward<CallbackT>(callback), options);
  }

  template<typename DurationRepT = int64_t, typename DurationT = std::milli, typename CallbackT>
  typename rclcpp::WallTimer<CallbackT>::SharedPtr create_wall_timer(std::chrono::duration<DurationRepT, DurationT> period, CallbackT callback,
    rclcpp::CallbackGroup::SharedPtr group = nullptr, bool autostart = true)
  {
    return std::make_shared<rclcpp::WallTimer<CallbackT>>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(period), std::move(callback), base_.get(), group, autostart);
  }

  template<typename DurationRepT = int64_t, typename DurationT = std::milli, typename CallbackT>
  typename rclcpp::GenericTimer<CallbackT>::SharedPtr create_timer(std::chrono::duration<DurationRepT, DurationT> period, CallbackT callback,
    rclcpp::CallbackGroup::SharedPtr group = nullptr, bool autostart = true)
  {
    return std::make_shared<rclcpp::GenericTimer<CallbackT>>(
      clock_, std::chrono::duration_cast<std::chrono::nanoseconds>(period), std::move(callback), base_.get(), group, autostart);
  }

  rclcpp::Clock::SharedPtr get_clock() {return clock_;}
  rclcpp::Clock::ConstSharedPtr get_clock() const {return clock_;}
  Time now() const {return clock_->now();}

  std::vector<std::string> get_node_names() const;
  std::map<std::string, std::vector<std::string>> get_topic_names_and_types() const;
  std::map<std::string, std::vector<std::string>> get_service_names_and_types() const;
  size_t count_publishers(const std::string & topic_name) const;
  size_t count_subscribers(const std::string & topic_name) const;
  const std::string & get_sub_namespace() const {return sub_namespace_;}
  const std::string & get_effective_namespace() const {return effective_namespace_;}

  node_interfaces::NodeBaseInterface::SharedPtr get_node_base_interface() {return base_;}

protected:
  /// Node's own state, for the parts of rclcpp built on it (LifecycleNode, parameters).
  std::shared_ptr<node_interfaces::NodeBase> rclsim_base() const {return base_;}

private:
  std::string graph(const std::string & query, const std::vector<std::string> & arguments) const;

  NodeOptions options_;
  std::shared_ptr<node_interfaces::NodeBase> base_;
  rclcpp::Logger logger_;
  rclcpp::Clock::SharedPtr clock_;
  std::string sub_namespace_;
  std::string effective_namespace_;
};

}  // namespace rclcpp

#endif  // RCLCPP__NODE_HPP_
