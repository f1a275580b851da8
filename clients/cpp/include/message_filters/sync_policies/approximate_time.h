// message_filters' ApproximateTime policy (Jazzy's message_filters/sync_policies/approximate_time.h,
// the adaptive algorithm of its wiki page): of the messages waiting on every input, the set
// spanning the shortest time, each new set compared with the best so far once the latest head
// (the pivot) is fixed, the difference of ends weighted by 1 + age penalty; published once no
// later message can make a better one (using the inter-message lower bounds, when given). A set
// spanning more than the maximum interval duration is never made; a queue holding more than
// queue_size messages drops its oldest.
#ifndef MESSAGE_FILTERS__SYNC_POLICIES__APPROXIMATE_TIME_H_
#define MESSAGE_FILTERS__SYNC_POLICIES__APPROXIMATE_TIME_H_

#include <cinttypes>
#include <cstdint>
#include <deque>
#include <limits>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

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
struct ApproximateTime : public PolicyBase<M0, M1, M2, M3, M4, M5, M6, M7, M8>
{
  typedef Synchronizer<ApproximateTime> Sync;
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
  typedef std::tuple<std::deque<M0Event>, std::deque<M1Event>, std::deque<M2Event>, std::deque<M3Event>,
      std::deque<M4Event>, std::deque<M5Event>, std::deque<M6Event>, std::deque<M7Event>,
      std::deque<M8Event>> DequeTuple;
  typedef std::tuple<std::vector<M0Event>, std::vector<M1Event>, std::vector<M2Event>,
      std::vector<M3Event>, std::vector<M4Event>, std::vector<M5Event>, std::vector<M6Event>,
      std::vector<M7Event>, std::vector<M8Event>> VectorTuple;
  typedef Events Tuple;

  ApproximateTime(uint32_t queue_size)  // NOLINT(runtime/explicit): as upstream
  : parent_(nullptr),
    queue_size_(queue_size),
    num_non_empty_deques_(0),
    pivot_(NO_PIVOT),
    max_interval_duration_(std::numeric_limits<int32_t>::max(), 999999999),
    age_penalty_(0.1),
    has_dropped_messages_(9, false),
    inter_message_lower_bounds_(9, rclcpp::Duration(0, 0)),
    warned_about_incorrect_bound_(9, false)
  {
    // A queue of 1 drops many messages; at least 2 is recommended.
    RCUTILS_ASSERT(queue_size_ > 0);
  }

  ApproximateTime(const ApproximateTime & e)
  : max_interval_duration_(std::numeric_limits<int32_t>::max(), 999999999)
  {
    *this = e;
  }

  ApproximateTime & operator=(const ApproximateTime & rhs)
  {
    parent_ = rhs.parent_;
    queue_size_ = rhs.queue_size_;
    num_non_empty_deques_ = rhs.num_non_empty_deques_;
    pivot_time_ = rhs.pivot_time_;
    pivot_ = rhs.pivot_;
    max_interval_duration_ = rhs.max_interval_duration_;
    age_penalty_ = rhs.age_penalty_;
    candidate_start_ = rhs.candidate_start_;
    candidate_end_ = rhs.candidate_end_;
    deques_ = rhs.deques_;
    past_ = rhs.past_;
    has_dropped_messages_ = rhs.has_dropped_messages_;
    inter_message_lower_bounds_ = rhs.inter_message_lower_bounds_;
    warned_about_incorrect_bound_ = rhs.warned_about_incorrect_bound_;
    return *this;
  }

  void initParent(Sync * parent) {parent_ = parent;}

  template<int i>
  void add(const typename std::tuple_element<i, Events>::type & evt)
  {
    std::lock_guard<std::mutex> lock(data_mutex_);
    auto & deque = std::get<i>(deques_);
    deque.push_back(evt);
    if (deque.size() == 1u) {
      ++num_non_empty_deques_;
      if (num_non_empty_deques_ == static_cast<uint32_t>(RealTypeCount::value)) {
        process();
      }
    } else {
      checkInterMessageBound<i>();
    }
    // process() may have left queue i with queue_size_ + 1 messages.
    auto & past = std::get<i>(past_);
    if (deque.size() + past.size() > queue_size_) {
      // The search under way ends; the oldest message of this input goes.
      num_non_empty_deques_ = 0;
      forEachInput([this](auto input) {recover<decltype(input)::value>();});
      RCUTILS_ASSERT(!deque.empty());
      deque.pop_front();
      has_dropped_messages_[i] = true;
      if (pivot_ != NO_PIVOT) {
        candidate_ = Tuple();
        pivot_ = NO_PIVOT;
        process();
      }
    }
  }

