#include "rclcpp_lifecycle/lifecycle_node.hpp"

#include <utility>

#include "lifecycle_msgs/msg/state.hpp"
#include "lifecycle_msgs/msg/transition.hpp"
#include "rclcpp_lifecycle/lifecycle_node_interface_impl.hpp"

namespace rclcpp_lifecycle
{

namespace msg = lifecycle_msgs::msg;

LifecycleNode::LifecycleNode(const std::string & node_name, const rclcpp::NodeOptions & options, bool enable_communication_interface)
: LifecycleNode(node_name, "", options, enable_communication_interface) {}

LifecycleNode::LifecycleNode(const std::string & node_name, const std::string & namespace_, const rclcpp::NodeOptions & options,
  bool enable_communication_interface)
: node_(std::make_shared<rclcpp::Node>(node_name, namespace_, options)),
  impl_(std::make_unique<LifecycleNodeInterfaceImpl>(node_, enable_communication_interface))
{
  // The node's own on_* (virtual: a subclass's) until the program registers others.
  register_on_configure([this](const State & state) {return on_configure(state);});
  register_on_cleanup([this](const State & state) {return on_cleanup(state);});
  register_on_shutdown([this](const State & state) {return on_shutdown(state);});
  register_on_activate([this](const State & state) {return on_activate(state);});
  register_on_deactivate([this](const State & state) {return on_deactivate(state);});
  register_on_error([this](const State & state) {return on_error(state);});
}

// The lifecycle's services and publisher go before the node they are on.
LifecycleNode::~LifecycleNode() {impl_.reset();}

const State & LifecycleNode::get_current_state() const {return impl_->get_current_state();}
std::vector<State> LifecycleNode::get_available_states() const {return impl_->get_available_states();}
std::vector<Transition> LifecycleNode::get_available_transitions() const {return impl_->get_available_transitions();}
std::vector<Transition> LifecycleNode::get_transition_graph() const {return impl_->get_transition_graph();}

const State & LifecycleNode::trigger_transition(const Transition & transition)
{
  return trigger_transition(transition.id());
}

const State & LifecycleNode::trigger_transition(const Transition & transition, CallbackReturn & cb_return_code)
{
  return trigger_transition(transition.id(), cb_return_code);
}

const State & LifecycleNode::trigger_transition(uint8_t transition_id)
{
  CallbackReturn ignored = CallbackReturn::SUCCESS;
  return impl_->trigger_transition(transition_id, ignored);
}

const State & LifecycleNode::trigger_transition(uint8_t transition_id, CallbackReturn & cb_return_code)
{
  return impl_->trigger_transition(transition_id, cb_return_code);
}

const State & LifecycleNode::configure() {return trigger_transition(msg::Transition::TRANSITION_CONFIGURE);}
const State & LifecycleNode::configure(CallbackReturn & code) {return trigger_transition(msg::Transition::TRANSITION_CONFIGURE, code);}
const State & LifecycleNode::cleanup() {return trigger_transition(msg::Transition::TRANSITION_CLEANUP);}
const State & LifecycleNode::cleanup(CallbackReturn & code) {return trigger_transition(msg::Transition::TRANSITION_CLEANUP, code);}
const State & LifecycleNode::activate() {return trigger_transition(msg::Transition::TRANSITION_ACTIVATE);}
const State & LifecycleNode::activate(CallbackReturn & code) {return trigger_transition(msg::Transition::TRANSITION_ACTIVATE, code);}
const State & LifecycleNode::deactivate() {return trigger_transition(msg::Transition::TRANSITION_DEACTIVATE);}
const State & LifecycleNode::deactivate(CallbackReturn & code) {return trigger_transition(msg::Transition::TRANSITION_DEACTIVATE, code);}

// Shutdown is asked for by label: each primary state has its own shutdown transition.
const State & LifecycleNode::shutdown()
{
  CallbackReturn ignored = CallbackReturn::SUCCESS;
  return impl_->trigger_transition(rclsim::lifecycle::shutdown_label, ignored);
}

const State & LifecycleNode::shutdown(CallbackReturn & code) {return impl_->trigger_transition(rclsim::lifecycle::shutdown_label, code);}

bool LifecycleNode::register_on_configure(std::function<CallbackReturn(const State &)> fcn)
{
  return impl_->register_callback(msg::State::TRANSITION_STATE_CONFIGURING, std::move(fcn));
}

bool LifecycleNode::register_on_cleanup(std::function<CallbackReturn(const State &)> fcn)
{
  return impl_->register_callback(msg::State::TRANSITION_STATE_CLEANINGUP, std::move(fcn));
}

bool LifecycleNode::register_on_shutdown(std::function<CallbackReturn(const State &)> fcn)
{
  return impl_->register_callback(msg::State::TRANSITION_STATE_SHUTTINGDOWN, std::move(fcn));
}

bool LifecycleNode::register_on_activate(std::function<CallbackReturn(const State &)> fcn)
{
  return impl_->register_callback(msg::State::TRANSITION_STATE_ACTIVATING, std::move(fcn));
}

bool LifecycleNode::register_on_deactivate(std::function<CallbackReturn(const State &)> fcn)
{
  return impl_->register_callback(msg::State::TRANSITION_STATE_DEACTIVATING, std::move(fcn));
}

bool LifecycleNode::register_on_error(std::function<CallbackReturn(const State &)> fcn)
{
  return impl_->register_callback(msg::State::TRANSITION_STATE_ERRORPROCESSING, std::move(fcn));
}

LifecycleNode::CallbackReturn LifecycleNode::on_activate(const State &)
{
  impl_->on_activate();
  return CallbackReturn::SUCCESS;
}

LifecycleNode::CallbackReturn LifecycleNode::on_deactivate(const State &)
{
  impl_->on_deactivate();
  return CallbackReturn::SUCCESS;
}

void LifecycleNode::add_managed_entity(std::weak_ptr<rclcpp_lifecycle::ManagedEntityInterface> managed_entity)
{
  impl_->add_managed_entity(std::move(managed_entity));
}

// What it has of a node, out of line as upstream's (its lifecycle_node.cpp): a body inlined where
// the node came from a weak_ptr's lock() is a possible null dereference to GCC 12, an error under
// navigation2's -Wnull-dereference -Werror (nav2_costmap_2d's Layer::initialize).
const char * LifecycleNode::get_name() const
{
  return node_->get_name();
}

const char * LifecycleNode::get_namespace() const
{
  return node_->get_namespace();
}

const char * LifecycleNode::get_fully_qualified_name() const
{
  return node_->get_fully_qualified_name();
}

rclcpp::Logger LifecycleNode::get_logger() const
{
  return node_->get_logger();
}

const rclcpp::NodeOptions & LifecycleNode::get_node_options() const
{
  return node_->get_node_options();
}

rclcpp::CallbackGroup::SharedPtr LifecycleNode::create_callback_group(rclcpp::CallbackGroupType group_type, bool automatically_add_to_executor_with_node)
{
  return node_->create_callback_group(group_type, automatically_add_to_executor_with_node);
}

const rclcpp::ParameterValue & LifecycleNode::declare_parameter(const std::string & name, rclcpp::ParameterType type,
  const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor, bool ignore_override)
{
  return node_->declare_parameter(name, type, parameter_descriptor, ignore_override);
}

std::map<std::string, std::vector<std::string>> LifecycleNode::get_topic_names_and_types(bool no_demangle) const
{
  (void)no_demangle;
  return node_->get_topic_names_and_types();
}

const rclcpp::ParameterValue & LifecycleNode::declare_parameter(const std::string & name, const rclcpp::ParameterValue & default_value, const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor, bool ignore_override)
{
  return node_->declare_parameter(name, default_value, parameter_descriptor, ignore_override);
}

void LifecycleNode::undeclare_parameter(const std::string & name)
{
  node_->undeclare_parameter(name);
}

bool LifecycleNode::has_parameter(const std::string & name) const
{
  return node_->has_parameter(name);
}

rcl_interfaces::msg::SetParametersResult LifecycleNode::set_parameter(const rclcpp::Parameter & parameter)
{
  return node_->set_parameter(parameter);
}

std::vector<rcl_interfaces::msg::SetParametersResult> LifecycleNode::set_parameters(const std::vector<rclcpp::Parameter> & parameters)
{
  return node_->set_parameters(parameters);
}

rcl_interfaces::msg::SetParametersResult LifecycleNode::set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters)
{
  return node_->set_parameters_atomically(parameters);
}

