// rclcpp::copy_all_parameter_values (rclcpp/copy_all_parameter_values.hpp): every parameter of one
// node declared on another, with its value and descriptor, through their parameters interfaces;
// nav2_behavior_tree's BtActionServer copies its action server node's parameters onto the node
// that runs the tree's nodes with it.
#ifndef RCLCPP__COPY_ALL_PARAMETER_VALUES_HPP_
#define RCLCPP__COPY_ALL_PARAMETER_VALUES_HPP_

#include <cstddef>
#include <string>
#include <vector>

#include "rcl_interfaces/msg/parameter_descriptor.hpp"
#include "rcl_interfaces/msg/set_parameters_result.hpp"
#include "rclcpp/exceptions.hpp"
#include "rclcpp/logger.hpp"
#include "rclcpp/logging.hpp"
#include "rclcpp/node_interfaces/node_logging_interface.hpp"
#include "rclcpp/node_interfaces/node_parameters_interface.hpp"
#include "rclcpp/parameter.hpp"

namespace rclcpp
{

/// Declares on `destination` each parameter of `source` (in the order `source` lists them) that it
/// does not have, with `source`'s value and descriptor; with `override_existing_params`, sets those
/// it has (one at a time, atomically), warning on its logger when one is refused or of another
/// type. `source` and `destination` are pointers to nodes (Node, LifecycleNode).
template<typename NodeT1, typename NodeT2>
void copy_all_parameter_values(const NodeT1 & source, const NodeT2 & destination, const bool override_existing_params = false)
{
  auto from = source->get_node_parameters_interface();
  auto to = destination->get_node_parameters_interface();
  rclcpp::Logger logger = destination->get_node_logging_interface()->get_logger();

  const std::vector<std::string> names = from->list_parameters({}, 0).names;
  const std::vector<rclcpp::Parameter> values = from->get_parameters(names);
  const std::vector<rcl_interfaces::msg::ParameterDescriptor> descriptors = from->describe_parameters(names);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const rclcpp::Parameter & parameter = values[i];
    if (!to->has_parameter(parameter.get_name())) {
      to->declare_parameter(parameter.get_name(), parameter.get_parameter_value(), descriptors[i]);
      continue;
    }
    if (!override_existing_params) {
      continue;
    }
    try {
      const rcl_interfaces::msg::SetParametersResult result = to->set_parameters_atomically({parameter});
      if (!result.successful) {
        RCLCPP_WARN(logger, "Unable to set parameter (%s): %s!", parameter.get_name().c_str(), result.reason.c_str());
      }
    } catch (const rclcpp::exceptions::InvalidParameterTypeException & e) {
      RCLCPP_WARN(
        logger, "Unable to set parameter (%s): incompatable parameter type (%s)!", parameter.get_name().c_str(), e.what());
    }
  }
}

}  // namespace rclcpp

#endif  // RCLCPP__COPY_ALL_PARAMETER_VALUES_HPP_
