// rclcpp::node_interfaces::NodeTopicsInterface (rclcpp/node_interfaces/node_topics_interface.hpp):
// the part of a node that libraries make publishers and subscriptions through (tf2_ros'
// broadcasters and listener, rclcpp::create_publisher's interface form).
#ifndef RCLCPP__NODE_INTERFACES__NODE_TOPICS_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_TOPICS_INTERFACE_HPP_

#include <string>
#include <utility>

#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"

namespace rclcpp
{
namespace node_interfaces
{

class NodeTopicsInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeTopicsInterface)
  virtual ~NodeTopicsInterface() = default;
  virtual rclcpp::node_interfaces::NodeBaseInterface * get_node_base_interface() const = 0;
  virtual std::string resolve_topic_name(const std::string & name, bool only_expand = false) const = 0;
};

/// The node's endpoints are made on its base, which the simulation knows it by.
class NodeTopics : public NodeTopicsInterface
{
public:
  explicit NodeTopics(NodeBaseInterface::SharedPtr node_base)
  : node_base_(std::move(node_base)) {}
  NodeBaseInterface * get_node_base_interface() const override {return node_base_.get();}
  std::string resolve_topic_name(const std::string & name, bool only_expand = false) const override
  {
    return node_base_->resolve_topic_or_service_name(name, false, only_expand);
  }

private:
  NodeBaseInterface::SharedPtr node_base_;
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_TOPICS_INTERFACE_HPP_
