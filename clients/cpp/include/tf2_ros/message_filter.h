// tf2_ros::MessageFilter (tf2_ros/message_filter.h): passes a stamped message on once the buffer
// can transform its frame at its stamp into every target frame (at stamp + tolerance too, when
// set), through the buffer's waitForTransform; drops it, with tf2_ros' log line, when its frame
// is empty, the queue is full, or the transform will not come (timeout, older than the cache).
#ifndef TF2_ROS__MESSAGE_FILTER_H_
#define TF2_ROS__MESSAGE_FILTER_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "builtin_interfaces/msg/time.hpp"
#include "message_filters/connection.h"
#include "message_filters/message_traits.h"
#include "message_filters/simple_filter.h"
#include "rclcpp/rclcpp.hpp"
#include "rcutils/logging_macros.h"
#include "tf2/buffer_core_interface.h"
#include "tf2/time.h"
#include "tf2_ros/async_buffer_interface.h"
#include "tf2_ros/buffer.h"

#define TF2_ROS_MESSAGEFILTER_DEBUG(fmt, ...) \
  RCUTILS_LOG_DEBUG_NAMED("tf2_ros_message_filter", (std::string("MessageFilter [target=%s]: ") + std::string(fmt)).c_str(), \
    getTargetFramesString().c_str(), __VA_ARGS__)

#define TF2_ROS_MESSAGEFILTER_WARN(fmt, ...) \
  RCUTILS_LOG_WARN_NAMED("tf2_ros_message_filter", (std::string("MessageFilter [target=%s]: ") + std::string(fmt)).c_str(), \
    getTargetFramesString().c_str(), __VA_ARGS__)

namespace tf2_ros
{

namespace filter_failure_reasons
{
enum FilterFailureReason
{
  Unknown,
  OutTheBack,
  EmptyFrameID,
  NoTransformFound,
  QueueFull,
  FilterFailureReasonCount,
};
}  // namespace filter_failure_reasons

static inline std::string get_filter_failure_reason_string(filter_failure_reasons::FilterFailureReason reason)
{
  switch (reason) {
    case filter_failure_reasons::OutTheBack:
      return "the timestamp on the message is earlier than all the data in the transform cache";
    case filter_failure_reasons::EmptyFrameID:
      return "the frame id of the message is empty";
    case filter_failure_reasons::NoTransformFound:
      return "did not find a valid transform, this usually happens at startup ...";
    case filter_failure_reasons::QueueFull:
      return "discarding message because the queue is full";
    default:
      return "unknown";
  }
}

typedef filter_failure_reasons::FilterFailureReason FilterFailureReason;

class MessageFilterBase
{
public:
  typedef std::vector<std::string> V_string;
  virtual ~MessageFilterBase() {}
  virtual void clear() = 0;
  virtual void setTargetFrame(const std::string & target_frame) = 0;
  virtual void setTargetFrames(const V_string & target_frames) = 0;
  virtual void setTolerance(const rclcpp::Duration & tolerance) = 0;
};

template<class M, class BufferT = tf2_ros::Buffer>
class MessageFilter : public MessageFilterBase, public message_filters::SimpleFilter<M>
{
public:
  using MConstPtr = std::shared_ptr<M const>;
  typedef message_filters::MessageEvent<M const> MEvent;

  template<typename TimeRepT = int64_t, typename TimeT = std::nano>
  MessageFilter(BufferT & buffer, const std::string & target_frame, uint32_t queue_size, const rclcpp::Node::SharedPtr & node,
    std::chrono::duration<TimeRepT, TimeT> buffer_timeout = std::chrono::duration<TimeRepT, TimeT>::max())
  : MessageFilter(buffer, target_frame, queue_size, node->get_node_logging_interface(), node->get_node_clock_interface(), buffer_timeout)
  {
    static_assert(std::is_base_of<tf2::BufferCoreInterface, BufferT>::value, "Buffer type must implement tf2::BufferCoreInterface");
    static_assert(std::is_base_of<tf2_ros::AsyncBufferInterface, BufferT>::value,
      "Buffer type must implement tf2_ros::AsyncBufferInterface");
  }

