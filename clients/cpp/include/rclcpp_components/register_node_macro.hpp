// RCLCPP_COMPONENTS_REGISTER_NODE (rclcpp_components/register_node_macro.hpp): registers a node
// class as a component under its name as written, as class_loader's plugin macro does, so that a
// container that loads the library finds its factory by that name.
#ifndef RCLCPP_COMPONENTS__REGISTER_NODE_MACRO_HPP_
#define RCLCPP_COMPONENTS__REGISTER_NODE_MACRO_HPP_

#include <memory>
#include <string>

#include "rclcpp/macros.hpp"
#include "rclcpp_components/node_factory_template.hpp"

namespace rclcpp_components
{
/// Adds a factory to the process's components by class name (its library's load does it).
void register_node_factory(const std::string & class_name, std::shared_ptr<NodeFactory> factory);
/// The factory of a registered class; nullptr when no loaded library registered it.
std::shared_ptr<NodeFactory> find_node_factory(const std::string & class_name);
}  // namespace rclcpp_components

#define RCLCPP_COMPONENTS_REGISTER_NODE(NodeClass) \
  namespace \
  { \
  struct RCLCPP_STRING_JOIN(RclsimComponentRegistrar, __LINE__) \
  { \
    RCLCPP_STRING_JOIN(RclsimComponentRegistrar, __LINE__)() \
    { \
      ::rclcpp_components::register_node_factory(#NodeClass, std::make_shared<::rclcpp_components::NodeFactoryTemplate<NodeClass>>()); \
    } \
  } RCLCPP_STRING_JOIN(rclsim_component_registrar_, __LINE__); \
  }

#endif  // RCLCPP_COMPONENTS__REGISTER_NODE_MACRO_HPP_
