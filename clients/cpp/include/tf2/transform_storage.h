// One stored transform of a frame (tf2/transform_storage.h): its rotation, translation, stamp,
// parent and own frame numbers.
#ifndef TF2__TRANSFORM_STORAGE_H_
#define TF2__TRANSFORM_STORAGE_H_

#include <cstdint>

#include "tf2/LinearMath/Quaternion.h"
#include "tf2/LinearMath/Vector3.h"
#include "tf2/time.h"

namespace tf2
{

typedef uint32_t CompactFrameID;

class TransformStorage
{
public:
  TransformStorage() {}
  TransformStorage(const TimePoint & stamp, const Quaternion & q, const Vector3 & t, CompactFrameID frame_id,
    CompactFrameID child_frame_id)
  : rotation_(q), translation_(t), stamp_(stamp), frame_id_(frame_id), child_frame_id_(child_frame_id) {}

  bool operator==(const TransformStorage & rhs) const
  {
    return rotation_ == rhs.rotation_ && translation_ == rhs.translation_ && stamp_ == rhs.stamp_ &&
           frame_id_ == rhs.frame_id_ && child_frame_id_ == rhs.child_frame_id_;
  }

  tf2::Quaternion rotation_;
  tf2::Vector3 translation_;
  TimePoint stamp_;
  CompactFrameID frame_id_;
  CompactFrameID child_frame_id_;
};

}  // namespace tf2

#endif  // TF2__TRANSFORM_STORAGE_H_
