// tf2::BufferCore as tf2's buffer_core.cpp: frames by number, each with its cache; a lookup walks
// from the source frame up to the root, then from the target frame up to where the two walks
// meet, accumulating each side's transform; the same steps, the same texts.
#include "tf2/buffer_core.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace tf2
{

namespace
{
// How far from 1 a quaternion's squared length may be (tf2's QUATERNION_NORMALIZATION_TOLERANCE).
constexpr double kQuaternionNormalizationTolerance = 10e-3;

std::string withoutLeadingSlash(const std::string & in)
{
  return !in.empty() && in[0] == '/' ? in.substr(1) : in;
}

void invalidFrameText(const char * function_name_arg, const std::string & frame_id, std::string * error_msg, const char * rationale)
{
  std::string s = "Invalid frame ID \"" + frame_id + "\" passed to " + function_name_arg + " - " + rationale;
  if (error_msg != nullptr) {
    *error_msg = s;
  } else {
    RCUTILS_LOG_WARN_THROTTLE(RCUTILS_STEADY_TIME, 2500, "%s", s.c_str());
  }
}

enum WalkEnding
{
  Identity,
  TargetParentOfSource,
  SourceParentOfTarget,
  FullPath,
};

/// A lookup's walk: each side's transform to the top frame, then the result.
struct TransformAccum
{
  CompactFrameID gather(TimeCacheInterfacePtr cache, TimePoint time, std::string * error_string, TF2Error * error_code)
  {
    if (!cache->getData(time, st, error_string, error_code)) {
      return 0;
    }
    return st.frame_id_;
  }

  void accum(bool source)
  {
    if (source) {
      source_to_top_vec = quatRotate(st.rotation_, source_to_top_vec) + st.translation_;
      source_to_top_quat = st.rotation_ * source_to_top_quat;
    } else {
      target_to_top_vec = quatRotate(st.rotation_, target_to_top_vec) + st.translation_;
      target_to_top_quat = st.rotation_ * target_to_top_quat;
    }
  }

  void finalize(WalkEnding end, TimePoint walk_time)
  {
    switch (end) {
      case Identity:
        break;
      case TargetParentOfSource:
        result_vec = source_to_top_vec;
        result_quat = source_to_top_quat;
        break;
      case SourceParentOfTarget: {
          tf2::Quaternion inv_target_quat = target_to_top_quat.inverse();
          result_vec = quatRotate(inv_target_quat, -target_to_top_vec);
          result_quat = inv_target_quat;
          break;
        }
      case FullPath: {
          tf2::Quaternion inv_target_quat = target_to_top_quat.inverse();
          tf2::Vector3 inv_target_vec = quatRotate(inv_target_quat, -target_to_top_vec);
          result_vec = quatRotate(inv_target_quat, source_to_top_vec) + inv_target_vec;
          result_quat = inv_target_quat * source_to_top_quat;
          break;
        }
    }
    time = walk_time;
  }

  TransformStorage st;
  TimePoint time;
  tf2::Quaternion source_to_top_quat{0.0, 0.0, 0.0, 1.0};
  tf2::Vector3 source_to_top_vec{0.0, 0.0, 0.0};
  tf2::Quaternion target_to_top_quat{0.0, 0.0, 0.0, 1.0};
  tf2::Vector3 target_to_top_vec{0.0, 0.0, 0.0};
  tf2::Quaternion result_quat{0.0, 0.0, 0.0, 1.0};
  tf2::Vector3 result_vec{0.0, 0.0, 0.0};
};

/// canTransform's walk: only whether each frame has a parent then.
struct CanTransformAccum
{
  CompactFrameID gather(TimeCacheInterfacePtr cache, TimePoint time, std::string * error_string, TF2Error * error_code)
  {
    return cache->getParent(time, error_string, error_code);
  }
  void accum(bool) {}
  void finalize(WalkEnding, TimePoint) {}
};

[[noreturn]] void throwWalkError(tf2::TF2Error code, const std::string & text)
{
  switch (code) {
    case TF2Error::TF2_CONNECTIVITY_ERROR:
      throw ConnectivityException(text);
    case TF2Error::TF2_BACKWARD_EXTRAPOLATION_ERROR:
      throw BackwardExtrapolationException(text);
    case TF2Error::TF2_FORWARD_EXTRAPOLATION_ERROR:
      throw ForwardExtrapolationException(text);
    case TF2Error::TF2_NO_DATA_FOR_EXTRAPOLATION_ERROR:
      throw NoDataForExtrapolationException(text);
    case TF2Error::TF2_EXTRAPOLATION_ERROR:
      throw ExtrapolationException(text);
    default:
      throw LookupException(text);
  }
}

geometry_msgs::msg::TransformStamped stampedOf(const tf2::Transform & transform, TimePoint time_out, const std::string & target_frame,
  const std::string & source_frame)
{
  geometry_msgs::msg::TransformStamped msg;
  msg.transform.translation.x = transform.getOrigin().x();
  msg.transform.translation.y = transform.getOrigin().y();
  msg.transform.translation.z = transform.getOrigin().z();
  tf2::Quaternion rotation = transform.getRotation();
  msg.transform.rotation.x = rotation.x();
  msg.transform.rotation.y = rotation.y();
  msg.transform.rotation.z = rotation.z();
  msg.transform.rotation.w = rotation.w();
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(time_out.time_since_epoch());
  auto s = std::chrono::duration_cast<std::chrono::seconds>(time_out.time_since_epoch());
  msg.header.stamp.sec = static_cast<int32_t>(s.count());
  msg.header.stamp.nanosec = static_cast<uint32_t>(ns.count() % 1000000000ull);
  msg.header.frame_id = target_frame;
  msg.child_frame_id = source_frame;
  return msg;
}
}  // namespace

CompactFrameID BufferCore::validateFrameId(const char * function_name_arg, const std::string & frame_id, std::string * error_msg) const
{
  if (frame_id.empty()) {
    invalidFrameText(function_name_arg, frame_id, error_msg, "in tf2 frame_ids cannot be empty");
    return 0;
  }
  if (frame_id[0] == '/') {
    invalidFrameText(function_name_arg, frame_id, error_msg, "in tf2 frame_ids cannot start with a '/'");
    return 0;
  }
  CompactFrameID id = lookupFrameNumber(frame_id);
  if (id == 0) {
    invalidFrameText(function_name_arg, frame_id, error_msg, "frame does not exist");
  }
  return id;
}

CompactFrameID BufferCore::validateFrameId(const char * function_name_arg, const std::string & frame_id) const
{
  if (frame_id.empty()) {
    throw InvalidArgumentException("Invalid argument \"" + frame_id + "\" passed to " + function_name_arg +
      " - in tf2 frame_ids cannot be empty");
  }
  if (frame_id[0] == '/') {
    throw InvalidArgumentException("Invalid argument \"" + frame_id + "\" passed to " + function_name_arg +
      " - in tf2 frame_ids cannot start with a '/'");
  }
  CompactFrameID id = lookupFrameNumber(frame_id);
  if (id == 0) {
    throw LookupException("\"" + frame_id + "\" passed to " + function_name_arg + " does not exist. ");
  }
  return id;
}

BufferCore::BufferCore(tf2::Duration cache_time)
: cache_time_(cache_time), transformable_callbacks_counter_(0), transformable_requests_counter_(0), using_dedicated_thread_(false)
{
  frameIDs_["NO_PARENT"] = 0;
  frames_.push_back(TimeCacheInterfacePtr());
  frameIDs_reverse_.push_back("NO_PARENT");
}

BufferCore::~BufferCore() {}

void BufferCore::clear()
{
  std::unique_lock<std::mutex> lock(frame_mutex_);
  for (size_t i = 1; i < frames_.size(); ++i) {
    if (frames_[i]) {
      frames_[i]->clearList();
    }
  }
}

bool BufferCore::setTransform(const geometry_msgs::msg::TransformStamped & transform, const std::string & authority, bool is_static)
{
  // Through tf2::Transform, as tf2: the rotation stored is the quaternion's matrix's quaternion.
  tf2::Transform tf2_transform(
    tf2::Quaternion(transform.transform.rotation.x, transform.transform.rotation.y, transform.transform.rotation.z,
    transform.transform.rotation.w),
    tf2::Vector3(transform.transform.translation.x, transform.transform.translation.y, transform.transform.translation.z));
  TimePoint time_point(std::chrono::nanoseconds(transform.header.stamp.nanosec) +
    std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::seconds(transform.header.stamp.sec)));
  return setTransformImpl(tf2_transform, transform.header.frame_id, transform.child_frame_id, time_point, authority, is_static);
}

