// tf2_ros::TransformListener (tf2_ros/transform_listener.h): fills a buffer from /tf and
// /tf_static (DynamicListenerQoS, StaticListenerQoS). With spin_thread (the default) its
// subscriptions are spun by an executor in a thread of its own, so that a lookup waiting in
// another thread gets them: here that executor spins a node of the listener's own
// (transform_listener_impl_<hex>, as tf2_ros names the one it makes when given no node), since
// the simulation spins a node as a whole; without spin_thread they are the given node's.
#ifndef TF2_ROS__TRANSFORM_LISTENER_H_
#define TF2_ROS__TRANSFORM_LISTENER_H_

#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include "rclcpp/rclcpp.hpp"
#include "tf2/buffer_core.h"
#include "tf2/time.h"
#include "tf2_msgs/msg/tf_message.hpp"
#include "tf2_ros/node_parts.hpp"
#include "tf2_ros/qos.hpp"

namespace tf2_ros
{

class TransformListener
{
public:
  explicit TransformListener(tf2::BufferCore & buffer, bool spin_thread = true);

  template<class NodeT, class AllocatorT = std::allocator<void>>
  TransformListener(tf2::BufferCore & buffer, NodeT && node, bool spin_thread = true, const rclcpp::QoS & qos = DynamicListenerQoS(),
    const rclcpp::QoS & static_qos = StaticListenerQoS(),
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & options = detail::get_default_transform_listener_sub_options<AllocatorT>(),
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & static_options =
    detail::get_default_transform_listener_static_sub_options<AllocatorT>())
  : TransformListener(buffer, detail::node_of(node)->get_node_base_interface(), detail::node_of(node)->get_node_logging_interface(),
      detail::node_of(node)->get_node_parameters_interface(), detail::node_of(node)->get_node_topics_interface(), spin_thread, qos,
      static_qos, options, static_options) {}

  template<class AllocatorT = std::allocator<void>>
  TransformListener(tf2::BufferCore & buffer, rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base,
    rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr node_logging,
    rclcpp::node_interfaces::NodeParametersInterface::SharedPtr node_parameters,
    rclcpp::node_interfaces::NodeTopicsInterface::SharedPtr node_topics, bool spin_thread = true,
    const rclcpp::QoS & qos = DynamicListenerQoS(), const rclcpp::QoS & static_qos = StaticListenerQoS(),
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & options = detail::get_default_transform_listener_sub_options<AllocatorT>(),
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & static_options =
    detail::get_default_transform_listener_static_sub_options<AllocatorT>())
  : buffer_(buffer)
  {
    if (spin_thread) {
      // The listener's own node, spun by its own thread (see the top of this file).
      (void)node_base;
      (void)node_parameters;
      (void)node_topics;
      makeOwnNode();
      node_logging_interface_ = node_logging;
      subscribe(optional_default_node_->get_node_parameters_interface(), optional_default_node_->get_node_topics_interface(), qos,
        static_qos, options, static_options);
      startSpinThread();
    } else {
      node_logging_interface_ = node_logging;
      subscribe(node_parameters, node_topics, qos, static_qos, options, static_options);
    }
  }

  virtual ~TransformListener();

  virtual void subscription_callback(tf2_msgs::msg::TFMessage::ConstSharedPtr msg, bool is_static);

private:
  template<class AllocatorT>
  void subscribe(rclcpp::node_interfaces::NodeParametersInterface::SharedPtr node_parameters,
    rclcpp::node_interfaces::NodeTopicsInterface::SharedPtr node_topics, const rclcpp::QoS & qos, const rclcpp::QoS & static_qos,
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & options,
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & static_options)
  {
    using callback_t = std::function<void (tf2_msgs::msg::TFMessage::ConstSharedPtr)>;
    callback_t cb = [this](tf2_msgs::msg::TFMessage::ConstSharedPtr msg) {subscription_callback(msg, false);};
    callback_t static_cb = [this](tf2_msgs::msg::TFMessage::ConstSharedPtr msg) {subscription_callback(msg, true);};
    message_subscription_tf_ = rclcpp::create_subscription<tf2_msgs::msg::TFMessage>(node_parameters, node_topics, "/tf", qos,
        std::move(cb), options);
    message_subscription_tf_static_ = rclcpp::create_subscription<tf2_msgs::msg::TFMessage>(node_parameters, node_topics, "/tf_static",
        static_qos, std::move(static_cb), static_options);
  }

  void makeOwnNode();
  void startSpinThread();

  bool spin_thread_{false};
  std::unique_ptr<std::thread> dedicated_listener_thread_{nullptr};
  rclcpp::Executor::SharedPtr executor_{nullptr};
  rclcpp::Node::SharedPtr optional_default_node_{nullptr};
  rclcpp::Subscription<tf2_msgs::msg::TFMessage>::SharedPtr message_subscription_tf_{nullptr};
  rclcpp::Subscription<tf2_msgs::msg::TFMessage>::SharedPtr message_subscription_tf_static_{nullptr};
  tf2::BufferCore & buffer_;
  rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr node_logging_interface_{nullptr};
};

}  // namespace tf2_ros

#endif  // TF2_ROS__TRANSFORM_LISTENER_H_