rclcpp::Parameter LifecycleNode::get_parameter(const std::string & name) const
{
  return node_->get_parameter(name);
}

bool LifecycleNode::get_parameter(const std::string & name, rclcpp::Parameter & parameter) const
{
  return node_->get_parameter(name, parameter);
}

std::vector<rclcpp::Parameter> LifecycleNode::get_parameters(const std::vector<std::string> & names) const
{
  return node_->get_parameters(names);
}

rcl_interfaces::msg::ParameterDescriptor LifecycleNode::describe_parameter(const std::string & name) const
{
  return node_->describe_parameter(name);
}

std::vector<rcl_interfaces::msg::ParameterDescriptor> LifecycleNode::describe_parameters(const std::vector<std::string> & names) const
{
  return node_->describe_parameters(names);
}

std::vector<uint8_t> LifecycleNode::get_parameter_types(const std::vector<std::string> & names) const
{
  return node_->get_parameter_types(names);
}

rcl_interfaces::msg::ListParametersResult LifecycleNode::list_parameters(const std::vector<std::string> & prefixes, uint64_t depth) const
{
  return node_->list_parameters(prefixes, depth);
}

LifecycleNode::PreSetParametersCallbackHandle::SharedPtr LifecycleNode::add_pre_set_parameters_callback(PreSetParametersCallbackType callback)
{
  return node_->add_pre_set_parameters_callback(std::move(callback));
}

