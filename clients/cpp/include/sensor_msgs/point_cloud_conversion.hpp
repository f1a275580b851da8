// sensor_msgs' conversions between the deprecated PointCloud and PointCloud2 (Jazzy's
// sensor_msgs/point_cloud_conversion.hpp), and getPointCloud2FieldIndex. Including it warns, as
// upstream's does, unless SENSOR_MSGS_SKIP_WARNING is defined.
#ifndef SENSOR_MSGS__POINT_CLOUD_CONVERSION_HPP_
#define SENSOR_MSGS__POINT_CLOUD_CONVERSION_HPP_

#include <cstring>
#include <string>

#include "sensor_msgs/msg/point_cloud.hpp"
#include "sensor_msgs/msg/point_cloud2.hpp"
#include "sensor_msgs/point_field_conversion.hpp"

#ifndef SENSOR_MSGS_SKIP_WARNING
#  define POINT_CLOUD_DEPRECATION_MESSAGE \
  "PointCloud is deprecated in Foxy for PointCloud2. This whole header will be removed."
#  warning POINT_CLOUD_DEPRECATION_MESSAGE
#endif

namespace sensor_msgs
{

/// The index of the field named field_name in the cloud, or -1.
static inline int getPointCloud2FieldIndex(const sensor_msgs::msg::PointCloud2 & cloud, const std::string & field_name)
{
  for (size_t i = 0; i < cloud.fields.size(); ++i) {
    if (cloud.fields[i].name == field_name) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

/// One row of float32 fields: x, y, z, then a field per channel, each channel's value copied
/// only when it has one for every point.
[[deprecated("PointCloud is deprecated as of Foxy in favor of sensor_msgs/PointCloud2.")]]
static inline bool convertPointCloudToPointCloud2(const sensor_msgs::msg::PointCloud & input, sensor_msgs::msg::PointCloud2 & output)
{
  using sensor_msgs::msg::PointField;
  const size_t points = input.points.size();
  output.header = input.header;
  output.height = 1;
  output.width = static_cast<uint32_t>(points);
  output.fields.resize(3 + input.channels.size());
  for (size_t i = 0; i < output.fields.size(); ++i) {
    output.fields[i].name = i < 3 ? std::string(1, static_cast<char>('x' + i)) : input.channels[i - 3].name;
    output.fields[i].offset = static_cast<uint32_t>(4 * i);
    output.fields[i].datatype = PointField::FLOAT32;
    output.fields[i].count = 1;
  }
  output.point_step = static_cast<uint32_t>(4 * output.fields.size());
  output.row_step = output.point_step * output.width;
  output.is_bigendian = false;
  output.is_dense = false;
  output.data.resize(points * output.point_step);
  for (size_t p = 0; p < points; ++p) {
    unsigned char * point = output.data.data() + p * output.point_step;
    const float xyz[3] = {input.points[p].x, input.points[p].y, input.points[p].z};
    std::memcpy(point, xyz, sizeof(xyz));
    for (size_t c = 0; c < input.channels.size(); ++c) {
      if (input.channels[c].values.size() == points) {
        std::memcpy(point + output.fields[3 + c].offset, &input.channels[c].values[p], sizeof(float));
      }
    }
  }
  return true;
}

/// x, y and z (of any datatype) as the points; every field at another offset as a channel of
/// floats. False when the cloud has no x, y or z.
[[deprecated("PointCloud is deprecated as of Foxy if favor of sensor_msgs/PointCloud2.")]]
static inline bool convertPointCloud2ToPointCloud(const sensor_msgs::msg::PointCloud2 & input, sensor_msgs::msg::PointCloud & output)
{
  output.header = input.header;
  output.points.resize(static_cast<size_t>(input.width) * input.height);
  output.channels.resize(input.fields.size() >= 3 ? input.fields.size() - 3 : 0);
  const int axes[3] = {
    getPointCloud2FieldIndex(input, "x"), getPointCloud2FieldIndex(input, "y"), getPointCloud2FieldIndex(input, "z")};
  if (axes[0] == -1 || axes[1] == -1 || axes[2] == -1) {
    return false;
  }
  auto is_axis = [&](const sensor_msgs::msg::PointField & field) {
    for (int axis : axes) {
      if (field.offset == input.fields[axis].offset) {
        return true;
      }
    }
    return false;
  };
  size_t channel = 0;
  for (const auto & field : input.fields) {
    if (!is_axis(field)) {
      output.channels[channel].name = field.name;
      output.channels[channel].values.resize(output.points.size());
      ++channel;
    }
  }
  for (size_t p = 0; p < output.points.size(); ++p) {
    const unsigned char * point = input.data.data() + p * input.point_step;
    auto value = [&](const sensor_msgs::msg::PointField & field) {
      return readPointCloud2BufferValue<float>(point + field.offset, field.datatype);
    };
    output.points[p].x = value(input.fields[axes[0]]);
    output.points[p].y = value(input.fields[axes[1]]);
    output.points[p].z = value(input.fields[axes[2]]);
    channel = 0;
    for (const auto & field : input.fields) {
      if (!is_axis(field)) {
        output.channels[channel++].values[p] = value(field);
      }
    }
  }
  return true;
}

}  // namespace sensor_msgs

#endif  // SENSOR_MSGS__POINT_CLOUD_CONVERSION_HPP_
