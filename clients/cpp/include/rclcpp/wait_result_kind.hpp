// rclcpp::WaitResultKind (rclcpp/wait_result_kind.hpp).
#ifndef RCLCPP__WAIT_RESULT_KIND_HPP_
#define RCLCPP__WAIT_RESULT_KIND_HPP_

namespace rclcpp
{

enum WaitResultKind
{
  Ready,
  Timeout,
  Empty,
  Invalid,
};

}  // namespace rclcpp

#endif  // RCLCPP__WAIT_RESULT_KIND_HPP_
