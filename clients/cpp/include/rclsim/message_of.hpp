// The ROS message a publisher's or subscription's type travels as: the type itself, or the ROS
// type of its TypeAdapter, converted on the way (rclcpp's type adaptation).
#ifndef RCLSIM__MESSAGE_OF_HPP_
#define RCLSIM__MESSAGE_OF_HPP_

#include <string>
#include <type_traits>

#include "rclcpp/type_adapter.hpp"
#include "rclsim/message_cdr.hpp"

namespace rclsim
{

template<typename T>
struct message_of
{
  using adapter = rclcpp::TypeAdapter<T>;
  using custom_type = typename adapter::custom_type;
  using ros_type = typename adapter::ros_message_type;
  static constexpr bool adapted = adapter::is_specialized::value;
};

/// The CDR of a value of the publisher's type (a custom type converted to its ROS type first).
template<typename MessageT, typename Value>
std::string cdr_of(const Value & value)
{
  using info = message_of<MessageT>;
  if constexpr (std::is_same_v<std::decay_t<Value>, typename info::ros_type>) {
    return rclsim::to_cdr(value);
  } else {
    typename info::ros_type ros;
    info::adapter::convert_to_ros_message(value, ros);
    return rclsim::to_cdr(ros);
  }
}

}  // namespace rclsim

#endif  // RCLSIM__MESSAGE_OF_HPP_
