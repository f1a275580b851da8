// The definitions of sensor_msgs/point_cloud2_iterator.hpp, and the helpers upstream's header
// gives its includers unqualified (sizeOfPointField, addPointField).
#ifndef SENSOR_MSGS__IMPL__POINT_CLOUD2_ITERATOR_HPP_
#define SENSOR_MSGS__IMPL__POINT_CLOUD2_ITERATOR_HPP_

#include <cstdarg>
#include <stdexcept>
#include <string>

#include "sensor_msgs/msg/point_cloud2.hpp"
#include "sensor_msgs/point_cloud2_iterator.hpp"

namespace
{

/// The bytes of one value of a PointField datatype; an unknown datatype throws, as upstream's.
inline int sizeOfPointField(int datatype)
{
  using sensor_msgs::msg::PointField;
  switch (datatype) {
    case PointField::INT8:
    case PointField::UINT8:
      return 1;
    case PointField::INT16:
    case PointField::UINT16:
      return 2;
    case PointField::INT32:
    case PointField::UINT32:
    case PointField::FLOAT32:
      return 4;
    case PointField::FLOAT64:
      return 8;
    default:
      throw std::runtime_error("PointField of type " + std::to_string(datatype) + " does not exist");
  }
}

/// Appends a field at `offset` and answers the offset just past it.
inline int addPointField(sensor_msgs::msg::PointCloud2 & cloud_msg, const std::string & name, int count, int datatype, int offset)
{
  sensor_msgs::msg::PointField field;
  field.name = name;
  field.offset = static_cast<uint32_t>(offset);
  field.datatype = static_cast<uint8_t>(datatype);
  field.count = static_cast<uint32_t>(count);
  cloud_msg.fields.push_back(field);
  return offset + count * sizeOfPointField(datatype);
}

}  // namespace