  template<typename TimeRepT = int64_t, typename TimeT = std::nano>
  MessageFilter(BufferT & buffer, const std::string & target_frame, uint32_t queue_size,
    const rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr & node_logging,
    const rclcpp::node_interfaces::NodeClockInterface::SharedPtr & node_clock,
    std::chrono::duration<TimeRepT, TimeT> buffer_timeout = std::chrono::duration<TimeRepT, TimeT>::max())
  : node_logging_(node_logging), node_clock_(node_clock), buffer_(buffer), queue_size_(queue_size),
    buffer_timeout_(std::chrono::duration_cast<tf2::Duration>(buffer_timeout))
  {
    init();
    setTargetFrame(target_frame);
  }

  template<class F, typename TimeRepT = int64_t, typename TimeT = std::nano>
  MessageFilter(F & f, BufferT & buffer, const std::string & target_frame, uint32_t queue_size, const rclcpp::Node::SharedPtr & node,
    std::chrono::duration<TimeRepT, TimeT> buffer_timeout = std::chrono::duration<TimeRepT, TimeT>::max())
  : MessageFilter(f, buffer, target_frame, queue_size, node->get_node_logging_interface(), node->get_node_clock_interface(),
      buffer_timeout) {}

  template<class F, typename TimeRepT = int64_t, typename TimeT = std::nano>
  MessageFilter(F & f, BufferT & buffer, const std::string & target_frame, uint32_t queue_size,
    const rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr & node_logging,
    const rclcpp::node_interfaces::NodeClockInterface::SharedPtr & node_clock,
    std::chrono::duration<TimeRepT, TimeT> buffer_timeout = std::chrono::duration<TimeRepT, TimeT>::max())
  : node_logging_(node_logging), node_clock_(node_clock), buffer_(buffer), queue_size_(queue_size),
    buffer_timeout_(std::chrono::duration_cast<tf2::Duration>(buffer_timeout))
  {
    init();
    setTargetFrame(target_frame);
    connectInput(f);
  }

  template<class F>
  void connectInput(F & f)
  {
    message_connection_.disconnect();
    message_connection_ = f.registerCallback(&MessageFilter::incomingMessage, this);
  }

  ~MessageFilter()
  {
    message_connection_.disconnect();
    clear();
    TF2_ROS_MESSAGEFILTER_DEBUG(
      "Successful Transforms: %llu, Discarded due to age: %llu, Transform messages received: %llu, "
      "Messages received: %llu, Total dropped: %llu",
      static_cast<unsigned long long>(successful_transform_count_), static_cast<unsigned long long>(failed_out_the_back_count_),
      static_cast<unsigned long long>(transform_message_count_), static_cast<unsigned long long>(incoming_message_count_),
      static_cast<unsigned long long>(dropped_message_count_));
  }

  void setTargetFrame(const std::string & target_frame) override
  {
    setTargetFrames(V_string{target_frame});
  }

  void setTargetFrames(const V_string & target_frames) override
  {
    std::unique_lock<std::mutex> frames_lock(target_frames_mutex_);
    target_frames_.clear();
    std::stringstream ss;
    for (const std::string & frame : target_frames) {
      target_frames_.push_back(stripSlash(frame));
      ss << target_frames_.back() << " ";
    }
    expected_success_count_ = target_frames_.size() * (time_tolerance_.nanoseconds() ? 2 : 1);
    target_frames_string_ = ss.str();
  }

  std::string getTargetFramesString()
  {
    std::unique_lock<std::mutex> frames_lock(target_frames_mutex_);
    return target_frames_string_;
  }

  void setTolerance(const rclcpp::Duration & tolerance) override
  {
    std::unique_lock<std::mutex> frames_lock(target_frames_mutex_);
    time_tolerance_ = tolerance;
    expected_success_count_ = target_frames_.size() * (time_tolerance_.nanoseconds() ? 2 : 1);
  }

  void clear() override
  {
    {
      std::unique_lock<std::mutex> lock(ts_futures_mutex_);
      for (auto & kv : ts_futures_) {
        buffer_.cancel(kv.second);
      }
      ts_futures_.clear();
    }
    std::unique_lock<std::mutex> unique_lock(messages_mutex_);
    TF2_ROS_MESSAGEFILTER_DEBUG("%s", "Cleared");
    messages_.clear();
    warned_about_empty_frame_id_ = false;
  }

