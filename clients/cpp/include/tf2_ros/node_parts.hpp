// What tf2_ros' classes take of a node given as a pointer, a shared pointer or a reference, and
// the QoS overriding options tf2_ros' broadcasters and listener declare (as tf2_ros' headers).
// rclsim's own header: tf2_ros has these inline in each class.
#ifndef TF2_ROS__NODE_PARTS_HPP_
#define TF2_ROS__NODE_PARTS_HPP_

#include <memory>
#include <type_traits>

#include "rclcpp/rclcpp.hpp"

namespace tf2_ros
{
namespace detail
{

template<typename NodeT>
auto node_of(NodeT & node) -> decltype(&*node)
{
  return &*node;
}

template<typename NodeT, typename = std::enable_if_t<std::is_class<NodeT>::value>>
auto node_of(NodeT & node) -> decltype(node.get_node_base_interface(), &node)
{
  return &node;
}

template<class AllocatorT = std::allocator<void>>
rclcpp::PublisherOptionsWithAllocator<AllocatorT> dynamic_publisher_options()
{
  rclcpp::PublisherOptionsWithAllocator<AllocatorT> options;
  options.qos_overriding_options = rclcpp::QosOverridingOptions{rclcpp::QosPolicyKind::Depth, rclcpp::QosPolicyKind::Durability,
    rclcpp::QosPolicyKind::History, rclcpp::QosPolicyKind::Reliability};
  return options;
}

template<class AllocatorT = std::allocator<void>>
rclcpp::PublisherOptionsWithAllocator<AllocatorT> static_publisher_options()
{
  rclcpp::PublisherOptionsWithAllocator<AllocatorT> options;
  options.qos_overriding_options = rclcpp::QosOverridingOptions{rclcpp::QosPolicyKind::Depth, rclcpp::QosPolicyKind::History,
    rclcpp::QosPolicyKind::Reliability};
  return options;
}

template<class AllocatorT = std::allocator<void>>
rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> get_default_transform_listener_sub_options()
{
  rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> options;
  options.qos_overriding_options = rclcpp::QosOverridingOptions{rclcpp::QosPolicyKind::Depth, rclcpp::QosPolicyKind::Durability,
    rclcpp::QosPolicyKind::History, rclcpp::QosPolicyKind::Reliability};
  return options;
}

template<class AllocatorT = std::allocator<void>>
rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> get_default_transform_listener_static_sub_options()
{
  rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> options;
  options.qos_overriding_options = rclcpp::QosOverridingOptions{rclcpp::QosPolicyKind::Depth, rclcpp::QosPolicyKind::History,
    rclcpp::QosPolicyKind::Reliability};
  return options;
}

}  // namespace detail
}  // namespace tf2_ros

#endif  // TF2_ROS__NODE_PARTS_HPP_
