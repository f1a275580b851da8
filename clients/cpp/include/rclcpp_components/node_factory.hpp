// rclcpp_components::NodeFactory (rclcpp_components/node_factory.hpp): makes a component's node.
#ifndef RCLCPP_COMPONENTS__NODE_FACTORY_HPP_
#define RCLCPP_COMPONENTS__NODE_FACTORY_HPP_

#include "rclcpp/node_options.hpp"
#include "rclcpp_components/node_instance_wrapper.hpp"

namespace rclcpp_components
{

class NodeFactory
{
public:
  NodeFactory() = default;
  virtual ~NodeFactory() = default;
  virtual NodeInstanceWrapper create_node_instance(const rclcpp::NodeOptions & options) = 0;
};

}  // namespace rclcpp_components

#endif  // RCLCPP_COMPONENTS__NODE_FACTORY_HPP_