  void setAgePenalty(double age_penalty)
  {
    RCUTILS_ASSERT(age_penalty >= 0);
    age_penalty_ = age_penalty;
  }

  void setInterMessageLowerBound(int i, rclcpp::Duration lower_bound)
  {
    RCUTILS_ASSERT(lower_bound >= rclcpp::Duration(0, 0));
    inter_message_lower_bounds_[i] = lower_bound;
  }

  void setMaxIntervalDuration(rclcpp::Duration max_interval_duration)
  {
    RCUTILS_ASSERT(max_interval_duration >= rclcpp::Duration(0, 0));
    max_interval_duration_ = max_interval_duration;
  }

private:
  static const uint32_t NO_PIVOT = 9;

  // f(std::integral_constant<int, i>) for each of the nine inputs, in order.
  template<class F>
  static void forEachInput(F && f) {forEachInput(f, std::make_index_sequence<9>());}

  template<class F, std::size_t ... I>
  static void forEachInput(F & f, std::index_sequence<I...>)
  {
    (f(std::integral_constant<int, static_cast<int>(I)>()), ...);
  }

  template<int i>
  static rclcpp::Time stampOf(const typename std::tuple_element<i, Events>::type & evt)
  {
    return message_traits::TimeStamp<typename std::tuple_element<i, Messages>::type>::value(*evt.getMessage());
  }

  // Warns once per input of messages out of order or closer than its lower bound.
  template<int i>
  void checkInterMessageBound()
  {
    if (warned_about_incorrect_bound_[i]) {
      return;
    }
    auto & deque = std::get<i>(deques_);
    auto & v = std::get<i>(past_);
    RCUTILS_ASSERT(!deque.empty());
    const rclcpp::Time msg_time = stampOf<i>(deque.back());
    rclcpp::Time previous_msg_time;
    if (deque.size() == 1u) {
      if (v.empty()) {
        // The previous message was published (or none came): nothing to check against.
        return;
      }
      previous_msg_time = stampOf<i>(v.back());
    } else {
      previous_msg_time = stampOf<i>(deque[deque.size() - 2]);
    }
    if (msg_time < previous_msg_time) {
      RCLCPP_WARN_ONCE(
        rclcpp::get_logger(""), "Messages of type %d arrived out of order (will print only once)", i);
      warned_about_incorrect_bound_[i] = true;
    } else if ((msg_time - previous_msg_time) < inter_message_lower_bounds_[i]) {
      RCLCPP_WARN_ONCE(
        rclcpp::get_logger(""),
        "Messages of type %d arrived closer (%" PRId64 ") than the lower bound you provided (%" PRId64
        ") (will print only once)",
        i, (msg_time - previous_msg_time).nanoseconds(), inter_message_lower_bounds_[i].nanoseconds());
      warned_about_incorrect_bound_[i] = true;
    }
  }

  template<int i>
  void dequeDeleteFront()
  {
    auto & deque = std::get<i>(deques_);
    RCUTILS_ASSERT(!deque.empty());
    deque.pop_front();
    if (deque.empty()) {
      --num_non_empty_deques_;
    }
  }

  void dequeDeleteFront(uint32_t index)
  {
    forEachInput([this, index](auto input) {
        if (static_cast<uint32_t>(decltype(input)::value) == index) {
          dequeDeleteFront<decltype(input)::value>();
        }
      });
  }

  template<int i>
  void dequeMoveFrontToPast()
  {
    auto & deque = std::get<i>(deques_);
    RCUTILS_ASSERT(!deque.empty());
    std::get<i>(past_).push_back(deque.front());
    deque.pop_front();
    if (deque.empty()) {
      --num_non_empty_deques_;
    }
  }

  void dequeMoveFrontToPast(uint32_t index)
  {
    forEachInput([this, index](auto input) {
        if (static_cast<uint32_t>(decltype(input)::value) == index) {
          dequeMoveFrontToPast<decltype(input)::value>();
        }
      });
  }

