// rclcpp_lifecycle::node_interfaces::LifecycleNodeInterface
// (rclcpp_lifecycle/node_interfaces/lifecycle_node_interface.hpp): the transition callbacks a
// managed node overrides, each succeeding by default, and the code they return.
#ifndef RCLCPP_LIFECYCLE__NODE_INTERFACES__LIFECYCLE_NODE_INTERFACE_HPP_
#define RCLCPP_LIFECYCLE__NODE_INTERFACES__LIFECYCLE_NODE_INTERFACE_HPP_

#include <cstdint>

#include "lifecycle_msgs/msg/transition.hpp"
#include "rclcpp_lifecycle/state.hpp"

namespace rclcpp_lifecycle
{
namespace node_interfaces
{

class LifecycleNodeInterface
{
protected:
  LifecycleNodeInterface() {}

public:
  enum class CallbackReturn : uint8_t
  {
    SUCCESS = lifecycle_msgs::msg::Transition::TRANSITION_CALLBACK_SUCCESS,
    FAILURE = lifecycle_msgs::msg::Transition::TRANSITION_CALLBACK_FAILURE,
    ERROR = lifecycle_msgs::msg::Transition::TRANSITION_CALLBACK_ERROR
  };

  virtual CallbackReturn on_configure(const State & previous_state);
  virtual CallbackReturn on_cleanup(const State & previous_state);
  virtual CallbackReturn on_shutdown(const State & previous_state);
  virtual CallbackReturn on_activate(const State & previous_state);
  virtual CallbackReturn on_deactivate(const State & previous_state);
  virtual CallbackReturn on_error(const State & previous_state);

  virtual ~LifecycleNodeInterface() {}
};

}  // namespace node_interfaces
}  // namespace rclcpp_lifecycle

#endif  // RCLCPP_LIFECYCLE__NODE_INTERFACES__LIFECYCLE_NODE_INTERFACE_HPP_
