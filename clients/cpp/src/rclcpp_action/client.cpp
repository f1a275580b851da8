// ClientBase: rcl_action's client (action_client.c) and rclcpp_action's client.cpp over the
// node port. Responses come as runs of the three service clients, matched to their requests by
// sequence number; feedback and status as runs of the two subscriptions.
#include "rclcpp_action/client.hpp"

#include "rclcpp/utilities.hpp"
#include "rclcpp_action/parts.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclcpp_action
{

ClientBase::ClientBase(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base, const rclcpp::Logger & logger,
  const std::string & action_name, const TypeNames & types, const rcl_action_client_options_t & options, rclcpp::CallbackGroup::SharedPtr group)
: node_base_(std::move(node_base)), logger_(logger.get_child("rclcpp_action")), parts_(std::make_unique<Parts>(node_base_, group, action_name))
{
  using rclsim::node::EntityKind;
  auto responses = [this](Pending & pending, const char * what) {
      return [this, &pending, what](const rclsim::node::Run & run) {
               if (!run.timed_out) {
                 on_response(pending, run.sequence, run.input, what);
               }
             };
    };
  goal_.client = parts_->create(EntityKind::CLIENT, parts_->endpoint("send_goal"), types.send_goal, options.goal_service_qos,
      responses(goal_, "goal"));
  cancel_.client = parts_->create(EntityKind::CLIENT, parts_->endpoint("cancel_goal"), "action_msgs/srv/CancelGoal",
      options.cancel_service_qos, responses(cancel_, "cancel"));
  result_.client = parts_->create(EntityKind::CLIENT, parts_->endpoint("get_result"), types.get_result,
      options.result_service_qos, responses(result_, "result"));
  feedback_subscription_ = parts_->create(EntityKind::SUBSCRIPTION, parts_->endpoint("feedback"), types.feedback_message,
      options.feedback_topic_qos, [this](const rclsim::node::Run & run) {handle_feedback_message(run.input);});
  status_subscription_ = parts_->create(EntityKind::SUBSCRIPTION, parts_->endpoint("status"), "action_msgs/msg/GoalStatusArray",
      options.status_topic_qos, [this](const rclsim::node::Run & run) {handle_status_message(run.input);});
  parts_->join(types.action);
}

ClientBase::~ClientBase()
{
  parts_->remove();
}

bool ClientBase::action_server_is_ready() const
{
  if (rclsim::port::shut_down()) {
    return false;
  }
  for (uint64_t client : {goal_.client, cancel_.client, result_.client}) {
    if (!rclsim::json::parse(rclsim::port::graph_query({"service_is_ready", {std::to_string(client)}})).as_bool()) {
      return false;
    }
  }
  for (uint64_t subscription : {feedback_subscription_, status_subscription_}) {
    if (rclsim::json::parse(rclsim::port::entity_op({subscription, "publisherCount"})).as_int() == 0) {
      return false;
    }
  }
  return true;
}

// rclcpp waits on graph events; here the simulation wakes the client when each service has a
// server (a server's five endpoints appear in one callback), or when the timeout passed.
bool ClientBase::wait_for_action_server_nanoseconds(std::chrono::nanoseconds timeout)
{
  if (action_server_is_ready()) {
    return true;
  }
  if (timeout == std::chrono::nanoseconds(0)) {
    return false;
  }
  const int64_t deadline = timeout < std::chrono::nanoseconds(0) ? -1 : rclsim::port::now_ns() + timeout.count();
  for (uint64_t client : {goal_.client, cancel_.client, result_.client}) {
    if (!rclcpp::ok(node_base_->get_context())) {
      return false;
    }
    double timeout_ms = -1.0;
    if (deadline >= 0) {
      int64_t left = deadline - rclsim::port::now_ns();
      if (left <= 0) {
        break;
      }
      timeout_ms = static_cast<double>(left) / 1e6;
    }
    auto settled = std::make_shared<bool>(false);
    rclsim::port::await_service_of_client(client, timeout_ms, [settled](const rclsim::node::Run &) {*settled = true;});
    rclsim::waits::block([settled] {return *settled || rclsim::port::shut_down();});
  }
  return action_server_is_ready();
}

rclcpp::Logger ClientBase::get_logger() {return logger_;}

GoalUUID ClientBase::generate_goal_id()
{
  const std::string bytes = rclsim::port::next_goal_id();
  GoalUUID goal_id{};
  for (size_t i = 0; i < goal_id.size() && i < bytes.size(); ++i) {
    goal_id[i] = static_cast<uint8_t>(bytes[i]);
  }
  return goal_id;
}

void ClientBase::send(Pending & pending, std::string cdr, ResponseCallback callback)
{
  const int64_t sequence = pending.next_sequence++;
  pending.callbacks[sequence] = std::move(callback);
  rclsim::port::send_request({pending.client, sequence, std::move(cdr)});
}

void ClientBase::send_goal_request(std::string cdr, ResponseCallback callback) {send(goal_, std::move(cdr), std::move(callback));}
void ClientBase::send_result_request(std::string cdr, ResponseCallback callback) {send(result_, std::move(cdr), std::move(callback));}
void ClientBase::send_cancel_request(std::string cdr, ResponseCallback callback) {send(cancel_, std::move(cdr), std::move(callback));}

void ClientBase::on_response(Pending & pending, int64_t sequence, const std::string & cdr, const char * what)
{
  auto found = pending.callbacks.find(sequence);
  if (found == pending.callbacks.end()) {
    RCLCPP_ERROR(logger_, "unknown %s response, ignoring...", what);
    return;
  }
  ResponseCallback callback = std::move(found->second);
  pending.callbacks.erase(found);
  callback(cdr);
}

}  // namespace rclcpp_action
