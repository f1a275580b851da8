// tf2_eigen (tf2_eigen/tf2_eigen.hpp): conversions between Eigen's geometry types and
// geometry_msgs, and doTransform for Eigen's types, as geometry2's tf2_eigen defines them. Eigen is
// Debian's libeigen3-dev, built as rclsim builds it (docs/cpp-process.md: scalar code everywhere).
#ifndef TF2_EIGEN__TF2_EIGEN_HPP_
#define TF2_EIGEN__TF2_EIGEN_HPP_

#include <Eigen/Geometry>

#include "geometry_msgs/msg/point.hpp"
#include "geometry_msgs/msg/point_stamped.hpp"
#include "geometry_msgs/msg/pose.hpp"
#include "geometry_msgs/msg/pose_stamped.hpp"
#include "geometry_msgs/msg/quaternion.hpp"
#include "geometry_msgs/msg/quaternion_stamped.hpp"
#include "geometry_msgs/msg/transform.hpp"
#include "geometry_msgs/msg/transform_stamped.hpp"
#include "geometry_msgs/msg/twist.hpp"
#include "geometry_msgs/msg/vector3.hpp"
#include "tf2/convert.h"
#include "tf2_ros/buffer.h"
#include "tf2_ros/buffer_interface.h"

namespace tf2
{

/// The transform as an isometry: its rotation (a quaternion, w first for Eigen), then its translation.
inline Eigen::Isometry3d transformToEigen(const geometry_msgs::msg::Transform & t)
{
  const Eigen::Quaterniond rotation(t.rotation.w, t.rotation.x, t.rotation.y, t.rotation.z);
  const Eigen::Vector3d translation(t.translation.x, t.translation.y, t.translation.z);
  return Eigen::Isometry3d(Eigen::Translation3d(translation) * rotation);
}

inline Eigen::Isometry3d transformToEigen(const geometry_msgs::msg::TransformStamped & t)
{
  return transformToEigen(t.transform);
}

namespace detail
{
/// A transform message of the translation and the rotation (its linear part made a quaternion).
inline geometry_msgs::msg::TransformStamped transformMessage(const Eigen::Vector3d & translation, const Eigen::Quaterniond & rotation)
{
  geometry_msgs::msg::TransformStamped msg;
  msg.transform.translation.x = translation.x();
  msg.transform.translation.y = translation.y();
  msg.transform.translation.z = translation.z();
  msg.transform.rotation.x = rotation.x();
  msg.transform.rotation.y = rotation.y();
  msg.transform.rotation.z = rotation.z();
  msg.transform.rotation.w = rotation.w();
  return msg;
}

/// A pose message of the position and orientation.
inline geometry_msgs::msg::Pose poseMessage(const Eigen::Vector3d & position, const Eigen::Quaterniond & orientation)
{
  geometry_msgs::msg::Pose msg;
  msg.position.x = position.x();
  msg.position.y = position.y();
  msg.position.z = position.z();
  msg.orientation.x = orientation.x();
  msg.orientation.y = orientation.y();
  msg.orientation.z = orientation.z();
  msg.orientation.w = orientation.w();
  return msg;
}

/// The pose message as a transform of Eigen's kind T (Affine3d, Isometry3d).
template<typename T>
T poseTransform(const geometry_msgs::msg::Pose & msg)
{
  const Eigen::Quaterniond orientation(msg.orientation.w, msg.orientation.x, msg.orientation.y, msg.orientation.z);
  return T(Eigen::Translation3d(msg.position.x, msg.position.y, msg.position.z) * orientation);
}
}  // namespace detail

/// An affine transform as a message: its linear part is taken for a rotation (tf2_eigen's eigenToTransform).
inline geometry_msgs::msg::TransformStamped eigenToTransform(const Eigen::Affine3d & T)
{
  return detail::transformMessage(T.translation(), Eigen::Quaterniond(T.linear()));
}

inline geometry_msgs::msg::TransformStamped eigenToTransform(const Eigen::Isometry3d & T)
{
  return detail::transformMessage(T.translation(), Eigen::Quaterniond(T.rotation()));
}

// ---- Vector3d: a point (Point), a direction (Vector3)

template<>
inline void doTransform(const Eigen::Vector3d & t_in, Eigen::Vector3d & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  t_out = Eigen::Vector3d(transformToEigen(transform) * t_in);
}

inline geometry_msgs::msg::Point toMsg(const Eigen::Vector3d & in)
{
  geometry_msgs::msg::Point msg;
  msg.x = in.x();
  msg.y = in.y();
  msg.z = in.z();
  return msg;
}

inline void fromMsg(const geometry_msgs::msg::Point & msg, Eigen::Vector3d & out)
{
  out = Eigen::Vector3d(msg.x, msg.y, msg.z);
}

inline geometry_msgs::msg::Vector3 & toMsg(const Eigen::Vector3d & in, geometry_msgs::msg::Vector3 & out)
{
  out.x = in.x();
  out.y = in.y();
  out.z = in.z();
  return out;
}

/// tf2_eigen's name for the Vector3 form (toMsg by its return type alone would be ambiguous).
inline geometry_msgs::msg::Vector3 toMsg2(const Eigen::Vector3d & in)
{
  geometry_msgs::msg::Vector3 msg;
  return toMsg(in, msg);
}

inline void fromMsg(const geometry_msgs::msg::Vector3 & msg, Eigen::Vector3d & out)
{
  out = Eigen::Vector3d(msg.x, msg.y, msg.z);
}

// A stamped one takes the transform's stamp and frame.
template<>
inline void doTransform(
  const tf2::Stamped<Eigen::Vector3d> & t_in, tf2::Stamped<Eigen::Vector3d> & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  t_out = tf2::Stamped<Eigen::Vector3d>(
    Eigen::Vector3d(transformToEigen(transform) * t_in), tf2_ros::fromMsg(transform.header.stamp), transform.header.frame_id);
}

inline geometry_msgs::msg::PointStamped toMsg(const tf2::Stamped<Eigen::Vector3d> & in)
{
  geometry_msgs::msg::PointStamped msg;
  msg.header.stamp = tf2_ros::toMsg(in.stamp_);
  msg.header.frame_id = in.frame_id_;
  msg.point = toMsg(static_cast<const Eigen::Vector3d &>(in));
  return msg;
}

inline void fromMsg(const geometry_msgs::msg::PointStamped & msg, tf2::Stamped<Eigen::Vector3d> & out)
{
  out.stamp_ = tf2_ros::fromMsg(msg.header.stamp);
  out.frame_id_ = msg.header.frame_id;
  fromMsg(msg.point, static_cast<Eigen::Vector3d &>(out));
}

// ---- 6-vectors: a twist or a wrench through the transform's adjoint (rotation on the diagonal,
// [translation]x · rotation below it), Modern Robotics eq. 3.83

template<>
inline void doTransform(const Eigen::VectorXd & t_in, Eigen::VectorXd & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  const Eigen::Isometry3d T = transformToEigen(transform);
  const Eigen::Matrix3d R = T.rotation();
  const Eigen::Vector3d p = T.translation();
  Eigen::Matrix3d cross;
  cross << 0.0, -p.z(), p.y(),
    p.z(), 0.0, -p.x(),
    -p.y(), p.x(), 0.0;
  Eigen::MatrixXd adjoint = Eigen::MatrixXd::Zero(6, 6);
  adjoint.block(0, 0, 3, 3) = R;
  adjoint.block(3, 0, 3, 3) = cross * R;
  adjoint.block(3, 3, 3, 3) = R;
  t_out = adjoint * t_in;
}

/// A 6-vector as a twist: linear x, y, z, then angular x, y, z (tf2_eigen's order).
inline geometry_msgs::msg::Twist toMsg(const Eigen::Matrix<double, 6, 1> & in)
{
  geometry_msgs::msg::Twist msg;
  msg.linear.x = in[0];
  msg.linear.y = in[1];
  msg.linear.z = in[2];
  msg.angular.x = in[3];
  msg.angular.y = in[4];
  msg.angular.z = in[5];
  return msg;
}

inline void fromMsg(const geometry_msgs::msg::Twist & msg, Eigen::Matrix<double, 6, 1> & out)
{
  out << msg.linear.x, msg.linear.y, msg.linear.z, msg.angular.x, msg.angular.y, msg.angular.z;
}

// ---- Affine3d, Isometry3d: a frame (Pose)

template<>
inline void doTransform(const Eigen::Affine3d & t_in, Eigen::Affine3d & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  t_out = Eigen::Affine3d(transformToEigen(transform) * t_in);
}

template<>
inline void doTransform(const Eigen::Isometry3d & t_in, Eigen::Isometry3d & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  t_out = Eigen::Isometry3d(transformToEigen(transform) * t_in);
}

inline geometry_msgs::msg::Pose toMsg(const Eigen::Affine3d & in)
{
  return detail::poseMessage(in.translation(), Eigen::Quaterniond(in.linear()));
}

inline geometry_msgs::msg::Pose toMsg(const Eigen::Isometry3d & in)
{
  return detail::poseMessage(in.translation(), Eigen::Quaterniond(in.linear()));
}

inline void fromMsg(const geometry_msgs::msg::Pose & msg, Eigen::Affine3d & out)
{
  out = detail::poseTransform<Eigen::Affine3d>(msg);
}

inline void fromMsg(const geometry_msgs::msg::Pose & msg, Eigen::Isometry3d & out)
{
  out = detail::poseTransform<Eigen::Isometry3d>(msg);
}

namespace detail
{
/// A stamped frame of Eigen's kind T (Affine3d, Isometry3d) through the transform, with its stamp and frame.
template<typename T>
tf2::Stamped<T> transformedFrame(const tf2::Stamped<T> & t_in, const geometry_msgs::msg::TransformStamped & transform)
{
  return tf2::Stamped<T>(transformToEigen(transform) * t_in, tf2_ros::fromMsg(transform.header.stamp), transform.header.frame_id);
}

template<typename T>
geometry_msgs::msg::PoseStamped stampedPose(const tf2::Stamped<T> & in)
{
  geometry_msgs::msg::PoseStamped msg;
  msg.header.stamp = tf2_ros::toMsg(in.stamp_);
  msg.header.frame_id = in.frame_id_;
  msg.pose = tf2::toMsg(static_cast<const T &>(in));
  return msg;
}

template<typename T>
void stampedFrame(const geometry_msgs::msg::PoseStamped & msg, tf2::Stamped<T> & out)
{
  out.stamp_ = tf2_ros::fromMsg(msg.header.stamp);
  out.frame_id_ = msg.header.frame_id;
  tf2::fromMsg(msg.pose, static_cast<T &>(out));
}
}  // namespace detail

template<>
inline void doTransform(
  const tf2::Stamped<Eigen::Affine3d> & t_in, tf2::Stamped<Eigen::Affine3d> & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  t_out = detail::transformedFrame(t_in, transform);
}

template<>
inline void doTransform(
  const tf2::Stamped<Eigen::Isometry3d> & t_in, tf2::Stamped<Eigen::Isometry3d> & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  t_out = detail::transformedFrame(t_in, transform);
}

inline geometry_msgs::msg::PoseStamped toMsg(const tf2::Stamped<Eigen::Affine3d> & in) {return detail::stampedPose(in);}
inline geometry_msgs::msg::PoseStamped toMsg(const tf2::Stamped<Eigen::Isometry3d> & in) {return detail::stampedPose(in);}
inline void fromMsg(const geometry_msgs::msg::PoseStamped & msg, tf2::Stamped<Eigen::Affine3d> & out) {detail::stampedFrame(msg, out);}
inline void fromMsg(const geometry_msgs::msg::PoseStamped & msg, tf2::Stamped<Eigen::Isometry3d> & out) {detail::stampedFrame(msg, out);}

// ---- Quaterniond: an orientation (Quaternion), rotated by the transform's rotation

inline geometry_msgs::msg::Quaternion toMsg(const Eigen::Quaterniond & in)
{
  geometry_msgs::msg::Quaternion msg;
  msg.x = in.x();
  msg.y = in.y();
  msg.z = in.z();
  msg.w = in.w();
  return msg;
}

inline void fromMsg(const geometry_msgs::msg::Quaternion & msg, Eigen::Quaterniond & out)
{
  out = Eigen::Quaterniond(msg.w, msg.x, msg.y, msg.z);
}

template<>
inline void doTransform(const Eigen::Quaterniond & t_in, Eigen::Quaterniond & t_out, const geometry_msgs::msg::TransformStamped & transform)
{
  Eigen::Quaterniond rotation;
  fromMsg(transform.transform.rotation, rotation);
  t_out = rotation * t_in;
}

template<>
inline void doTransform(
  const tf2::Stamped<Eigen::Quaterniond> & t_in, tf2::Stamped<Eigen::Quaterniond> & t_out,
  const geometry_msgs::msg::TransformStamped & transform)
{
  t_out.frame_id_ = transform.header.frame_id;
  t_out.stamp_ = tf2_ros::fromMsg(transform.header.stamp);
  doTransform(static_cast<const Eigen::Quaterniond &>(t_in), static_cast<Eigen::Quaterniond &>(t_out), transform);
}

inline geometry_msgs::msg::QuaternionStamped toMsg(const tf2::Stamped<Eigen::Quaterniond> & in)
{
  geometry_msgs::msg::QuaternionStamped msg;
  msg.header.stamp = tf2_ros::toMsg(in.stamp_);
  msg.header.frame_id = in.frame_id_;
  msg.quaternion = toMsg(static_cast<const Eigen::Quaterniond &>(in));
  return msg;
}

inline void fromMsg(const geometry_msgs::msg::QuaternionStamped & msg, tf2::Stamped<Eigen::Quaterniond> & out)
{
  out.frame_id_ = msg.header.frame_id;
  out.stamp_ = tf2_ros::fromMsg(msg.header.stamp);
  fromMsg(msg.quaternion, static_cast<Eigen::Quaterniond &>(out));
}

}  // namespace tf2