  void add(const MEvent & evt)
  {
    if (target_frames_.empty()) {
      return;
    }
    namespace mt = message_filters::message_traits;
    const MConstPtr & message = evt.getMessage();
    std::string frame_id = stripSlash(mt::FrameId<M>::value(*message));
    rclcpp::Time stamp = mt::TimeStamp<M>::value(*message);
    if (frame_id.empty()) {
      messageDropped(evt, filter_failure_reasons::EmptyFrameID);
      return;
    }
    // One wait per target frame (two with a tolerance), each with a handle of its own.
    std::vector<std::tuple<uint64_t, tf2::TimePoint, std::string>> wait_params;
    MessageInfo info;
    {
      V_string target_frames_copy;
      {
        std::unique_lock<std::mutex> frames_lock(target_frames_mutex_);
        target_frames_copy = target_frames_;
      }
      for (const std::string & target_frame : target_frames_copy) {
        wait_params.emplace_back(next_handle_index_, tf2_ros::fromRclcpp(stamp), target_frame);
        info.handles.push_back(next_handle_index_++);
        if (time_tolerance_.nanoseconds()) {
          wait_params.emplace_back(next_handle_index_, tf2_ros::fromRclcpp(stamp + time_tolerance_), target_frame);
          info.handles.push_back(next_handle_index_++);
        }
      }
    }
    {
      std::unique_lock<std::mutex> unique_lock(messages_mutex_);
      // The oldest message goes when the queue is full.
      if (queue_size_ != 0 && messages_.size() + 1 > queue_size_) {
        ++dropped_message_count_;
        const MessageInfo & front = messages_.front();
        TF2_ROS_MESSAGEFILTER_DEBUG("Removed oldest message because buffer is full, count now %d (frame_id=%s, stamp=%f)",
          static_cast<int>(messages_.size()), (mt::FrameId<M>::value(*front.event.getMessage())).c_str(),
          mt::TimeStamp<M>::value(*front.event.getMessage()).seconds());
        messageDropped(front.event, filter_failure_reasons::QueueFull);
        messages_.pop_front();
      }
      info.event = evt;
      messages_.push_back(info);
    }
    TF2_ROS_MESSAGEFILTER_DEBUG("Added message in frame %s at time %.3f, count now %d", frame_id.c_str(), stamp.seconds(),
      static_cast<int>(messages_.size()));
    ++incoming_message_count_;
    for (const auto & param : wait_params) {
      const uint64_t handle = std::get<0>(param);
      tf2_ros::TransformStampedFuture future = buffer_.waitForTransform(std::get<2>(param), frame_id, std::get<1>(param), buffer_timeout_,
          [this, handle](const tf2_ros::TransformStampedFuture & ready) {transformReadyCallback(ready, handle);});
      if (0 != future.getHandle() && 0xffffffffffffffffULL != future.getHandle()) {
        std::unique_lock<std::mutex> lock(ts_futures_mutex_);
        ts_futures_.insert({handle, std::move(future)});
      }
    }
  }

  void add(const MConstPtr & message)
  {
    auto t = node_clock_->get_clock()->now();
    add(MEvent(message, t));
  }

  virtual void setQueueSize(uint32_t new_queue_size) {queue_size_ = new_queue_size;}
  virtual uint32_t getQueueSize() {return queue_size_;}

private:
  void init()
  {
    successful_transform_count_ = 0;
    failed_out_the_back_count_ = 0;
    transform_message_count_ = 0;
    incoming_message_count_ = 0;
    dropped_message_count_ = 0;
    time_tolerance_ = rclcpp::Duration(0, 0);
    warned_about_empty_frame_id_ = false;
    expected_success_count_ = 1;
  }

