#include <string>

#include "rclcpp/exceptions.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/json.hpp"
#include "rclsim/logging.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{
namespace node_interfaces
{

NodeBase::NodeBase(const std::string & node_name, const std::string & namespace_arg, rclcpp::Context::SharedPtr context,
  const std::vector<std::string> & arguments, bool use_global_arguments, bool enable_rosout, bool use_intra_process_default,
  bool enable_topic_statistics_default, bool enable_logger_service)
: context_(std::move(context)), default_group_(std::make_shared<rclcpp::CallbackGroup>(rclcpp::CallbackGroupType::MutuallyExclusive)),
  use_intra_process_default_(use_intra_process_default), enable_topic_statistics_default_(enable_topic_statistics_default)
{
  if (!context_->is_valid()) {
    throw rclcpp::exceptions::RCLError("context is not valid, failed to initialize node");
  }
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::NODE;
  create.context = context_->rclsim_id();
  create.name = node_name;
  create.namespace_ = namespace_arg;
  create.args = arguments;
  create.use_global_arguments = use_global_arguments;
  // The node's parameters and their services are the program's, as in rclcpp (the simulation
  // still takes the overrides, for the type description service it makes).
  // Its logger services (~/get_logger_levels, ~/set_logger_levels) are the simulation's.
  create.options_json = std::string("{\"startParameterServices\":false,\"enableRosout\":") + (enable_rosout ? "true" : "false") +
    ",\"enableLoggerService\":" + (enable_logger_service ? "true" : "false") + "}";
  rclsim::node::Created created = rclsim::rcl_call([&create] {return rclsim::port::create(create);});
  id_ = created.id;
  name_ = created.name;
  namespace_ = created.namespace_;
  logger_name_ = created.logger;
  overrides_ = created.parameter_overrides;
  fully_qualified_name_ = namespace_ == "/" ? "/" + name_ : namespace_ + "/" + name_;
  if (enable_logger_service) {
    rclsim::logging::follow_outside_levels();
  }
}

NodeBase::~NodeBase()
{
  if (!rclsim::port::shut_down()) {
    rclsim::node::Destroy node;
    node.id = id_;
    node.node = true;
    rclsim::port::destroy(node);
  }
}

rclcpp::CallbackGroup::SharedPtr NodeBase::create_callback_group(rclcpp::CallbackGroupType group_type, bool automatically_add_to_executor_with_node)
{
  auto group = std::make_shared<rclcpp::CallbackGroup>(group_type, automatically_add_to_executor_with_node);
  groups_.push_back(group);
  return group;
}

bool NodeBase::callback_group_in_node(rclcpp::CallbackGroup::SharedPtr group)
{
  if (group == default_group_) {
    return true;
  }
  for (const auto & weak : groups_) {
    if (weak.lock() == group) {
      return true;
    }
  }
  return false;
}

std::string NodeBase::resolve_topic_or_service_name(const std::string & name, bool is_service, bool only_expand) const
{
  std::string method = is_service ? "resolveServiceName" : "resolveTopicName";
  std::string json = rclsim::port::graph_query({method, {std::to_string(id_), rclsim::json::quote(name), only_expand ? "true" : "false"}});
  return rclsim::json::parse(json).as_string();
}

uint64_t NodeBase::rclsim_group(const rclcpp::CallbackGroup::SharedPtr & group) const
{
  return !group || group == default_group_ ? 0 : group->rclsim_number();
}

}  // namespace node_interfaces
}  // namespace rclcpp