bool BufferCore::setTransformImpl(const tf2::Transform & transform_in, const std::string frame_id, const std::string child_frame_id,
  const TimePoint stamp, const std::string & authority, bool is_static)
{
  std::string stripped_frame_id = withoutLeadingSlash(frame_id);
  std::string stripped_child_frame_id = withoutLeadingSlash(child_frame_id);
  bool error_exists = false;
  if (stripped_child_frame_id == stripped_frame_id) {
    RCUTILS_LOG_ERROR(
      "TF_SELF_TRANSFORM: Ignoring transform from authority \"%s\" with frame_id and  "
      "child_frame_id \"%s\" because they are the same", authority.c_str(), stripped_child_frame_id.c_str());
    error_exists = true;
  }
  if (stripped_child_frame_id.empty()) {
    RCUTILS_LOG_ERROR(
      "TF_NO_CHILD_FRAME_ID: Ignoring transform from authority \"%s\" because child_frame_id not"
      " set ", authority.c_str());
    error_exists = true;
  }
  if (stripped_frame_id.empty()) {
    RCUTILS_LOG_ERROR(
      "TF_NO_FRAME_ID: Ignoring transform with child_frame_id \"%s\"  from authority \"%s\" "
      "because frame_id not set", stripped_child_frame_id.c_str(), authority.c_str());
    error_exists = true;
  }
  const tf2::Vector3 & origin = transform_in.getOrigin();
  const tf2::Quaternion rotation = transform_in.getRotation();
  if (std::isnan(origin.x()) || std::isnan(origin.y()) || std::isnan(origin.z()) || std::isnan(rotation.x()) ||
    std::isnan(rotation.y()) || std::isnan(rotation.z()) || std::isnan(rotation.w()))
  {
    RCUTILS_LOG_ERROR(
      "TF_NAN_INPUT: Ignoring transform for child_frame_id \"%s\" from authority \"%s\" because"
      " of a nan value in the transform (%f %f %f) (%f %f %f %f)",
      stripped_child_frame_id.c_str(), authority.c_str(), origin.x(), origin.y(), origin.z(), rotation.x(), rotation.y(),
      rotation.z(), rotation.w());
    error_exists = true;
  }
  bool valid = std::abs(
    (rotation.w() * rotation.w() + rotation.x() * rotation.x() + rotation.y() * rotation.y() + rotation.z() * rotation.z()) -
    1.0f) < kQuaternionNormalizationTolerance;
  if (!valid) {
    RCUTILS_LOG_ERROR(
      "TF_DENORMALIZED_QUATERNION: Ignoring transform for child_frame_id \"%s\" from authority"
      " \"%s\" because of an invalid quaternion in the transform (%f %f %f %f)",
      stripped_child_frame_id.c_str(), authority.c_str(), rotation.x(), rotation.y(), rotation.z(), rotation.w());
    error_exists = true;
  }
  if (error_exists) {
    return false;
  }
  {
    std::unique_lock<std::mutex> lock(frame_mutex_);
    CompactFrameID frame_number = lookupOrInsertFrameNumber(stripped_child_frame_id);
    TimeCacheInterfacePtr frame = getFrame(frame_number);
    // A frame sent static after dynamic (or the reverse) starts again with the other kind of cache.
    if (frame == nullptr || (is_static != (dynamic_cast<StaticCache *>(frame.get()) != nullptr))) {
      frame = allocateFrame(frame_number, is_static);
    }
    if (frame->insertData(TransformStorage(stamp, rotation, origin, lookupOrInsertFrameNumber(stripped_frame_id), frame_number))) {
      frame_authority_[frame_number] = authority;
    } else {
      std::string stamp_str = displayTimePoint(stamp);
      RCUTILS_LOG_WARN(
        "TF_OLD_DATA ignoring data from the past for frame %s at time %s according to authority"
        " %s\nPossible reasons are listed at http://wiki.ros.org/tf/Errors%%20explained",
        stripped_child_frame_id.c_str(), stamp_str.c_str(), authority.c_str());
      return false;
    }
  }
  testTransformableRequests();
  return true;
}

