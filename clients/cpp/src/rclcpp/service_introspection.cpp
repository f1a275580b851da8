// configure_introspection (rclcpp's ServiceBase and ClientBase): the simulation publishes the
// service's events on `<service>/_service_event` with the QoS given (rcl's service introspection);
// their stamps are sim time, so the clock rclcpp takes is not needed.
#include "rclcpp/client.hpp"
#include "rclcpp/service.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{
namespace
{

void introspection(uint64_t entity, const rclcpp::QoS & qos, rcl_service_introspection_state_t state)
{
  rclsim::port::entity_op({entity, "configureIntrospection",
    "[null," + qos.rclsim_json() + "," + std::to_string(static_cast<int>(state)) + "]"});
}

}  // namespace

void ServiceBase::configure_introspection(rclcpp::Clock::SharedPtr, const rclcpp::QoS & qos, rcl_service_introspection_state_t state)
{
  introspection(id_, qos, state);
}

void ClientBase::configure_introspection(rclcpp::Clock::SharedPtr, const rclcpp::QoS & qos, rcl_service_introspection_state_t state)
{
  introspection(id_, qos, state);
}

}  // namespace rclcpp
