// sensor_msgs' PointCloud2 modifier and iterators (Jazzy's sensor_msgs/point_cloud2_iterator.hpp):
// PointCloud2Modifier lays out a cloud's fields and sizes its data; PointCloud2Iterator<T> and
// PointCloud2ConstIterator<T> walk one field of every point, as T read in place in the data.
// The definitions are in sensor_msgs/impl/point_cloud2_iterator.hpp, where upstream keeps them.
#ifndef SENSOR_MSGS__POINT_CLOUD2_ITERATOR_HPP_
#define SENSOR_MSGS__POINT_CLOUD2_ITERATOR_HPP_

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sensor_msgs/msg/point_cloud2.hpp"

namespace sensor_msgs
{

class PointCloud2Modifier
{
public:
  explicit PointCloud2Modifier(sensor_msgs::msg::PointCloud2 & cloud_msg);

  /// The points the data holds (its size over point_step).
  size_t size() const;
  void reserve(size_t size);
  /// Sizes the data for `size` points and sets width/height/row_step for them.
  void resize(size_t size);
  void resize(uint32_t width, uint32_t height);
  void clear();

  /// n_fields triples (name, count, datatype), packed one after the other.
  void setPointCloud2Fields(int n_fields, ...);
  /// n_fields names among "xyz" and "rgb"/"rgba", laid out as PCL's point types pad them.
  void setPointCloud2FieldsByString(int n_fields, ...);

protected:
  sensor_msgs::msg::PointCloud2 & cloud_msg_;
};

namespace impl
{

/// What both iterators share: T the field's type, TT it as the iterator hands it out (const or
/// not), U the data's byte, C the cloud, V the iterator class the operators return.
template<typename T, typename TT, typename U, typename C, template<typename> class V>
class PointCloud2IteratorBase
{
public:
  PointCloud2IteratorBase();
  PointCloud2IteratorBase(C & cloud_msg, const std::string & field_name);

  V<T> & operator=(const V<T> & iter);
  TT & operator[](size_t i) const;
  TT & operator*() const;
  V<T> & operator++();
  V<T> operator+(int i);
  V<T> & operator+=(int i);
  bool operator!=(const V<T> & iter) const;
  V<T> end() const;

private:
  int set_field(const sensor_msgs::msg::PointCloud2 & cloud_msg, const std::string & field_name);

  int point_step_;
  U * data_char_;
  TT * data_;
  TT * data_end_;
  bool is_bigendian_;
};

}  // namespace impl

template<typename T>
class PointCloud2Iterator
  : public impl::PointCloud2IteratorBase<T, T, unsigned char, sensor_msgs::msg::PointCloud2, PointCloud2Iterator>
{
public:
  PointCloud2Iterator(sensor_msgs::msg::PointCloud2 & cloud_msg, const std::string & field_name)
  : impl::PointCloud2IteratorBase<T, T, unsigned char, sensor_msgs::msg::PointCloud2, sensor_msgs::PointCloud2Iterator>(
      cloud_msg, field_name)
  {}
};

template<typename T>
class PointCloud2ConstIterator
  : public impl::PointCloud2IteratorBase<T, const T, const unsigned char, const sensor_msgs::msg::PointCloud2,
    PointCloud2ConstIterator>
{
public:
  PointCloud2ConstIterator(const sensor_msgs::msg::PointCloud2 & cloud_msg, const std::string & field_name)
  : impl::PointCloud2IteratorBase<T, const T, const unsigned char, const sensor_msgs::msg::PointCloud2,
      sensor_msgs::PointCloud2ConstIterator>(cloud_msg, field_name)
  {}
};

}  // namespace sensor_msgs

#include "sensor_msgs/impl/point_cloud2_iterator.hpp"

#endif  // SENSOR_MSGS__POINT_CLOUD2_ITERATOR_HPP_
