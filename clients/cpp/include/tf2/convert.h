// tf2's conversion templates (tf2/convert.h): doTransform, getTimestamp, getFrameId, toMsg,
// fromMsg, convert; each data type's package (tf2_geometry_msgs) specializes them.
#ifndef TF2__CONVERT_H_
#define TF2__CONVERT_H_

#include <algorithm>
#include <array>
#include <string>

#include "geometry_msgs/msg/transform_stamped.hpp"
#include "rosidl_runtime_cpp/traits.hpp"
#include "tf2/exceptions.h"
#include "tf2/impl/convert.h"
#include "tf2/transform_datatypes.h"

namespace tf2
{

template<class T>
void doTransform(const T & data_in, T & data_out, const geometry_msgs::msg::TransformStamped & transform);

template<class T>
tf2::TimePoint getTimestamp(const T & t);

template<class T>
std::string getFrameId(const T & t);

template<class T>
std::array<std::array<double, 6>, 6> getCovarianceMatrix(const T & t);

template<class P>
tf2::TimePoint getTimestamp(const tf2::Stamped<P> & t)
{
  return t.stamp_;
}

template<class P>
std::string getFrameId(const tf2::Stamped<P> & t)
{
  return t.frame_id_;
}

template<class P>
std::array<std::array<double, 6>, 6> getCovarianceMatrix(const tf2::WithCovarianceStamped<P> & t)
{
  return t.cov_mat_;
}

template<typename A, typename B>
B toMsg(const A & a);

template<typename A, typename B>
void fromMsg(const A & a, B & b);

template<class A, class B>
void convert(const A & a, B & b)
{
  impl::Converter<rosidl_generator_traits::is_message<A>::value, rosidl_generator_traits::is_message<B>::value>::convert(a, b);
}

template<class A>
void convert(const A & a1, A & a2)
{
  if (&a1 != &a2) {
    a2 = a1;
  }
}

inline std::array<std::array<double, 6>, 6> covarianceRowMajorToNested(const std::array<double, 36> & row_major)
{
  std::array<std::array<double, 6>, 6> nested_array;
  auto ss = row_major.begin();
  for (std::array<double, 6> & dd : nested_array) {
    std::copy_n(ss, dd.size(), dd.begin());
    ss += dd.size();
  }
  return nested_array;
}

inline std::array<double, 36> covarianceNestedToRowMajor(const std::array<std::array<double, 6>, 6> & nested_array)
{
  std::array<double, 36> row_major = {};
  size_t counter = 0;
  for (const auto & arr : nested_array) {
    for (const double & val : arr) {
      row_major[counter++] = val;
    }
  }
  return row_major;
}

}  // namespace tf2

#endif  // TF2__CONVERT_H_
