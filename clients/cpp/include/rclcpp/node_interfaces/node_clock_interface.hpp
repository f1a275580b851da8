// rclcpp::node_interfaces::NodeClockInterface (rclcpp/node_interfaces/node_clock_interface.hpp):
// a node's clock, as the functions that take a node's parts (rclcpp_action's) ask for it.
#ifndef RCLCPP__NODE_INTERFACES__NODE_CLOCK_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_CLOCK_INTERFACE_HPP_

#include <utility>

#include "rclcpp/clock.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{
namespace node_interfaces
{

class NodeClockInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeClockInterface)
  virtual ~NodeClockInterface() = default;
  virtual rclcpp::Clock::SharedPtr get_clock() = 0;
  virtual rclcpp::Clock::ConstSharedPtr get_clock() const = 0;
};

/// The node's own clock (the one Node::get_clock gives).
class NodeClock : public NodeClockInterface
{
public:
  explicit NodeClock(rclcpp::Clock::SharedPtr clock)
  : clock_(std::move(clock)) {}
  rclcpp::Clock::SharedPtr get_clock() override {return clock_;}
  rclcpp::Clock::ConstSharedPtr get_clock() const override {return clock_;}

private:
  rclcpp::Clock::SharedPtr clock_;
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_CLOCK_INTERFACE_HPP_
