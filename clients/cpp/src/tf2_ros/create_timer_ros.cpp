// tf2_ros::CreateTimerROS as tf2_ros' create_timer_ros.cpp: each timer by a handle, counted from 0.
#include "tf2_ros/create_timer_ros.h"

#include <functional>
#include <stdexcept>
#include <utility>

namespace tf2_ros
{

namespace
{
/// A run ends by 2^31 s (builtin_interfaces/Time's last second): a timer with a longer period
/// (MessageFilter's default timeout, the longest duration there is) would never fire, and is not
/// made; the simulation holds no period that long.
constexpr std::chrono::nanoseconds kLongestTimerPeriod = std::chrono::seconds(int64_t{1} << 31);
}  // namespace

CreateTimerROS::CreateTimerROS(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base,
  rclcpp::node_interfaces::NodeTimersInterface::SharedPtr node_timers, rclcpp::CallbackGroup::SharedPtr callback_group)
: node_base_(std::move(node_base)), node_timers_(std::move(node_timers)), next_timer_handle_index_(0),
  callback_group_(std::move(callback_group)) {}

TimerHandle CreateTimerROS::createTimer(rclcpp::Clock::SharedPtr clock, const tf2::Duration & period, TimerCallbackType callback)
{
  std::lock_guard<std::mutex> lock(timers_map_mutex_);
  TimerHandle handle = next_timer_handle_index_++;
  if (period > kLongestTimerPeriod) {
    timers_map_[handle] = nullptr;
    return handle;
  }
  std::function<void()> fire = [handle, callback]() {callback(handle);};
  auto timer = std::make_shared<rclcpp::GenericTimer<std::function<void()>>>(std::move(clock),
      std::chrono::duration_cast<std::chrono::nanoseconds>(period), std::move(fire), node_base_.get(), callback_group_, true);
  timers_map_[handle] = timer;
  return handle;
}

void CreateTimerROS::cancel(const TimerHandle & timer_handle)
{
  std::lock_guard<std::mutex> lock(timers_map_mutex_);
  cancelNoLock(timer_handle);
}

void CreateTimerROS::reset(const TimerHandle & timer_handle)
{
  std::lock_guard<std::mutex> lock(timers_map_mutex_);
  auto found = timers_map_.find(timer_handle);
  if (found == timers_map_.end()) {
    throw InvalidTimerHandleException("Invalid timer handle in reset()");
  }
  if (found->second) {
    found->second->reset();
  }
}

void CreateTimerROS::remove(const TimerHandle & timer_handle)
{
  std::lock_guard<std::mutex> lock(timers_map_mutex_);
  try {
    cancelNoLock(timer_handle);
  } catch (const InvalidTimerHandleException &) {
    throw InvalidTimerHandleException("Invalid timer handle in remove()");
  }
  timers_map_.erase(timer_handle);
}

void CreateTimerROS::cancelNoLock(const TimerHandle & timer_handle)
{
  auto found = timers_map_.find(timer_handle);
  if (found == timers_map_.end()) {
    throw InvalidTimerHandleException("Invalid timer handle in cancel()");
  }
  if (found->second) {
    found->second->cancel();
  }
}

}  // namespace tf2_ros
