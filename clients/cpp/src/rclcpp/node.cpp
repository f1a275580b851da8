#include "rclcpp/node.hpp"

namespace rclcpp
{

Node::Node(const std::string & node_name, const NodeOptions & options) : Node(node_name, "", options) {}

Node::Node(const std::string & node_name, const std::string & namespace_, const NodeOptions & options)
: options_(options),
  base_(std::make_shared<node_interfaces::NodeBase>(node_name, namespace_, options.context(), options.arguments(), options.use_global_arguments(),
    options.enable_rosout(), options.use_intra_process_comms(), options.enable_topic_statistics(), options.enable_logger_service())),
  graph_(std::make_shared<node_interfaces::NodeGraph>(base_)),
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

}  // namespace rclcpp
