#include "rclsim/events.hpp"

#include "rclcpp/logging.hpp"
#include "rclcpp/qos.hpp"

namespace rclsim
{

namespace
{

/// A handler the simulation made: its runs are forgotten when it goes (the simulation destroys
/// it with its endpoint).
class SimEventHandler : public rclcpp::EventHandlerBase
{
public:
  explicit SimEventHandler(uint64_t id) : id_(id) {}
  ~SimEventHandler() override {port::forget_runs(id_);}

private:
  uint64_t id_;
};

int32_t int32_of(const json::Value & status, const char * field) {return static_cast<int32_t>(status[field].as_int());}
size_t size_of(const json::Value & status, const char * field) {return static_cast<size_t>(status[field].as_int());}

// The rmw status structs from the simulation's JSON (the same field names).
void read(const json::Value & s, rmw_requested_deadline_missed_status_t & out)
{
  out = {int32_of(s, "total_count"), int32_of(s, "total_count_change")};
}
void read(const json::Value & s, rmw_offered_deadline_missed_status_t & out)
{
  out = {int32_of(s, "total_count"), int32_of(s, "total_count_change")};
}
void read(const json::Value & s, rmw_liveliness_changed_status_t & out)
{
  out = {int32_of(s, "alive_count"), int32_of(s, "not_alive_count"), int32_of(s, "alive_count_change"), int32_of(s, "not_alive_count_change")};
}
void read(const json::Value & s, rmw_liveliness_lost_status_t & out) {out = {int32_of(s, "total_count"), int32_of(s, "total_count_change")};}
void read(const json::Value & s, rmw_requested_qos_incompatible_event_status_t & out)
{
  out = {int32_of(s, "total_count"), int32_of(s, "total_count_change"), static_cast<rmw_qos_policy_kind_t>(s["last_policy_kind"].as_int())};
}
void read(const json::Value & s, rmw_incompatible_type_status_t & out) {out = {int32_of(s, "total_count"), int32_of(s, "total_count_change")};}
void read(const json::Value & s, rmw_matched_status_t & out)
{
  out = {size_of(s, "total_count"), size_of(s, "total_count_change"), size_of(s, "current_count"), int32_of(s, "current_count_change")};
}
void read(const json::Value & s, rmw_message_lost_status_t & out) {out = {size_of(s, "total_count"), size_of(s, "total_count_change")};}

/// Adds the hook of `callback` (when it is one), which gets the status as its rmw struct.
template<typename Info>
void add(std::vector<EventHook> & hooks, int kind, const char * name, const std::function<void(Info &)> & callback)
{
  if (!callback) {
    return;
  }
  hooks.push_back({kind, name, [callback](const json::Value & status, const std::string &) {
      Info info{};
      read(status, info);
      callback(info);
    }});
}

std::string logger_name(rclcpp::node_interfaces::NodeBaseInterface * node_base)
{
  auto * base = dynamic_cast<rclcpp::node_interfaces::NodeBase *>(node_base);
  return base ? base->logger_name() : node_base->get_name();
}

/// rclcpp's default_incompatible_qos_callback: a warning on the node's logger, worded for the
/// endpoint's side (`text` takes the topic and the policy).
void add_qos_default(std::vector<EventHook> & hooks, int kind, const std::string & logger, const char * text)
{
  hooks.push_back({kind, "incompatibleQos", [logger, text](const json::Value & status, const std::string & topic) {
      std::string policy = rclcpp::qos_policy_name_from_kind(static_cast<rmw_qos_policy_kind_t>(status["last_policy_kind"].as_int()));
      RCLCPP_WARN(rclcpp::get_logger(logger), text, topic.c_str(), policy.c_str());
    }});
}

/// rclcpp's default_incompatible_type_callback.
void add_type_default(std::vector<EventHook> & hooks, int kind, const std::string & logger)
{
  hooks.push_back({kind, "incompatibleType", [logger](const json::Value &, const std::string & topic) {
      RCLCPP_WARN(rclcpp::get_logger(logger), "Incompatible type on topic '%s', no messages will be sent to it.", topic.c_str());
    }});
}

}  // namespace

std::vector<EventHook> publisher_event_hooks(const rclcpp::PublisherEventCallbacks & callbacks, bool use_default_callbacks,
  rclcpp::node_interfaces::NodeBaseInterface * node_base)
{
  std::vector<EventHook> hooks;
  add(hooks, RCL_PUBLISHER_OFFERED_DEADLINE_MISSED, "deadline", callbacks.deadline_callback);
  add(hooks, RCL_PUBLISHER_LIVELINESS_LOST, "liveliness", callbacks.liveliness_callback);
  if (callbacks.incompatible_qos_callback || !use_default_callbacks) {
    add(hooks, RCL_PUBLISHER_OFFERED_INCOMPATIBLE_QOS, "incompatibleQos", callbacks.incompatible_qos_callback);
  } else {
    add_qos_default(hooks, RCL_PUBLISHER_OFFERED_INCOMPATIBLE_QOS, logger_name(node_base),
      "New subscription discovered on topic '%s', requesting incompatible QoS. No messages will be sent to it. Last incompatible policy: %s");
  }
  if (callbacks.incompatible_type_callback || !use_default_callbacks) {
    add(hooks, RCL_PUBLISHER_INCOMPATIBLE_TYPE, "incompatibleType", callbacks.incompatible_type_callback);
  } else {
    add_type_default(hooks, RCL_PUBLISHER_INCOMPATIBLE_TYPE, logger_name(node_base));
  }
  add(hooks, RCL_PUBLISHER_MATCHED, "matched", callbacks.matched_callback);
  return hooks;
}

std::vector<EventHook> subscription_event_hooks(const rclcpp::SubscriptionEventCallbacks & callbacks, bool use_default_callbacks,
  rclcpp::node_interfaces::NodeBaseInterface * node_base)
{
  std::vector<EventHook> hooks;
  add(hooks, RCL_SUBSCRIPTION_REQUESTED_DEADLINE_MISSED, "deadline", callbacks.deadline_callback);
  add(hooks, RCL_SUBSCRIPTION_LIVELINESS_CHANGED, "liveliness", callbacks.liveliness_callback);
  if (callbacks.incompatible_qos_callback || !use_default_callbacks) {
    add(hooks, RCL_SUBSCRIPTION_REQUESTED_INCOMPATIBLE_QOS, "incompatibleQos", callbacks.incompatible_qos_callback);
  } else {
    add_qos_default(hooks, RCL_SUBSCRIPTION_REQUESTED_INCOMPATIBLE_QOS, logger_name(node_base),
      "New publisher discovered on topic '%s', offering incompatible QoS. No messages will be received from it. Last incompatible policy: %s");
  }
  if (callbacks.incompatible_type_callback || !use_default_callbacks) {
    add(hooks, RCL_SUBSCRIPTION_INCOMPATIBLE_TYPE, "incompatibleType", callbacks.incompatible_type_callback);
  } else {
    add_type_default(hooks, RCL_SUBSCRIPTION_INCOMPATIBLE_TYPE, logger_name(node_base));
  }
  add(hooks, RCL_SUBSCRIPTION_MESSAGE_LOST, "messageLost", callbacks.message_lost_callback);
  add(hooks, RCL_SUBSCRIPTION_MATCHED, "matched", callbacks.matched_callback);
  return hooks;
}

std::vector<std::string> event_names(const std::vector<EventHook> & hooks)
{
  std::vector<std::string> names;
  for (const auto & hook : hooks) {
    names.push_back(hook.name);
  }
  return names;
}

std::map<int, std::shared_ptr<rclcpp::EventHandlerBase>> listen_events(const std::vector<EventHook> & hooks, const node::Created & created,
  uint64_t node)
{
  std::map<int, std::shared_ptr<rclcpp::EventHandlerBase>> handlers;
  for (const auto & hook : hooks) {
    for (const auto & made : created.events) {
      if (made.name != hook.name) {
        continue;
      }
      port::on_run(made.id, [run = hook.run, topic = created.resolved_name](const node::Run & event) {
          run(json::parse(event.input), topic);
        }, node);
      handlers[hook.kind] = std::make_shared<SimEventHandler>(made.id);
    }
  }
  return handlers;
}

}  // namespace rclsim
