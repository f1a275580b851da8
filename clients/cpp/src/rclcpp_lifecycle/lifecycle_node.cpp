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

}  // namespace rclcpp_lifecycle
