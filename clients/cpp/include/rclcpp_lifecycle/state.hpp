// rclcpp_lifecycle::State (rclcpp_lifecycle/state.hpp): a state of the lifecycle state machine, an
// id of lifecycle_msgs/msg/State and rcl_lifecycle's label for it, held by value.
#ifndef RCLCPP_LIFECYCLE__STATE_HPP_
#define RCLCPP_LIFECYCLE__STATE_HPP_

#include <cstdint>
#include <string>

namespace rclcpp_lifecycle
{

class State
{
public:
  /// The unknown state (id 0, "unknown"), as rclcpp's default.
  State();
  /// Throws std::runtime_error on an empty label, as rclcpp.
  State(uint8_t id, const std::string & label);
  virtual ~State() = default;
  State(const State &) = default;
  State & operator=(const State &) = default;

  uint8_t id() const {return id_;}
  std::string label() const {return label_;}

private:
  uint8_t id_;
  std::string label_;
};

}  // namespace rclcpp_lifecycle

#endif  // RCLCPP_LIFECYCLE__STATE_HPP_
