#include "rclcpp_action/parts.hpp"

#include "rclcpp/exceptions.hpp"
#include "rclcpp/qos.hpp"
#include "rclsim/entity.hpp"

namespace rclcpp_action
{

Parts::Parts(const rclcpp::node_interfaces::NodeBaseInterface::SharedPtr & node_base, const rclcpp::CallbackGroup::SharedPtr & group,
  const std::string & action_name)
: node_(node_base->rclsim_id()), base_(node_base->resolve_topic_or_service_name(action_name, false) + "/_action/"),
  group_(node_base->rclsim_group(group)),
  reentrant_(group && group->type() == rclcpp::CallbackGroupType::Reentrant) {}

uint64_t Parts::create(rclsim::node::EntityKind kind, const std::string & name, const std::string & type, const rmw_qos_profile_t & qos,
  rclsim::port::RunHandler handler)
{
  rclsim::node::Create create;
  create.kind = kind;
  create.node = node_;
  create.name = name;
  create.type = type;
  create.qos_json = rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(qos), qos).rclsim_json();
  create.callback_group = group_;
  create.reentrant = reentrant_;
  uint64_t id = rclsim::rcl_call([&create] {return rclsim::port::create(create);}).id;
  ids_.push_back(id);
  rclsim::port::in_group(id, group_);
  if (handler) {
    rclsim::port::on_run(id, std::move(handler), node_);
  }
  return id;
}

void Parts::join(const std::string & action_type)
{
  action_ = rclsim::rcl_call([this, &action_type] {return rclsim::port::action_op_add(node_, action_type, ids_);});
}

void Parts::remove() noexcept
{
  for (uint64_t id : ids_) {
    rclsim::port::forget_runs(id);
  }
  if (action_ != 0 && !rclsim::port::shut_down()) {
    try {
      rclsim::port::action_op_remove(node_, action_);
    } catch (const rclsim::port::Failed &) {
      // The node went first: its entities went with it.
    }
  }
  action_ = 0;
}

}  // namespace rclcpp_action
