// rclcpp::MessageInfo (rclcpp/message_info.hpp): rmw's information about a message taken.
#ifndef RCLCPP__MESSAGE_INFO_HPP_
#define RCLCPP__MESSAGE_INFO_HPP_

#include "rmw/types.h"

namespace rclcpp
{

class MessageInfo
{
public:
  MessageInfo() = default;
  MessageInfo(const rmw_message_info_t & rmw_message_info) : info_(rmw_message_info) {}  // NOLINT
  const rmw_message_info_t & get_rmw_message_info() const {return info_;}
  rmw_message_info_t & get_rmw_message_info() {return info_;}

private:
  rmw_message_info_t info_{};
};

}  // namespace rclcpp

#endif  // RCLCPP__MESSAGE_INFO_HPP_
