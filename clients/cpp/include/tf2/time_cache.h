// A frame's transforms over time (tf2/time_cache.h): TimeCache keeps the last cache time of them,
// newest first; StaticCache one transform valid at every time.
#ifndef TF2__TIME_CACHE_H_
#define TF2__TIME_CACHE_H_

#include <list>
#include <memory>
#include <string>
#include <utility>

#include "tf2/exceptions.h"
#include "tf2/time.h"
#include "tf2/transform_storage.h"

namespace tf2
{

typedef std::pair<TimePoint, CompactFrameID> P_TimeAndFrameID;

class TimeCacheInterface
{
public:
  virtual ~TimeCacheInterface() = default;
  virtual bool getData(TimePoint time, TransformStorage & data_out, std::string * error_str = 0, TF2Error * error_code = 0) = 0;
  virtual bool insertData(const TransformStorage & new_data) = 0;
  virtual void clearList() = 0;
  virtual CompactFrameID getParent(TimePoint time, std::string * error_str, TF2Error * error_code = 0) = 0;
  virtual P_TimeAndFrameID getLatestTimeAndParent() = 0;
  virtual unsigned int getListLength() = 0;
  virtual TimePoint getLatestTimestamp() = 0;
  virtual TimePoint getOldestTimestamp() = 0;
};

using TimeCacheInterfacePtr = std::shared_ptr<TimeCacheInterface>;

constexpr tf2::Duration TIMECACHE_DEFAULT_MAX_STORAGE_TIME = std::chrono::seconds(10);

class TimeCache : public TimeCacheInterface
{
public:
  static const int MIN_INTERPOLATION_DISTANCE = 5;
  static const unsigned int MAX_LENGTH_LINKED_LIST = 1000000;

  explicit TimeCache(tf2::Duration max_storage_time = TIMECACHE_DEFAULT_MAX_STORAGE_TIME);

  bool getData(TimePoint time, TransformStorage & data_out, std::string * error_str = 0, TF2Error * error_code = 0) override;
  bool insertData(const TransformStorage & new_data) override;
  void clearList() override;
  CompactFrameID getParent(TimePoint time, std::string * error_str, TF2Error * error_code = 0) override;
  P_TimeAndFrameID getLatestTimeAndParent() override;
  unsigned int getListLength() override;
  TimePoint getLatestTimestamp() override;
  TimePoint getOldestTimestamp() override;
  const std::list<TransformStorage> & getAllItems() const;

private:
  typedef std::list<TransformStorage> L_TransformStorage;
  L_TransformStorage storage_;
  tf2::Duration max_storage_time_;

  uint8_t findClosest(TransformStorage * & one, TransformStorage * & two, TimePoint target_time, std::string * error_str = 0,
    TF2Error * error_code = 0);
  void interpolate(const TransformStorage & one, const TransformStorage & two, TimePoint time, TransformStorage & output);
  void pruneList();
};

class StaticCache : public TimeCacheInterface
{
public:
  bool getData(TimePoint time, TransformStorage & data_out, std::string * error_str = 0, TF2Error * error_code = 0) override;
  bool insertData(const TransformStorage & new_data) override;
  void clearList() override;
  CompactFrameID getParent(TimePoint time, std::string * error_str, TF2Error * error_code = 0) override;
  P_TimeAndFrameID getLatestTimeAndParent() override;
  unsigned int getListLength() override;
  TimePoint getLatestTimestamp() override;
  TimePoint getOldestTimestamp() override;

private:
  TransformStorage storage_;
};

}  // namespace tf2

#endif  // TF2__TIME_CACHE_H_
