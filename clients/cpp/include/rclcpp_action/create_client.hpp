// rclcpp_action/create_client.hpp: rclcpp_action::create_client, as in Jazzy, for a node given
// as a pointer or shared_ptr (Node, LifecycleNode, anything with get_node_base_interface() and
// get_logger()).
#ifndef RCLCPP_ACTION__CREATE_CLIENT_HPP_
#define RCLCPP_ACTION__CREATE_CLIENT_HPP_

#include <memory>
#include <string>

#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/node_interfaces/node_graph_interface.hpp"
#include "rclcpp/node_interfaces/node_logging_interface.hpp"
#include "rclcpp/node_interfaces/node_waitables_interface.hpp"
#include "rclcpp_action/client.hpp"

namespace rclcpp_action
{

template<typename ActionT, typename NodeT>
typename Client<ActionT>::SharedPtr create_client(NodeT node, const std::string & name, rclcpp::CallbackGroup::SharedPtr group = nullptr,
  const rcl_action_client_options_t & options = rcl_action_client_get_default_options())
{
  return std::make_shared<Client<ActionT>>(node->get_node_base_interface(), node->get_logger(), name, options, group);
}

/// The same from a node's parts (rclcpp_action's other overload), as a composable node passes them.
template<typename ActionT>
typename Client<ActionT>::SharedPtr create_client(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base_interface,
  rclcpp::node_interfaces::NodeGraphInterface::SharedPtr /*node_graph_interface*/,
  rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr node_logging_interface,
  rclcpp::node_interfaces::NodeWaitablesInterface::SharedPtr /*node_waitables_interface*/, const std::string & name,
  rclcpp::CallbackGroup::SharedPtr group = nullptr, const rcl_action_client_options_t & options = rcl_action_client_get_default_options())
{
  return std::make_shared<Client<ActionT>>(node_base_interface, node_logging_interface->get_logger(), name, options, group);
}

}  // namespace rclcpp_action

#endif  // RCLCPP_ACTION__CREATE_CLIENT_HPP_
