#include "rclcpp/node_interfaces/node_graph_interface.hpp"

#include <algorithm>

#include "rclcpp/exceptions.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{
namespace node_interfaces
{

namespace
{
std::map<std::string, std::vector<std::string>> names_and_types(const std::string & json)
{
  std::map<std::string, std::vector<std::string>> all;
  // The parsed value outlives the loop: a range-for keeps only the array's reference, not the parse's temporary.
  rclsim::json::Value parsed = rclsim::json::parse(json);
  for (const auto & entry : parsed.as_array()) {
    std::vector<std::string> & types = all[entry["name"].as_string()];
    for (const auto & type : entry["types"].as_array()) {
      types.push_back(type.as_string());
    }
  }
  return all;
}

size_t count(const std::string & json)
{
  return static_cast<size_t>(rclsim::json::parse(json).as_int());
}
}  // namespace

std::string NodeGraph::query(const std::string & method, const std::vector<std::string> & arguments) const
{
  std::vector<std::string> all{std::to_string(base_->rclsim_id())};
  for (const auto & argument : arguments) {
    all.push_back(rclsim::json::quote(argument));
  }
  return rclsim::port::graph_query({method, all});
}

std::map<std::string, std::vector<std::string>> NodeGraph::get_topic_names_and_types(bool) const
{
  return names_and_types(query("getTopicNamesAndTypes", {}));
}

std::map<std::string, std::vector<std::string>> NodeGraph::get_service_names_and_types() const
{
  return names_and_types(query("getServiceNamesAndTypes", {}));
}

std::map<std::string, std::vector<std::string>> NodeGraph::by_node(
  const std::string & method, const std::string & error, const std::string & node_name, const std::string & namespace_) const
{
  // rcl answers RCL_RET_NODE_NAME_NON_EXISTENT for a node not in the graph, which rclcpp throws
  // as an RCLError (rmw sets no message, so rcl's reads "error not set").
  std::string ns = namespace_.empty() ? "/" : namespace_;
  auto nodes = get_node_names_and_namespaces();
  if (std::find(nodes.begin(), nodes.end(), std::make_pair(node_name, ns)) == nodes.end()) {
    throw rclcpp::exceptions::RCLError(error + ": error not set");
  }
  return names_and_types(query(method, {node_name, ns}));
}

std::map<std::string, std::vector<std::string>> NodeGraph::get_service_names_and_types_by_node(
  const std::string & node_name, const std::string & namespace_) const
{
  return by_node("getServiceNamesAndTypesByNode", "failed to get service names and types by node", node_name, namespace_);
}

std::map<std::string, std::vector<std::string>> NodeGraph::get_client_names_and_types_by_node(
  const std::string & node_name, const std::string & namespace_) const
{
  return by_node("getClientNamesAndTypesByNode", "failed to get service names and types by node", node_name, namespace_);
}

std::map<std::string, std::vector<std::string>> NodeGraph::get_publisher_names_and_types_by_node(
  const std::string & node_name, const std::string & namespace_, bool) const
{
  return by_node("getPublisherNamesAndTypesByNode", "failed to get topic names and types by node", node_name, namespace_);
}

std::map<std::string, std::vector<std::string>> NodeGraph::get_subscriber_names_and_types_by_node(
  const std::string & node_name, const std::string & namespace_, bool) const
{
  return by_node("getSubscriptionNamesAndTypesByNode", "failed to get topic names and types by node", node_name, namespace_);
}

std::vector<std::string> NodeGraph::get_node_names() const
{
  // rclcpp's list: each node's fully qualified name.
  std::vector<std::string> names;
  for (const auto & [name, ns] : get_node_names_and_namespaces()) {
    names.push_back((ns == "/" ? "" : ns) + "/" + name);
  }
  return names;
}

std::vector<std::tuple<std::string, std::string, std::string>> NodeGraph::get_node_names_with_enclaves() const
{
  std::vector<std::tuple<std::string, std::string, std::string>> nodes;
  rclsim::json::Value parsed = rclsim::json::parse(query("getNodeNamesAndNamespacesWithEnclaves", {}));
  for (const auto & node : parsed.as_array()) {
    nodes.emplace_back(node["name"].as_string(), node["namespace"].as_string(), node["enclave"].as_string());
  }
  return nodes;
}

std::vector<std::pair<std::string, std::string>> NodeGraph::get_node_names_and_namespaces() const
{
  std::vector<std::pair<std::string, std::string>> nodes;
  rclsim::json::Value parsed = rclsim::json::parse(query("getNodeNamesAndNamespaces", {}));
  for (const auto & node : parsed.as_array()) {
    nodes.emplace_back(node["name"].as_string(), node["namespace"].as_string());
  }
  return nodes;
}

size_t NodeGraph::count_publishers(const std::string & topic_name) const {return count(query("countPublishers", {topic_name}));}
size_t NodeGraph::count_subscribers(const std::string & topic_name) const {return count(query("countSubscribers", {topic_name}));}
size_t NodeGraph::count_clients(const std::string & service_name) const {return count(query("countClients", {service_name}));}
size_t NodeGraph::count_services(const std::string & service_name) const {return count(query("countServices", {service_name}));}

std::vector<rclcpp::TopicEndpointInfo> NodeGraph::info_by_topic(const std::string & method, const std::string & topic_name, bool no_mangle) const
{
  std::vector<std::string> arguments{std::to_string(base_->rclsim_id()), rclsim::json::quote(topic_name), no_mangle ? "true" : "false"};
  std::vector<rclcpp::TopicEndpointInfo> infos;
  rclsim::json::Value parsed = rclsim::json::parse(rclsim::port::graph_query({method, arguments}));
  for (const auto & info : parsed.as_array()) {
    // The policies that decide whether endpoints match; the durations keep the default profile's.
    const rclsim::json::Value & qos = info["qos_profile"];
    rmw_qos_profile_t profile = rmw_qos_profile_default;
    profile.history = static_cast<rmw_qos_history_policy_t>(qos["history"].as_int());
    profile.depth = static_cast<size_t>(qos["depth"].as_int());
    profile.reliability = static_cast<rmw_qos_reliability_policy_t>(qos["reliability"].as_int());
    profile.durability = static_cast<rmw_qos_durability_policy_t>(qos["durability"].as_int());
    profile.liveliness = static_cast<rmw_qos_liveliness_policy_t>(qos["liveliness"].as_int());
    infos.emplace_back(info["node_name"].as_string(), info["node_namespace"].as_string(), info["topic_type"].as_string(),
      static_cast<EndpointType>(info["endpoint_type"].as_int()), rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(profile), profile));
  }
  return infos;
}

std::vector<rclcpp::TopicEndpointInfo> NodeGraph::get_publishers_info_by_topic(const std::string & topic_name, bool no_mangle) const
{
  return info_by_topic("getPublishersInfoByTopic", topic_name, no_mangle);
}

std::vector<rclcpp::TopicEndpointInfo> NodeGraph::get_subscriptions_info_by_topic(const std::string & topic_name, bool no_mangle) const
{
  return info_by_topic("getSubscriptionsInfoByTopic", topic_name, no_mangle);
}

}  // namespace node_interfaces
}  // namespace rclcpp
