// tf2_ros::TransformBroadcaster (tf2_ros/transform_broadcaster.h): publishes on /tf with
// DynamicBroadcasterQoS and tf2_ros' QoS overrides (depth, durability, history, reliability).
#ifndef TF2_ROS__TRANSFORM_BROADCASTER_H_
#define TF2_ROS__TRANSFORM_BROADCASTER_H_

#include <memory>
#include <vector>

#include "geometry_msgs/msg/transform_stamped.hpp"
#include "rclcpp/rclcpp.hpp"
#include "tf2_msgs/msg/tf_message.hpp"
#include "tf2_ros/node_parts.hpp"
#include "tf2_ros/qos.hpp"

namespace tf2_ros
{

class TransformBroadcaster
{
public:
  template<class NodeT, class AllocatorT = std::allocator<void>>
  TransformBroadcaster(NodeT && node, const rclcpp::QoS & qos = DynamicBroadcasterQoS(),
    const rclcpp::PublisherOptionsWithAllocator<AllocatorT> & options = detail::dynamic_publisher_options<AllocatorT>())
  : TransformBroadcaster(detail::node_of(node)->get_node_parameters_interface(), detail::node_of(node)->get_node_topics_interface(),
      qos, options) {}

  template<class AllocatorT = std::allocator<void>>
  TransformBroadcaster(rclcpp::node_interfaces::NodeParametersInterface::SharedPtr node_parameters,
    rclcpp::node_interfaces::NodeTopicsInterface::SharedPtr node_topics, const rclcpp::QoS & qos = DynamicBroadcasterQoS(),
    const rclcpp::PublisherOptionsWithAllocator<AllocatorT> & options = detail::dynamic_publisher_options<AllocatorT>())
  {
    publisher_ = rclcpp::create_publisher<tf2_msgs::msg::TFMessage>(node_parameters, node_topics, "/tf", qos, options);
  }

  void sendTransform(const geometry_msgs::msg::TransformStamped & transform);
  void sendTransform(const std::vector<geometry_msgs::msg::TransformStamped> & transforms);

private:
  rclcpp::Publisher<tf2_msgs::msg::TFMessage>::SharedPtr publisher_;
};

}  // namespace tf2_ros

#endif  // TF2_ROS__TRANSFORM_BROADCASTER_H_
