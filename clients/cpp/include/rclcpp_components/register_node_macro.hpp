// RCLCPP_COMPONENTS_REGISTER_NODE (rclcpp_components/register_node_macro.hpp): registers a node
// class's factory with class_loader, as upstream's does
// (`rclcpp_components::NodeFactoryTemplate<NodeClass>` of base `rclcpp_components::NodeFactory`),
// so that a container that loads the library finds its factory by that name.
#ifndef RCLCPP_COMPONENTS__REGISTER_NODE_MACRO_HPP_
#define RCLCPP_COMPONENTS__REGISTER_NODE_MACRO_HPP_

#include <memory>
#include <string>

#include "class_loader/class_loader.hpp"
#include "rclcpp_components/node_factory_template.hpp"

namespace rclcpp_components
{
/// The factory of a registered class (by the name given to the macro; a leading "::" does not
/// matter), whatever library registered it; nullptr when none did.
std::shared_ptr<NodeFactory> find_node_factory(const std::string & class_name);
}  // namespace rclcpp_components

#define RCLCPP_COMPONENTS_REGISTER_NODE(NodeClass) \
  CLASS_LOADER_REGISTER_CLASS(rclcpp_components::NodeFactoryTemplate<NodeClass>, rclcpp_components::NodeFactory)

#endif  // RCLCPP_COMPONENTS__REGISTER_NODE_MACRO_HPP_
