#include "rclcpp/node.hpp"

#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{

Node::Node(const std::string & node_name, const NodeOptions & options) : Node(node_name, "", options) {}

Node::Node(const std::string & node_name, const std::string & namespace_, const NodeOptions & options)
: options_(options),
  base_(std::make_shared<node_interfaces::NodeBase>(node_name, namespace_, options.context(), options.arguments(), options.use_global_arguments(),
    options.enable_rosout(), options.use_intra_process_comms(), options.enable_topic_statistics())),
  logger_(rclcpp::get_logger(base_->logger_name())),
  clock_(std::make_shared<rclcpp::Clock>(options.clock_type())),
  effective_namespace_(base_->get_namespace())
{
  // ---- parameters: rclcpp's order (rclcpp/src/rclcpp/node.cpp): NodeParameters (its services,
  // the events publisher, the overrides), the time source's use_sim_time, then the read-only
  // QoS parameters of /parameter_events.
  node_interfaces::NodeParametersOptions parameter_options;
  parameter_options.parameter_overrides = options.parameter_overrides();
  parameter_options.start_parameter_services = options.start_parameter_services();
  parameter_options.start_parameter_event_publisher = options.start_parameter_event_publisher();
  parameter_options.parameter_event_qos = options.parameter_event_qos();
  parameter_options.allow_undeclared_parameters = options.allow_undeclared_parameters();
  parameter_options.automatically_declare_parameters_from_overrides = options.automatically_declare_parameters_from_overrides();
  parameters_ = std::make_shared<node_interfaces::NodeParameters>(base_, clock_, parameter_options);
  parameters_->rclsim_declare_use_sim_time(logger_);
  parameters_->rclsim_declare_parameter_events_qos(options.parameter_event_qos());
  // ----
}

Node::~Node() = default;

rclcpp::QoS Node::rclsim_qos(const QosOverridingOptions & options, const std::string & topic, const rclcpp::QoS & qos, bool publisher)
{
  // As rclcpp's create_publisher/create_subscription: no policies to override, no parameters.
  if (options.get_policy_kinds().empty()) {
    return qos;
  }
  return parameters_->rclsim_declare_qos_parameters(options, base_->resolve_topic_or_service_name(topic, false), qos, publisher);
}

std::string Node::graph(const std::string & query, const std::vector<std::string> & arguments) const
{
  std::vector<std::string> all{std::to_string(base_->rclsim_id())};
  for (const auto & argument : arguments) {
    all.push_back(rclsim::json::quote(argument));
  }
  return rclsim::port::graph_query(query, all);
}

std::vector<std::string> Node::get_node_names() const
{
  // rclcpp's list: each node's fully qualified name.
  std::vector<std::string> names;
  // Held here: a range-for keeps the array alive, not the parsed value it belongs to.
  const rclsim::json::Value nodes = rclsim::json::parse(graph("getNodeNamesAndNamespaces", {}));
  for (const auto & node : nodes.as_array()) {
    const std::string & ns = node["namespace"].as_string();
    names.push_back((ns == "/" ? "" : ns) + "/" + node["name"].as_string());
  }
  return names;
}

namespace
{
std::map<std::string, std::vector<std::string>> names_and_types(const std::string & json)
{
  std::map<std::string, std::vector<std::string>> all;
  const rclsim::json::Value entries = rclsim::json::parse(json);
  for (const auto & entry : entries.as_array()) {
    std::vector<std::string> & types = all[entry["name"].as_string()];
    for (const auto & type : entry["types"].as_array()) {
      types.push_back(type.as_string());
    }
  }
  return all;
}
}  // namespace

std::map<std::string, std::vector<std::string>> Node::get_topic_names_and_types() const
{
  return names_and_types(graph("getTopicNamesAndTypes", {}));
}

std::map<std::string, std::vector<std::string>> Node::get_service_names_and_types() const
{
  return names_and_types(graph("getServiceNamesAndTypes", {}));
}

size_t Node::count_publishers(const std::string & topic_name) const
{
  return static_cast<size_t>(rclsim::json::parse(graph("countPublishers", {topic_name})).as_int());
}

size_t Node::count_subscribers(const std::string & topic_name) const
{
  return static_cast<size_t>(rclsim::json::parse(graph("countSubscribers", {topic_name})).as_int());
}

}  // namespace rclcpp