TimeCacheInterfacePtr BufferCore::allocateFrame(CompactFrameID cfid, bool is_static)
{
  if (is_static) {
    frames_[cfid] = std::make_shared<StaticCache>();
  } else {
    frames_[cfid] = std::make_shared<TimeCache>(cache_time_);
  }
  return frames_[cfid];
}

template<typename F>
tf2::TF2Error BufferCore::walkToTopParent(F & f, TimePoint time, CompactFrameID target_id, CompactFrameID source_id,
  std::string * error_string, std::vector<CompactFrameID> * frame_chain) const
{
  if (frame_chain) {
    frame_chain->clear();
  }
  if (source_id == target_id) {
    f.finalize(Identity, time);
    return TF2Error::TF2_NO_ERROR;
  }
  if (time == TimePointZero) {
    tf2::TF2Error retval = getLatestCommonTime(target_id, source_id, time, error_string);
    if (retval != TF2Error::TF2_NO_ERROR) {
      return retval;
    }
  }
  // From the source frame up to the root.
  CompactFrameID frame = source_id;
  CompactFrameID top_parent = frame;
  uint32_t depth = 0;
  TF2Error error_code = TF2Error::TF2_NO_ERROR;
  TF2Error extrapolation_error_code = TF2Error::TF2_NO_ERROR;
  std::string extrapolation_error_string;
  bool extrapolation_might_have_occurred = false;
  while (frame != 0) {
    TimeCacheInterfacePtr cache = getFrame(frame);
    if (frame_chain) {
      frame_chain->push_back(frame);
    }
    if (!cache) {
      top_parent = frame;
      break;
    }
    CompactFrameID parent = f.gather(cache, time, &extrapolation_error_string, &extrapolation_error_code);
    if (parent == 0) {
      // There may still be a path from the target to here.
      top_parent = frame;
      extrapolation_might_have_occurred = true;
      break;
    }
    if (frame == target_id) {
      f.finalize(TargetParentOfSource, time);
      return TF2Error::TF2_NO_ERROR;
    }
    f.accum(true);
    top_parent = frame;
    frame = parent;
    ++depth;
    if (depth > MAX_GRAPH_DEPTH) {
      if (error_string) {
        std::stringstream ss;
        ss << "The tf tree is invalid because it contains a loop." << std::endl << allFramesAsStringNoLock() << std::endl;
        *error_string = ss.str();
      }
      return TF2Error::TF2_LOOKUP_ERROR;
    }
  }
  // From the target frame up to where the source's walk ended.
  frame = target_id;
  depth = 0;
  std::vector<CompactFrameID> reverse_frame_chain;
  while (frame != top_parent) {
    TimeCacheInterfacePtr cache = getFrame(frame);
    if (frame_chain) {
      reverse_frame_chain.push_back(frame);
    }
    if (!cache) {
      break;
    }
    CompactFrameID parent = f.gather(cache, time, error_string, &error_code);
    if (parent == 0) {
      if (error_string) {
        *error_string += ", when looking up transform from frame [" + lookupFrameString(source_id) + "] to frame [" +
          lookupFrameString(target_id) + "]";
      }
      return error_code;
    }
    if (frame == source_id) {
      f.finalize(SourceParentOfTarget, time);
      if (frame_chain) {
        frame_chain->swap(reverse_frame_chain);
      }
      return TF2Error::TF2_NO_ERROR;
    }
    f.accum(false);
    frame = parent;
    ++depth;
    if (depth > MAX_GRAPH_DEPTH) {
      if (error_string) {
        std::stringstream ss;
        ss << "The tf tree is invalid because it contains a loop." << std::endl << allFramesAsStringNoLock() << std::endl;
        *error_string = ss.str();
      }
      return TF2Error::TF2_LOOKUP_ERROR;
    }
  }
  if (frame != top_parent) {
    if (extrapolation_might_have_occurred) {
      if (error_string) {
        *error_string = extrapolation_error_string + ", when looking up transform from frame [" + lookupFrameString(source_id) +
          "] to frame [" + lookupFrameString(target_id) + "]";
      }
      return extrapolation_error_code;
    }
    createConnectivityErrorString(source_id, target_id, error_string);
    return TF2Error::TF2_CONNECTIVITY_ERROR;
  }
  f.finalize(FullPath, time);
  if (frame_chain) {
    // The two chains without their common tail.
    size_t m = reverse_frame_chain.size();
    size_t n = frame_chain->size();
    while (m > 0u && n > 0u) {
      --m;
      --n;
      if ((*frame_chain)[n] != reverse_frame_chain[m]) {
        break;
      }
    }
    if (n > 0u) {
      frame_chain->erase(frame_chain->begin() + (n - 1u), frame_chain->end());
    }
    if (m < reverse_frame_chain.size()) {
      for (size_t i = m + 1u; i > 0u; --i) {
        frame_chain->push_back(reverse_frame_chain[i - 1u]);
      }
    }
  }
  return TF2Error::TF2_NO_ERROR;
}

