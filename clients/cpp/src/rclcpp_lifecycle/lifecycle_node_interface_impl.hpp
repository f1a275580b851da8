// LifecycleNode's lifecycle part (rclcpp_lifecycle/src/lifecycle_node_interface_impl.hpp): the
// state machine, the transition callbacks by the transition state they run in, the managed
// entities, and rcl_lifecycle's communication interface over the node's own publisher and services.
#ifndef RCLSIM__LIFECYCLE_NODE_INTERFACE_IMPL_HPP_
#define RCLSIM__LIFECYCLE_NODE_INTERFACE_IMPL_HPP_

#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "lifecycle_msgs/msg/transition_event.hpp"
#include "lifecycle_msgs/srv/change_state.hpp"
#include "lifecycle_msgs/srv/get_available_states.hpp"
#include "lifecycle_msgs/srv/get_available_transitions.hpp"
#include "lifecycle_msgs/srv/get_state.hpp"
#include "rclcpp_lifecycle/lifecycle_node.hpp"
#include "rclcpp_lifecycle/state_machine.hpp"

namespace rclcpp_lifecycle
{

class LifecycleNode::LifecycleNodeInterfaceImpl
{
public:
  using CallbackReturn = node_interfaces::LifecycleNodeInterface::CallbackReturn;
  using Callback = std::function<CallbackReturn(const State &)>;

  LifecycleNodeInterfaceImpl(std::shared_ptr<rclcpp::Node> node, bool enable_communication_interface);

  /// The callback that runs in `transition_state`.
  bool register_callback(uint8_t transition_state, Callback callback);

  const State & get_current_state() const {return current_state_;}
  std::vector<State> get_available_states() const;
  std::vector<Transition> get_available_transitions() const;
  std::vector<Transition> get_transition_graph() const;

  const State & trigger_transition(uint8_t transition_id, CallbackReturn & cb_return_code);
  const State & trigger_transition(const char * transition_label, CallbackReturn & cb_return_code);

  void add_managed_entity(std::weak_ptr<ManagedEntityInterface> managed_entity);
  void on_activate() const;
  void on_deactivate() const;

private:
  /// rclcpp's change_state: into the transition state, its callback, out by the callback's code
  /// (and on ERROR on_error's). False when the transition could not start or finish.
  bool change_state(uint8_t transition_id, CallbackReturn & cb_return_code);
  CallbackReturn execute_callback(uint8_t transition_state, const State & previous_state) const;
  /// Takes the transition and publishes the transition event, as rcl_lifecycle's trigger does.
  void take(const rclsim::lifecycle::TransitionEntry & transition);

  void on_change_state(const std::shared_ptr<lifecycle_msgs::srv::ChangeState::Request> request,
    std::shared_ptr<lifecycle_msgs::srv::ChangeState::Response> response);

  std::shared_ptr<rclcpp::Node> node_;
  rclsim::lifecycle::StateMachine machine_;
  State current_state_;
  std::map<uint8_t, Callback> callbacks_;
  std::vector<std::weak_ptr<ManagedEntityInterface>> managed_entities_;
  rclcpp::Publisher<lifecycle_msgs::msg::TransitionEvent>::SharedPtr transition_event_;
  rclcpp::Service<lifecycle_msgs::srv::ChangeState>::SharedPtr change_state_;
  rclcpp::Service<lifecycle_msgs::srv::GetState>::SharedPtr get_state_;
  rclcpp::Service<lifecycle_msgs::srv::GetAvailableStates>::SharedPtr get_available_states_;
  rclcpp::Service<lifecycle_msgs::srv::GetAvailableTransitions>::SharedPtr get_available_transitions_;
  rclcpp::Service<lifecycle_msgs::srv::GetAvailableTransitions>::SharedPtr get_transition_graph_;
};

}  // namespace rclcpp_lifecycle

#endif  // RCLSIM__LIFECYCLE_NODE_INTERFACE_IMPL_HPP_
