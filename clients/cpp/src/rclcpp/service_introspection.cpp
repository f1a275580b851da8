// configure_introspection (rclcpp's ServiceBase and ClientBase): the simulation publishes no
// service events yet, so only turning them off (their default) is accepted; asking for them
// fails as an rcl error does, rather than leaving a program waiting for events that never come.
#include "rclcpp/client.hpp"
#include "rclcpp/exceptions.hpp"
#include "rclcpp/service.hpp"

namespace rclcpp
{
namespace
{

void introspection(const std::string & name, rcl_service_introspection_state_t state)
{
  if (state != RCL_SERVICE_INTROSPECTION_OFF) {
    throw rclcpp::exceptions::RCLError("failed to configure service introspection of '" + name + "': rclsim publishes no service events");
  }
}

}  // namespace

void ServiceBase::configure_introspection(rclcpp::Clock::SharedPtr, const rclcpp::QoS &, rcl_service_introspection_state_t state)
{
  introspection(name_, state);
}

void ClientBase::configure_introspection(rclcpp::Clock::SharedPtr, const rclcpp::QoS &, rcl_service_introspection_state_t state)
{
  introspection(name_, state);
}

}  // namespace rclcpp
