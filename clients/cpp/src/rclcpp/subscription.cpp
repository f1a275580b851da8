#include "rclcpp/subscription.hpp"

#include "rclcpp/exceptions.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{

SubscriptionBase::SubscriptionBase(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const std::string & type,
  const rclcpp::QoS & qos, const SubscriptionOptionsBase & options)
: node_(node_base->rclsim_id()), qos_(qos)
{
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::SUBSCRIPTION;
  create.filter_expression = options.content_filter_options.filter_expression;
  create.filter_parameters = options.content_filter_options.expression_parameters;
  rclsim::node::Created created = rclsim::create_endpoint(create, node_base, topic, type, qos, options.callback_group);
  id_ = created.id;
  topic_ = created.resolved_name;
  filter_ = options.content_filter_options;
}

SubscriptionBase::~SubscriptionBase()
{
  rclsim::destroy_entity(id_);
}

void SubscriptionBase::on_message(std::function<void(const std::string &, const rclcpp::MessageInfo &)> handler)
{
  rclsim::port::on_run(id_, [handler = std::move(handler)](const rclsim::node::Run & run) {
      rmw_message_info_t info{};
      info.source_timestamp = run.source_timestamp_ns;
      info.received_timestamp = run.received_timestamp_ns;
      info.publication_sequence_number = static_cast<uint64_t>(run.publication_sequence);
      info.reception_sequence_number = static_cast<uint64_t>(run.reception_sequence);
      info.publisher_gid.implementation_identifier = "rmw_fastrtps_cpp";
      for (size_t i = 0; i < run.publisher_gid.size() && i < RMW_GID_STORAGE_SIZE; ++i) {
        info.publisher_gid.data[i] = static_cast<uint8_t>(run.publisher_gid[i]);
      }
      handler(run.input, rclcpp::MessageInfo(info));
    }, node_);
}

size_t SubscriptionBase::get_publisher_count() const
{
  return static_cast<size_t>(rclsim::json::parse(rclsim::port::entity_op(id_, "publisherCount")).as_int());
}

bool SubscriptionBase::is_cft_enabled() const {return !filter_.filter_expression.empty();}

void SubscriptionBase::set_content_filter(const std::string & filter_expression, const std::vector<std::string> & expression_parameters)
{
  std::string parameters = "[";
  for (size_t i = 0; i < expression_parameters.size(); ++i) {
    parameters += (i == 0 ? "" : ",") + rclsim::json::quote(expression_parameters[i]);
  }
  parameters += "]";
  std::string args = "[{\"expression\":" + rclsim::json::quote(filter_expression) + ",\"parameters\":" + parameters + "}]";
  rclsim::port::entity_op(id_, filter_expression.empty() ? "clearContentFilter" : "setContentFilter", filter_expression.empty() ? "[]" : args);
  filter_ = rclcpp::ContentFilterOptions{filter_expression, expression_parameters};
}

rclcpp::ContentFilterOptions SubscriptionBase::get_content_filter() const {return filter_;}

}  // namespace rclcpp
