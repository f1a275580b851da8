// message_filters' ExactTime policy (Jazzy's message_filters/sync_policies/exact_time.h): a set
// per header stamp; a full one is signalled, and it and every older set dropped (through the
// drop callbacks); at most queue_size sets wait, the oldest dropped first.
#ifndef MESSAGE_FILTERS__SYNC_POLICIES__EXACT_TIME_H_
#define MESSAGE_FILTERS__SYNC_POLICIES__EXACT_TIME_H_

#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>

#include <rclcpp/rclcpp.hpp>

#include "message_filters/connection.h"
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
struct ExactTime : public PolicyBase<M0, M1, M2, M3, M4, M5, M6, M7, M8>
{
  typedef Synchronizer<ExactTime> Sync;
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

  ExactTime(uint32_t queue_size)  // NOLINT(runtime/explicit): as upstream
  : parent_(nullptr), queue_size_(queue_size) {}

  ExactTime(const ExactTime & e) {*this = e;}

  ExactTime & operator=(const ExactTime & rhs)
  {
    parent_ = rhs.parent_;
    queue_size_ = rhs.queue_size_;
    last_signal_time_ = rhs.last_signal_time_;
    tuples_ = rhs.tuples_;
    return *this;
  }

  void initParent(Sync * parent) {parent_ = parent;}

  template<int i>
  void add(const typename std::tuple_element<i, Events>::type & evt)
  {
    RCUTILS_ASSERT(parent_);
    std::lock_guard<std::mutex> lock(mutex_);
    Tuple & t = tuples_[message_traits::TimeStamp<typename std::tuple_element<i, Messages>::type>::value(
          *evt.getMessage())];
    std::get<i>(t) = evt;
    checkTuple(t);
  }

  template<class C>
  Connection registerDropCallback(const C & callback) {return drop_signal_.addCallback(callback);}

  template<class C>
  Connection registerDropCallback(C & callback) {return drop_signal_.addCallback(callback);}

  template<class C, typename T>
  Connection registerDropCallback(const C & callback, T * t) {return drop_signal_.addCallback(callback, t);}

  template<class C, typename T>
  Connection registerDropCallback(C & callback, T * t) {return drop_signal_.addCallback(callback, t);}

  rclcpp::Time getLastSignalTime() const {return last_signal_time_;}

private:
  template<std::size_t ... I>
  static bool isFull(const Tuple & t, std::index_sequence<I...>)
  {
    return (... && (static_cast<int>(I) >= RealTypeCount::value || static_cast<bool>(std::get<I>(t).getMessage())));
  }

  template<std::size_t ... I>
  static void call(Signal & signal, const Tuple & t, std::index_sequence<I...>) {signal.call(std::get<I>(t)...);}

  template<std::size_t ... I>
  void signalParent(const Tuple & t, std::index_sequence<I...>) {parent_->signal(std::get<I>(t)...);}

  void checkTuple(Tuple & t)
  {
    if (isFull(t, std::make_index_sequence<9>())) {
      signalParent(t, std::make_index_sequence<9>());
      last_signal_time_ = message_traits::TimeStamp<M0>::value(*std::get<0>(t).getMessage());
      tuples_.erase(last_signal_time_);
      clearOldTuples();
    }
    if (queue_size_ > 0) {
      while (tuples_.size() > queue_size_) {
        call(drop_signal_, tuples_.begin()->second, std::make_index_sequence<9>());
        tuples_.erase(tuples_.begin());
      }
    }
  }

  // Every set stamped at or before the last one signalled can no longer be completed.
  void clearOldTuples()
  {
    auto it = tuples_.begin();
    while (it != tuples_.end() && it->first <= last_signal_time_) {
      call(drop_signal_, it->second, std::make_index_sequence<9>());
      it = tuples_.erase(it);
    }
  }

  Sync * parent_;
  uint32_t queue_size_;
  typedef std::map<rclcpp::Time, Tuple> M_TimeToTuple;
  M_TimeToTuple tuples_;
  rclcpp::Time last_signal_time_;
  Signal drop_signal_;
  std::mutex mutex_;
};

}  // namespace sync_policies
}  // namespace message_filters

#endif  // MESSAGE_FILTERS__SYNC_POLICIES__EXACT_TIME_H_
