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
  try {
    return port::create(create);
  } catch (const port::Failed & failed) {
    rclcpp::exceptions::throw_from_rclsim(failed.kind, failed.what());
  }
}

void destroy_entity(uint64_t id)
{
  port::forget_runs(id);
  if (!port::shut_down()) {
    port::destroy(id);
  }
}

}  // namespace rclsim
