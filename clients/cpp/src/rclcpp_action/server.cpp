// ServerBase: rcl_action's server (action_server.c) and rclcpp_action's server.cpp over the
// node port. Each request comes as a run of its service and is handled at once, as rclcpp's
// executor handles the action's waitable.
#include "rclcpp_action/server.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "rclcpp/exceptions.hpp"
#include "rclcpp_action/parts.hpp"
#include "rclsim/port.hpp"

namespace rclcpp_action
{
namespace
{

int64_t stamp_ns(const builtin_interfaces::msg::Time & stamp)
{
  return static_cast<int64_t>(stamp.sec) * 1000000000LL + static_cast<int64_t>(stamp.nanosec);
}

bool cancelable(const GoalState & goal)
{
  return goal.status == GoalStatus::STATUS_ACCEPTED || goal.status == GoalStatus::STATUS_EXECUTING;
}

bool terminal(const GoalState & goal)
{
  return goal.status == GoalStatus::STATUS_SUCCEEDED || goal.status == GoalStatus::STATUS_CANCELED ||
         goal.status == GoalStatus::STATUS_ABORTED;
}

}  // namespace

ServerBase::ServerBase(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base, rclcpp::Clock::SharedPtr clock,
  const rclcpp::Logger & logger, const std::string & name, const TypeNames & types, const rcl_action_server_options_t & options,
  rclcpp::CallbackGroup::SharedPtr group)
: logger_(logger.get_child("rclcpp_action")), clock_(std::move(clock)), result_timeout_ns_(options.result_timeout.nanoseconds),
  parts_(std::make_unique<Parts>(node_base, group, name))
{
  using rclsim::node::EntityKind;
  goal_service_ = parts_->create(EntityKind::SERVICE, parts_->endpoint("send_goal"), types.send_goal, options.goal_service_qos,
      [this](const rclsim::node::Run & run) {on_goal_request(run.request, run.input);});
  cancel_service_ = parts_->create(EntityKind::SERVICE, parts_->endpoint("cancel_goal"), "action_msgs/srv/CancelGoal",
      options.cancel_service_qos, [this](const rclsim::node::Run & run) {on_cancel_request(run.request, run.input);});
  result_service_ = parts_->create(EntityKind::SERVICE, parts_->endpoint("get_result"), types.get_result, options.result_service_qos,
      [this](const rclsim::node::Run & run) {on_result_request(run.request, run.input);});
  feedback_publisher_ = parts_->create(EntityKind::PUBLISHER, parts_->endpoint("feedback"), types.feedback_message,
      options.feedback_topic_qos);
  status_publisher_ = parts_->create(EntityKind::PUBLISHER, parts_->endpoint("status"), "action_msgs/msg/GoalStatusArray",
      options.status_topic_qos);
  parts_->join(types.action);
}

ServerBase::~ServerBase()
{
  if (!rclsim::port::shut_down()) {
    for (const auto & wake : expiry_wakes_) {
      rclsim::port::forget_await(wake.second);
    }
  }
  parts_->remove();
}

std::shared_ptr<GoalState> ServerBase::find_goal(const GoalUUID & uuid) const
{
  for (const auto & goal : goals_) {
    if (goal->info.goal_id.uuid == uuid) {
      return goal;
    }
  }
  return nullptr;
}

// rclcpp_action's execute_goal_request_received: the callback decides, the response goes, then
// rcl_action accepts the goal (stamped with the server's clock), the status is published and
// the accepted callback runs.
void ServerBase::on_goal_request(uint64_t request, const std::string & cdr)
{
  GoalUUID uuid{};
  std::shared_ptr<void> message = decode_goal_request(cdr, uuid);
  GoalResponse status = call_handle_goal_callback(uuid, message);
  bool accepted = status == GoalResponse::ACCEPT_AND_EXECUTE || status == GoalResponse::ACCEPT_AND_DEFER;
  rclsim::port::send_response({goal_service_, request, encode_goal_response(accepted)});
  if (!accepted) {
    return;
  }
  RCLCPP_DEBUG(logger_, "Accepted goal %s", to_string(uuid).c_str());
  // rcl_action_accept_new_goal refuses an id it holds.
  if (find_goal(uuid)) {
    throw std::runtime_error("Failed to accept new goal\n");
  }
  auto goal = std::make_shared<GoalState>();
  goal->info.goal_id.uuid = uuid;
  goal->info.stamp = clock_->now();
  goals_.push_back(goal);
  if (status == GoalResponse::ACCEPT_AND_EXECUTE) {
    update_goal_state(*goal, GoalEvent::EXECUTE);
  }
  publish_status();
  call_goal_accepted_callback(goal, uuid, message);
}

// rcl_action_process_cancel_request picks the goals; rclcpp_action asks the cancel callback for each.
void ServerBase::on_cancel_request(uint64_t request, const std::string & cdr)
{
  using CancelGoal = action_msgs::srv::CancelGoal;
  CancelGoal::Request cancel_request;
  rclsim::from_cdr(cdr, cancel_request);
  const GoalUUID & request_uuid = cancel_request.goal_info.goal_id.uuid;
  int64_t request_ns = stamp_ns(cancel_request.goal_info.stamp);
  const bool zero_uuid = std::all_of(request_uuid.begin(), request_uuid.end(), [](uint8_t byte) {return byte == 0;});
  CancelGoal::Response response;
  std::vector<GoalInfo> chosen;
  if (!zero_uuid && request_ns == 0) {
    // One goal.
    response.return_code = CancelGoal::Response::ERROR_UNKNOWN_GOAL_ID;
    if (auto goal = find_goal(request_uuid)) {
      if (cancelable(*goal)) {
        chosen.push_back(goal->info);
        response.return_code = CancelGoal::Response::ERROR_NONE;
      } else {
        response.return_code = CancelGoal::Response::ERROR_GOAL_TERMINATED;
      }
    }
  } else {
    // All goals (zero id, zero stamp), or those stamped at or before the stamp, and the one named.
    response.return_code = CancelGoal::Response::ERROR_NONE;
    if (zero_uuid && request_ns == 0) {
      request_ns = std::numeric_limits<int64_t>::max();
    }
    for (const auto & goal : goals_) {
      if (cancelable(*goal) && (stamp_ns(goal->info.stamp) <= request_ns || goal->info.goal_id.uuid == request_uuid)) {
        chosen.push_back(goal->info);
      }
    }
  }
  for (const auto & info : chosen) {
    if (call_handle_cancel_callback(info.goal_id.uuid) == CancelResponse::ACCEPT) {
      response.goals_canceling.push_back(info);
    }
  }
  if (!chosen.empty() && response.goals_canceling.empty()) {
    response.return_code = CancelGoal::Response::ERROR_REJECTED;
  }
  if (!response.goals_canceling.empty()) {
    publish_status();
  }
  rclsim::port::send_response({cancel_service_, request, rclsim::to_cdr(response)});
}

void ServerBase::on_result_request(uint64_t request, const std::string & cdr)
{
  GoalUUID uuid = decode_result_request(cdr);
  if (!find_goal(uuid)) {
    rclsim::port::send_response({result_service_, request, encode_result_response(GoalStatus::STATUS_UNKNOWN)});
    return;
  }
  auto result = goal_results_.find(uuid);
  if (result != goal_results_.end()) {
    rclsim::port::send_response({result_service_, request, result->second});
  } else {
    // Answered when the goal ends.
    result_requests_[uuid].push_back(request);
  }
}

void ServerBase::publish_status()
{
  action_msgs::msg::GoalStatusArray message;
  for (const auto & goal : goals_) {
    action_msgs::msg::GoalStatus status;
    status.goal_info = goal->info;
    status.status = goal->status;
    message.status_list.push_back(status);
  }
  rclsim::port::publish({status_publisher_, rclsim::to_cdr(message)});
}

void ServerBase::publish_result(const GoalUUID & uuid, std::string result_cdr)
{
  if (!find_goal(uuid)) {
    throw std::runtime_error("Asked to publish result for goal that does not exist");
  }
  goal_results_[uuid] = result_cdr;
  auto waiting = result_requests_.find(uuid);
  if (waiting != result_requests_.end()) {
    for (uint64_t request : waiting->second) {
      rclsim::port::send_response({result_service_, request, result_cdr});
    }
  }
}

void ServerBase::notify_goal_terminal_state()
{
  int64_t at = rclsim::port::now_ns() + result_timeout_ns_;
  for (const auto & goal : goals_) {
    const GoalUUID & uuid = goal->info.goal_id.uuid;
    if (terminal(*goal) && expiry_wakes_.count(uuid) == 0) {
      // A weak wake-up: it alone does not keep the run going.
      expiry_wakes_[uuid] = rclsim::port::await_at_ns(at, [this, uuid](const rclsim::node::Run &) {expire(uuid);}, true);
    }
  }
}

void ServerBase::expire(const GoalUUID & uuid)
{
  RCLCPP_DEBUG(logger_, "Expired goal %s", to_string(uuid).c_str());
  expiry_wakes_.erase(uuid);
  goal_results_.erase(uuid);
  result_requests_.erase(uuid);
  goals_.erase(std::remove_if(goals_.begin(), goals_.end(), [&uuid](const std::shared_ptr<GoalState> & goal) {
      return goal->info.goal_id.uuid == uuid;
    }), goals_.end());
}

void ServerBase::publish_feedback(std::string feedback_cdr)
{
  rclsim::port::publish({feedback_publisher_, std::move(feedback_cdr)});
}

}  // namespace rclcpp_action
