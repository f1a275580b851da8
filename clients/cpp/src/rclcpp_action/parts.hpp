// The entities an action server or client is made of, and how it joins its node, as
// clients/python/rclpy/action/_parts.py: rcl_action builds an action from plain services,
// clients, publishers and subscriptions, and so do we, asking the simulation for each; it
// learns they form one action (ActionOp) so that its graph and listings show the action.
#ifndef RCLCPP_ACTION__PARTS_HPP_
#define RCLCPP_ACTION__PARTS_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclsim/port.hpp"
#include "rmw/types.h"

namespace rclcpp_action
{


class Parts
{
public:
  /// The parts of the action `action_name`, which is resolved with the node's topic rules, as
  /// rcl_action_server_init and rcl_action_client_init resolve it (rcl_node_resolve_name,
  /// is_service false): `-r fibonacci:=fib` renames the whole action.
  Parts(const rclcpp::node_interfaces::NodeBaseInterface::SharedPtr & node_base, const rclcpp::CallbackGroup::SharedPtr & group,
    const std::string & action_name);
  /// rcl_action's name of one of the action's services and topics (`<resolved name>/_action/send_goal` …).
  std::string endpoint(const std::string & part) const {return base_ + part;}
  /// One entity of the action (rclcpp's exceptions for a bad name); `handler` takes its runs.
  uint64_t create(rclsim::node::EntityKind kind, const std::string & name, const std::string & type, const rmw_qos_profile_t & qos,
    rclsim::port::RunHandler handler = nullptr);
  /// Tells the simulation the entities made so far are one action of type `action_type`.
  void join(const std::string & action_type);
  /// The action leaves the graph with its entities (unless the run or its node already ended).
  void remove() noexcept;
  uint64_t node() const {return node_;}

private:
  uint64_t node_;
  std::string base_;
  uint64_t group_;
  bool reentrant_;
  std::vector<uint64_t> ids_;
  uint64_t action_ = 0;
};

}  // namespace rclcpp_action

#endif  // RCLCPP_ACTION__PARTS_HPP_
