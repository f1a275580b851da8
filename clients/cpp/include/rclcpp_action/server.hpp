// rclcpp_action/server.hpp: an action server (rclcpp_action Jazzy's Server<ActionT> over
// ServerBase). ServerBase does what rcl_action and rclcpp_action's server.cpp do with bytes:
// goal, cancel and result requests as runs of the action's three services, the goals in the
// order accepted, the status array, results held for requests until the goal ends and expired
// after the result timeout. Server<ActionT> decodes and encodes the action's types and calls
// the program's callbacks.
#ifndef RCLCPP_ACTION__SERVER_HPP_
#define RCLCPP_ACTION__SERVER_HPP_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/logger.hpp"
#include "rclcpp/logging.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp_action/server_goal_handle.hpp"
#include "rclcpp_action/types.hpp"
#include "rclsim/message_cdr.hpp"

namespace rclcpp_action
{

/// What handle_goal answers.
enum class GoalResponse : int8_t
{
  REJECT = 1,
  ACCEPT_AND_EXECUTE = 2,
  ACCEPT_AND_DEFER = 3,
};

/// What handle_cancel answers.
enum class CancelResponse : int8_t
{
  REJECT = 1,
  ACCEPT = 2,
};

class Parts;

class ServerBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(ServerBase)
  virtual ~ServerBase();

  /// The type names of the action and of its parts (rclsim's type support gives them).
  struct TypeNames
  {
    std::string action;
    std::string send_goal;
    std::string get_result;
    std::string feedback_message;
  };

protected:
  ServerBase(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base, rclcpp::Clock::SharedPtr clock, const rclcpp::Logger & logger,
    const std::string & name, const TypeNames & types, const rcl_action_server_options_t & options, rclcpp::CallbackGroup::SharedPtr group);

  /// The goal request's message, and its goal id.
  virtual std::shared_ptr<void> decode_goal_request(const std::string & cdr, GoalUUID & uuid) = 0;
  virtual GoalResponse call_handle_goal_callback(const GoalUUID & uuid, std::shared_ptr<void> request) = 0;
  virtual std::string encode_goal_response(bool accepted) = 0;
  virtual CancelResponse call_handle_cancel_callback(const GoalUUID & uuid) = 0;
  virtual void call_goal_accepted_callback(std::shared_ptr<GoalState> state, const GoalUUID & uuid, std::shared_ptr<void> request) = 0;
  virtual GoalUUID decode_result_request(const std::string & cdr) = 0;
  /// A result response carrying only a status (an unknown goal's: STATUS_UNKNOWN).
  virtual std::string encode_result_response(int8_t status) = 0;

  /// Publishes every goal's id, stamp and state (rcl_action_publish_status).
  void publish_status();
  /// Keeps the ended goal's result and answers the result requests that wait for it.
  void publish_result(const GoalUUID & uuid, std::string result_cdr);
  /// rcl_action_notify_goal_done: ended goals expire after the result timeout.
  void notify_goal_terminal_state();
  void publish_feedback(std::string feedback_cdr);

  rclcpp::Logger logger_;

private:
  void on_goal_request(uint64_t request, const std::string & cdr);
  void on_cancel_request(uint64_t request, const std::string & cdr);
  void on_result_request(uint64_t request, const std::string & cdr);
  void expire(const GoalUUID & uuid);
  std::shared_ptr<GoalState> find_goal(const GoalUUID & uuid) const;

  rclcpp::Clock::SharedPtr clock_;
  int64_t result_timeout_ns_;
  std::unique_ptr<Parts> parts_;
  uint64_t goal_service_ = 0;
  uint64_t cancel_service_ = 0;
  uint64_t result_service_ = 0;
  uint64_t feedback_publisher_ = 0;
  uint64_t status_publisher_ = 0;
  // rcl_action's goal handles, in the order the goals were accepted (the status array's order).
  std::vector<std::shared_ptr<GoalState>> goals_;
  std::map<GoalUUID, std::string> goal_results_;
  std::map<GoalUUID, std::vector<uint64_t>> result_requests_;
  std::map<GoalUUID, uint64_t> expiry_wakes_;
};

template<typename ActionT>
class Server : public ServerBase, public std::enable_shared_from_this<Server<ActionT>>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(Server)

  using GoalCallback = std::function<GoalResponse(const GoalUUID &, std::shared_ptr<const typename ActionT::Goal>)>;
  using CancelCallback = std::function<CancelResponse(std::shared_ptr<ServerGoalHandle<ActionT>>)>;
  using AcceptedCallback = std::function<void(std::shared_ptr<ServerGoalHandle<ActionT>>)>;

  Server(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base, rclcpp::Clock::SharedPtr clock, const rclcpp::Logger & logger,
    const std::string & name, const rcl_action_server_options_t & options, GoalCallback handle_goal, CancelCallback handle_cancel,
    AcceptedCallback handle_accepted, rclcpp::CallbackGroup::SharedPtr group = nullptr)
  : ServerBase(std::move(node_base), std::move(clock), logger, name, type_names(), options, std::move(group)),
    handle_goal_(std::move(handle_goal)), handle_cancel_(std::move(handle_cancel)), handle_accepted_(std::move(handle_accepted)) {}

  virtual ~Server() = default;

