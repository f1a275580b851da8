// rclcpp::node_interfaces::NodeWaitablesInterface (rclcpp/node_interfaces/node_waitables_interface.hpp):
// where a node's waitables (an action server's or client's) are added; the simulation keeps
// those itself, so the functions that take a node's parts only pass it on.
#ifndef RCLCPP__NODE_INTERFACES__NODE_WAITABLES_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_WAITABLES_INTERFACE_HPP_

#include "rclcpp/macros.hpp"

namespace rclcpp
{
namespace node_interfaces
{

class NodeWaitablesInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeWaitablesInterface)
  virtual ~NodeWaitablesInterface() = default;
};

class NodeWaitables : public NodeWaitablesInterface
{
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_WAITABLES_INTERFACE_HPP_
