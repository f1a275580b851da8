// tf2_ros::StaticTransformBroadcaster (tf2_ros/static_transform_broadcaster.h): publishes on
// /tf_static, transient local, every transform sent so far in one message (one per child frame).
#ifndef TF2_ROS__STATIC_TRANSFORM_BROADCASTER_H_
#define TF2_ROS__STATIC_TRANSFORM_BROADCASTER_H_

#include <memory>
#include <vector>

#include "geometry_msgs/msg/transform_stamped.hpp"
#include "rclcpp/rclcpp.hpp"
#include "tf2_msgs/msg/tf_message.hpp"
#include "tf2_ros/node_parts.hpp"
#include "tf2_ros/qos.hpp"

namespace tf2_ros
{

class StaticTransformBroadcaster
{
public:
  template<class NodeT, class AllocatorT = std::allocator<void>>
  StaticTransformBroadcaster(NodeT && node, const rclcpp::QoS & qos = StaticBroadcasterQoS(),
    const rclcpp::PublisherOptionsWithAllocator<AllocatorT> & options = detail::static_publisher_options<AllocatorT>())
  : StaticTransformBroadcaster(detail::node_of(node)->get_node_parameters_interface(),
      detail::node_of(node)->get_node_topics_interface(), qos, options) {}

  template<class AllocatorT = std::allocator<void>>
  StaticTransformBroadcaster(rclcpp::node_interfaces::NodeParametersInterface::SharedPtr node_parameters,
    rclcpp::node_interfaces::NodeTopicsInterface::SharedPtr node_topics, const rclcpp::QoS & qos = StaticBroadcasterQoS(),
    const rclcpp::PublisherOptionsWithAllocator<AllocatorT> & options = detail::static_publisher_options<AllocatorT>())
  {
    publisher_ = rclcpp::create_publisher<tf2_msgs::msg::TFMessage>(node_parameters, node_topics, "/tf_static", qos, options);
  }

  void sendTransform(const geometry_msgs::msg::TransformStamped & transform);
  void sendTransform(const std::vector<geometry_msgs::msg::TransformStamped> & transforms);

private:
  rclcpp::Publisher<tf2_msgs::msg::TFMessage>::SharedPtr publisher_;
  tf2_msgs::msg::TFMessage net_message_;
};

}  // namespace tf2_ros

#endif  // TF2_ROS__STATIC_TRANSFORM_BROADCASTER_H_