geometry_msgs::msg::VelocityStamped BufferCore::lookupVelocity(const std::string & tracking_frame,
  const std::string & observation_frame, const TimePoint & time, const tf2::Duration & averaging_interval) const
{
  // The reference point is the tracking frame's origin, seen in the observation frame.
  return lookupVelocity(tracking_frame, observation_frame, observation_frame, tf2::Vector3(0, 0, 0), tracking_frame, time,
           averaging_interval);
}

geometry_msgs::msg::VelocityStamped BufferCore::lookupVelocity(const std::string & tracking_frame,
  const std::string & observation_frame, const std::string & reference_frame, const tf2::Vector3 & reference_point,
  const std::string & reference_point_frame, const TimePoint & time, const tf2::Duration & averaging_interval) const
{
  // As tf2: the interval ends at the latest time common to the two frames at most.
  tf2::TimePoint latest_time;
  getLatestCommonTime(lookupFrameNumber(observation_frame), lookupFrameNumber(tracking_frame), latest_time, nullptr);
  double time_seconds = tf2::timeToSec(time);
  double averaging_interval_seconds = std::chrono::duration<double>(averaging_interval).count();
  double end_time = std::min(time_seconds + averaging_interval_seconds * 0.5, tf2::timeToSec(latest_time));
  double start_time = std::max(0.00001 + averaging_interval_seconds, end_time) - averaging_interval_seconds;
  double corrected_averaging_interval = end_time - start_time;

  tf2::Transform start, end;
  TimePoint time_out;
  lookupTransformImpl(observation_frame, tracking_frame, tf2::timeFromSec(start_time), start, time_out);
  lookupTransformImpl(observation_frame, tracking_frame, tf2::timeFromSec(end_time), end, time_out);

  tf2::Matrix3x3 temp = start.getBasis().inverse() * end.getBasis();
  tf2::Quaternion quat_temp;
  temp.getRotation(quat_temp);
  tf2::Vector3 o = start.getBasis() * quat_temp.getAxis();
  tf2Scalar ang = quat_temp.getAngle();

  double delta_x = end.getOrigin().getX() - start.getOrigin().getX();
  double delta_y = end.getOrigin().getY() - start.getOrigin().getY();
  double delta_z = end.getOrigin().getZ() - start.getOrigin().getZ();
  tf2::Vector3 twist_vel(delta_x / corrected_averaging_interval, delta_y / corrected_averaging_interval,
    delta_z / corrected_averaging_interval);
  tf2::Vector3 twist_rot = o * (ang / corrected_averaging_interval);

  // Into the reference frame, then about the reference point.
  tf2::Transform inverse;
  lookupTransformImpl(reference_frame, tracking_frame, tf2::timeFromSec(time_seconds), inverse, time_out);
  tf2::Vector3 out_rot = inverse.getBasis() * twist_rot;
  tf2::Vector3 out_vel = inverse.getBasis() * twist_vel + inverse.getOrigin().cross(out_rot);
  auto transform_point = [this](const std::string & target_frame, const std::string & source_frame, const tf2::Vector3 & point_in,
      double time_transform) {
      tf2::Transform transform;
      tf2::TimePoint transform_time_out;
      lookupTransformImpl(target_frame, source_frame, tf2::timeFromSec(time_transform), transform, transform_time_out);
      return transform * point_in;
    };
  tf2::Vector3 rp_orig = transform_point(reference_frame, tracking_frame, tf2::Vector3(0, 0, 0), time_seconds);
  tf2::Vector3 rp_desired = transform_point(reference_frame, reference_point_frame, reference_point, time_seconds);
  tf2::Vector3 delta = rp_desired - rp_orig;
  out_vel = out_vel + out_rot * delta;

  tf2::TimePoint middle = tf2::timeFromSec(start_time + averaging_interval_seconds * 0.5);
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(middle.time_since_epoch());
  auto s = std::chrono::duration_cast<std::chrono::seconds>(middle.time_since_epoch());
  geometry_msgs::msg::VelocityStamped velocity;
  velocity.header.stamp.sec = static_cast<int32_t>(s.count());
  velocity.header.stamp.nanosec = static_cast<uint32_t>(ns.count() % 1000000000ull);
  velocity.header.frame_id = reference_frame;
  velocity.body_frame_id = tracking_frame;
  velocity.velocity.linear.x = out_vel.x();
  velocity.velocity.linear.y = out_vel.y();
  velocity.velocity.linear.z = out_vel.z();
  velocity.velocity.angular.x = out_rot.x();
  velocity.velocity.angular.y = out_rot.y();
  velocity.velocity.angular.z = out_rot.z();
  return velocity;
}