protected:
  using SendGoalRequest = typename ActionT::Impl::SendGoalService::Request;
  using SendGoalResponse = typename ActionT::Impl::SendGoalService::Response;
  using GetResultRequest = typename ActionT::Impl::GetResultService::Request;
  using GetResultResponse = typename ActionT::Impl::GetResultService::Response;
  using FeedbackMessage = typename ActionT::Impl::FeedbackMessage;

  std::shared_ptr<void> decode_goal_request(const std::string & cdr, GoalUUID & uuid) override
  {
    auto request = std::make_shared<SendGoalRequest>();
    rclsim::from_cdr(cdr, *request);
    uuid = request->goal_id.uuid;
    return request;
  }

  GoalResponse call_handle_goal_callback(const GoalUUID & uuid, std::shared_ptr<void> message) override
  {
    auto request = std::static_pointer_cast<SendGoalRequest>(message);
    return handle_goal_(uuid, std::shared_ptr<const typename ActionT::Goal>(request, &request->goal));
  }

  // rclcpp_action leaves the response's stamp zero: the goal's stamp reaches clients in the status array.
  std::string encode_goal_response(bool accepted) override
  {
    SendGoalResponse response;
    response.accepted = accepted;
    return rclsim::to_cdr(response);
  }

  CancelResponse call_handle_cancel_callback(const GoalUUID & uuid) override
  {
    std::shared_ptr<ServerGoalHandle<ActionT>> goal_handle;
    auto element = goal_handles_.find(uuid);
    if (element != goal_handles_.end()) {
      goal_handle = element->second.lock();
    }
    CancelResponse response = CancelResponse::REJECT;
    if (goal_handle) {
      response = handle_cancel_(goal_handle);
      if (CancelResponse::ACCEPT == response) {
        try {
          goal_handle->_cancel_goal();
        } catch (const std::exception & ex) {
          // The goal ended while the cancel callback ran.
          RCLCPP_DEBUG(rclcpp::get_logger("rclcpp_action"), "Failed to cancel goal in call_handle_cancel_callback: %s", ex.what());
          return CancelResponse::REJECT;
        }
      }
    }
    return response;
  }

  void call_goal_accepted_callback(std::shared_ptr<GoalState> state, const GoalUUID & uuid, std::shared_ptr<void> message) override
  {
    std::weak_ptr<Server<ActionT>> weak_this = this->shared_from_this();
    auto on_terminal_state = [weak_this](const GoalUUID & goal_uuid, std::shared_ptr<GetResultResponse> result_message) {
        std::shared_ptr<Server<ActionT>> shared_this = weak_this.lock();
        if (!shared_this) {
          return;
        }
        shared_this->publish_result(goal_uuid, rclsim::to_cdr(*result_message));
        shared_this->publish_status();
        shared_this->notify_goal_terminal_state();
        shared_this->goal_handles_.erase(goal_uuid);
      };
    auto on_executing = [weak_this](const GoalUUID &) {
        std::shared_ptr<Server<ActionT>> shared_this = weak_this.lock();
        if (shared_this) {
          shared_this->publish_status();
        }
      };
    auto publish_feedback = [weak_this](std::shared_ptr<FeedbackMessage> feedback_msg) {
        std::shared_ptr<Server<ActionT>> shared_this = weak_this.lock();
        if (shared_this) {
          shared_this->publish_feedback(rclsim::to_cdr(*feedback_msg));
        }
      };
    auto request = std::static_pointer_cast<const SendGoalRequest>(message);
    std::shared_ptr<ServerGoalHandle<ActionT>> goal_handle(new ServerGoalHandle<ActionT>(std::move(state), uuid,
      std::shared_ptr<const typename ActionT::Goal>(request, &request->goal), on_terminal_state, on_executing, publish_feedback));
    goal_handles_[uuid] = goal_handle;
    handle_accepted_(goal_handle);
  }

  GoalUUID decode_result_request(const std::string & cdr) override
  {
    GetResultRequest request;
    rclsim::from_cdr(cdr, request);
    return request.goal_id.uuid;
  }

  std::string encode_result_response(int8_t status) override
  {
    GetResultResponse response;
    response.status = status;
    return rclsim::to_cdr(response);
  }

private:
  static TypeNames type_names()
  {
    return TypeNames{rclsim::action_support<ActionT>::type_name, rclsim::service_support<typename ActionT::Impl::SendGoalService>::type_name,
      rclsim::service_support<typename ActionT::Impl::GetResultService>::type_name, rclsim::message_support<FeedbackMessage>::type_name};
  }

  GoalCallback handle_goal_;
  CancelCallback handle_cancel_;
  AcceptedCallback handle_accepted_;
  std::map<GoalUUID, std::weak_ptr<ServerGoalHandle<ActionT>>> goal_handles_;
};

}  // namespace rclcpp_action

#endif  // RCLCPP_ACTION__SERVER_HPP_
