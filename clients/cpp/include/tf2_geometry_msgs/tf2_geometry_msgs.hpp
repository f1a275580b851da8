// tf2_geometry_msgs (tf2_geometry_msgs/tf2_geometry_msgs.hpp): doTransform, toMsg and fromMsg for
// geometry_msgs' types. tf2_geometry_msgs computes points and poses with orocos KDL's frames; so
// does this, with KDL's formulas in KDL's order (tf2_geometry_msgs/kdl_frames.hpp), for KDL's bits.
#ifndef TF2_GEOMETRY_MSGS__TF2_GEOMETRY_MSGS_HPP_
#define TF2_GEOMETRY_MSGS__TF2_GEOMETRY_MSGS_HPP_

#include <array>
#include <string>

#include "geometry_msgs/msg/point.hpp"
#include "geometry_msgs/msg/point32.hpp"
#include "geometry_msgs/msg/point_stamped.hpp"
#include "geometry_msgs/msg/polygon_stamped.hpp"
#include "geometry_msgs/msg/pose.hpp"
#include "geometry_msgs/msg/pose_stamped.hpp"
#include "geometry_msgs/msg/pose_with_covariance.hpp"
#include "geometry_msgs/msg/pose_with_covariance_stamped.hpp"
#include "geometry_msgs/msg/quaternion_stamped.hpp"
#include "geometry_msgs/msg/transform.hpp"
#include "geometry_msgs/msg/transform_stamped.hpp"
#include "geometry_msgs/msg/vector3.hpp"
#include "geometry_msgs/msg/vector3_stamped.hpp"
#include "geometry_msgs/msg/velocity_stamped.hpp"
#include "geometry_msgs/msg/wrench.hpp"
#include "geometry_msgs/msg/wrench_stamped.hpp"
#include "tf2/LinearMath/Quaternion.h"
#include "tf2/LinearMath/Transform.h"
#include "tf2/LinearMath/Vector3.h"
#include "tf2/convert.h"
#include "tf2_geometry_msgs/kdl_frames.hpp"
#include "tf2_ros/buffer_interface.h"