geometry_msgs::msg::TransformStamped BufferCore::lookupTransform(const std::string & target_frame, const std::string & source_frame,
  const TimePoint & time) const
{
  tf2::Transform transform;
  TimePoint time_out;
  lookupTransformImpl(target_frame, source_frame, time, transform, time_out);
  return stampedOf(transform, time_out, target_frame, source_frame);
}

geometry_msgs::msg::TransformStamped BufferCore::lookupTransform(const std::string & target_frame, const TimePoint & target_time,
  const std::string & source_frame, const TimePoint & source_time, const std::string & fixed_frame) const
{
  tf2::Transform transform;
  TimePoint time_out;
  lookupTransformImpl(target_frame, target_time, source_frame, source_time, fixed_frame, transform, time_out);
  return stampedOf(transform, time_out, target_frame, source_frame);
}

void BufferCore::lookupTransformImpl(const std::string & target_frame, const std::string & source_frame, const TimePoint & time,
  tf2::Transform & transform, TimePoint & time_out) const
{
  std::unique_lock<std::mutex> lock(frame_mutex_);
  if (target_frame == source_frame) {
    transform.setIdentity();
    time_out = time;
    if (time == TimePointZero) {
      TimeCacheInterfacePtr cache = getFrame(lookupFrameNumber(target_frame));
      if (cache) {
        time_out = cache->getLatestTimestamp();
      }
    }
    return;
  }
  CompactFrameID target_id = validateFrameId("lookupTransform argument target_frame", target_frame);
  CompactFrameID source_id = validateFrameId("lookupTransform argument source_frame", source_frame);
  std::string error_string;
  TransformAccum accum;
  tf2::TF2Error retval = walkToTopParent(accum, time, target_id, source_id, &error_string, nullptr);
  if (retval != TF2Error::TF2_NO_ERROR) {
    throwWalkError(retval, error_string);
  }
  time_out = accum.time;
  transform.setOrigin(accum.result_vec);
  transform.setRotation(accum.result_quat);
}

void BufferCore::lookupTransformImpl(const std::string & target_frame, const TimePoint & target_time, const std::string & source_frame,
  const TimePoint & source_time, const std::string & fixed_frame, tf2::Transform & transform, TimePoint & time_out) const
{
  validateFrameId("lookupTransform argument target_frame", target_frame);
  validateFrameId("lookupTransform argument source_frame", source_frame);
  validateFrameId("lookupTransform argument fixed_frame", fixed_frame);
  tf2::Transform tf1, tf2;
  lookupTransformImpl(fixed_frame, source_frame, source_time, tf1, time_out);
  lookupTransformImpl(target_frame, fixed_frame, target_time, tf2, time_out);
  transform = tf2 * tf1;
}

bool BufferCore::canTransformInternal(CompactFrameID target_id, CompactFrameID source_id, const TimePoint & time,
  std::string * error_msg) const
{
  std::unique_lock<std::mutex> lock(frame_mutex_);
  if (target_id == 0 || source_id == 0) {
    if (error_msg) {
      *error_msg = "Source or target frame is not yet defined";
    }
    return false;
  }
  if (target_id == source_id) {
    return true;
  }
  CanTransformAccum accum;
  return walkToTopParent(accum, time, target_id, source_id, error_msg, nullptr) == TF2Error::TF2_NO_ERROR;
}

bool BufferCore::canTransform(const std::string & target_frame, const std::string & source_frame, const TimePoint & time,
  std::string * error_msg) const
{
  if (target_frame == source_frame) {
    return true;
  }
  CompactFrameID target_id = validateFrameId("canTransform argument target_frame", target_frame, error_msg);
  if (target_id == 0) {
    return false;
  }
  CompactFrameID source_id = validateFrameId("canTransform argument source_frame", source_frame, error_msg);
  if (source_id == 0) {
    return false;
  }
  return canTransformInternal(target_id, source_id, time, error_msg);
}

