// message_filters' Cache (Jazzy's message_filters/cache.h): the last cache_size messages of its
// input, kept sorted by header stamp (a message older than those cached goes before them), and
// queries by stamp. Unlike the Python Cache, getElemBeforeTime and getElemAfterTime are strict.
#ifndef MESSAGE_FILTERS__CACHE_H_
#define MESSAGE_FILTERS__CACHE_H_

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include <rclcpp/rclcpp.hpp>

#include "message_filters/connection.h"
#include "message_filters/message_traits.h"
#include "message_filters/simple_filter.h"

namespace message_filters
{

template<class M>
class Cache : public SimpleFilter<M>
{
public:
  typedef std::shared_ptr<M const> MConstPtr;
  typedef MessageEvent<M const> EventType;

  template<class F>
  Cache(F & f, unsigned int cache_size = 1)
  {
    setCacheSize(cache_size);
    connectInput(f);
  }

  Cache(unsigned int cache_size = 1)  // NOLINT(runtime/explicit): as upstream
  {
    setCacheSize(cache_size);
  }

  ~Cache() {incoming_connection_.disconnect();}

  template<class F>
  void connectInput(F & f)
  {
    incoming_connection_ = f.registerCallback(
      typename SimpleFilter<M>::EventCallback(std::bind(&Cache::callback, this, std::placeholders::_1)));
  }

  // A size of 0 is ignored.
  void setCacheSize(unsigned int cache_size)
  {
    if (cache_size != 0) {
      cache_size_ = cache_size;
    }
  }

  void add(const MConstPtr & msg) {add(EventType(msg));}

  void add(const EventType & evt)
  {
    {
      std::lock_guard<std::mutex> lock(cache_lock_);
      while (cache_.size() >= cache_size_) {
        cache_.pop_front();
      }
      // After the last cached message not newer than this one.
      const rclcpp::Time stamp = stampOf(evt);
      auto rev_it = cache_.rbegin();
      while (rev_it != cache_.rend() && stampOf(*rev_it) > stamp) {
        ++rev_it;
      }
      cache_.insert(rev_it.base(), evt);
    }
    this->signalMessage(evt);
  }

  // The messages stamped from start to end, both included.
  std::vector<MConstPtr> getInterval(const rclcpp::Time & start, const rclcpp::Time & end) const
  {
    std::lock_guard<std::mutex> lock(cache_lock_);
    size_t first = 0;
    while (first < cache_.size() && stampOf(cache_[first]) < start) {
      ++first;
    }
    size_t last = first;
    while (last < cache_.size() && stampOf(cache_[last]) <= end) {
      ++last;
    }
    std::vector<MConstPtr> found;
    found.reserve(last - first);
    for (size_t i = first; i < last; ++i) {
      found.push_back(cache_[i].getMessage());
    }
    return found;
  }

  // The smallest run of cached messages covering start to end: from the last one at or before
  // start (else the first) to the first one at or after end (else the last).
  std::vector<MConstPtr> getSurroundingInterval(const rclcpp::Time & start, const rclcpp::Time & end) const
  {
    std::lock_guard<std::mutex> lock(cache_lock_);
    int first = static_cast<int>(cache_.size()) - 1;
    while (first > 0 && stampOf(cache_[first]) > start) {
      --first;
    }
    int last = first;
    while (last < static_cast<int>(cache_.size()) - 1 && stampOf(cache_[last]) < end) {
      ++last;
    }
    std::vector<MConstPtr> found;
    for (int i = first; i <= last; ++i) {
      found.push_back(cache_[i].getMessage());
    }
    return found;
  }

  // The newest message stamped strictly before `time`, or null.
  MConstPtr getElemBeforeTime(const rclcpp::Time & time) const
  {
    std::lock_guard<std::mutex> lock(cache_lock_);
    MConstPtr out;
    for (size_t i = 0; i < cache_.size() && stampOf(cache_[i]) < time; ++i) {
      out = cache_[i].getMessage();
    }
    return out;
  }

  // The oldest message stamped strictly after `time`, or null.
  MConstPtr getElemAfterTime(const rclcpp::Time & time) const
  {
    std::lock_guard<std::mutex> lock(cache_lock_);
    MConstPtr out;
    for (int i = static_cast<int>(cache_.size()) - 1; i >= 0 && stampOf(cache_[i]) > time; --i) {
      out = cache_[i].getMessage();
    }
    return out;
  }

  // The newest cached stamp; a zero rclcpp::Time() when empty.
  rclcpp::Time getLatestTime() const
  {
    std::lock_guard<std::mutex> lock(cache_lock_);
    return cache_.empty() ? rclcpp::Time() : stampOf(cache_.back());
  }

  rclcpp::Time getOldestTime() const
  {
    std::lock_guard<std::mutex> lock(cache_lock_);
    return cache_.empty() ? rclcpp::Time() : stampOf(cache_.front());
  }

private:
  static rclcpp::Time stampOf(const EventType & evt)
  {
    return message_traits::TimeStamp<M>::value(*evt.getMessage());
  }

  void callback(const EventType & evt) {add(evt);}

  mutable std::mutex cache_lock_;
  std::deque<EventType> cache_;
  unsigned int cache_size_;
  Connection incoming_connection_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__CACHE_H_
