#include "rclsim/entity.hpp"

#include "rclcpp/exceptions.hpp"

namespace rclsim
{

node::Created create_endpoint(node::Create create, rclcpp::node_interfaces::NodeBaseInterface * node_base, const std::string & name,
  const std::string & type, const rclcpp::QoS & qos, const rclcpp::CallbackGroup::SharedPtr & group)
{
  create.node = node_base->rclsim_id();
  create.name = name;
  create.type = type;
  create.qos_json = qos.rclsim_json();
  create.callback_group = node_base->rclsim_group(group);
  create.reentrant = group && group->type() == rclcpp::CallbackGroupType::Reentrant;
  node::Created created = rcl_call([&create] {return port::create(create);});
  port::in_group(created.id, create.callback_group);
  return created;
}

rclcpp::QoS actual_qos(const rclcpp::QoS & requested)
{
  rclcpp::QoS qos = requested;
  rmw_qos_profile_t & profile = qos.get_rmw_qos_profile();
  if (profile.history == RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT) {
    profile.history = RMW_QOS_POLICY_HISTORY_KEEP_LAST;
  }
  if (profile.reliability == RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT) {
    profile.reliability = RMW_QOS_POLICY_RELIABILITY_RELIABLE;
  }
  if (profile.durability == RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT) {
    profile.durability = RMW_QOS_POLICY_DURABILITY_VOLATILE;
  }
  if (profile.liveliness == RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT) {
    profile.liveliness = RMW_QOS_POLICY_LIVELINESS_AUTOMATIC;
  }
  return qos;
}

void destroy_entity(uint64_t id)
{
  port::forget_runs(id);
  if (!port::shut_down()) {
    port::destroy({id});
  }
}

}  // namespace rclsim
