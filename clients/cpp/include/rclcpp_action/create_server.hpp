// rclcpp_action/create_server.hpp: rclcpp_action::create_server, as in Jazzy, for a node given
// as a pointer or shared_ptr (Node, LifecycleNode, anything with get_node_base_interface(),
// get_clock() and get_logger()).
#ifndef RCLCPP_ACTION__CREATE_SERVER_HPP_
#define RCLCPP_ACTION__CREATE_SERVER_HPP_

#include <memory>
#include <string>

#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/node_interfaces/node_clock_interface.hpp"
#include "rclcpp/node_interfaces/node_logging_interface.hpp"
#include "rclcpp/node_interfaces/node_waitables_interface.hpp"
#include "rclcpp_action/server.hpp"

namespace rclcpp_action
{

template<typename ActionT, typename NodeT>
typename Server<ActionT>::SharedPtr create_server(NodeT node, const std::string & name, typename Server<ActionT>::GoalCallback handle_goal,
  typename Server<ActionT>::CancelCallback handle_cancel, typename Server<ActionT>::AcceptedCallback handle_accepted,
  const rcl_action_server_options_t & options = rcl_action_server_get_default_options(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
{
  return std::make_shared<Server<ActionT>>(node->get_node_base_interface(), node->get_clock(), node->get_logger(), name, options,
           handle_goal, handle_cancel, handle_accepted, group);
}

/// The same from a node's parts (rclcpp_action's other overload), as a composable node passes them.
template<typename ActionT>
typename Server<ActionT>::SharedPtr create_server(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base_interface,
  rclcpp::node_interfaces::NodeClockInterface::SharedPtr node_clock_interface,
  rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr node_logging_interface,
  rclcpp::node_interfaces::NodeWaitablesInterface::SharedPtr /*node_waitables_interface*/, const std::string & name,
  typename Server<ActionT>::GoalCallback handle_goal, typename Server<ActionT>::CancelCallback handle_cancel,
  typename Server<ActionT>::AcceptedCallback handle_accepted,
  const rcl_action_server_options_t & options = rcl_action_server_get_default_options(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
{
  return std::make_shared<Server<ActionT>>(node_base_interface, node_clock_interface->get_clock(), node_logging_interface->get_logger(), name,
           options, handle_goal, handle_cancel, handle_accepted, group);
}

}  // namespace rclcpp_action

#endif  // RCLCPP_ACTION__CREATE_SERVER_HPP_
