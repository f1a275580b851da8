// rclcpp_lifecycle::Transition (rclcpp_lifecycle/transition.hpp): a transition of the lifecycle
// state machine, an id of lifecycle_msgs/msg/Transition with its label and, when known, the states
// it goes from and to.
#ifndef RCLCPP_LIFECYCLE__TRANSITION_HPP_
#define RCLCPP_LIFECYCLE__TRANSITION_HPP_

#include <cstdint>
#include <optional>
#include <string>

#include "rclcpp_lifecycle/state.hpp"

namespace rclcpp_lifecycle
{

class Transition
{
public:
  Transition() = delete;
  explicit Transition(uint8_t id, const std::string & label = "");
  Transition(uint8_t id, const std::string & label, State && start, State && goal);
  virtual ~Transition() = default;
  Transition(const Transition &) = default;
  Transition & operator=(const Transition &) = default;

  uint8_t id() const {return id_;}
  std::string label() const {return label_;}
  /// Throws std::runtime_error for a transition made without its states, as rclcpp does.
  State start_state() const;
  State goal_state() const;

private:
  uint8_t id_;
  std::string label_;
  std::optional<State> start_;
  std::optional<State> goal_;
};

}  // namespace rclcpp_lifecycle

#endif  // RCLCPP_LIFECYCLE__TRANSITION_HPP_
