// get_network_flow_endpoints: the simulation's middleware has no transport addresses, so it fails
// as rclcpp does over an rmw without them (rclcpp/src/rclcpp/publisher_base.cpp, subscription_base.cpp).
#include "rclcpp/exceptions.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/subscription.hpp"

namespace rclcpp
{

std::vector<rclcpp::NetworkFlowEndpoint> PublisherBase::get_network_flow_endpoints() const
{
  throw rclcpp::exceptions::RCLError("error obtaining network flows of publisher: the simulation's middleware has no network flow endpoints");
}

std::vector<rclcpp::NetworkFlowEndpoint> SubscriptionBase::get_network_flow_endpoints() const
{
  throw rclcpp::exceptions::RCLError("error obtaining network flows of subscription: the simulation's middleware has no network flow endpoints");
}

}  // namespace rclcpp
