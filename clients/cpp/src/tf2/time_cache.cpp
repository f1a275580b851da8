// A frame's transforms over time (tf2/src/cache.cpp, static_cache.cpp): tf2's rules for which
// stored transforms answer a time, interpolation, extrapolation errors and pruning.
#include "tf2/time_cache.h"

#include <algorithm>
#include <sstream>
#include <string>

namespace tf2
{

namespace
{
void setTimeCacheError(TF2Error code, std::string text, std::string * error_str, TF2Error * error_code)
{
  if (error_code) {
    *error_code = code;
  }
  if (error_str) {
    *error_str = std::move(text);
  }
}

/// One stored transform, at another time than asked.
void noDataForExtrapolation(TimePoint t0, TimePoint t1, std::string * error_str, TF2Error * error_code)
{
  setTimeCacheError(TF2Error::TF2_NO_DATA_FOR_EXTRAPOLATION_ERROR,
    "Lookup would require extrapolation at time " + displayTimePoint(t0) + ", but only time " + displayTimePoint(t1) +
    " is in the buffer", error_str, error_code);
}

void forwardExtrapolation(TimePoint t0, TimePoint t1, std::string * error_str, TF2Error * error_code)
{
  setTimeCacheError(TF2Error::TF2_FORWARD_EXTRAPOLATION_ERROR,
    "Lookup would require extrapolation into the future.  Requested time " + displayTimePoint(t0) +
    " but the latest data is at time " + displayTimePoint(t1), error_str, error_code);
}

void backwardExtrapolation(TimePoint t0, TimePoint t1, std::string * error_str, TF2Error * error_code)
{
  setTimeCacheError(TF2Error::TF2_BACKWARD_EXTRAPOLATION_ERROR,
    "Lookup would require extrapolation into the past.  Requested time " + displayTimePoint(t0) +
    " but the earliest data is at time " + displayTimePoint(t1), error_str, error_code);
}
}  // namespace

TimeCache::TimeCache(tf2::Duration max_storage_time)
: max_storage_time_(max_storage_time) {}

uint8_t TimeCache::findClosest(TransformStorage * & one, TransformStorage * & two, TimePoint target_time, std::string * error_str,
  TF2Error * error_code)
{
  if (error_code) {
    *error_code = TF2Error::TF2_NO_ERROR;
  }
  if (storage_.empty()) {
    if (error_code) {
      *error_code = TF2Error::TF2_NO_DATA_FOR_EXTRAPOLATION_ERROR;
    }
    return 0;
  }
  // Time zero: the latest.
  if (target_time == TimePointZero) {
    one = &storage_.front();
    return 1;
  }
  if (++storage_.begin() == storage_.end()) {
    TransformStorage & ts = *storage_.begin();
    if (ts.stamp_ == target_time) {
      one = &ts;
      return 1;
    }
    noDataForExtrapolation(target_time, ts.stamp_, error_str, error_code);
    return 0;
  }
  TimePoint latest_time = storage_.begin()->stamp_;
  TimePoint earliest_time = storage_.rbegin()->stamp_;
  if (target_time == latest_time) {
    one = &*storage_.begin();
    return 1;
  }
  if (target_time == earliest_time) {
    one = &*storage_.rbegin();
    return 1;
  }
  if (target_time > latest_time) {
    forwardExtrapolation(target_time, latest_time, error_str, error_code);
    return 0;
  }
  if (target_time < earliest_time) {
    backwardExtrapolation(target_time, earliest_time, error_str, error_code);
    return 0;
  }
  // Newest first: the first at or before the time, and the one after it.
  auto it = storage_.begin();
  while (it != storage_.end() && it->stamp_ > target_time) {
    ++it;
  }
  one = &*it;
  two = &*(--it);
  return 2;
}

void TimeCache::interpolate(const TransformStorage & one, const TransformStorage & two, TimePoint time, TransformStorage & output)
{
  if (two.stamp_ == one.stamp_) {
    output = two;
    return;
  }
  tf2Scalar ratio = static_cast<double>((time - one.stamp_).count()) / static_cast<double>((two.stamp_ - one.stamp_).count());
  output.translation_.setInterpolate3(one.translation_, two.translation_, ratio);
  output.rotation_ = slerp(one.rotation_, two.rotation_, ratio);
  output.stamp_ = one.stamp_;
  output.frame_id_ = one.frame_id_;
  output.child_frame_id_ = one.child_frame_id_;
}

bool TimeCache::getData(TimePoint time, TransformStorage & data_out, std::string * error_str, TF2Error * error_code)
{
  TransformStorage * p_temp_1 = nullptr;
  TransformStorage * p_temp_2 = nullptr;
  int num_nodes = findClosest(p_temp_1, p_temp_2, time, error_str, error_code);
  if (num_nodes == 0) {
    return false;
  }
  if (num_nodes == 1) {
    data_out = *p_temp_1;
  } else if (p_temp_1->frame_id_ == p_temp_2->frame_id_) {
    interpolate(*p_temp_1, *p_temp_2, time, data_out);
  } else {
    // The parent changed between the two: the older one, not interpolated.
    data_out = *p_temp_1;
  }
  return true;
}

CompactFrameID TimeCache::getParent(TimePoint time, std::string * error_str, TF2Error * error_code)
{
  TransformStorage * p_temp_1 = nullptr;
  TransformStorage * p_temp_2 = nullptr;
  int num_nodes = findClosest(p_temp_1, p_temp_2, time, error_str, error_code);
  if (num_nodes == 0) {
    return 0;
  }
  return p_temp_1->frame_id_;
}

bool TimeCache::insertData(const TransformStorage & new_data)
{
  const TimePoint latest_time = getLatestTimestamp();
  pruneList();
  // Older than the cache holds, measured from the latest before pruning: refused.
  if (!storage_.empty() && new_data.stamp_ < latest_time - max_storage_time_) {
    return false;
  }
  auto insertion_pos = std::find_if(storage_.begin(), storage_.end(),
      [&](const TransformStorage & transform) {return transform.stamp_ <= new_data.stamp_;});
  // The same transform twice at one stamp is kept once.
  for (auto same = insertion_pos; same != storage_.end() && same->stamp_ == new_data.stamp_; ++same) {
    if (*same == new_data) {
      return true;
    }
  }
  storage_.insert(insertion_pos, new_data);
  return true;
}

void TimeCache::clearList() {storage_.clear();}

unsigned int TimeCache::getListLength() {return static_cast<unsigned int>(storage_.size());}

P_TimeAndFrameID TimeCache::getLatestTimeAndParent()
{
  if (storage_.empty()) {
    return std::make_pair(TimePoint(), 0);
  }
  const TransformStorage & ts = storage_.front();
  return std::make_pair(ts.stamp_, ts.frame_id_);
}

TimePoint TimeCache::getLatestTimestamp()
{
  return storage_.empty() ? TimePoint() : storage_.front().stamp_;
}

TimePoint TimeCache::getOldestTimestamp()
{
  return storage_.empty() ? TimePoint() : storage_.back().stamp_;
}

const std::list<TransformStorage> & TimeCache::getAllItems() const {return storage_;}

void TimeCache::pruneList()
{
  const TimePoint latest_time = getLatestTimestamp();
  while (!storage_.empty() && storage_.back().stamp_ + max_storage_time_ < latest_time) {
    storage_.pop_back();
  }
}

bool StaticCache::getData(TimePoint time, TransformStorage & data_out, std::string *, TF2Error *)
{
  data_out = storage_;
  data_out.stamp_ = time;
  return true;
}

bool StaticCache::insertData(const TransformStorage & new_data)
{
  storage_ = new_data;
  return true;
}

void StaticCache::clearList() {}

unsigned int StaticCache::getListLength() {return 1;}

CompactFrameID StaticCache::getParent(TimePoint, std::string *, TF2Error *) {return storage_.frame_id_;}

P_TimeAndFrameID StaticCache::getLatestTimeAndParent() {return std::make_pair(TimePoint(), storage_.frame_id_);}

TimePoint StaticCache::getLatestTimestamp() {return TimePoint();}

TimePoint StaticCache::getOldestTimestamp() {return TimePoint();}

}  // namespace tf2
