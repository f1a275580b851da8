// message_filters' message traits (Jazzy's message_filters/message_traits.h): whether a message
// has a std_msgs/Header, its frame id and its stamp (a ROS-time rclcpp::Time; zero without one).
#ifndef MESSAGE_FILTERS__MESSAGE_TRAITS_H_
#define MESSAGE_FILTERS__MESSAGE_TRAITS_H_

#include <string>
#include <type_traits>

#include <rclcpp/rclcpp.hpp>
#include <std_msgs/msg/header.hpp>

namespace message_filters
{
namespace message_traits
{

template<typename M, typename = void>
struct HasHeader : public std::false_type {};

template<typename M>
struct HasHeader<M, typename std::enable_if<std::is_same<std_msgs::msg::Header,
  decltype(M().header)>::value>::type>: public std::true_type {};

template<typename M, typename Enable = void>
struct FrameId
{
  static std::string * pointer(M & m) {(void)m; return nullptr;}
  static std::string const * pointer(const M & m) {(void)m; return nullptr;}
};

template<typename M>
struct FrameId<M, typename std::enable_if<HasHeader<M>::value>::type>
{
  static std::string * pointer(M & m) {return &m.header.frame_id;}
  static std::string const * pointer(const M & m) {return &m.header.frame_id;}
  static std::string value(const M & m) {return m.header.frame_id;}
};

template<typename M, typename Enable = void>
struct TimeStamp
{
  static rclcpp::Time value(const M & m) {(void)m; return rclcpp::Time();}
};

template<typename M>
struct TimeStamp<M, typename std::enable_if<HasHeader<M>::value>::type>
{
  static rclcpp::Time value(const M & m) {return rclcpp::Time(m.header.stamp, RCL_ROS_TIME);}
};

}  // namespace message_traits
}  // namespace message_filters

#endif  // MESSAGE_FILTERS__MESSAGE_TRAITS_H_