bool BufferCore::canTransform(const std::string & target_frame, const TimePoint & target_time, const std::string & source_frame,
  const TimePoint & source_time, const std::string & fixed_frame, std::string * error_msg) const
{
  CompactFrameID target_id = validateFrameId("canTransform argument target_frame", target_frame, error_msg);
  if (target_id == 0) {
    return false;
  }
  CompactFrameID source_id = validateFrameId("canTransform argument source_frame", source_frame, error_msg);
  if (source_id == 0) {
    return false;
  }
  CompactFrameID fixed_id = validateFrameId("canTransform argument fixed_frame", fixed_frame, error_msg);
  if (fixed_id == 0) {
    return false;
  }
  return canTransformInternal(target_id, fixed_id, target_time, error_msg) &&
         canTransformInternal(fixed_id, source_id, source_time, error_msg);
}

TimeCacheInterfacePtr BufferCore::getFrame(CompactFrameID frame_id) const
{
  return frame_id >= frames_.size() ? TimeCacheInterfacePtr() : frames_[frame_id];
}

CompactFrameID BufferCore::lookupFrameNumber(const std::string & frameid_str) const
{
  auto found = frameIDs_.find(frameid_str);
  return found == frameIDs_.end() ? CompactFrameID(0) : found->second;
}

CompactFrameID BufferCore::lookupOrInsertFrameNumber(const std::string & frameid_str)
{
  auto found = frameIDs_.find(frameid_str);
  if (found != frameIDs_.end()) {
    return found->second;
  }
  CompactFrameID id = CompactFrameID(frames_.size());
  frames_.push_back(TimeCacheInterfacePtr());
  frameIDs_[frameid_str] = id;
  frameIDs_reverse_.push_back(frameid_str);
  return id;
}

const std::string & BufferCore::lookupFrameString(CompactFrameID frame_id_num) const
{
  if (frame_id_num >= frameIDs_reverse_.size()) {
    throw LookupException("Reverse lookup of frame id " + std::to_string(frame_id_num) + " failed!");
  }
  return frameIDs_reverse_[frame_id_num];
}

void BufferCore::createConnectivityErrorString(CompactFrameID source_frame, CompactFrameID target_frame, std::string * out) const
{
  if (!out) {
    return;
  }
  *out = "Could not find a connection between '" + lookupFrameString(target_frame) + "' and '" + lookupFrameString(source_frame) +
    "' because they are not part of the same tree." + "Tf has two or more unconnected trees.";
}

std::vector<std::string> BufferCore::getAllFrameNames() const
{
  std::vector<std::string> frames;
  _getFrameStrings(frames);
  return frames;
}

std::string BufferCore::allFramesAsString() const
{
  std::unique_lock<std::mutex> lock(frame_mutex_);
  return allFramesAsStringNoLock();
}

std::string BufferCore::allFramesAsStringNoLock() const
{
  std::stringstream mstream;
  TransformStorage temp;
  for (size_t counter = 1; counter < frames_.size(); counter++) {
    TimeCacheInterfacePtr frame_ptr = getFrame(static_cast<CompactFrameID>(counter));
    if (frame_ptr == nullptr) {
      continue;
    }
    CompactFrameID frame_id_num = frame_ptr->getData(TimePointZero, temp) ? temp.frame_id_ : 0;
    mstream << "Frame " << frameIDs_reverse_[counter] << " exists with parent " << frameIDs_reverse_[frame_id_num] << "." << std::endl;
  }
  return mstream.str();
}

tf2::TF2Error BufferCore::getLatestCommonTime(CompactFrameID target_id, CompactFrameID source_id, TimePoint & time,
  std::string * error_string) const
{
  if (source_id == 0 || target_id == 0) {
    return TF2Error::TF2_LOOKUP_ERROR;
  }
  if (source_id == target_id) {
    TimeCacheInterfacePtr cache = getFrame(source_id);
    time = cache ? cache->getLatestTimestamp() : TimePointZero;
    return TF2Error::TF2_NO_ERROR;
  }
  auto loopError = [&] {
      if (error_string) {
        std::stringstream ss;
        ss << "The tf tree is invalid because it contains a loop." << std::endl << allFramesAsStringNoLock() << std::endl;
        *error_string = ss.str();
      }
      return TF2Error::TF2_LOOKUP_ERROR;
    };
  // The source's chain up to the root, each link's latest time and parent; static links (time
  // zero) do not bound the common time.
  std::vector<P_TimeAndFrameID> lct_cache;
  CompactFrameID frame = source_id;
  uint32_t depth = 0;
  TimePoint common_time = TimePoint::max();
  while (frame != 0) {
    TimeCacheInterfacePtr cache = getFrame(frame);
    if (!cache) {
      break;
    }
    P_TimeAndFrameID latest = cache->getLatestTimeAndParent();
    if (latest.second == 0) {
      break;
    }
    if (latest.first != TimePointZero) {
      common_time = std::min(latest.first, common_time);
    }
    lct_cache.push_back(latest);
    frame = latest.second;
    if (frame == target_id) {
      time = common_time == TimePoint::max() ? TimePointZero : common_time;
      return TF2Error::TF2_NO_ERROR;
    }
    ++depth;
    if (depth > MAX_GRAPH_DEPTH) {
      return loopError();
    }
  }
  // The target's chain up to a frame of the source's chain.
  frame = target_id;
  depth = 0;
  common_time = TimePoint::max();
  CompactFrameID common_parent = 0;
  while (true) {
    TimeCacheInterfacePtr cache = getFrame(frame);
    if (!cache) {
      break;
    }
    P_TimeAndFrameID latest = cache->getLatestTimeAndParent();
    if (latest.second == 0) {
      break;
    }
    if (latest.first != TimePointZero) {
      common_time = std::min(latest.first, common_time);
    }
    auto it = std::find_if(lct_cache.begin(), lct_cache.end(),
        [&](const P_TimeAndFrameID & link) {return link.second == latest.second;});
    if (it != lct_cache.end()) {
      common_parent = it->second;
      break;
    }
    frame = latest.second;
    if (frame == source_id) {
      time = common_time == TimePoint::max() ? TimePointZero : common_time;
      return TF2Error::TF2_NO_ERROR;
    }
    ++depth;
    if (depth > MAX_GRAPH_DEPTH) {
      return loopError();
    }
  }
  if (common_parent == 0) {
    createConnectivityErrorString(source_id, target_id, error_string);
    return TF2Error::TF2_CONNECTIVITY_ERROR;
  }
  for (const P_TimeAndFrameID & link : lct_cache) {
    if (link.first != TimePointZero) {
      common_time = std::min(common_time, link.first);
    }
    if (link.second == common_parent) {
      break;
    }
  }
  time = common_time == TimePoint::max() ? TimePointZero : common_time;
  return TF2Error::TF2_NO_ERROR;
}

