// rclcpp_components::NodeFactoryTemplate (rclcpp_components/node_factory_template.hpp): the
// factory of a node class constructed from its NodeOptions.
#ifndef RCLCPP_COMPONENTS__NODE_FACTORY_TEMPLATE_HPP_
#define RCLCPP_COMPONENTS__NODE_FACTORY_TEMPLATE_HPP_

#include <memory>

#include "rclcpp_components/node_factory.hpp"

namespace rclcpp_components
{

template<typename NodeT>
class NodeFactoryTemplate : public NodeFactory
{
public:
  NodeInstanceWrapper create_node_instance(const rclcpp::NodeOptions & options) override
  {
    auto node = std::make_shared<NodeT>(options);
    return NodeInstanceWrapper(node, [](const std::shared_ptr<void> & instance) {
               return std::static_pointer_cast<NodeT>(instance)->get_node_base_interface();
             });
  }
};

}  // namespace rclcpp_components

#endif  // RCLCPP_COMPONENTS__NODE_FACTORY_TEMPLATE_HPP_
