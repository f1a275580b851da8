// A publisher's or subscription's QoS event callbacks over the node port (docs/node-protocol.md):
// the events it listens to go in its Create (by rclnodejs's names), the simulation makes a handler
// for each (Created.events), and a handler's callback runs as Run kind EVENT with the rmw status
// as JSON. rclcpp's default callbacks (use_default_callbacks) warn of an incompatible QoS or type.
#ifndef RCLSIM__EVENTS_HPP_
#define RCLSIM__EVENTS_HPP_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rclcpp/event_handler.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclsim
{

/// One event callback: rcl's kind of the event (rcl_publisher_event_type_t or
/// rcl_subscription_event_type_t), its protocol name, and what runs with its status and the
/// endpoint's resolved topic.
struct EventHook
{
  int kind;
  std::string name;
  std::function<void(const json::Value & status, const std::string & topic)> run;
};

/// rclcpp's PublisherBase::bind_event_callbacks: the program's callbacks, and the default ones.
std::vector<EventHook> publisher_event_hooks(const rclcpp::PublisherEventCallbacks & callbacks, bool use_default_callbacks,
  rclcpp::node_interfaces::NodeBaseInterface * node_base);
/// rclcpp's SubscriptionBase::bind_event_callbacks.
std::vector<EventHook> subscription_event_hooks(const rclcpp::SubscriptionEventCallbacks & callbacks, bool use_default_callbacks,
  rclcpp::node_interfaces::NodeBaseInterface * node_base);

/// Create.events for the hooks.
std::vector<std::string> event_names(const std::vector<EventHook> & hooks);

/// The handlers the simulation made for the hooks (Created.events), by rcl's kind: each hook runs
/// in its handler's runs until the handler goes.
std::map<int, std::shared_ptr<rclcpp::EventHandlerBase>> listen_events(const std::vector<EventHook> & hooks, const node::Created & created,
  uint64_t node);

}  // namespace rclsim

#endif  // RCLSIM__EVENTS_HPP_