std::string BufferCore::allFramesAsYAML(TimePoint current_time) const
{
  std::stringstream mstream;
  std::unique_lock<std::mutex> lock(frame_mutex_);
  TransformStorage temp;
  if (frames_.size() == 1) {
    mstream << "[]";
  }
  mstream.precision(3);
  mstream.setf(std::ios::fixed, std::ios::floatfield);
  for (size_t counter = 1; counter < frames_.size(); counter++) {
    CompactFrameID cfid = static_cast<CompactFrameID>(counter);
    TimeCacheInterfacePtr cache = getFrame(cfid);
    if (!cache || !cache->getData(TimePointZero, temp)) {
      continue;
    }
    CompactFrameID frame_id_num = temp.frame_id_;
    std::string authority = "no recorded authority";
    auto it = frame_authority_.find(cfid);
    if (it != frame_authority_.end()) {
      authority = it->second;
    }
    tf2::Duration dur1 = cache->getLatestTimestamp() - cache->getOldestTimestamp();
    tf2::Duration dur2 = tf2::Duration(std::chrono::microseconds(100));
    double rate = (cache->getListLength() * 1e9) / std::chrono::duration_cast<std::chrono::nanoseconds>(dur1 > dur2 ? dur1 : dur2).count();
    mstream << std::fixed;
    mstream.precision(3);
    mstream << frameIDs_reverse_[cfid] << ": " << std::endl;
    mstream << "  parent: '" << frameIDs_reverse_[frame_id_num] << "'" << std::endl;
    mstream << "  broadcaster: '" << authority << "'" << std::endl;
    mstream << "  rate: " << rate << std::endl;
    mstream << "  most_recent_transform: " << displayTimePoint(cache->getLatestTimestamp()) << std::endl;
    mstream << "  oldest_transform: " << displayTimePoint(cache->getOldestTimestamp()) << std::endl;
    if (current_time != TimePointZero) {
      mstream << "  transform_delay: " << durationToSec(current_time - cache->getLatestTimestamp()) << std::endl;
    }
    mstream << "  buffer_length: " << durationToSec(cache->getLatestTimestamp() - cache->getOldestTimestamp()) << std::endl;
  }
  return mstream.str();
}

std::string BufferCore::allFramesAsYAML() const
{
  return allFramesAsYAML(TimePointZero);
}

TransformableRequestHandle BufferCore::addTransformableRequest(const TransformableCallback & cb, const std::string & target_frame,
  const std::string & source_frame, TimePoint time)
{
  if (target_frame == source_frame) {
    return 0;
  }
  std::unique_lock<std::mutex> lock(transformable_requests_mutex_);
  TransformableRequest req;
  req.target_id = lookupFrameNumber(target_frame);
  req.source_id = lookupFrameNumber(source_frame);
  if (canTransformInternal(req.target_id, req.source_id, time, nullptr)) {
    return 0;
  }
  // Older than the cache keeps: it never will be transformable.
  if (req.target_id && req.source_id) {
    TimePoint latest_time;
    getLatestCommonTime(req.target_id, req.source_id, latest_time, nullptr);
    if (latest_time != TimePointZero && time + cache_time_ < latest_time) {
      return 0xffffffffffffffffULL;
    }
  }
  {
    std::unique_lock<std::mutex> callbacks_lock(transformable_callbacks_mutex_);
    TransformableCallbackHandle handle = ++transformable_callbacks_counter_;
    while (!transformable_callbacks_.insert(std::make_pair(handle, cb)).second) {
      handle = ++transformable_callbacks_counter_;
    }
    req.cb_handle = handle;
  }
  req.time = time;
  req.request_handle = ++transformable_requests_counter_;
  if (req.request_handle == 0 || req.request_handle == 0xffffffffffffffffULL) {
    req.request_handle = 1;
  }
  if (req.target_id == 0) {
    req.target_string = target_frame;
  }
  if (req.source_id == 0) {
    req.source_string = source_frame;
  }
  transformable_requests_.push_back(req);
  return req.request_handle;
}

