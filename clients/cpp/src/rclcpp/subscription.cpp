#include "rclcpp/subscription.hpp"

#include "rclcpp/exceptions.hpp"
#include "rclcpp/topic_statistics/subscription_topic_statistics.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/events.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{

namespace
{

/// rclcpp's create_subscription: when the options (or the node's default) enable topic
/// statistics, their publisher, then their timer (in the subscription's callback group) are made
/// before the subscription.
std::shared_ptr<topic_statistics::SubscriptionTopicStatistics> make_topic_statistics(node_interfaces::NodeBaseInterface * node_base,
  const SubscriptionOptionsBase & options)
{
  const TopicStatisticsOptions & stats = options.topic_stats_options;
  bool enabled = stats.state == TopicStatisticsState::Enable ||
    (stats.state == TopicStatisticsState::NodeDefault && node_base->get_enable_topic_statistics_default());
  if (!enabled) {
    return nullptr;
  }
  if (stats.publish_period <= std::chrono::milliseconds(0)) {
    throw std::invalid_argument("topic_stats_options.publish_period must be greater than 0, specified value of " +
      std::to_string(stats.publish_period.count()) + " ms");
  }
  auto publisher = std::make_shared<Publisher<statistics_msgs::msg::MetricsMessage>>(node_base, stats.publish_topic, stats.qos, PublisherOptions());
  auto statistics = std::make_shared<topic_statistics::SubscriptionTopicStatistics>(node_base->get_name(), publisher);
  std::weak_ptr<topic_statistics::SubscriptionTopicStatistics> weak = statistics;
  auto publish = [weak]() {
      if (auto alive = weak.lock()) {
        alive->publish_message_and_reset_measurements();
      }
    };
  statistics->set_publisher_timer(std::make_shared<WallTimer<decltype(publish)>>(std::chrono::duration_cast<std::chrono::nanoseconds>(stats.publish_period),
    std::move(publish), node_base, options.callback_group));
  return statistics;
}

}  // namespace

SubscriptionBase::SubscriptionBase(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const std::string & type,
  const rclcpp::QoS & qos, const SubscriptionOptionsBase & options)
: node_(node_base->rclsim_id()), qos_(qos), topic_statistics_(make_topic_statistics(node_base, options))
{
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::SUBSCRIPTION;
  create.filter_expression = options.content_filter_options.filter_expression;
  create.filter_parameters = options.content_filter_options.expression_parameters;
  auto hooks = rclsim::subscription_event_hooks(options.event_callbacks, options.use_default_callbacks, node_base);
  create.events = rclsim::event_names(hooks);
  rclsim::node::Created created = rclsim::create_endpoint(create, node_base, topic, type, qos, options.callback_group);
  id_ = created.id;
  topic_ = created.resolved_name;
  filter_ = options.content_filter_options;
  for (auto & [kind, handler] : rclsim::listen_events(hooks, created, node_)) {
    event_handlers_[static_cast<rcl_subscription_event_type_t>(kind)] = std::move(handler);
  }
  group_ = options.callback_group;
  in_group_ = options.callback_group != nullptr;
}

rclcpp::QoS SubscriptionBase::get_actual_qos() const {return rclsim::actual_qos(qos_);}

SubscriptionBase::~SubscriptionBase()
{
  rclsim::destroy_entity(id_);
}

void SubscriptionBase::on_message(std::function<void(const std::string &, const rclcpp::MessageInfo &)> handler)
{
  handler_ = std::move(handler);
  rclsim::port::on_run(id_, [this](const rclsim::node::Run & run) {
      rmw_message_info_t info{};
      info.source_timestamp = run.source_timestamp_ns;
      info.received_timestamp = run.received_timestamp_ns;
      info.publication_sequence_number = static_cast<uint64_t>(run.publication_sequence);
      info.reception_sequence_number = static_cast<uint64_t>(run.reception_sequence);
      info.publisher_gid.implementation_identifier = "rmw_fastrtps_cpp";
      for (size_t i = 0; i < run.publisher_gid.size() && i < RMW_GID_STORAGE_SIZE; ++i) {
        info.publisher_gid.data[i] = static_cast<uint8_t>(run.publisher_gid[i]);
      }
      if (!keeps()) {
        // rclcpp reads the clock before the callback, so that its time is not in the message's age.
        const rclcpp::Time received(rclsim::port::now_ns());
        handler_(run.input, rclcpp::MessageInfo(info));
        if (topic_statistics_) {
          topic_statistics_->handle_message(info, received);
        }
        return;
      }
      // The simulation took the message from its history when it granted the run: the history's
      // depth bounds what is kept here instead.
      kept_.emplace_back(run.input, rclcpp::MessageInfo(info));
      if (qos_.history() == rclcpp::HistoryPolicy::KeepLast && kept_.size() > qos_.depth()) {
        kept_.pop_front();
      }
    }, node_);
}

bool SubscriptionBase::keeps() const
{
  return watchers_ > 0 || rclcpp::CallbackGroup::rclsim_unspun(in_group_, group_);
}

bool SubscriptionBase::take_kept(std::string & cdr, rclcpp::MessageInfo & message_info)
{
  if (kept_.empty()) {
    return false;
  }
  cdr = std::move(kept_.front().first);
  message_info = kept_.front().second;
  kept_.pop_front();
  return true;
}

bool SubscriptionBase::take_serialized(rclcpp::SerializedMessage & message_out, rclcpp::MessageInfo & message_info_out)
{
  std::string cdr;
  if (!take_kept(cdr, message_info_out)) {
    return false;
  }
  message_out.rclsim_assign(cdr);
  return true;
}

bool SubscriptionBase::exchange_in_use_by_wait_set_state(void *, bool in_use_state)
{
  bool was = in_use_by_wait_set_;
  in_use_by_wait_set_ = in_use_state;
  return was;
}

size_t SubscriptionBase::get_publisher_count() const
{
  return static_cast<size_t>(rclsim::json::parse(rclsim::port::entity_op({id_, "publisherCount"})).as_int());
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
  rclsim::port::entity_op({id_, filter_expression.empty() ? "clearContentFilter" : "setContentFilter", filter_expression.empty() ? "[]" : args});
  filter_ = rclcpp::ContentFilterOptions{filter_expression, expression_parameters};
}

rclcpp::ContentFilterOptions SubscriptionBase::get_content_filter() const {return filter_;}

}  // namespace rclcpp
