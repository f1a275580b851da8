// rclcpp::create_publisher over a node's parameters and topics interfaces
// (rclcpp/create_publisher.hpp), as libraries call it: the QoS overrides as the node's own.
#ifndef RCLCPP__CREATE_PUBLISHER_HPP_
#define RCLCPP__CREATE_PUBLISHER_HPP_

#include <memory>
#include <string>

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

}  // namespace rclcpp

#endif  // RCLCPP__CREATE_PUBLISHER_HPP_