  void transformReadyCallback(const tf2_ros::TransformStampedFuture & future, const uint64_t handle)
  {
    namespace mt = message_filters::message_traits;
    MEvent saved_event;
    bool event_found = false;
    {
      std::unique_lock<std::mutex> lock(ts_futures_mutex_);
      ts_futures_.erase(handle);
    }
    {
      // The message waits until each of its waits succeeded.
      std::unique_lock<std::mutex> lock(messages_mutex_);
      for (auto msg_it = messages_.begin(); msg_it != messages_.end(); ++msg_it) {
        MessageInfo & info = *msg_it;
        if (std::find(info.handles.begin(), info.handles.end(), handle) != info.handles.end()) {
          ++info.success_count;
          if (info.success_count >= expected_success_count_) {
            saved_event = msg_it->event;
            messages_.erase(msg_it);
            event_found = true;
          }
          break;
        }
      }
    }
    if (!event_found) {
      return;
    }
    const MConstPtr & message = saved_event.getMessage();
    std::string frame_id = stripSlash(mt::FrameId<M>::value(*message));
    rclcpp::Time stamp = mt::TimeStamp<M>::value(*message);
    bool can_transform = true;
    FilterFailureReason error = filter_failure_reasons::Unknown;
    try {
      future.get();
    } catch (...) {
      can_transform = false;
      error = filter_failure_reasons::OutTheBack;
    }
    if (can_transform) {
      std::unique_lock<std::mutex> frames_lock(target_frames_mutex_);
      for (const std::string & target : target_frames_) {
        if (!buffer_.canTransform(target, frame_id, tf2_ros::fromRclcpp(stamp), NULL) ||
          (time_tolerance_.nanoseconds() && !buffer_.canTransform(target, frame_id, tf2_ros::fromRclcpp(stamp + time_tolerance_), NULL)))
        {
          can_transform = false;
          break;
        }
      }
    }
    if (can_transform) {
      TF2_ROS_MESSAGEFILTER_DEBUG("Message ready in frame %s at time %.3f, count now %d", frame_id.c_str(), stamp.seconds(),
        static_cast<int>(messages_.size()));
      ++successful_transform_count_;
      messageReady(saved_event);
    } else {
      ++dropped_message_count_;
      TF2_ROS_MESSAGEFILTER_DEBUG("Discarding message in frame %s at time %.3f, count now %d", frame_id.c_str(), stamp.seconds(),
        static_cast<int>(messages_.size()));
      messageDropped(saved_event, error);
    }
  }

  void incomingMessage(const message_filters::MessageEvent<M const> & evt) {add(evt);}

  void messageDropped(const MEvent & evt, FilterFailureReason reason) {signalFailure(evt, reason);}

  void messageReady(const MEvent & evt) {this->signalMessage(evt);}

  void signalFailure(const MEvent & evt, FilterFailureReason reason)
  {
    namespace mt = message_filters::message_traits;
    const MConstPtr & message = evt.getMessage();
    std::string frame_id = stripSlash(mt::FrameId<M>::value(*message));
    rclcpp::Time stamp = mt::TimeStamp<M>::value(*message);
    RCLCPP_INFO(node_logging_->get_logger(), "Message Filter dropping message: frame '%s' at time %.3f for reason '%s'", frame_id.c_str(),
      stamp.seconds(), get_filter_failure_reason_string(reason).c_str());
  }

  static std::string stripSlash(const std::string & in)
  {
    return !in.empty() && in[0] == '/' ? in.substr(1) : in;
  }

  struct MessageInfo
  {
    MEvent event;
    std::vector<uint64_t> handles;
    uint64_t success_count = 0;
  };

  const rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr node_logging_;
  const rclcpp::node_interfaces::NodeClockInterface::SharedPtr node_clock_;
  BufferT & buffer_;
  V_string target_frames_;
  std::string target_frames_string_;
  std::mutex target_frames_mutex_;
  uint32_t queue_size_;
  uint64_t next_handle_index_ = 0;
  std::list<MessageInfo> messages_;
  std::mutex messages_mutex_;
  uint64_t expected_success_count_;
  bool warned_about_empty_frame_id_;
  uint64_t successful_transform_count_;
  uint64_t failed_out_the_back_count_;
  uint64_t transform_message_count_;
  uint64_t incoming_message_count_;
  uint64_t dropped_message_count_;
  rclcpp::Duration time_tolerance_ = rclcpp::Duration(0, 0);
  message_filters::Connection message_connection_;
  tf2::Duration buffer_timeout_;
  std::mutex ts_futures_mutex_;
  std::map<uint64_t, tf2_ros::TransformStampedFuture> ts_futures_;
};

}  // namespace tf2_ros

#endif  // TF2_ROS__MESSAGE_FILTER_H_
