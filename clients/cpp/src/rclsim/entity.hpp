// What every entity of a node does with the simulation: made (its Created, or the rclcpp
// exception its Failed stands for) and, with its object, gone.
#ifndef RCLSIM__ENTITY_HPP_
#define RCLSIM__ENTITY_HPP_

#include <string>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/exceptions.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/qos.hpp"
#include "rclsim/port.hpp"

namespace rclsim
{

/// A request to the simulation whose error (Failed) is thrown as the rclcpp exception it stands
/// for, as rclcpp throws for rcl's return codes: its answer.
template<typename Request>
auto rcl_call(Request && request) -> decltype(request())
{
  try {
    return request();
  } catch (const port::Failed & failed) {
    rclcpp::exceptions::throw_from_rclsim(failed.kind, failed.what());
  }
}

/// An endpoint of `kind` (publisher, subscription, service, client) of a node, on `name` with `type`.
node::Created create_endpoint(node::Create create, rclcpp::node_interfaces::NodeBaseInterface * node_base, const std::string & name,
  const std::string & type, const rclcpp::QoS & qos, const rclcpp::CallbackGroup::SharedPtr & group);

/// What rmw reports of an endpoint's QoS (get_actual_qos): the system defaults resolved as Fast DDS
/// resolves them (keep last, reliable, volatile, automatic liveliness), as the simulation does.
rclcpp::QoS actual_qos(const rclcpp::QoS & requested);

/// The entity leaves the graph with its object (unless the run already ended): its runs are forgotten.
void destroy_entity(uint64_t id);

}  // namespace rclsim

#endif  // RCLSIM__ENTITY_HPP_
