// An override from the run's input (a -p argument, a params file) that the parameter declared for
// it refuses, told in one line in the words the simulation uses for a JavaScript program
// (src/ros/NodeParameters.ts) and the Python client (rclpy/_bad_overrides.py), so that a line
// reads the same whichever language met it.
#ifndef RCLSIM__BAD_OVERRIDES_HPP_
#define RCLSIM__BAD_OVERRIDES_HPP_

#include <string>

#include "rcl_interfaces/msg/parameter_descriptor.hpp"
#include "rclcpp/parameter_value.hpp"

namespace rclsim::bad_overrides
{

/// Why `descriptor` (which refused it) does not take the override `value` of parameter `name`
/// from `source`: of another type, or out of its range.
std::string refused(const std::string & name, const rclcpp::ParameterValue & value, const rcl_interfaces::msg::ParameterDescriptor & descriptor,
  const std::string & source, const std::string & node);

}  // namespace rclsim::bad_overrides

#endif  // RCLSIM__BAD_OVERRIDES_HPP_
