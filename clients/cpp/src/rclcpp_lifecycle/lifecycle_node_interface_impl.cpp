#include "rclcpp_lifecycle/lifecycle_node_interface_impl.hpp"

#include <exception>
#include <string>
#include <utility>

#include "lifecycle_msgs/msg/state.hpp"
#include "lifecycle_msgs/msg/transition.hpp"
#include "rclcpp/logging.hpp"

namespace rclcpp_lifecycle
{

namespace
{
namespace lc = rclsim::lifecycle;

// rcl's error string when its trigger is given no transition, as a Jazzy binary prints it.
const char * const not_registered = "Transition is not registered., at ./src/rcl_lifecycle.c:355";

const char * label_for(node_interfaces::LifecycleNodeInterface::CallbackReturn code)
{
  using CallbackReturn = node_interfaces::LifecycleNodeInterface::CallbackReturn;
  if (code == CallbackReturn::SUCCESS) {
    return lc::success_label;
  }
  return code == CallbackReturn::FAILURE ? lc::failure_label : lc::error_label;
}

State state_of(uint8_t id) {return State(id, lc::label_of(id));}

Transition transition_of(const lc::TransitionEntry & entry)
{
  return Transition(entry.id, entry.label, state_of(entry.start), state_of(entry.goal));
}

lifecycle_msgs::msg::State state_msg(uint8_t id)
{
  lifecycle_msgs::msg::State msg;
  msg.id = id;
  msg.label = lc::label_of(id);
  return msg;
}

lifecycle_msgs::msg::TransitionDescription description_of(const lc::TransitionEntry & entry)
{
  lifecycle_msgs::msg::TransitionDescription description;
  description.transition.id = entry.id;
  description.transition.label = entry.label;
  description.start_state = state_msg(entry.start);
  description.goal_state = state_msg(entry.goal);
  return description;
}
}  // namespace

LifecycleNode::LifecycleNodeInterfaceImpl::LifecycleNodeInterfaceImpl(std::shared_ptr<rclcpp::Node> node, bool enable_communication_interface)
: node_(std::move(node)), current_state_(state_of(machine_.current()))
{
  using namespace lifecycle_msgs::srv;  // NOLINT(build/namespaces)
  // rcl_lifecycle's publisher (rcl's default publisher options: keep last 10, reliable, volatile)
  // is there with or without the services.
  transition_event_ = node_->create_publisher<lifecycle_msgs::msg::TransitionEvent>("~/transition_event", rclcpp::QoS(10));
  if (!enable_communication_interface) {
    return;
  }
  change_state_ = node_->create_service<ChangeState>("~/change_state",
      [this](const std::shared_ptr<ChangeState::Request> request, std::shared_ptr<ChangeState::Response> response) {
        on_change_state(request, response);
      });
  get_state_ = node_->create_service<GetState>("~/get_state",
      [this](const std::shared_ptr<GetState::Request>, std::shared_ptr<GetState::Response> response) {
        response->current_state = state_msg(machine_.current());
      });
  get_available_states_ = node_->create_service<GetAvailableStates>("~/get_available_states",
      [](const std::shared_ptr<GetAvailableStates::Request>, std::shared_ptr<GetAvailableStates::Response> response) {
        for (const lc::StateEntry & state : lc::states()) {
          response->available_states.push_back(state_msg(state.id));
        }
      });
  get_available_transitions_ = node_->create_service<GetAvailableTransitions>("~/get_available_transitions",
      [this](const std::shared_ptr<GetAvailableTransitions::Request>, std::shared_ptr<GetAvailableTransitions::Response> response) {
        for (const lc::TransitionEntry & transition : machine_.available()) {
          response->available_transitions.push_back(description_of(transition));
        }
      });
  get_transition_graph_ = node_->create_service<GetAvailableTransitions>("~/get_transition_graph",
      [](const std::shared_ptr<GetAvailableTransitions::Request>, std::shared_ptr<GetAvailableTransitions::Response> response) {
        for (const lc::TransitionEntry & transition : lc::transitions()) {
          response->available_transitions.push_back(description_of(transition));
        }
      });
}

bool LifecycleNode::LifecycleNodeInterfaceImpl::register_callback(uint8_t transition_state, Callback callback)
{
  callbacks_[transition_state] = std::move(callback);
  return true;
}

std::vector<State> LifecycleNode::LifecycleNodeInterfaceImpl::get_available_states() const
{
  std::vector<State> states;
  for (const lc::StateEntry & state : lc::states()) {
    states.push_back(state_of(state.id));
  }
  return states;
}

std::vector<Transition> LifecycleNode::LifecycleNodeInterfaceImpl::get_available_transitions() const
{
  std::vector<Transition> transitions;
  for (const lc::TransitionEntry & transition : machine_.available()) {
    transitions.push_back(transition_of(transition));
  }
  return transitions;
}

std::vector<Transition> LifecycleNode::LifecycleNodeInterfaceImpl::get_transition_graph() const
{
  std::vector<Transition> transitions;
  for (const lc::TransitionEntry & transition : lc::transitions()) {
    transitions.push_back(transition_of(transition));
  }
  return transitions;
}

const State & LifecycleNode::LifecycleNodeInterfaceImpl::trigger_transition(uint8_t transition_id, CallbackReturn & cb_return_code)
{
  change_state(transition_id, cb_return_code);
  return current_state_;
}

const State & LifecycleNode::LifecycleNodeInterfaceImpl::trigger_transition(const char * transition_label, CallbackReturn & cb_return_code)
{
  if (const lc::TransitionEntry * transition = machine_.by_label(transition_label)) {
    change_state(transition->id, cb_return_code);
  }
  return current_state_;
}

void LifecycleNode::LifecycleNodeInterfaceImpl::add_managed_entity(std::weak_ptr<ManagedEntityInterface> managed_entity)
{
  managed_entities_.push_back(std::move(managed_entity));
}

void LifecycleNode::LifecycleNodeInterfaceImpl::on_activate() const
{
  for (const auto & weak : managed_entities_) {
    if (auto entity = weak.lock()) {
      entity->on_activate();
    }
  }
}

void LifecycleNode::LifecycleNodeInterfaceImpl::on_deactivate() const
{
  for (const auto & weak : managed_entities_) {
    if (auto entity = weak.lock()) {
      entity->on_deactivate();
    }
  }
}

bool LifecycleNode::LifecycleNodeInterfaceImpl::change_state(uint8_t transition_id, CallbackReturn & cb_return_code)
{
  const rclcpp::Logger logger = node_->get_logger();
  // The state before the transition is what each callback of it is given.
  const State initial_state = current_state_;
  const lc::TransitionEntry * requested = machine_.by_id(transition_id);
  if (requested == nullptr) {
    RCLCPP_ERROR(logger, "Unable to start transition %u from current state %s: %s", transition_id, lc::label_of(machine_.current()),
      not_registered);
    return false;
  }
  take(*requested);
  cb_return_code = execute_callback(machine_.current(), initial_state);
  const lc::TransitionEntry * result = machine_.by_label(label_for(cb_return_code));
  if (result == nullptr) {
    RCLCPP_ERROR(logger, "Failed to finish transition %u. Current state is now: %s (%s)", transition_id, lc::label_of(machine_.current()),
      not_registered);
    return false;
  }
  take(*result);
  if (cb_return_code == CallbackReturn::ERROR) {
    // rclcpp's words, said before on_error runs in errorprocessing.
    RCLCPP_WARN(logger, "Error occurred while doing error handling.");
    const lc::TransitionEntry * recovered = machine_.by_label(label_for(execute_callback(machine_.current(), initial_state)));
    if (recovered == nullptr) {
      RCLCPP_ERROR(logger, "Failed to call cleanup on error state: %s", not_registered);
      return false;
    }
    take(*recovered);
  }
  return true;
}

node_interfaces::LifecycleNodeInterface::CallbackReturn LifecycleNode::LifecycleNodeInterfaceImpl::execute_callback(uint8_t transition_state,
  const State & previous_state) const
{
  auto it = callbacks_.find(transition_state);
  if (it == callbacks_.end()) {
    return CallbackReturn::SUCCESS;
  }
  try {
    return it->second(previous_state);
  } catch (const std::exception & e) {
    RCLCPP_ERROR(node_->get_logger(), "Caught exception in callback for transition %d", it->first);
    RCLCPP_ERROR(node_->get_logger(), "Original error: %s", e.what());
    return CallbackReturn::ERROR;
  }
}

void LifecycleNode::LifecycleNodeInterfaceImpl::take(const lc::TransitionEntry & transition)
{
  machine_.take(transition);
  current_state_ = state_of(machine_.current());
  // rcl_lifecycle fills in only the two states: the timestamp and the transition stay zero.
  lifecycle_msgs::msg::TransitionEvent event;
  event.start_state = state_msg(transition.start);
  event.goal_state = state_msg(transition.goal);
  transition_event_->publish(event);
}

void LifecycleNode::LifecycleNodeInterfaceImpl::on_change_state(const std::shared_ptr<lifecycle_msgs::srv::ChangeState::Request> request,
  std::shared_ptr<lifecycle_msgs::srv::ChangeState::Response> response)
{
  uint8_t transition_id = request->transition.id;
  // As rclcpp: a label, when given, names the transition (its id is then not looked at).
  if (!request->transition.label.empty()) {
    const lc::TransitionEntry * transition = machine_.by_label(request->transition.label);
    if (transition == nullptr) {
      response->success = false;
      return;
    }
    transition_id = transition->id;
  }
  // rclcpp leaves the code unset when the transition cannot start; that answers false.
  CallbackReturn cb_return_code = CallbackReturn::ERROR;
  change_state(transition_id, cb_return_code);
  response->success = cb_return_code == CallbackReturn::SUCCESS;
}

}  // namespace rclcpp_lifecycle
