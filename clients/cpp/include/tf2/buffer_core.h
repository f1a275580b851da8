// tf2::BufferCore (tf2/buffer_core.h): the frames' tree over time, tf2's rules exactly (its
// buffer_core.cpp): the lookups, the tree search, the latest common time, the error texts.
#ifndef TF2__BUFFER_CORE_H_
#define TF2__BUFFER_CORE_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "geometry_msgs/msg/transform_stamped.hpp"
#include "geometry_msgs/msg/velocity_stamped.hpp"
#include "rcutils/logging_macros.h"
#include "tf2/LinearMath/Transform.h"
#include "tf2/buffer_core_interface.h"
#include "tf2/exceptions.h"
#include "tf2/time_cache.h"
#include "tf2/transform_storage.h"

namespace tf2
{

typedef uint64_t TransformableRequestHandle;

enum TransformableResult
{
  TransformAvailable,
  TransformFailure,
};

static constexpr Duration BUFFER_CORE_DEFAULT_CACHE_TIME = std::chrono::seconds(10);

class BufferCore : public BufferCoreInterface
{
public:
  static const uint32_t MAX_GRAPH_DEPTH = 1000UL;

  explicit BufferCore(tf2::Duration cache_time = BUFFER_CORE_DEFAULT_CACHE_TIME);
  virtual ~BufferCore(void);

  void clear() override;
  bool setTransform(const geometry_msgs::msg::TransformStamped & transform, const std::string & authority, bool is_static = false);

  geometry_msgs::msg::TransformStamped lookupTransform(const std::string & target_frame, const std::string & source_frame,
    const TimePoint & time) const override;
  geometry_msgs::msg::TransformStamped lookupTransform(const std::string & target_frame, const TimePoint & target_time,
    const std::string & source_frame, const TimePoint & source_time, const std::string & fixed_frame) const override;

  /// The tracking frame's velocity seen from the observation frame, averaged over the interval.
  geometry_msgs::msg::VelocityStamped lookupVelocity(const std::string & tracking_frame, const std::string & observation_frame,
    const TimePoint & time, const tf2::Duration & averaging_interval) const;
  geometry_msgs::msg::VelocityStamped lookupVelocity(const std::string & tracking_frame, const std::string & observation_frame,
    const std::string & reference_frame, const tf2::Vector3 & reference_point, const std::string & reference_point_frame,
    const TimePoint & time, const tf2::Duration & duration) const;

  bool canTransform(const std::string & target_frame, const std::string & source_frame, const TimePoint & time,
    std::string * error_msg = nullptr) const override;
  bool canTransform(const std::string & target_frame, const TimePoint & target_time, const std::string & source_frame,
    const TimePoint & source_time, const std::string & fixed_frame, std::string * error_msg = nullptr) const override;

  std::vector<std::string> getAllFrameNames() const override;
  std::string allFramesAsYAML(TimePoint current_time) const;
  std::string allFramesAsYAML() const;
  std::string allFramesAsString() const;

  using TransformableCallback = std::function<void (TransformableRequestHandle request_handle, const std::string & target_frame,
      const std::string & source_frame, TimePoint time, TransformableResult result)>;
  /// 0: transformable now; 0xffffffffffffffff: never will be (older than the cache); else a handle.
  TransformableRequestHandle addTransformableRequest(const TransformableCallback & cb, const std::string & target_frame,
    const std::string & source_frame, TimePoint time);
  void cancelTransformableRequest(TransformableRequestHandle handle);

  void setUsingDedicatedThread(bool value) {using_dedicated_thread_ = value;}
  bool isUsingDedicatedThread() const {return using_dedicated_thread_;}

