// tf2_sensor_msgs (tf2_sensor_msgs/tf2_sensor_msgs.hpp): a PointCloud2 through a transform, as
// geometry2's tf2_sensor_msgs does it — its x, y, z fields as floats, through the transform made
// single precision with Eigen (a translation after a rotation), every other field as it was.
#ifndef TF2_SENSOR_MSGS__TF2_SENSOR_MSGS_HPP_
#define TF2_SENSOR_MSGS__TF2_SENSOR_MSGS_HPP_

#include <Eigen/Geometry>

#include <string>

#include "geometry_msgs/msg/transform_stamped.hpp"
#include "sensor_msgs/msg/point_cloud2.hpp"
#include "sensor_msgs/point_cloud2_iterator.hpp"
#include "tf2/convert.h"
#include "tf2/time.h"
#include "tf2_ros/buffer_interface.h"

namespace tf2
{

template<>
inline tf2::TimePoint getTimestamp(const sensor_msgs::msg::PointCloud2 & p) {return tf2_ros::fromMsg(p.header.stamp);}

template<>
inline std::string getFrameId(const sensor_msgs::msg::PointCloud2 & p) {return p.header.frame_id;}

/// The cloud in the transform's frame, with its header. A cloud without float x, y, z fields
/// throws as its iterators do (std::runtime_error naming the field).
template<>
inline void doTransform(
  const sensor_msgs::msg::PointCloud2 & p_in, sensor_msgs::msg::PointCloud2 & p_out, const geometry_msgs::msg::TransformStamped & t_in)
{
  p_out = p_in;
  p_out.header = t_in.header;
  const auto & r = t_in.transform.rotation;
  const auto & p = t_in.transform.translation;
  const Eigen::Transform<float, 3, Eigen::Affine> transform =
    Eigen::Translation3f(static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)) *
    Eigen::Quaternionf(static_cast<float>(r.w), static_cast<float>(r.x), static_cast<float>(r.y), static_cast<float>(r.z));
  sensor_msgs::PointCloud2ConstIterator<float> x_in(p_in, "x"), y_in(p_in, "y"), z_in(p_in, "z");
  sensor_msgs::PointCloud2Iterator<float> x_out(p_out, "x"), y_out(p_out, "y"), z_out(p_out, "z");
  for (; x_in != x_in.end(); ++x_in, ++y_in, ++z_in, ++x_out, ++y_out, ++z_out) {
    const Eigen::Vector3f point = transform * Eigen::Vector3f(*x_in, *y_in, *z_in);
    *x_out = point.x();
    *y_out = point.y();
    *z_out = point.z();
  }
}

inline sensor_msgs::msg::PointCloud2 toMsg(const sensor_msgs::msg::PointCloud2 & in) {return in;}
inline void fromMsg(const sensor_msgs::msg::PointCloud2 & msg, sensor_msgs::msg::PointCloud2 & out) {out = msg;}

}  // namespace tf2

#endif  // TF2_SENSOR_MSGS__TF2_SENSOR_MSGS_HPP_
