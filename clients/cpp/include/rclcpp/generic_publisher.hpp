// rclcpp::GenericPublisher (rclcpp/generic_publisher.hpp, Jazzy): a publisher of a type named at
// run time ("pkg/msg/Name") that publishes messages already serialized, as a bag player does.
#ifndef RCLCPP__GENERIC_PUBLISHER_HPP_
#define RCLCPP__GENERIC_PUBLISHER_HPP_

#include <string>

#include "rclcpp/macros.hpp"
#include "rclcpp/publisher.hpp"

namespace rclcpp
{

class GenericPublisher : public PublisherBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(GenericPublisher)

  template<typename AllocatorT = std::allocator<void>>
  GenericPublisher(node_interfaces::NodeBaseInterface * node_base, const std::string & topic_name, const std::string & topic_type,
    const rclcpp::QoS & qos, const rclcpp::PublisherOptionsWithAllocator<AllocatorT> & options)
  : PublisherBase(node_base, topic_name, topic_type, qos, options) {}

  /// As publish(): the message's bytes go out as they are.
  void publish_as_loaned_msg(const rclcpp::SerializedMessage & message) {publish(message);}
};

}  // namespace rclcpp

#endif  // RCLCPP__GENERIC_PUBLISHER_HPP_