  // tf::Transformer's compatibility section, as tf2 keeps it.
  bool _frameExists(const std::string & frame_id_str) const;
  bool _getParent(const std::string & frame_id, TimePoint time, std::string & parent) const;
  void _getFrameStrings(std::vector<std::string> & ids) const;
  CompactFrameID _lookupFrameNumber(const std::string & frameid_str) const {return lookupFrameNumber(frameid_str);}
  CompactFrameID _lookupOrInsertFrameNumber(const std::string & frameid_str) {return lookupOrInsertFrameNumber(frameid_str);}
  tf2::TF2Error _getLatestCommonTime(CompactFrameID target_frame, CompactFrameID source_frame, TimePoint & time,
    std::string * error_string) const
  {
    std::unique_lock<std::mutex> lock(frame_mutex_);
    return getLatestCommonTime(target_frame, source_frame, time, error_string);
  }
  CompactFrameID _validateFrameId(const char * function_name_arg, const std::string & frame_id) const
  {
    return validateFrameId(function_name_arg, frame_id);
  }
  tf2::Duration getCacheLength() {return cache_time_;}
  void _chainAsVector(const std::string & target_frame, TimePoint target_time, const std::string & source_frame,
    TimePoint source_time, const std::string & fixed_frame, std::vector<std::string> & output) const;

private:
  std::vector<TimeCacheInterfacePtr> frames_;
  mutable std::mutex frame_mutex_;
  std::map<std::string, CompactFrameID> frameIDs_;
  std::vector<std::string> frameIDs_reverse_;
  std::map<CompactFrameID, std::string> frame_authority_;
  tf2::Duration cache_time_;

  typedef uint32_t TransformableCallbackHandle;
  std::map<TransformableCallbackHandle, TransformableCallback> transformable_callbacks_;
  uint32_t transformable_callbacks_counter_;
  std::mutex transformable_callbacks_mutex_;
  struct TransformableRequest
  {
    TimePoint time;
    TransformableRequestHandle request_handle;
    TransformableCallbackHandle cb_handle;
    CompactFrameID target_id;
    CompactFrameID source_id;
    std::string target_string;
    std::string source_string;
  };
  std::vector<TransformableRequest> transformable_requests_;
  std::mutex transformable_requests_mutex_;
  uint64_t transformable_requests_counter_;
  bool using_dedicated_thread_;

  std::string allFramesAsStringNoLock() const;
  bool setTransformImpl(const tf2::Transform & transform_in, const std::string frame_id, const std::string child_frame_id,
    const TimePoint stamp, const std::string & authority, bool is_static);
  void lookupTransformImpl(const std::string & target_frame, const std::string & source_frame, const TimePoint & time_in,
    tf2::Transform & transform, TimePoint & time_out) const;
  void lookupTransformImpl(const std::string & target_frame, const TimePoint & target_time, const std::string & source_frame,
    const TimePoint & source_time, const std::string & fixed_frame, tf2::Transform & transform, TimePoint & time_out) const;
  TimeCacheInterfacePtr getFrame(CompactFrameID c_frame_id) const;
  TimeCacheInterfacePtr allocateFrame(CompactFrameID cfid, bool is_static);
  CompactFrameID validateFrameId(const char * function_name_arg, const std::string & frame_id, std::string * error_msg) const;
  CompactFrameID validateFrameId(const char * function_name_arg, const std::string & frame_id) const;
  CompactFrameID lookupFrameNumber(const std::string & frameid_str) const;
  CompactFrameID lookupOrInsertFrameNumber(const std::string & frameid_str);
  const std::string & lookupFrameString(CompactFrameID frame_id_num) const;
  void createConnectivityErrorString(CompactFrameID source_frame, CompactFrameID target_frame, std::string * out) const;
  tf2::TF2Error getLatestCommonTime(CompactFrameID target_frame, CompactFrameID source_frame, TimePoint & time,
    std::string * error_string) const;
  template<typename F>
  tf2::TF2Error walkToTopParent(F & f, TimePoint time, CompactFrameID target_id, CompactFrameID source_id,
    std::string * error_string, std::vector<CompactFrameID> * frame_chain) const;
  void testTransformableRequests();
  bool canTransformInternal(CompactFrameID target_id, CompactFrameID source_id, const TimePoint & time,
    std::string * error_msg) const;
};

}  // namespace tf2

#endif  // TF2__BUFFER_CORE_H_
