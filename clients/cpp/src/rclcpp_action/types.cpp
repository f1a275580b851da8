#include "rclcpp_action/types.hpp"

// rcl_action/src/rcl_action/action_server.c and action_client.c: the default options.
const rmw_qos_profile_t rcl_action_qos_profile_status_default = {
  RMW_QOS_POLICY_HISTORY_KEEP_LAST, 1, RMW_QOS_POLICY_RELIABILITY_RELIABLE, RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
  RMW_QOS_DEADLINE_DEFAULT, RMW_QOS_LIFESPAN_DEFAULT, RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT,
  RMW_QOS_LIVELINESS_LEASE_DURATION_DEFAULT, false};

rcl_action_server_options_t rcl_action_server_get_default_options()
{
  return rcl_action_server_options_t{rmw_qos_profile_services_default, rmw_qos_profile_services_default, rmw_qos_profile_services_default,
    rmw_qos_profile_default, rcl_action_qos_profile_status_default, rcl_duration_t{900LL * 1000000000LL}};
}

rcl_action_client_options_t rcl_action_client_get_default_options()
{
  return rcl_action_client_options_t{rmw_qos_profile_services_default, rmw_qos_profile_services_default, rmw_qos_profile_services_default,
    rmw_qos_profile_default, rcl_action_qos_profile_status_default};
}

namespace rclcpp_action
{

std::string to_string(const GoalUUID & goal_id)
{
  constexpr char hex[] = "0123456789abcdef";
  std::string result;
  for (size_t i = 0; i < goal_id.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) {
      result += '-';
    }
    result += hex[goal_id[i] >> 4];
    result += hex[goal_id[i] & 0x0f];
  }
  return result;
}

}  // namespace rclcpp_action
