// message_filters' ApproximateEpsilonTime policy (Jazzy's
// message_filters/sync_policies/approximate_epsilon_time.h): while every input has a message
// waiting, the oldest head with every other head within epsilon after it is signalled (the heads
// dropped); otherwise every head within epsilon of the oldest is dropped. An input waits with at
// most queue_size messages while another has none.
#ifndef MESSAGE_FILTERS__SYNC_POLICIES__APPROXIMATE_EPSILON_TIME_H_
#define MESSAGE_FILTERS__SYNC_POLICIES__APPROXIMATE_EPSILON_TIME_H_

#include <cstdint>
#include <limits>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#include <rclcpp/rclcpp.hpp>

#include "message_filters/message_traits.h"
#include "message_filters/null_types.h"
#include "message_filters/signal9.h"
#include "message_filters/synchronizer.h"

namespace message_filters
{
namespace sync_policies
{

template<typename M0, typename M1, typename M2 = NullType, typename M3 = NullType, typename M4 = NullType,
  typename M5 = NullType, typename M6 = NullType, typename M7 = NullType, typename M8 = NullType>
class ApproximateEpsilonTime : public PolicyBase<M0, M1, M2, M3, M4, M5, M6, M7, M8>
{
public:
  typedef Synchronizer<ApproximateEpsilonTime> Sync;
  typedef PolicyBase<M0, M1, M2, M3, M4, M5, M6, M7, M8> Super;
  typedef typename Super::Messages Messages;
  typedef typename Super::Signal Signal;
  typedef typename Super::Events Events;
  typedef typename Super::RealTypeCount RealTypeCount;
  typedef typename Super::M0Event M0Event;
  typedef typename Super::M1Event M1Event;
  typedef typename Super::M2Event M2Event;
  typedef typename Super::M3Event M3Event;
  typedef typename Super::M4Event M4Event;
  typedef typename Super::M5Event M5Event;
  typedef typename Super::M6Event M6Event;
  typedef typename Super::M7Event M7Event;
  typedef typename Super::M8Event M8Event;
  typedef Events Tuple;

  ApproximateEpsilonTime(uint32_t queue_size, rclcpp::Duration epsilon)
  : parent_(nullptr), queue_size_(queue_size), epsilon_{epsilon} {}

  ApproximateEpsilonTime(const ApproximateEpsilonTime & e)
  : epsilon_{e.epsilon_}
  {
    *this = e;
  }

  ApproximateEpsilonTime & operator=(const ApproximateEpsilonTime & rhs)
  {
    parent_ = rhs.parent_;
    queue_size_ = rhs.queue_size_;
    events_ = rhs.events_;
    epsilon_ = rhs.epsilon_;
    return *this;
  }

  void initParent(Sync * parent) {parent_ = parent;}

  template<size_t i>
  void add(const typename std::tuple_element<i, Events>::type & evt)
  {
    RCUTILS_ASSERT(parent_);
    std::lock_guard<std::mutex> lock(mutex_);
    auto & events_of_this_type = std::get<i>(events_);
    if (events_of_this_type.empty()) {
      ++number_of_non_empty_events_;
    }
    events_of_this_type.push_back(evt);
    if (number_of_non_empty_events_ == RealTypeCount::value) {
      process();
    } else if (events_of_this_type.size() > queue_size_) {
      eraseFront<i>();
    }
  }

private:
  using TimeIndexPair = std::pair<rclcpp::Time, size_t>;

  template<size_t i>
  rclcpp::Time headStamp() const
  {
    typedef typename std::tuple_element<i, Events>::type Event;
    return message_traits::TimeStamp<typename Event::Message>::value(*std::get<i>(events_).at(0).getMessage());
  }

  // The oldest head and its input (the first of equal ones).
  template<size_t ... I>
  TimeIndexPair oldestHead(std::index_sequence<I...>) const
  {
    TimeIndexPair older{rclcpp::Time(std::numeric_limits<int64_t>::max(), RCL_ROS_TIME), std::numeric_limits<size_t>::max()};
    auto consider = [&](auto input) {
        constexpr size_t i = decltype(input)::value;
        if constexpr (i < static_cast<size_t>(RealTypeCount::value)) {
          if (!std::get<i>(events_).empty() && older.first > headStamp<i>()) {
            older = {headStamp<i>(), i};
          }
        }
      };
    (consider(std::integral_constant<size_t, I>()), ...);
    return older;
  }

  template<size_t ... I>
  bool allWithinEpsilon(const TimeIndexPair & older, std::index_sequence<I...>) const
  {
    auto within = [&](auto input) {
        constexpr size_t i = decltype(input)::value;
        if constexpr (i < static_cast<size_t>(RealTypeCount::value)) {
          if (i == older.second) {
            return true;
          }
          return !std::get<i>(events_).empty() && older.first + epsilon_ >= headStamp<i>();
        }
        return true;
      };
    bool valid = true;
    ((valid &= within(std::integral_constant<size_t, I>())), ...);
    return valid;
  }

  template<size_t i>
  void eraseFront()
  {
    if constexpr (i < static_cast<size_t>(RealTypeCount::value)) {
      auto & events = std::get<i>(events_);
      if (!events.empty()) {
        events.erase(events.begin());
        if (events.empty()) {
          --number_of_non_empty_events_;
        }
      }
    }
  }

  // Drops each head stamped at most epsilon after `timestamp`.
  template<size_t i>
  void eraseFrontWithin(const rclcpp::Time & timestamp)
  {
    if constexpr (i < static_cast<size_t>(RealTypeCount::value)) {
      if (!std::get<i>(events_).empty() && !(timestamp + epsilon_ < headStamp<i>())) {
        eraseFront<i>();
      }
    }
  }

  template<size_t ... I>
  void eraseFronts(std::index_sequence<I...>) {(eraseFront<I>(), ...);}

  template<size_t ... I>
  void eraseFrontsWithin(const rclcpp::Time & timestamp, std::index_sequence<I...>)
  {
    (eraseFrontWithin<I>(timestamp), ...);
  }

  template<size_t i>
  typename std::tuple_element<i, Events>::type headOrNone() const
  {
    if constexpr (i < static_cast<size_t>(RealTypeCount::value)) {
      return std::get<i>(events_).at(0);
    } else {
      return typename std::tuple_element<i, Events>::type{};
    }
  }

  template<size_t ... I>
  void signalHeads(std::index_sequence<I...>) {parent_->signal(headOrNone<I>()...);}

  // mutex_ is held.
  void process()
  {
    const auto inputs = std::make_index_sequence<9>();
    while (number_of_non_empty_events_ == static_cast<size_t>(RealTypeCount::value)) {
      const TimeIndexPair older = oldestHead(inputs);
      if (allWithinEpsilon(older, inputs)) {
        signalHeads(inputs);
        eraseFronts(inputs);
      } else {
        eraseFrontsWithin(older.first, inputs);
      }
    }
  }

  Sync * parent_;
  uint32_t queue_size_;
  rclcpp::Duration epsilon_;
  size_t number_of_non_empty_events_{0};
  std::tuple<std::vector<M0Event>, std::vector<M1Event>, std::vector<M2Event>, std::vector<M3Event>,
    std::vector<M4Event>, std::vector<M5Event>, std::vector<M6Event>, std::vector<M7Event>,
    std::vector<M8Event>> events_;
  std::mutex mutex_;
};

}  // namespace sync_policies
}  // namespace message_filters

#endif  // MESSAGE_FILTERS__SYNC_POLICIES__APPROXIMATE_EPSILON_TIME_H_
