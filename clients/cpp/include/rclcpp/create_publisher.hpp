// rclcpp::create_publisher over a node's parameters and topics interfaces
// (rclcpp/create_publisher.hpp), as libraries call it: the QoS overrides as the node's own.
#ifndef RCLCPP__CREATE_PUBLISHER_HPP_
#define RCLCPP__CREATE_PUBLISHER_HPP_

#include <memory>
#include <string>
#include <type_traits>

#include "rclcpp/node_interfaces/node_parameters.hpp"
#include "rclcpp/node_interfaces/node_topics_interface.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/qos.hpp"

namespace rclcpp
{

template<typename MessageT, typename AllocatorT = std::allocator<void>, typename PublisherT = rclcpp::Publisher<MessageT, AllocatorT>>
std::shared_ptr<PublisherT> create_publisher(node_interfaces::NodeParametersInterface::SharedPtr node_parameters,
  node_interfaces::NodeTopicsInterface::SharedPtr node_topics, const std::string & topic_name, const rclcpp::QoS & qos,
  const PublisherOptionsWithAllocator<AllocatorT> & options = PublisherOptionsWithAllocator<AllocatorT>())
{
  rclcpp::QoS actual = options.qos_overriding_options.get_policy_kinds().empty() ? qos :
    node_parameters->rclsim_declare_qos_parameters(options.qos_overriding_options, node_topics->resolve_topic_name(topic_name),
      qos, true);
  return std::make_shared<PublisherT>(node_topics->get_node_base_interface(), topic_name, actual, options);
}

/// The same from a node, or from its topics interface alone (diagnostic_updater's form, which
/// upstream's create_publisher(NodeT &&, …) takes too): without a parameters interface there are
/// no QoS overrides to declare.
template<typename MessageT, typename AllocatorT = std::allocator<void>, typename PublisherT = rclcpp::Publisher<MessageT, AllocatorT>,
  typename NodeT>
std::shared_ptr<PublisherT> create_publisher(NodeT && node, const std::string & topic_name, const rclcpp::QoS & qos,
  const PublisherOptionsWithAllocator<AllocatorT> & options = PublisherOptionsWithAllocator<AllocatorT>())
{
  if constexpr (std::is_convertible_v<NodeT, node_interfaces::NodeTopicsInterface::SharedPtr>) {
    return std::make_shared<PublisherT>(node->get_node_base_interface(), topic_name, qos, options);
  } else {
    return create_publisher<MessageT, AllocatorT, PublisherT>(node->get_node_parameters_interface(), node->get_node_topics_interface(),
      topic_name, qos, options);
  }
}

}  // namespace rclcpp

#endif  // RCLCPP__CREATE_PUBLISHER_HPP_
