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

// Out of line, as upstream's node.cpp has them: a caller holding the node through a weak_ptr's lock()
// (nav2_costmap_2d's CostmapSubscriber) does not inline the access of a pointer GCC thinks may be null
// under -Wnull-dereference.
const char * Node::get_name() const
{
  return base_->get_name();
}

const char * Node::get_namespace() const
{
  return base_->get_namespace();
}

const char * Node::get_fully_qualified_name() const
{
  return base_->get_fully_qualified_name();
}

rclcpp::Logger Node::get_logger() const
{
  return logger_;
}

const NodeOptions & Node::get_node_options() const
{
  return options_;
}

bool Node::has_parameter(const std::string & name) const
{
  return parameters_->has_parameter(name);
}

rclcpp::Parameter Node::get_parameter(const std::string & name) const
{
  return parameters_->get_parameter(name);
}

bool Node::get_parameter(const std::string & name, rclcpp::Parameter & parameter) const
{
  return parameters_->get_parameter(name, parameter);
}

std::vector<rclcpp::Parameter> Node::get_parameters(const std::vector<std::string> & names) const
{
  return parameters_->get_parameters(names);
}

std::vector<uint8_t> Node::get_parameter_types(const std::vector<std::string> & names) const
{
  return parameters_->get_parameter_types(names);
}

rclcpp::node_interfaces::NodeParametersInterface::SharedPtr Node::get_node_parameters_interface()
{
  return parameters_;
}

rclcpp::Clock::SharedPtr Node::get_clock()
{
  return clock_;
}

rclcpp::Clock::ConstSharedPtr Node::get_clock() const
{
  return clock_;
}

Time Node::now() const
{
  return clock_->now();
}

std::vector<std::string> Node::get_node_names() const
{
  return graph_->get_node_names();
}

std::map<std::string, std::vector<std::string>> Node::get_topic_names_and_types() const
{
  return graph_->get_topic_names_and_types();
}

std::map<std::string, std::vector<std::string>> Node::get_service_names_and_types() const
{
  return graph_->get_service_names_and_types();
}

size_t Node::count_publishers(const std::string & topic_name) const
{
  return graph_->count_publishers(topic_name);
}

size_t Node::count_subscribers(const std::string & topic_name) const
{
  return graph_->count_subscribers(topic_name);
}

node_interfaces::NodeGraphInterface::SharedPtr Node::get_node_graph_interface()
{
  return graph_;
}

const std::string & Node::get_sub_namespace() const
{
  return sub_namespace_;
}

const std::string & Node::get_effective_namespace() const
{
  return effective_namespace_;
}

node_interfaces::NodeBaseInterface::SharedPtr Node::get_node_base_interface()
{
  return base_;
}

node_interfaces::NodeClockInterface::SharedPtr Node::get_node_clock_interface()
{
  return std::make_shared<node_interfaces::NodeClock>(clock_);
}

node_interfaces::NodeLoggingInterface::SharedPtr Node::get_node_logging_interface()
{
  return std::make_shared<node_interfaces::NodeLogging>(logger_);
}

node_interfaces::NodeWaitablesInterface::SharedPtr Node::get_node_waitables_interface()
{
  return std::make_shared<node_interfaces::NodeWaitables>();
}

node_interfaces::NodeTopicsInterface::SharedPtr Node::get_node_topics_interface()
{
  return std::make_shared<node_interfaces::NodeTopics>(base_);
}

node_interfaces::NodeTimersInterface::SharedPtr Node::get_node_timers_interface()
{
  return std::make_shared<node_interfaces::NodeTimers>(base_);
}

}  // namespace rclcpp
