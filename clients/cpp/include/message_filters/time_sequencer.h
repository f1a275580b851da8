// message_filters' TimeSequencer (Jazzy's message_filters/time_sequencer.h): holds messages back
// until `delay` after their stamps, then passes them on in stamp order (checked every
// update_rate on the node's wall timer); one older than the last passed on is dropped, and past
// queue_size (0: no limit) those of the oldest stamp go. As upstream in Jazzy, it compares a
// header's stamp (ROS time) with times of system time (its last time, rclcpp::Time(), and
// rclcpp::Clock()'s now): a message with a header makes rclcpp throw "can't compare times with
// different time sources".
#ifndef MESSAGE_FILTERS__TIME_SEQUENCER_H_
#define MESSAGE_FILTERS__TIME_SEQUENCER_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include <rclcpp/rclcpp.hpp>

#include "message_filters/connection.h"
#include "message_filters/message_traits.h"
#include "message_filters/simple_filter.h"

namespace message_filters
{

template<class M>
class TimeSequencer : public SimpleFilter<M>
{
public:
  typedef std::shared_ptr<M const> MConstPtr;
  typedef MessageEvent<M const> EventType;

  template<class F>
  TimeSequencer(
    F & f, rclcpp::Duration delay, rclcpp::Duration update_rate, uint32_t queue_size,
    rclcpp::Node::SharedPtr node)
  : delay_(delay), update_rate_(update_rate), queue_size_(queue_size), node_(node)
  {
    init();
    connectInput(f);
  }

  TimeSequencer(
    rclcpp::Duration delay, rclcpp::Duration update_rate, uint32_t queue_size, rclcpp::Node::SharedPtr node)
  : delay_(delay), update_rate_(update_rate), queue_size_(queue_size), node_(node)
  {
    init();
  }

  template<class F>
  void connectInput(F & f)
  {
    incoming_connection_.disconnect();
    incoming_connection_ = f.registerCallback(
      typename SimpleFilter<M>::EventCallback(std::bind(&TimeSequencer::cb, this, std::placeholders::_1)));
  }

  ~TimeSequencer()
  {
    update_timer_->cancel();
    incoming_connection_.disconnect();
  }

  void add(const EventType & evt)
  {
    std::lock_guard<std::mutex> lock(messages_mutex_);
    if (stampOf(evt) < last_time_) {
      return;
    }
    messages_.insert(evt);
    if (queue_size_ != 0 && messages_.size() > queue_size_) {
      // By key, as upstream: every message of the oldest stamp.
      messages_.erase(*messages_.begin());
    }
  }

  void add(const MConstPtr & msg) {add(EventType(msg));}

private:
  static rclcpp::Time stampOf(const EventType & evt) {return message_traits::TimeStamp<M>::value(*evt.getMessage());}

  struct MessageSort
  {
    bool operator()(const EventType & lhs, const EventType & rhs) const {return stampOf(lhs) < stampOf(rhs);}
  };

  void cb(const EventType & evt) {add(evt);}

  void dispatch()
  {
    std::vector<EventType> to_call;
    {
      std::lock_guard<std::mutex> lock(messages_mutex_);
      while (!messages_.empty()) {
        const EventType & e = *messages_.begin();
        const rclcpp::Time stamp = stampOf(e);
        if (!((stamp + delay_) <= rclcpp::Clock().now())) {
          break;
        }
        last_time_ = stamp;
        to_call.push_back(e);
        messages_.erase(messages_.begin());
      }
    }
    for (const EventType & e : to_call) {
      this->signalMessage(e);
    }
  }

  void init()
  {
    update_timer_ = node_->create_wall_timer(
      std::chrono::nanoseconds(update_rate_.nanoseconds()), [this]() {dispatch();});
  }

  rclcpp::Duration delay_;
  rclcpp::Duration update_rate_;
  uint32_t queue_size_;
  rclcpp::Node::SharedPtr node_;
  rclcpp::TimerBase::SharedPtr update_timer_;
  Connection incoming_connection_;
  std::multiset<EventType, MessageSort> messages_;
  std::mutex messages_mutex_;
  rclcpp::Time last_time_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__TIME_SEQUENCER_H_
