// rclcpp's visibility macros: a static client exports nothing of its own.
#ifndef RCLCPP__VISIBILITY_CONTROL_HPP_
#define RCLCPP__VISIBILITY_CONTROL_HPP_
#include "rclcpp/macros.hpp"
#endif  // RCLCPP__VISIBILITY_CONTROL_HPP_
