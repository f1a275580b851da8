// tf2_ros::Buffer (tf2_ros/buffer.h): a BufferCore on a node's clock; lookups that wait for their
// timeout in that clock's time (sim time: the waiting thread sleeps, as tf2_ros' does), the
// asynchronous waitForTransform, and the `tf2_frames` service when given a node.
#ifndef TF2_ROS__BUFFER_H_
#define TF2_ROS__BUFFER_H_

#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "geometry_msgs/msg/transform_stamped.hpp"
#include "rclcpp/rclcpp.hpp"
#include "tf2/buffer_core.h"
#include "tf2/time.h"
#include "tf2_msgs/srv/frame_graph.hpp"
#include "tf2_ros/async_buffer_interface.h"
#include "tf2_ros/buffer_interface.h"
#include "tf2_ros/create_timer_interface.h"

namespace tf2_ros
{

class Buffer : public BufferInterface, public AsyncBufferInterface, public tf2::BufferCore
{
public:
  using tf2::BufferCore::lookupTransform;
  using tf2::BufferCore::canTransform;
  using SharedPtr = std::shared_ptr<tf2_ros::Buffer>;

  template<typename NodeT = rclcpp::Node::SharedPtr>
  Buffer(rclcpp::Clock::SharedPtr clock, tf2::Duration cache_time = tf2::Duration(tf2::BUFFER_CORE_DEFAULT_CACHE_TIME),
    NodeT && node = NodeT(), const rclcpp::QoS & qos = rclcpp::ServicesQoS())
  : BufferCore(cache_time), clock_(clock), timer_interface_(nullptr)
  {
    if (nullptr == clock_) {
      throw std::invalid_argument("clock must be a valid instance");
    }
    if (node) {
      node_logging_interface_ = node->get_node_logging_interface();
      frames_server_ = std::make_shared<rclcpp::Service<tf2_msgs::srv::FrameGraph>>(node->get_node_base_interface().get(), "tf2_frames",
          [this](const std::shared_ptr<tf2_msgs::srv::FrameGraph::Request> request,
          std::shared_ptr<tf2_msgs::srv::FrameGraph::Response> response) {getFrames(request, response);}, qos, nullptr);
    }
  }

  geometry_msgs::msg::TransformStamped lookupTransform(const std::string & target_frame, const std::string & source_frame,
    const tf2::TimePoint & time, const tf2::Duration timeout) const override;

  geometry_msgs::msg::TransformStamped lookupTransform(const std::string & target_frame, const std::string & source_frame,
    const rclcpp::Time & time, const rclcpp::Duration timeout = rclcpp::Duration::from_nanoseconds(0)) const
  {
    return lookupTransform(target_frame, source_frame, fromRclcpp(time), fromRclcpp(timeout));
  }

  geometry_msgs::msg::TransformStamped lookupTransform(const std::string & target_frame, const tf2::TimePoint & target_time,
    const std::string & source_frame, const tf2::TimePoint & source_time, const std::string & fixed_frame,
    const tf2::Duration timeout) const override;

  geometry_msgs::msg::TransformStamped lookupTransform(const std::string & target_frame, const rclcpp::Time & target_time,
    const std::string & source_frame, const rclcpp::Time & source_time, const std::string & fixed_frame,
    const rclcpp::Duration timeout = rclcpp::Duration::from_nanoseconds(0)) const
  {
    return lookupTransform(target_frame, fromRclcpp(target_time), source_frame, fromRclcpp(source_time), fixed_frame,
             fromRclcpp(timeout));
  }

  bool canTransform(const std::string & target_frame, const std::string & source_frame, const tf2::TimePoint & target_time,
    const tf2::Duration timeout, std::string * errstr = NULL) const override;

  bool canTransform(const std::string & target_frame, const std::string & source_frame, const rclcpp::Time & time,
    const rclcpp::Duration timeout = rclcpp::Duration::from_nanoseconds(0), std::string * errstr = NULL) const
  {
    return canTransform(target_frame, source_frame, fromRclcpp(time), fromRclcpp(timeout), errstr);
  }

  bool canTransform(const std::string & target_frame, const tf2::TimePoint & target_time, const std::string & source_frame,
    const tf2::TimePoint & source_time, const std::string & fixed_frame, const tf2::Duration timeout,
    std::string * errstr = NULL) const override;

  bool canTransform(const std::string & target_frame, const rclcpp::Time & target_time, const std::string & source_frame,
    const rclcpp::Time & source_time, const std::string & fixed_frame,
    const rclcpp::Duration timeout = rclcpp::Duration::from_nanoseconds(0), std::string * errstr = NULL) const
  {
    return canTransform(target_frame, fromRclcpp(target_time), source_frame, fromRclcpp(source_time), fixed_frame,
             fromRclcpp(timeout), errstr);
  }

  TransformStampedFuture waitForTransform(const std::string & target_frame, const std::string & source_frame,
    const tf2::TimePoint & time, const tf2::Duration & timeout, TransformReadyCallback callback) override;

  TransformStampedFuture waitForTransform(const std::string & target_frame, const std::string & source_frame,
    const rclcpp::Time & time, const rclcpp::Duration & timeout, TransformReadyCallback callback)
  {
    return waitForTransform(target_frame, source_frame, fromRclcpp(time), fromRclcpp(timeout), callback);
  }

  void cancel(const TransformStampedFuture & ts_future) override;

  inline void setCreateTimerInterface(CreateTimerInterface::SharedPtr create_timer_interface)
  {
    timer_interface_ = create_timer_interface;
  }

private:
  void timerCallback(const TimerHandle & timer_handle, std::shared_ptr<std::promise<geometry_msgs::msg::TransformStamped>> promise,
    TransformStampedFuture future, TransformReadyCallback callback);
  bool getFrames(const tf2_msgs::srv::FrameGraph::Request::SharedPtr req, tf2_msgs::srv::FrameGraph::Response::SharedPtr res);
  bool checkAndErrorDedicatedThreadPresent(std::string * errstr) const;
  rclcpp::Logger getLogger() const;

  rclcpp::Service<tf2_msgs::srv::FrameGraph>::SharedPtr frames_server_;
  rclcpp::Clock::SharedPtr clock_;
  rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr node_logging_interface_;
  CreateTimerInterface::SharedPtr timer_interface_;
  std::map<TimerHandle, tf2::TransformableRequestHandle> timer_to_request_map_;
  std::mutex timer_to_request_map_mutex_;
};

static const char threading_error[] = "Do not call canTransform or lookupTransform with a timeout "
  "unless you are using another thread for populating data. Without a dedicated thread it will "
  "always timeout.  If you have a separate thread servicing tf messages, call "
  "setUsingDedicatedThread(true) on your Buffer instance.";

}  // namespace tf2_ros

#endif  // TF2_ROS__BUFFER_H_
