// tf2_ros::Buffer as tf2_ros' buffer.cpp: a lookup with a timeout polls canTransform every 10 ms
// of the clock's time until the timeout, then looks up (throwing what the core throws).
#include "tf2_ros/buffer.h"

#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace tf2_ros
{

namespace
{
void appendTimeoutInfo(std::string * errstr, const rclcpp::Time & start_time, const rclcpp::Time & current_time,
  const rclcpp::Duration & timeout)
{
  if (errstr) {
    std::stringstream ss;
    ss << ". canTransform returned after " << tf2::durationToSec(fromRclcpp(current_time - start_time)) << " timeout was " <<
      tf2::durationToSec(fromRclcpp(timeout)) << ".";
    (*errstr) += ss.str();
  }
}
}  // namespace

geometry_msgs::msg::TransformStamped Buffer::lookupTransform(const std::string & target_frame, const std::string & source_frame,
  const tf2::TimePoint & lookup_time, const tf2::Duration timeout) const
{
  std::string error;
  canTransform(target_frame, source_frame, lookup_time, timeout, &error);
  return lookupTransform(target_frame, source_frame, lookup_time);
}

geometry_msgs::msg::TransformStamped Buffer::lookupTransform(const std::string & target_frame, const tf2::TimePoint & target_time,
  const std::string & source_frame, const tf2::TimePoint & source_time, const std::string & fixed_frame,
  const tf2::Duration timeout) const
{
  std::string error;
  canTransform(target_frame, target_time, source_frame, source_time, fixed_frame, timeout, &error);
  return lookupTransform(target_frame, target_time, source_frame, source_time, fixed_frame);
}

bool Buffer::canTransform(const std::string & target_frame, const std::string & source_frame, const tf2::TimePoint & time,
  const tf2::Duration timeout, std::string * errstr) const
{
  if (timeout != tf2::durationFromSec(0.0) && !checkAndErrorDedicatedThreadPresent(errstr)) {
    return false;
  }
  rclcpp::Duration rclcpp_timeout(toRclcpp(timeout));
  rclcpp::Time start_time = clock_->now();
  while (clock_->now() < start_time + rclcpp_timeout &&
    !canTransform(target_frame, source_frame, time, tf2::Duration(std::chrono::nanoseconds::zero()), errstr) &&
    (clock_->now() + rclcpp::Duration(3, 0) >= start_time) && rclcpp::ok())
  {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  bool retval = canTransform(target_frame, source_frame, time, errstr);
  appendTimeoutInfo(errstr, start_time, clock_->now(), rclcpp_timeout);
  return retval;
}

bool Buffer::canTransform(const std::string & target_frame, const tf2::TimePoint & target_time, const std::string & source_frame,
  const tf2::TimePoint & source_time, const std::string & fixed_frame, const tf2::Duration timeout, std::string * errstr) const
{
  if (timeout != tf2::durationFromSec(0.0) && !checkAndErrorDedicatedThreadPresent(errstr)) {
    return false;
  }
  rclcpp::Duration rclcpp_timeout(toRclcpp(timeout));
  rclcpp::Time start_time = clock_->now();
  while (clock_->now() < start_time + rclcpp_timeout &&
    !canTransform(target_frame, target_time, source_frame, source_time, fixed_frame, tf2::Duration(std::chrono::nanoseconds::zero()),
    errstr) &&
    (clock_->now() + rclcpp::Duration(3, 0) >= start_time) && rclcpp::ok())
  {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  bool retval = canTransform(target_frame, target_time, source_frame, source_time, fixed_frame, errstr);
  appendTimeoutInfo(errstr, start_time, clock_->now(), rclcpp_timeout);
  return retval;
}

TransformStampedFuture Buffer::waitForTransform(const std::string & target_frame, const std::string & source_frame,
  const tf2::TimePoint & time, const tf2::Duration & timeout, TransformReadyCallback callback)
{
  if (nullptr == timer_interface_) {
    throw CreateTimerInterfaceException("timer interface not set before call to waitForTransform");
  }
  auto promise = std::make_shared<std::promise<geometry_msgs::msg::TransformStamped>>();
  TransformStampedFuture future(promise->get_future());
  auto cb = [this, promise, callback, future](tf2::TransformableRequestHandle request_handle, const std::string & target,
      const std::string & source, tf2::TimePoint when, tf2::TransformableResult result) {
      bool timeout_occurred = true;
      {
        std::lock_guard<std::mutex> lock(timer_to_request_map_mutex_);
        for (auto it = timer_to_request_map_.begin(); it != timer_to_request_map_.end(); ++it) {
          if (request_handle == it->second) {
            timer_interface_->remove(it->first);
            timer_to_request_map_.erase(it);
            timeout_occurred = false;
            break;
          }
        }
      }
      if (timeout_occurred) {
        return;
      }
      if (result == tf2::TransformAvailable) {
        promise->set_value(lookupTransform(target, source, when));
      } else {
        promise->set_exception(std::make_exception_ptr(tf2::LookupException("Failed to transform from " + source + " to " + target)));
      }
      callback(future);
    };
  auto handle = addTransformableRequest(cb, target_frame, source_frame, time);
  future.setHandle(handle);
  if (0 == handle) {
    promise->set_value(lookupTransform(target_frame, source_frame, time));
    callback(future);
  } else if (0xffffffffffffffffULL == handle) {
    promise->set_exception(std::make_exception_ptr(
        tf2::LookupException("Failed to transform from " + source_frame + " to " + target_frame)));
    callback(future);
  } else {
    std::lock_guard<std::mutex> lock(timer_to_request_map_mutex_);
    auto timer_handle = timer_interface_->createTimer(clock_, timeout,
        [this, promise, future, callback](const TimerHandle & fired) {timerCallback(fired, promise, future, callback);});
    timer_to_request_map_[timer_handle] = handle;
  }
  return future;
}

void Buffer::cancel(const TransformStampedFuture & ts_future)
{
  cancelTransformableRequest(ts_future.getHandle());
  std::lock_guard<std::mutex> lock(timer_to_request_map_mutex_);
  auto iter = timer_to_request_map_.find(ts_future.getHandle());
  if (iter != timer_to_request_map_.end()) {
    timer_to_request_map_.erase(iter);
  }
}

void Buffer::timerCallback(const TimerHandle & timer_handle, std::shared_ptr<std::promise<geometry_msgs::msg::TransformStamped>> promise,
  TransformStampedFuture future, TransformReadyCallback callback)
{
  bool timer_is_valid = false;
  tf2::TransformableRequestHandle request_handle = 0u;
  {
    std::lock_guard<std::mutex> lock(timer_to_request_map_mutex_);
    auto found = timer_to_request_map_.find(timer_handle);
    timer_is_valid = found != timer_to_request_map_.end();
    if (timer_is_valid) {
      request_handle = found->second;
      timer_to_request_map_.erase(found);
      timer_interface_->remove(timer_handle);
    }
  }
  if (timer_is_valid) {
    cancelTransformableRequest(request_handle);
    promise->set_exception(std::make_exception_ptr(tf2::TimeoutException(std::string("Timed out waiting for transform"))));
    callback(future);
  }
}

bool Buffer::getFrames(const tf2_msgs::srv::FrameGraph::Request::SharedPtr, tf2_msgs::srv::FrameGraph::Response::SharedPtr res)
{
  res->frame_yaml = allFramesAsYAML();
  return true;
}

bool Buffer::checkAndErrorDedicatedThreadPresent(std::string * error_str) const
{
  if (isUsingDedicatedThread()) {
    return true;
  }
  if (error_str) {
    *error_str = tf2_ros::threading_error;
  }
  RCLCPP_ERROR(getLogger(), "%s", tf2_ros::threading_error);
  return false;
}

rclcpp::Logger Buffer::getLogger() const
{
  return node_logging_interface_ ? node_logging_interface_->get_logger() : rclcpp::get_logger("tf2_buffer");
}

}  // namespace tf2_ros
