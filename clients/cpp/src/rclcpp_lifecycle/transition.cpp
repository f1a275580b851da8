#include "rclcpp_lifecycle/transition.hpp"

#include <stdexcept>
#include <utility>

namespace rclcpp_lifecycle
{

Transition::Transition(uint8_t id, const std::string & label) : id_(id), label_(label) {}

Transition::Transition(uint8_t id, const std::string & label, State && start, State && goal)
: id_(id), label_(label), start_(std::move(start)), goal_(std::move(goal)) {}

// rclcpp's State of a null rcl state handle, as a transition made from an id and label has.
State Transition::start_state() const
{
  if (!start_) {
    throw std::runtime_error("rcl_lifecycle_state_handle is null");
  }
  return *start_;
}

State Transition::goal_state() const
{
  if (!goal_) {
    throw std::runtime_error("rcl_lifecycle_state_handle is null");
  }
  return *goal_;
}

}  // namespace rclcpp_lifecycle
