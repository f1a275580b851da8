// rclcpp_components::NodeInstanceWrapper (rclcpp_components/node_instance_wrapper.hpp): a
// component's node, kept alive by the container, whatever its class.
#ifndef RCLCPP_COMPONENTS__NODE_INSTANCE_WRAPPER_HPP_
#define RCLCPP_COMPONENTS__NODE_INSTANCE_WRAPPER_HPP_

#include <functional>
#include <memory>

#include "rclcpp/node_interfaces/node_base_interface.hpp"

namespace rclcpp_components
{

class NodeInstanceWrapper
{
public:
  using NodeBaseInterfaceGetter = std::function<rclcpp::node_interfaces::NodeBaseInterface::SharedPtr(const std::shared_ptr<void> &)>;

  NodeInstanceWrapper() : node_instance_(nullptr) {}
  NodeInstanceWrapper(std::shared_ptr<void> node_instance, NodeBaseInterfaceGetter node_base_interface_getter)
  : node_instance_(std::move(node_instance)), node_base_interface_getter_(std::move(node_base_interface_getter)) {}

  const std::shared_ptr<void> get_node_instance() const {return node_instance_;}
  rclcpp::node_interfaces::NodeBaseInterface::SharedPtr get_node_base_interface() {return node_base_interface_getter_(node_instance_);}

private:
  std::shared_ptr<void> node_instance_;
  NodeBaseInterfaceGetter node_base_interface_getter_;
};

}  // namespace rclcpp_components

#endif  // RCLCPP_COMPONENTS__NODE_INSTANCE_WRAPPER_HPP_
