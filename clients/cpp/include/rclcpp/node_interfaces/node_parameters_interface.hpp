// rclcpp/node_interfaces/node_parameters_interface.hpp: NodeParametersInterface and its callback
// handle types, which the client declares with its NodeParameters (node_parameters.hpp).
#ifndef RCLCPP__NODE_INTERFACES__NODE_PARAMETERS_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_PARAMETERS_INTERFACE_HPP_

#include "rclcpp/node_interfaces/node_parameters.hpp"

#endif  // RCLCPP__NODE_INTERFACES__NODE_PARAMETERS_INTERFACE_HPP_
