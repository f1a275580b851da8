// rclcpp::create_subscription over a node's parameters and topics interfaces
// (rclcpp/create_subscription.hpp), as libraries call it: the QoS overrides as the node's own.
#ifndef RCLCPP__CREATE_SUBSCRIPTION_HPP_
#define RCLCPP__CREATE_SUBSCRIPTION_HPP_

#include <memory>
#include <string>
#include <utility>

#include "rclcpp/node_interfaces/node_parameters.hpp"
#include "rclcpp/node_interfaces/node_topics_interface.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/subscription.hpp"

namespace rclcpp
{

template<typename MessageT, typename CallbackT, typename AllocatorT = std::allocator<void>,
  typename SubscriptionT = rclcpp::Subscription<MessageT, AllocatorT>>
std::shared_ptr<SubscriptionT> create_subscription(node_interfaces::NodeParametersInterface::SharedPtr node_parameters,
  node_interfaces::NodeTopicsInterface::SharedPtr node_topics, const std::string & topic_name, const rclcpp::QoS & qos,
  CallbackT && callback, const SubscriptionOptionsWithAllocator<AllocatorT> & options = SubscriptionOptionsWithAllocator<AllocatorT>())
{
  rclcpp::QoS actual = options.qos_overriding_options.get_policy_kinds().empty() ? qos :
    node_parameters->rclsim_declare_qos_parameters(options.qos_overriding_options, node_topics->resolve_topic_name(topic_name),
      qos, false);
  return std::make_shared<SubscriptionT>(node_topics->get_node_base_interface(), topic_name, actual, std::forward<CallbackT>(callback),
    options);
}

}  // namespace rclcpp

#endif  // RCLCPP__CREATE_SUBSCRIPTION_HPP_
