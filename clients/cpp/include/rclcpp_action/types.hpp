// rclcpp_action/types.hpp: goal ids, rcl_action's goal infos and statuses, and rcl_action's
// options of an action server and client (rcl_action/action_server.h, action_client.h), which
// create_server and create_client take as in rclcpp_action Jazzy.
#ifndef RCLCPP_ACTION__TYPES_HPP_
#define RCLCPP_ACTION__TYPES_HPP_

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "action_msgs/msg/goal_info.hpp"
#include "action_msgs/msg/goal_status.hpp"
#include "action_msgs/msg/goal_status_array.hpp"
#include "action_msgs/srv/cancel_goal.hpp"
#include "rcl/time.h"
#include "rmw/qos_profiles.h"
#include "rmw/types.h"

/// rcl_action_server_options_t: the QoS of the action's five endpoints and how long a result is
/// kept once its goal ended.
struct rcl_action_server_options_t
{
  rmw_qos_profile_t goal_service_qos;
  rmw_qos_profile_t cancel_service_qos;
  rmw_qos_profile_t result_service_qos;
  rmw_qos_profile_t feedback_topic_qos;
  rmw_qos_profile_t status_topic_qos;
  rcl_duration_t result_timeout;
};

/// rcl_action_client_options_t.
struct rcl_action_client_options_t
{
  rmw_qos_profile_t goal_service_qos;
  rmw_qos_profile_t cancel_service_qos;
  rmw_qos_profile_t result_service_qos;
  rmw_qos_profile_t feedback_topic_qos;
  rmw_qos_profile_t status_topic_qos;
};

/// rcl_action's status topic profile: the last status array kept for late joiners.
extern const rmw_qos_profile_t rcl_action_qos_profile_status_default;

/// Services' default QoS, feedback rmw's default, status rcl_action's, results kept 15 minutes.
rcl_action_server_options_t rcl_action_server_get_default_options();
rcl_action_client_options_t rcl_action_client_get_default_options();

namespace rclcpp_action
{

using GoalUUID = std::array<uint8_t, 16>;
using GoalStatus = action_msgs::msg::GoalStatus;
using GoalInfo = action_msgs::msg::GoalInfo;

/// The id as rclcpp_action prints it: RFC 4122's form, 00000000-0000-0000-0000-000000000000.
std::string to_string(const GoalUUID & goal_id);

/// rcl_action's goal events (rcl_action/goal_state_machine.h).
enum class GoalEvent : int8_t { EXECUTE = 0, CANCEL_GOAL, SUCCEED, ABORT, CANCELED };

}  // namespace rclcpp_action

namespace std
{
template<>
struct less<rclcpp_action::GoalUUID>
{
  bool operator()(const rclcpp_action::GoalUUID & lhs, const rclcpp_action::GoalUUID & rhs) const {return lhs < rhs;}
};

/// rclcpp_action's: FNV-1a over the bytes.
template<>
struct hash<rclcpp_action::GoalUUID>
{
  size_t operator()(const rclcpp_action::GoalUUID & uuid) const noexcept
  {
    constexpr size_t FNV_prime = 1099511628211u;
    size_t result = 14695981039346656037u;
    for (const auto & byte : uuid) {
      result ^= byte;
      result *= FNV_prime;
    }
    return result;
  }
};
}  // namespace std

#endif  // RCLCPP_ACTION__TYPES_HPP_
