// sensor_msgs' PointField datatypes as C++ types and back, and reading one value of a cloud's
// data as another type (Jazzy's sensor_msgs/point_field_conversion.hpp).
#ifndef SENSOR_MSGS__POINT_FIELD_CONVERSION_HPP_
#define SENSOR_MSGS__POINT_FIELD_CONVERSION_HPP_

#include <cstdint>
#include <cstring>

#include "sensor_msgs/msg/point_field.hpp"

namespace sensor_msgs
{

/// pointFieldTypeAsType<PointField::FLOAT32>::type is float, and so on.
template<int>
struct pointFieldTypeAsType {};

/// typeAsPointFieldType<float>::value is PointField::FLOAT32, and so on.
template<typename T>
struct typeAsPointFieldType {};

// Each datatype and its type, both ways.
#define SENSOR_MSGS__POINT_FIELD_TYPE(datatype, cpp_type) \
  template<> \
  struct pointFieldTypeAsType<sensor_msgs::msg::PointField::datatype> \
  { \
    typedef cpp_type type; \
  }; \
  template<> \
  struct typeAsPointFieldType<cpp_type> \
  { \
    static const uint8_t value = sensor_msgs::msg::PointField::datatype; \
  };

SENSOR_MSGS__POINT_FIELD_TYPE(INT8, int8_t)
SENSOR_MSGS__POINT_FIELD_TYPE(UINT8, uint8_t)
SENSOR_MSGS__POINT_FIELD_TYPE(INT16, int16_t)
SENSOR_MSGS__POINT_FIELD_TYPE(UINT16, uint16_t)
SENSOR_MSGS__POINT_FIELD_TYPE(INT32, int32_t)
SENSOR_MSGS__POINT_FIELD_TYPE(UINT32, uint32_t)
SENSOR_MSGS__POINT_FIELD_TYPE(FLOAT32, float)
SENSOR_MSGS__POINT_FIELD_TYPE(FLOAT64, double)

#undef SENSOR_MSGS__POINT_FIELD_TYPE

/// The value at data_ptr, stored as point_field_type in the machine's byte order, as a T.
template<int point_field_type, typename T>
inline T readPointCloud2BufferValue(const unsigned char * data_ptr)
{
  typename pointFieldTypeAsType<point_field_type>::type value;
  // Copied out, not read through a cast pointer: a cloud's values need not be aligned.
  std::memcpy(&value, data_ptr, sizeof(value));
  return static_cast<T>(value);
}

/// The same, the datatype known at run time; an unknown one reads as T().
template<typename T>
inline T readPointCloud2BufferValue(const unsigned char * data_ptr, const unsigned char datatype)
{
  using sensor_msgs::msg::PointField;
  switch (datatype) {
    case PointField::INT8: return readPointCloud2BufferValue<PointField::INT8, T>(data_ptr);
    case PointField::UINT8: return readPointCloud2BufferValue<PointField::UINT8, T>(data_ptr);
    case PointField::INT16: return readPointCloud2BufferValue<PointField::INT16, T>(data_ptr);
    case PointField::UINT16: return readPointCloud2BufferValue<PointField::UINT16, T>(data_ptr);
    case PointField::INT32: return readPointCloud2BufferValue<PointField::INT32, T>(data_ptr);
    case PointField::UINT32: return readPointCloud2BufferValue<PointField::UINT32, T>(data_ptr);
    case PointField::FLOAT32: return readPointCloud2BufferValue<PointField::FLOAT32, T>(data_ptr);
    case PointField::FLOAT64: return readPointCloud2BufferValue<PointField::FLOAT64, T>(data_ptr);
    default: return T();
  }
}

}  // namespace sensor_msgs

#endif  // SENSOR_MSGS__POINT_FIELD_CONVERSION_HPP_