void BufferCore::cancelTransformableRequest(TransformableRequestHandle handle)
{
  std::unique_lock<std::mutex> requests_lock(transformable_requests_mutex_);
  std::unique_lock<std::mutex> callbacks_lock(transformable_callbacks_mutex_);
  auto remove_it = std::remove_if(transformable_requests_.begin(), transformable_requests_.end(),
      [handle](const TransformableRequest & req) {return handle == req.request_handle;});
  for (auto it = remove_it; it != transformable_requests_.end(); ++it) {
    transformable_callbacks_.erase(it->cb_handle);
  }
  transformable_requests_.erase(remove_it, transformable_requests_.end());
}

bool BufferCore::_frameExists(const std::string & frame_id_str) const
{
  std::unique_lock<std::mutex> lock(frame_mutex_);
  return frameIDs_.count(frame_id_str) != 0;
}

bool BufferCore::_getParent(const std::string & frame_id, TimePoint time, std::string & parent) const
{
  std::unique_lock<std::mutex> lock(frame_mutex_);
  TimeCacheInterfacePtr frame = getFrame(lookupFrameNumber(frame_id));
  if (!frame) {
    return false;
  }
  CompactFrameID parent_id = frame->getParent(time, nullptr);
  if (parent_id == 0) {
    return false;
  }
  parent = lookupFrameString(parent_id);
  return true;
}

void BufferCore::_getFrameStrings(std::vector<std::string> & vec) const
{
  vec.clear();
  std::unique_lock<std::mutex> lock(frame_mutex_);
  for (size_t counter = 1; counter < frameIDs_reverse_.size(); counter++) {
    vec.push_back(frameIDs_reverse_[counter]);
  }
}

void BufferCore::testTransformableRequests()
{
  std::unique_lock<std::mutex> lock(transformable_requests_mutex_);
  auto it = transformable_requests_.begin();
  while (it != transformable_requests_.end()) {
    TransformableRequest & req = *it;
    // Frames unknown when asked may exist now.
    if (req.target_id == 0) {
      req.target_id = lookupFrameNumber(req.target_string);
    }
    if (req.source_id == 0) {
      req.source_id = lookupFrameNumber(req.source_string);
    }
    TimePoint latest_time;
    bool do_cb = false;
    TransformableResult result = TransformAvailable;
    getLatestCommonTime(req.target_id, req.source_id, latest_time, nullptr);
    if (latest_time != TimePointZero && req.time + cache_time_ < latest_time) {
      do_cb = true;
      result = TransformFailure;
    } else if (canTransformInternal(req.target_id, req.source_id, req.time, nullptr)) {
      do_cb = true;
      result = TransformAvailable;
    }
    if (!do_cb) {
      ++it;
      continue;
    }
    {
      std::unique_lock<std::mutex> callbacks_lock(transformable_callbacks_mutex_);
      auto found = transformable_callbacks_.find(req.cb_handle);
      if (found != transformable_callbacks_.end()) {
        const TransformableCallback cb = found->second;
        cb(req.request_handle, lookupFrameString(req.target_id), lookupFrameString(req.source_id), req.time, result);
        transformable_callbacks_.erase(req.cb_handle);
      }
    }
    // As tf2: the last request takes this one's place, and is tested next.
    if (transformable_requests_.size() > 1) {
      *it = transformable_requests_.back();
    }
    transformable_requests_.pop_back();
    if (transformable_requests_.empty() || it == transformable_requests_.end()) {
      it = transformable_requests_.end();
    }
  }
}

void BufferCore::_chainAsVector(const std::string & target_frame, TimePoint target_time, const std::string & source_frame,
  TimePoint source_time, const std::string & fixed_frame, std::vector<std::string> & output) const
{
  std::string error_string;
  output.clear();
  std::unique_lock<std::mutex> lock(frame_mutex_);
  TransformAccum accum;
  CompactFrameID source_id = lookupFrameNumber(source_frame);
  CompactFrameID fixed_id = lookupFrameNumber(fixed_frame);
  CompactFrameID target_id = lookupFrameNumber(target_frame);
  std::vector<CompactFrameID> source_frame_chain;
  tf2::TF2Error retval = walkToTopParent(accum, source_time, fixed_id, source_id, &error_string, &source_frame_chain);
  if (retval != TF2Error::TF2_NO_ERROR) {
    throwWalkError(retval, error_string);
  }
  if (source_time != target_time) {
    std::vector<CompactFrameID> target_frame_chain;
    retval = walkToTopParent(accum, target_time, target_id, fixed_id, &error_string, &target_frame_chain);
    if (retval != TF2Error::TF2_NO_ERROR) {
      throwWalkError(retval, error_string);
    }
    size_t m = target_frame_chain.size();
    size_t n = source_frame_chain.size();
    while (m > 0u && n > 0u) {
      --m;
      --n;
      if (source_frame_chain[n] != target_frame_chain[m]) {
        break;
      }
    }
    if (n > 0u) {
      source_frame_chain.erase(source_frame_chain.begin() + (n - 1u), source_frame_chain.end());
    }
    if (m < target_frame_chain.size()) {
      for (size_t i = 0u; i <= m; ++i) {
        source_frame_chain.push_back(target_frame_chain[i]);
      }
    }
  }
  for (CompactFrameID id : source_frame_chain) {
    output.push_back(lookupFrameString(id));
  }
}

}  // namespace tf2