namespace sensor_msgs
{

inline PointCloud2Modifier::PointCloud2Modifier(sensor_msgs::msg::PointCloud2 & cloud_msg) : cloud_msg_(cloud_msg) {}

inline size_t PointCloud2Modifier::size() const {return cloud_msg_.data.size() / cloud_msg_.point_step;}

inline void PointCloud2Modifier::reserve(size_t size) {cloud_msg_.data.reserve(size * cloud_msg_.point_step);}

inline void PointCloud2Modifier::resize(size_t size)
{
  const size_t bytes = size * cloud_msg_.point_step;
  cloud_msg_.data.resize(bytes);
  if (static_cast<size_t>(cloud_msg_.height) * cloud_msg_.width == size) {
    return;
  }
  // A cloud of one row stays a row, one column stays a column; any other shape becomes one row.
  if (cloud_msg_.height != 1 && cloud_msg_.width == 1) {
    cloud_msg_.height = static_cast<uint32_t>(size);
    return;
  }
  cloud_msg_.height = 1;
  cloud_msg_.width = static_cast<uint32_t>(size);
  cloud_msg_.row_step = static_cast<uint32_t>(bytes);
}

inline void PointCloud2Modifier::resize(uint32_t width, uint32_t height)
{
  resize(static_cast<size_t>(width * height));
  cloud_msg_.width = width;
  cloud_msg_.height = height;
}

inline void PointCloud2Modifier::clear()
{
  cloud_msg_.data.clear();
  if (cloud_msg_.height != 1 && cloud_msg_.width == 1) {
    cloud_msg_.height = 0;
    return;
  }
  if (cloud_msg_.height != 1) {
    cloud_msg_.height = 0;
  }
  cloud_msg_.width = 0;
  cloud_msg_.row_step = 0;
}

namespace impl
{

/// The point step the fields take and the data sized for the cloud's width and height.
inline void setPointStep(sensor_msgs::msg::PointCloud2 & cloud_msg, int point_step)
{
  cloud_msg.point_step = static_cast<uint32_t>(point_step);
  cloud_msg.row_step = cloud_msg.width * cloud_msg.point_step;
  cloud_msg.data.resize(static_cast<size_t>(cloud_msg.height) * cloud_msg.row_step);
}

}  // namespace impl

inline void PointCloud2Modifier::setPointCloud2Fields(int n_fields, ...)
{
  cloud_msg_.fields.clear();
  cloud_msg_.fields.reserve(static_cast<size_t>(n_fields));
  va_list args;
  va_start(args, n_fields);
  int offset = 0;
  for (int i = 0; i < n_fields; ++i) {
    const std::string name(va_arg(args, char *));
    const int count = va_arg(args, int);
    const int datatype = va_arg(args, int);
    offset = addPointField(cloud_msg_, name, count, datatype, offset);
  }
  va_end(args);
  impl::setPointStep(cloud_msg_, offset);
}

inline void PointCloud2Modifier::setPointCloud2FieldsByString(int n_fields, ...)
{
  using sensor_msgs::msg::PointField;
  cloud_msg_.fields.clear();
  cloud_msg_.fields.reserve(static_cast<size_t>(n_fields));
  va_list args;
  va_start(args, n_fields);
  int offset = 0;
  for (int i = 0; i < n_fields; ++i) {
    const std::string name(va_arg(args, char *));
    const int float_size = sizeOfPointField(PointField::FLOAT32);
    if (name == "xyz") {
      // x, y, z and a float of padding: 16 bytes, as PCL's PointXYZ.
      for (const char * axis : {"x", "y", "z"}) {
        offset = addPointField(cloud_msg_, axis, 1, PointField::FLOAT32, offset);
      }
      offset += float_size;
    } else if (name == "rgb" || name == "rgba") {
      // One float of packed colour and three of padding, as PCL's colour points.
      offset = addPointField(cloud_msg_, name, 1, PointField::FLOAT32, offset);
      offset += 3 * float_size;
    } else {
      va_end(args);
      throw std::runtime_error("Field " + name + " does not exist");
    }
  }
  va_end(args);
  impl::setPointStep(cloud_msg_, offset);
}

namespace impl
{

template<typename T, typename TT, typename U, typename C, template<typename> class V>
PointCloud2IteratorBase<T, TT, U, C, V>::PointCloud2IteratorBase()
: point_step_(0), data_char_(nullptr), data_(nullptr), data_end_(nullptr), is_bigendian_(false)
{}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
PointCloud2IteratorBase<T, TT, U, C, V>::PointCloud2IteratorBase(C & cloud_msg, const std::string & field_name)
{
  const int offset = set_field(cloud_msg, field_name);
  // The field's first value, and where the value past the last point would be.
  data_char_ = cloud_msg.data.data() + offset;
  data_ = reinterpret_cast<TT *>(data_char_);
  data_end_ = reinterpret_cast<TT *>(cloud_msg.data.data() + cloud_msg.data.size() + offset);
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
V<T> & PointCloud2IteratorBase<T, TT, U, C, V>::operator=(const V<T> & iter)
{
  point_step_ = iter.point_step_;
  data_char_ = iter.data_char_;
  data_ = iter.data_;
  data_end_ = iter.data_end_;
  is_bigendian_ = iter.is_bigendian_;
  return *static_cast<V<T> *>(this);
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
TT & PointCloud2IteratorBase<T, TT, U, C, V>::operator[](size_t i) const
{
  return data_[i];
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
TT & PointCloud2IteratorBase<T, TT, U, C, V>::operator*() const
{
  return *data_;
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
V<T> & PointCloud2IteratorBase<T, TT, U, C, V>::operator++()
{
  return *this += 1;
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
V<T> PointCloud2IteratorBase<T, TT, U, C, V>::operator+(int i)
{
  V<T> moved = *static_cast<V<T> *>(this);
  moved += i;
  return moved;
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
V<T> & PointCloud2IteratorBase<T, TT, U, C, V>::operator+=(int i)
{
  data_char_ += i * point_step_;
  data_ = reinterpret_cast<TT *>(data_char_);
  return *static_cast<V<T> *>(this);
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
bool PointCloud2IteratorBase<T, TT, U, C, V>::operator!=(const V<T> & iter) const
{
  return data_ != iter.data_;
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
V<T> PointCloud2IteratorBase<T, TT, U, C, V>::end() const
{
  V<T> past = *static_cast<const V<T> *>(this);
  past.data_ = data_end_;
  return past;
}

template<typename T, typename TT, typename U, typename C, template<typename> class V>
int PointCloud2IteratorBase<T, TT, U, C, V>::set_field(const sensor_msgs::msg::PointCloud2 & cloud_msg, const std::string & field_name)
{
  is_bigendian_ = cloud_msg.is_bigendian;
  point_step_ = static_cast<int>(cloud_msg.point_step);
  for (const auto & field : cloud_msg.fields) {
    if (field.name == field_name) {
      return static_cast<int>(field.offset);
    }
  }
  // "r", "g", "b" and "a" name the bytes of a packed "rgb"/"rgba" field: b g r a in a
  // little-endian cloud, a r g b in a big-endian one.
  static const std::string channels = "bgra";
  const size_t channel = field_name.size() == 1 ? channels.find(field_name[0]) : std::string::npos;
  if (channel != std::string::npos) {
    for (const auto & field : cloud_msg.fields) {
      if (field.name == "rgb" || field.name == "rgba") {
        const int byte = static_cast<int>(is_bigendian_ ? 3 - channel : channel);
        return static_cast<int>(field.offset) + byte;
      }
    }
  }
  throw std::runtime_error("Field " + field_name + " does not exist");
}

}  // namespace impl
}  // namespace sensor_msgs

#endif  // SENSOR_MSGS__IMPL__POINT_CLOUD2_ITERATOR_HPP_