// The unstamped conversions again in Eigen's namespace, where tf2::convert's unqualified calls
// find them by their argument's namespace (tf2_eigen does the same, for the same reason).
namespace Eigen
{
inline geometry_msgs::msg::Pose toMsg(const Eigen::Affine3d & in) {return tf2::toMsg(in);}
inline geometry_msgs::msg::Pose toMsg(const Eigen::Isometry3d & in) {return tf2::toMsg(in);}
inline geometry_msgs::msg::Point toMsg(const Eigen::Vector3d & in) {return tf2::toMsg(in);}
inline geometry_msgs::msg::Quaternion toMsg(const Eigen::Quaterniond & in) {return tf2::toMsg(in);}
inline geometry_msgs::msg::Twist toMsg(const Eigen::Matrix<double, 6, 1> & in) {return tf2::toMsg(in);}
inline void fromMsg(const geometry_msgs::msg::Point & msg, Eigen::Vector3d & out) {tf2::fromMsg(msg, out);}
inline void fromMsg(const geometry_msgs::msg::Pose & msg, Eigen::Affine3d & out) {tf2::fromMsg(msg, out);}
inline void fromMsg(const geometry_msgs::msg::Pose & msg, Eigen::Isometry3d & out) {tf2::fromMsg(msg, out);}
inline void fromMsg(const geometry_msgs::msg::Twist & msg, Eigen::Matrix<double, 6, 1> & out) {tf2::fromMsg(msg, out);}
}  // namespace Eigen

#endif  // TF2_EIGEN__TF2_EIGEN_HPP_