namespace tf2
{

namespace kdl = tf2_geometry_msgs::kdl;

/// The transform as KDL's frame (tf2_geometry_msgs' gmTransformToKDL).
inline kdl::Frame gmTransformToFrame(const geometry_msgs::msg::TransformStamped & t)
{
  return kdl::Frame{
    kdl::Rotation::Quaternion(t.transform.rotation.x, t.transform.rotation.y, t.transform.rotation.z, t.transform.rotation.w),
    kdl::Vector{{t.transform.translation.x, t.transform.translation.y, t.transform.translation.z}}};
}

/// A pose (position, orientation) through the transform, as KDL frames.
template<typename PointT, typename QuaternionT>
void transformPose(const PointT & position, const QuaternionT & orientation, PointT & position_out, QuaternionT & orientation_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  kdl::Frame in{kdl::Rotation::Quaternion(orientation.x, orientation.y, orientation.z, orientation.w),
    kdl::Vector{{position.x, position.y, position.z}}};
  kdl::Frame out = gmTransformToFrame(transform) * in;
  position_out.x = out.p.data[0];
  position_out.y = out.p.data[1];
  position_out.z = out.p.data[2];
  out.M.GetQuaternion(orientation_out.x, orientation_out.y, orientation_out.z, orientation_out.w);
}

// ---- Vector3

template<>
inline void doTransform(const geometry_msgs::msg::Vector3 & t_in, geometry_msgs::msg::Vector3 & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  kdl::Vector v_out = gmTransformToFrame(transform).M * kdl::Vector{{t_in.x, t_in.y, t_in.z}};
  t_out.x = v_out.data[0];
  t_out.y = v_out.data[1];
  t_out.z = v_out.data[2];
}

inline geometry_msgs::msg::Vector3 toMsg(const tf2::Vector3 & in)
{
  geometry_msgs::msg::Vector3 out;
  out.x = in.getX();
  out.y = in.getY();
  out.z = in.getZ();
  return out;
}

inline void fromMsg(const geometry_msgs::msg::Vector3 & in, tf2::Vector3 & out)
{
  out = tf2::Vector3(in.x, in.y, in.z);
}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::Vector3Stamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::Vector3Stamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::Vector3Stamped & t_in, geometry_msgs::msg::Vector3Stamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  doTransform(t_in.vector, t_out.vector, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::Vector3Stamped toMsg(const geometry_msgs::msg::Vector3Stamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::Vector3Stamped & msg, geometry_msgs::msg::Vector3Stamped & out) {out = msg;}

// ---- Point, Point32, PointStamped

template<>
inline void doTransform(const geometry_msgs::msg::Point & t_in, geometry_msgs::msg::Point & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  kdl::Vector v_out = gmTransformToFrame(transform) * kdl::Vector{{t_in.x, t_in.y, t_in.z}};
  t_out.x = v_out.data[0];
  t_out.y = v_out.data[1];
  t_out.z = v_out.data[2];
}

inline geometry_msgs::msg::Point & toMsg(const tf2::Vector3 & in, geometry_msgs::msg::Point & out)
{
  out.x = in.getX();
  out.y = in.getY();
  out.z = in.getZ();
  return out;
}

inline void fromMsg(const geometry_msgs::msg::Point & in, tf2::Vector3 & out)
{
  out = tf2::Vector3(in.x, in.y, in.z);
}

template<>
inline void doTransform(const geometry_msgs::msg::Point32 & t_in, geometry_msgs::msg::Point32 & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  kdl::Vector v_out = gmTransformToFrame(transform) * kdl::Vector{{t_in.x, t_in.y, t_in.z}};
  t_out.x = static_cast<float>(v_out.data[0]);
  t_out.y = static_cast<float>(v_out.data[1]);
  t_out.z = static_cast<float>(v_out.data[2]);
}

inline geometry_msgs::msg::Point32 & toMsg(const tf2::Vector3 & in, geometry_msgs::msg::Point32 & out)
{
  out.x = static_cast<float>(in.getX());
  out.y = static_cast<float>(in.getY());
  out.z = static_cast<float>(in.getZ());
  return out;
}

inline void fromMsg(const geometry_msgs::msg::Point32 & in, tf2::Vector3 & out)
{
  out = tf2::Vector3(in.x, in.y, in.z);
}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::PointStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::PointStamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::PointStamped & t_in, geometry_msgs::msg::PointStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  doTransform(t_in.point, t_out.point, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::PointStamped toMsg(const geometry_msgs::msg::PointStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::PointStamped & msg, geometry_msgs::msg::PointStamped & out) {out = msg;}

// ---- Pose, PoseStamped

template<>
inline void doTransform(const geometry_msgs::msg::Pose & t_in, geometry_msgs::msg::Pose & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  transformPose(t_in.position, t_in.orientation, t_out.position, t_out.orientation, transform);
}

inline geometry_msgs::msg::Pose toMsg(const geometry_msgs::msg::Pose & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::Pose & msg, geometry_msgs::msg::Pose & out) {out = msg;}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::PoseStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::PoseStamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::PoseStamped & t_in, geometry_msgs::msg::PoseStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  transformPose(t_in.pose.position, t_in.pose.orientation, t_out.pose.position, t_out.pose.orientation, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::PoseStamped toMsg(const geometry_msgs::msg::PoseStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::PoseStamped & msg, geometry_msgs::msg::PoseStamped & out) {out = msg;}

// ---- Polygon, PolygonStamped

template<>
inline void doTransform(const geometry_msgs::msg::Polygon & poly_in, geometry_msgs::msg::Polygon & poly_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  poly_out.points.clear();
  for (const auto & point : poly_in.points) {
    geometry_msgs::msg::Point32 point_transformed;
    doTransform(point, point_transformed, transform);
    poly_out.points.push_back(point_transformed);
  }
}

inline geometry_msgs::msg::Polygon toMsg(const geometry_msgs::msg::Polygon & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::Polygon & msg, geometry_msgs::msg::Polygon & out) {out = msg;}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::PolygonStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::PolygonStamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::PolygonStamped & poly_in, geometry_msgs::msg::PolygonStamped & poly_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  doTransform(poly_in.polygon, poly_out.polygon, transform);
  poly_out.header.stamp = transform.header.stamp;
  poly_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::PolygonStamped toMsg(const geometry_msgs::msg::PolygonStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::PolygonStamped & msg, geometry_msgs::msg::PolygonStamped & out) {out = msg;}

// ---- Quaternion, QuaternionStamped

inline geometry_msgs::msg::Quaternion toMsg(const tf2::Quaternion & in)
{
  geometry_msgs::msg::Quaternion out;
  out.w = in.getW();
  out.x = in.getX();
  out.y = in.getY();
  out.z = in.getZ();
  return out;
}

inline void fromMsg(const geometry_msgs::msg::Quaternion & in, tf2::Quaternion & out)
{
  out = tf2::Quaternion(in.x, in.y, in.z, in.w);
}

template<>
inline void doTransform(const geometry_msgs::msg::Quaternion & t_in, geometry_msgs::msg::Quaternion & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  tf2::Quaternion q_out = tf2::Quaternion(transform.transform.rotation.x, transform.transform.rotation.y, transform.transform.rotation.z,
      transform.transform.rotation.w) * tf2::Quaternion(t_in.x, t_in.y, t_in.z, t_in.w);
  t_out = toMsg(q_out);
}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::QuaternionStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::QuaternionStamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::QuaternionStamped & t_in, geometry_msgs::msg::QuaternionStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  doTransform(t_in.quaternion, t_out.quaternion, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::QuaternionStamped toMsg(const geometry_msgs::msg::QuaternionStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::QuaternionStamped & msg, geometry_msgs::msg::QuaternionStamped & out) {out = msg;}

inline geometry_msgs::msg::QuaternionStamped toMsg(const tf2::Stamped<tf2::Quaternion> & in)
{
  geometry_msgs::msg::QuaternionStamped out;
  out.header.stamp = tf2_ros::toMsg(in.stamp_);
  out.header.frame_id = in.frame_id_;
  out.quaternion = toMsg(static_cast<const tf2::Quaternion &>(in));
  return out;
}

inline void fromMsg(const geometry_msgs::msg::QuaternionStamped & in, tf2::Stamped<tf2::Quaternion> & out)
{
  out.stamp_ = tf2_ros::fromMsg(in.header.stamp);
  out.frame_id_ = in.header.frame_id;
  tf2::Quaternion tmp;
  fromMsg(in.quaternion, tmp);
  out.setData(tmp);
}

// ---- Transform, TransformStamped

inline geometry_msgs::msg::Transform toMsg(const tf2::Transform & in)
{
  geometry_msgs::msg::Transform out;
  out.translation.x = in.getOrigin().getX();
  out.translation.y = in.getOrigin().getY();
  out.translation.z = in.getOrigin().getZ();
  out.rotation = toMsg(in.getRotation());
  return out;
}

inline void toMsg(const tf2::Transform & in, geometry_msgs::msg::Transform & out) {out = toMsg(in);}

inline void fromMsg(const geometry_msgs::msg::Transform & in, tf2::Transform & out)
{
  out.setOrigin(tf2::Vector3(in.translation.x, in.translation.y, in.translation.z));
  out.setRotation(tf2::Quaternion(in.rotation.x, in.rotation.y, in.rotation.z, in.rotation.w));
}

template<>
inline void doTransform(const geometry_msgs::msg::Transform & t_in, geometry_msgs::msg::Transform & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  transformPose(t_in.translation, t_in.rotation, t_out.translation, t_out.rotation, transform);
}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::TransformStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::TransformStamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::TransformStamped & t_in, geometry_msgs::msg::TransformStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  transformPose(t_in.transform.translation, t_in.transform.rotation, t_out.transform.translation, t_out.transform.rotation, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::TransformStamped toMsg(const geometry_msgs::msg::TransformStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::TransformStamped & msg, geometry_msgs::msg::TransformStamped & out) {out = msg;}

inline void fromMsg(const geometry_msgs::msg::TransformStamped & in, tf2::Stamped<tf2::Transform> & out)
{
  out.stamp_ = tf2_ros::fromMsg(in.header.stamp);
  out.frame_id_ = in.header.frame_id;
  tf2::Transform tmp;
  fromMsg(in.transform, tmp);
  out.setData(tmp);
}

inline geometry_msgs::msg::TransformStamped toMsg(const tf2::Stamped<tf2::Transform> & in)
{
  geometry_msgs::msg::TransformStamped out;
  out.header.stamp = tf2_ros::toMsg(in.stamp_);
  out.header.frame_id = in.frame_id_;
  out.transform.translation.x = in.getOrigin().getX();
  out.transform.translation.y = in.getOrigin().getY();
  out.transform.translation.z = in.getOrigin().getZ();
  out.transform.rotation = toMsg(in.getRotation());
  return out;
}

// ---- Pose from and to tf2::Transform

inline void toMsg(const tf2::Transform & in, geometry_msgs::msg::Pose & out)
{
  out.position.x = in.getOrigin().getX();
  out.position.y = in.getOrigin().getY();
  out.position.z = in.getOrigin().getZ();
  out.orientation = toMsg(in.getRotation());
}

inline void fromMsg(const geometry_msgs::msg::Pose & in, tf2::Transform & out)
{
  out.setOrigin(tf2::Vector3(in.position.x, in.position.y, in.position.z));
  out.setRotation(tf2::Quaternion(in.orientation.x, in.orientation.y, in.orientation.z, in.orientation.w));
}

// ---- PoseWithCovariance, PoseWithCovarianceStamped

/// The covariance rotated by the transform's rotation, each 3x3 block as R * C * Rᵀ.
inline geometry_msgs::msg::PoseWithCovariance::_covariance_type transformCovariance(
  const geometry_msgs::msg::PoseWithCovariance::_covariance_type & cov_in, const tf2::Transform & transform)
{
  const tf2::Matrix3x3 R = transform.getBasis();
  const tf2::Matrix3x3 R_transpose = R.transpose();
  geometry_msgs::msg::PoseWithCovariance::_covariance_type cov_out;
  // The four blocks by their top-left index in the 6x6 row-major array.
  for (size_t block : {size_t{0}, size_t{3}, size_t{18}, size_t{21}}) {
    const tf2::Matrix3x3 cov(cov_in[block], cov_in[block + 1], cov_in[block + 2], cov_in[block + 6], cov_in[block + 7], cov_in[block + 8],
      cov_in[block + 12], cov_in[block + 13], cov_in[block + 14]);
    const tf2::Matrix3x3 result = R * cov * R_transpose;
    for (size_t row = 0; row < 3; ++row) {
      for (size_t col = 0; col < 3; ++col) {
        cov_out[block + row * 6 + col] = result[static_cast<int>(row)][static_cast<int>(col)];
      }
    }
  }
  return cov_out;
}

template<>
inline std::array<std::array<double, 6>, 6> getCovarianceMatrix(const geometry_msgs::msg::PoseWithCovariance & t)
{
  return covarianceRowMajorToNested(t.covariance);
}

template<>
inline void doTransform(const geometry_msgs::msg::PoseWithCovariance & t_in, geometry_msgs::msg::PoseWithCovariance & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  transformPose(t_in.pose.position, t_in.pose.orientation, t_out.pose.position, t_out.pose.orientation, transform);
  tf2::Transform tf_transform;
  fromMsg(transform.transform, tf_transform);
  t_out.covariance = transformCovariance(t_in.covariance, tf_transform);
}

inline geometry_msgs::msg::PoseWithCovariance toMsg(const geometry_msgs::msg::PoseWithCovariance & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::PoseWithCovariance & msg, geometry_msgs::msg::PoseWithCovariance & out) {out = msg;}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::PoseWithCovarianceStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::PoseWithCovarianceStamped & t) {return t.header.frame_id;}
template<>
inline std::array<std::array<double, 6>, 6> getCovarianceMatrix(const geometry_msgs::msg::PoseWithCovarianceStamped & t)
{
  return covarianceRowMajorToNested(t.pose.covariance);
}

template<>
inline void doTransform(const geometry_msgs::msg::PoseWithCovarianceStamped & t_in, geometry_msgs::msg::PoseWithCovarianceStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  transformPose(t_in.pose.pose.position, t_in.pose.pose.orientation, t_out.pose.pose.position, t_out.pose.pose.orientation, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
  tf2::Transform tf_transform;
  fromMsg(transform.transform, tf_transform);
  t_out.pose.covariance = transformCovariance(t_in.pose.covariance, tf_transform);
}

inline geometry_msgs::msg::PoseWithCovarianceStamped toMsg(const geometry_msgs::msg::PoseWithCovarianceStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::PoseWithCovarianceStamped & msg, geometry_msgs::msg::PoseWithCovarianceStamped & out)
{
  out = msg;
}

inline geometry_msgs::msg::PoseWithCovarianceStamped toMsg(const tf2::WithCovarianceStamped<tf2::Transform> & in)
{
  geometry_msgs::msg::PoseWithCovarianceStamped out;
  out.header.stamp = tf2_ros::toMsg(in.stamp_);
  out.header.frame_id = in.frame_id_;
  out.pose.covariance = covarianceNestedToRowMajor(in.cov_mat_);
  out.pose.pose.orientation.x = in.getRotation().getX();
  out.pose.pose.orientation.y = in.getRotation().getY();
  out.pose.pose.orientation.z = in.getRotation().getZ();
  out.pose.pose.orientation.w = in.getRotation().getW();
  out.pose.pose.position.x = in.getOrigin().getX();
  out.pose.pose.position.y = in.getOrigin().getY();
  out.pose.pose.position.z = in.getOrigin().getZ();
  return out;
}

inline void fromMsg(const geometry_msgs::msg::PoseWithCovarianceStamped & in, tf2::WithCovarianceStamped<tf2::Transform> & out)
{
  out.stamp_ = tf2_ros::fromMsg(in.header.stamp);
  out.frame_id_ = in.header.frame_id;
  out.cov_mat_ = covarianceRowMajorToNested(in.pose.covariance);
  tf2::Transform tmp;
  fromMsg(in.pose.pose, tmp);
  out.setData(tmp);
}

// ---- VelocityStamped

template<>
inline void doTransform(const geometry_msgs::msg::VelocityStamped & t_in, geometry_msgs::msg::VelocityStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  tf2::Vector3 twist_rot(t_in.velocity.angular.x, t_in.velocity.angular.y, t_in.velocity.angular.z);
  tf2::Vector3 twist_vel(t_in.velocity.linear.x, t_in.velocity.linear.y, t_in.velocity.linear.z);
  tf2::Transform transform_temp;
  transform_temp.setOrigin(tf2::Vector3(transform.transform.translation.x, transform.transform.translation.y,
    transform.transform.translation.z));
  transform_temp.setRotation(tf2::Quaternion(transform.transform.rotation.x, transform.transform.rotation.y,
    transform.transform.rotation.z, transform.transform.rotation.w));
  tf2::Vector3 out_rot = transform_temp.getBasis() * twist_rot;
  tf2::Vector3 out_vel = transform_temp.getBasis() * twist_vel + transform_temp.getOrigin().cross(out_rot);
  // As tf2_geometry_msgs: the input's own velocity added, and its header kept.
  t_out.header = t_in.header;
  t_out.velocity.linear.x = out_vel.x() + t_in.velocity.linear.x;
  t_out.velocity.linear.y = out_vel.y() + t_in.velocity.linear.y;
  t_out.velocity.linear.z = out_vel.z() + t_in.velocity.linear.z;
  t_out.velocity.angular.x = out_rot.x() + t_in.velocity.angular.x;
  t_out.velocity.angular.y = out_rot.y() + t_in.velocity.angular.y;
  t_out.velocity.angular.z = out_rot.z() + t_in.velocity.angular.z;
}

// ---- Wrench, WrenchStamped

template<>
inline void doTransform(const geometry_msgs::msg::Wrench & t_in, geometry_msgs::msg::Wrench & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  doTransform(t_in.force, t_out.force, transform);
  doTransform(t_in.torque, t_out.torque, transform);
  // The force's moment about the new origin.
  tf2::Vector3 offset{transform.transform.translation.x, transform.transform.translation.y, transform.transform.translation.z};
  tf2::Vector3 added_torque = offset.cross(tf2::Vector3{t_out.force.x, t_out.force.y, t_out.force.z});
  t_out.torque.x += added_torque.getX();
  t_out.torque.y += added_torque.getY();
  t_out.torque.z += added_torque.getZ();
}

template<>
inline tf2::TimePoint getTimestamp(const geometry_msgs::msg::WrenchStamped & t) {return tf2_ros::fromMsg(t.header.stamp);}
template<>
inline std::string getFrameId(const geometry_msgs::msg::WrenchStamped & t) {return t.header.frame_id;}

template<>
inline void doTransform(const geometry_msgs::msg::WrenchStamped & t_in, geometry_msgs::msg::WrenchStamped & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  doTransform(t_in.wrench, t_out.wrench, transform);
  t_out.header.stamp = transform.header.stamp;
  t_out.header.frame_id = transform.header.frame_id;
}

inline geometry_msgs::msg::WrenchStamped toMsg(const geometry_msgs::msg::WrenchStamped & in) {return in;}
inline void fromMsg(const geometry_msgs::msg::WrenchStamped & msg, geometry_msgs::msg::WrenchStamped & out) {out = msg;}

}  // namespace tf2

#endif  // TF2_GEOMETRY_MSGS__TF2_GEOMETRY_MSGS_HPP_
