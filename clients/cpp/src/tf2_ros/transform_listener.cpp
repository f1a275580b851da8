// tf2_ros::TransformListener as tf2_ros' transform_listener.cpp: each received transform into
// the buffer, with the authority tf2_ros gives ("Authority undetectable").
#include "tf2_ros/transform_listener.h"

#include <cstdio>
#include <memory>
#include <string>

#include "rclsim/machine.hpp"
#include "rclsim/port.hpp"

namespace tf2_ros
{

TransformListener::TransformListener(tf2::BufferCore & buffer, bool spin_thread)
: buffer_(buffer)
{
  makeOwnNode();
  node_logging_interface_ = optional_default_node_->get_node_logging_interface();
  subscribe(optional_default_node_->get_node_parameters_interface(), optional_default_node_->get_node_topics_interface(),
    DynamicListenerQoS(), StaticListenerQoS(), detail::get_default_transform_listener_sub_options(),
    detail::get_default_transform_listener_static_sub_options());
  if (spin_thread) {
    startSpinThread();
  }
}

void TransformListener::makeOwnNode()
{
  // tf2_ros names it by the listener's address, which differs from process to process: here a
  // draw from a stream of the program's own, seeded as its other streams are, and named by its
  // arguments too (two processes of one program differ by them).
  std::string stream = "tf2_ros.TransformListener";
  for (const std::string & argument : rclsim::port::welcome().argv) {
    stream += " " + argument;
  }
  char node_name[42];
  std::snprintf(node_name, sizeof(node_name), "transform_listener_impl_%zx", static_cast<size_t>(rclsim::machine::draw(stream) >> 16));
  rclcpp::NodeOptions options;
  // Its name as a local remap, as tf2_ros gives it (geometry2#540): a `__node:=` the program's
  // command line carries (launch's name=) renames the program's node, not this one.
  options.arguments({"--ros-args", "-r", std::string("__node:=") + node_name});
  options.start_parameter_event_publisher(false);
  options.start_parameter_services(false);
  optional_default_node_ = rclcpp::Node::make_shared("_", options);
}

void TransformListener::startSpinThread()
{
  spin_thread_ = true;
  executor_ = std::make_shared<rclcpp::executors::SingleThreadedExecutor>();
  executor_->add_node(optional_default_node_);
  dedicated_listener_thread_ = std::make_unique<std::thread>([this]() {executor_->spin();});
  buffer_.setUsingDedicatedThread(true);
}

TransformListener::~TransformListener()
{
  if (spin_thread_) {
    executor_->cancel();
    dedicated_listener_thread_->join();
  }
}

void TransformListener::subscription_callback(const tf2_msgs::msg::TFMessage::ConstSharedPtr msg, bool is_static)
{
  const std::string authority = "Authority undetectable";
  for (const auto & transform : msg->transforms) {
    try {
      buffer_.setTransform(transform, authority, is_static);
    } catch (const tf2::TransformException & ex) {
      std::string temp = ex.what();
      RCLCPP_ERROR(node_logging_interface_->get_logger(), "Failure to set received transform from %s to %s with error: %s\n",
        transform.child_frame_id.c_str(), transform.header.frame_id.c_str(), temp.c_str());
    }
  }
}

}  // namespace tf2_ros