  // The heads of the deques become the candidate; the past ones are no longer needed.
  void makeCandidate()
  {
    candidate_ = Tuple();
    forEachInput([this](auto input) {
        constexpr int i = decltype(input)::value;
        if (i < RealTypeCount::value) {
          std::get<i>(candidate_) = std::get<i>(deques_).front();
        }
        std::get<i>(past_).clear();
      });
  }

  // Puts back the last num_messages moved to the past.
  template<int i>
  void recover(size_t num_messages)
  {
    if (i >= RealTypeCount::value) {
      return;
    }
    auto & v = std::get<i>(past_);
    auto & q = std::get<i>(deques_);
    RCUTILS_ASSERT(num_messages <= v.size());
    for (; num_messages > 0; --num_messages) {
      q.push_front(v.back());
      v.pop_back();
    }
    if (!q.empty()) {
      ++num_non_empty_deques_;
    }
  }

  template<int i>
  void recover()
  {
    if (i < RealTypeCount::value) {
      recover<i>(std::get<i>(past_).size());
    }
  }

  // Puts back the past, then drops the candidate's message (now the front).
  template<int i>
  void recoverAndDelete()
  {
    if (i >= RealTypeCount::value) {
      return;
    }
    auto & v = std::get<i>(past_);
    auto & q = std::get<i>(deques_);
    while (!v.empty()) {
      q.push_front(v.back());
      v.pop_back();
    }
    RCUTILS_ASSERT(!q.empty());
    q.pop_front();
    if (!q.empty()) {
      ++num_non_empty_deques_;
    }
  }

  template<std::size_t ... I>
  void signalCandidate(std::index_sequence<I...>) {parent_->signal(std::get<I>(candidate_)...);}

  void publishCandidate()
  {
    signalCandidate(std::make_index_sequence<9>());
    candidate_ = Tuple();
    pivot_ = NO_PIVOT;
    num_non_empty_deques_ = 0;
    forEachInput([this](auto input) {recoverAndDelete<decltype(input)::value>();});
  }

  // The earliest (end false) or latest (end true) head of the deques, the first input on ties.
  void getCandidateBoundary(uint32_t & index, rclcpp::Time & time, bool end)
  {
    time = stampOf<0>(std::get<0>(deques_).front());
    index = 0;
    forEachInput([&](auto input) {
        constexpr int i = decltype(input)::value;
        if (i > 0 && i < RealTypeCount::value) {
          const rclcpp::Time head = stampOf<i>(std::get<i>(deques_).front());
          if ((head < time) ^ end) {
            time = head;
            index = i;
          }
        }
      });
  }

  void getCandidateStart(uint32_t & start_index, rclcpp::Time & start_time)
  {
    getCandidateBoundary(start_index, start_time, false);
  }

  void getCandidateEnd(uint32_t & end_index, rclcpp::Time & end_time)
  {
    getCandidateBoundary(end_index, end_time, true);
  }

  // An input's head, or for an emptied one the earliest its next message can be stamped.
  template<int i>
  rclcpp::Time getVirtualTime()
  {
    if (i >= RealTypeCount::value) {
      return rclcpp::Time(0, 0);
    }
    RCUTILS_ASSERT(pivot_ != NO_PIVOT);
    auto & v = std::get<i>(past_);
    auto & q = std::get<i>(deques_);
    if (q.empty()) {
      RCUTILS_ASSERT(!v.empty());
      const rclcpp::Time lower_bound = stampOf<i>(v.back()) + inter_message_lower_bounds_[i];
      return lower_bound > pivot_time_ ? lower_bound : pivot_time_;
    }
    return stampOf<i>(q.front());
  }

  void getVirtualCandidateBoundary(uint32_t & index, rclcpp::Time & time, bool end)
  {
    std::vector<rclcpp::Time> virtual_times(9);
    forEachInput([&](auto input) {
        constexpr int i = decltype(input)::value;
        virtual_times[i] = getVirtualTime<i>();
      });
    time = virtual_times[0];
    index = 0;
    for (int i = 0; i < RealTypeCount::value; i++) {
      if ((virtual_times[i] < time) ^ end) {
        time = virtual_times[i];
        index = i;
      }
    }
  }

  void getVirtualCandidateStart(uint32_t & start_index, rclcpp::Time & start_time)
  {
    getVirtualCandidateBoundary(start_index, start_time, false);
  }

