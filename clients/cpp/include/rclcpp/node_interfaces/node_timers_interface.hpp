// rclcpp::node_interfaces::NodeTimersInterface (rclcpp/node_interfaces/node_timers_interface.hpp):
// the part of a node timers are added to (tf2_ros::CreateTimerROS takes it). It brings
// rclcpp::TimerBase, as upstream's does (diagnostic_updater relies on it).
#ifndef RCLCPP__NODE_INTERFACES__NODE_TIMERS_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_TIMERS_INTERFACE_HPP_

#include <utility>

#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/timer.hpp"

namespace rclcpp
{
namespace node_interfaces
{

class NodeTimersInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeTimersInterface)
  virtual ~NodeTimersInterface() = default;
  virtual NodeBaseInterface * get_node_base_interface() const = 0;
};

/// A timer is made on the node's base, which the simulation knows it by.
class NodeTimers : public NodeTimersInterface
{
public:
  explicit NodeTimers(NodeBaseInterface::SharedPtr node_base)
  : node_base_(std::move(node_base)) {}
  NodeBaseInterface * get_node_base_interface() const override {return node_base_.get();}

private:
  NodeBaseInterface::SharedPtr node_base_;
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_TIMERS_INTERFACE_HPP_