LifecycleNode::OnSetParametersCallbackHandle::SharedPtr LifecycleNode::add_on_set_parameters_callback(OnSetParametersCallbackType callback)
{
  return node_->add_on_set_parameters_callback(std::move(callback));
}

LifecycleNode::PostSetParametersCallbackHandle::SharedPtr LifecycleNode::add_post_set_parameters_callback(PostSetParametersCallbackType callback)
{
  return node_->add_post_set_parameters_callback(std::move(callback));
}

void LifecycleNode::remove_pre_set_parameters_callback(const PreSetParametersCallbackHandle * const handler)
{
  node_->remove_pre_set_parameters_callback(handler);
}

void LifecycleNode::remove_on_set_parameters_callback(const OnSetParametersCallbackHandle * const handler)
{
  node_->remove_on_set_parameters_callback(handler);
}

void LifecycleNode::remove_post_set_parameters_callback(const PostSetParametersCallbackHandle * const handler)
{
  node_->remove_post_set_parameters_callback(handler);
}

std::vector<std::string> LifecycleNode::get_node_names() const
{
  return node_->get_node_names();
}

std::map<std::string, std::vector<std::string>> LifecycleNode::get_service_names_and_types() const
{
  return node_->get_service_names_and_types();
}

size_t LifecycleNode::count_publishers(const std::string & topic_name) const
{
  return node_->count_publishers(topic_name);
}

size_t LifecycleNode::count_subscribers(const std::string & topic_name) const
{
  return node_->count_subscribers(topic_name);
}

rclcpp::Clock::SharedPtr LifecycleNode::get_clock()
{
  return node_->get_clock();
}

rclcpp::Clock::ConstSharedPtr LifecycleNode::get_clock() const
{
  return node_->get_clock();
}

rclcpp::Time LifecycleNode::now() const
{
  return node_->now();
}

rclcpp::node_interfaces::NodeBaseInterface::SharedPtr LifecycleNode::get_node_base_interface()
{
  return node_->get_node_base_interface();
}

rclcpp::node_interfaces::NodeParametersInterface::SharedPtr LifecycleNode::get_node_parameters_interface()
{
  return node_->get_node_parameters_interface();
}

rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr LifecycleNode::get_node_logging_interface()
{
  return node_->get_node_logging_interface();
}

rclcpp::node_interfaces::NodeClockInterface::SharedPtr LifecycleNode::get_node_clock_interface()
{
  return node_->get_node_clock_interface();
}

rclcpp::node_interfaces::NodeTopicsInterface::SharedPtr LifecycleNode::get_node_topics_interface()
{
  return node_->get_node_topics_interface();
}

rclcpp::node_interfaces::NodeTimersInterface::SharedPtr LifecycleNode::get_node_timers_interface()
{
  return node_->get_node_timers_interface();
}

rclcpp::node_interfaces::NodeGraphInterface::SharedPtr LifecycleNode::get_node_graph_interface()
{
  return node_->get_node_graph_interface();
}

rclcpp::node_interfaces::NodeWaitablesInterface::SharedPtr LifecycleNode::get_node_waitables_interface()
{
  return node_->get_node_waitables_interface();
}

}  // namespace rclcpp_lifecycle