  void getVirtualCandidateEnd(uint32_t & end_index, rclcpp::Time & end_time)
  {
    getVirtualCandidateBoundary(end_index, end_time, true);
  }

  // While every input has a message waiting: the next set of heads, kept if better than the
  // candidate; the candidate published once provably best. data_mutex_ is held.
  void process()
  {
    while (num_non_empty_deques_ == static_cast<uint32_t>(RealTypeCount::value)) {
      rclcpp::Time end_time, start_time;
      uint32_t end_index, start_index;
      getCandidateEnd(end_index, end_time);
      getCandidateStart(start_index, start_time);
      for (uint32_t i = 0; i < static_cast<uint32_t>(RealTypeCount::value); i++) {
        if (i != end_index) {
          // No message dropped from these could have been better: they may be pivots again.
          has_dropped_messages_[i] = false;
        }
      }
      if (pivot_ == NO_PIVOT) {
        if (end_time - start_time > max_interval_duration_) {
          dequeDeleteFront(start_index);
          continue;
        }
        if (has_dropped_messages_[end_index]) {
          // A pivot that dropped messages is a bad one.
          dequeDeleteFront(start_index);
          continue;
        }
        makeCandidate();
        candidate_start_ = start_time;
        candidate_end_ = end_time;
        pivot_ = end_index;
        pivot_time_ = end_time;
        dequeMoveFrontToPast(start_index);
      } else {
        if ((end_time - candidate_end_) * (1 + age_penalty_) >= (start_time - candidate_start_)) {
          dequeMoveFrontToPast(start_index);
        } else {
          makeCandidate();
          candidate_start_ = start_time;
          candidate_end_ = end_time;
          dequeMoveFrontToPast(start_index);
        }
      }
      RCUTILS_ASSERT(pivot_ != NO_PIVOT);
      if (start_index == pivot_) {
        // Every set with this pivot was seen.
        publishCandidate();
      } else if ((end_time - candidate_end_) * (1 + age_penalty_) >= (pivot_time_ - candidate_start_)) {
        // Any later set spans [pivot_time_, end_time] at least: no better.
        publishCandidate();
      } else if (num_non_empty_deques_ < static_cast<uint32_t>(RealTypeCount::value)) {
        // Try to prove the candidate best with the lower bounds: move through virtual heads.
        std::vector<int> num_virtual_moves(9, 0);
        while (true) {
          rclcpp::Time v_end_time, v_start_time;
          uint32_t v_end_index, v_start_index;
          getVirtualCandidateEnd(v_end_index, v_end_time);
          getVirtualCandidateStart(v_start_index, v_start_time);
          if ((v_end_time - candidate_end_) * (1 + age_penalty_) >= (pivot_time_ - candidate_start_)) {
            publishCandidate();
            break;
          }
          if ((v_end_time - candidate_end_) * (1 + age_penalty_) < (v_start_time - candidate_start_)) {
            // An optimistic set would be better: wait for messages; undo the virtual moves.
            num_non_empty_deques_ = 0;
            forEachInput([&](auto input) {
                constexpr int i = decltype(input)::value;
                recover<i>(num_virtual_moves[i]);
              });
            break;
          }
          RCUTILS_ASSERT(v_start_index != pivot_);
          RCUTILS_ASSERT(v_start_time < pivot_time_);
          dequeMoveFrontToPast(v_start_index);
          num_virtual_moves[v_start_index]++;
        }
      }
    }
  }

  Sync * parent_;
  uint32_t queue_size_;
  DequeTuple deques_;
  uint32_t num_non_empty_deques_;
  VectorTuple past_;
  Tuple candidate_;
  rclcpp::Time candidate_start_;
  rclcpp::Time candidate_end_;
  rclcpp::Time pivot_time_;
  uint32_t pivot_;
  std::mutex data_mutex_;
  rclcpp::Duration max_interval_duration_;
  double age_penalty_;
  std::vector<bool> has_dropped_messages_;
  std::vector<rclcpp::Duration> inter_message_lower_bounds_;
  std::vector<bool> warned_about_incorrect_bound_;
};

}  // namespace sync_policies
}  // namespace message_filters

#endif  // MESSAGE_FILTERS__SYNC_POLICIES__APPROXIMATE_TIME_H_
