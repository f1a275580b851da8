// rclcpp_action/rclcpp_action.hpp: the action API of rclcpp_action Jazzy over rclsim's node
// port (docs/cpp-actions.md). A program includes this as it includes real rclcpp_action.
#ifndef RCLCPP_ACTION__RCLCPP_ACTION_HPP_
#define RCLCPP_ACTION__RCLCPP_ACTION_HPP_

#include "rclcpp_action/client.hpp"
#include "rclcpp_action/client_goal_handle.hpp"
#include "rclcpp_action/create_client.hpp"
#include "rclcpp_action/create_server.hpp"
#include "rclcpp_action/server.hpp"
#include "rclcpp_action/server_goal_handle.hpp"
#include "rclcpp_action/types.hpp"

#endif  // RCLCPP_ACTION__RCLCPP_ACTION_HPP_
