// rslcpp's utilities (rslcpp/utilities.hpp): rslcpp overrides each node's ROS clock with its sim
// time; under rclsim every clock already reads the simulation's time, so there is nothing to set.
#ifndef RSLCPP__UTILITIES_HPP_
#define RSLCPP__UTILITIES_HPP_

#include "rclcpp/clock.hpp"
#include "rclcpp/time.hpp"

namespace rslcpp
{
inline void set_clock(rclcpp::Time const &, rclcpp::Clock::SharedPtr) {}
}  // namespace rslcpp

#endif  // RSLCPP__UTILITIES_HPP_
