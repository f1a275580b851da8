// rclcpp_action/client.hpp: an action client (rclcpp_action Jazzy's Client<ActionT> over
// ClientBase). ClientBase holds the action's three service clients and two subscriptions over
// the node port and matches responses to requests by sequence number; Client<ActionT> decodes
// and encodes the action's types and keeps the goal handles.
#ifndef RCLCPP_ACTION__CLIENT_HPP_
#define RCLCPP_ACTION__CLIENT_HPP_

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/logger.hpp"
#include "rclcpp/logging.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/time.hpp"
#include "rclcpp_action/client_goal_handle.hpp"
#include "rclcpp_action/exceptions.hpp"
#include "rclcpp_action/types.hpp"
#include "rclsim/message_cdr.hpp"

namespace rclcpp_action
{

class Parts;

class ClientBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(ClientBase)
  virtual ~ClientBase();

  /// rcl_action_server_is_available: the three services have a server, the two topics a publisher.
  bool action_server_is_ready() const;

  /// Waits in sim time (a negative timeout: for ever) until the server is ready.
  template<typename RepT = int64_t, typename RatioT = std::milli>
  bool wait_for_action_server(std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return wait_for_action_server_nanoseconds(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }

  struct TypeNames
  {
    std::string action;
    std::string send_goal;
    std::string get_result;
    std::string feedback_message;
  };

protected:
  using ResponseCallback = std::function<void(const std::string & cdr)>;

  ClientBase(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base, const rclcpp::Logger & logger, const std::string & action_name,
    const TypeNames & types, const rcl_action_client_options_t & options, rclcpp::CallbackGroup::SharedPtr group);

  bool wait_for_action_server_nanoseconds(std::chrono::nanoseconds timeout);
  rclcpp::Logger get_logger();
  /// From the run's one stream of goal ids: the same ids on every run.
  GoalUUID generate_goal_id();
  void send_goal_request(std::string cdr, ResponseCallback callback);
  void send_result_request(std::string cdr, ResponseCallback callback);
  void send_cancel_request(std::string cdr, ResponseCallback callback);
  virtual void handle_feedback_message(const std::string & cdr) = 0;
  virtual void handle_status_message(const std::string & cdr) = 0;

private:
  struct Pending
  {
    uint64_t client = 0;
    int64_t next_sequence = 1;
    std::map<int64_t, ResponseCallback> callbacks;
  };
  void send(Pending & pending, std::string cdr, ResponseCallback callback);
  void on_response(Pending & pending, int64_t sequence, const std::string & cdr, const char * what);

  rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base_;
  rclcpp::Logger logger_;
  std::unique_ptr<Parts> parts_;
  Pending goal_;
  Pending result_;
  Pending cancel_;
  uint64_t feedback_subscription_ = 0;
  uint64_t status_subscription_ = 0;
};

template<typename ActionT>
class Client : public ClientBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(Client<ActionT>)

  using Goal = typename ActionT::Goal;
  using Feedback = typename ActionT::Feedback;
  using GoalHandle = ClientGoalHandle<ActionT>;
  using WrappedResult = typename GoalHandle::WrappedResult;
  using GoalResponseCallback = std::function<void(typename GoalHandle::SharedPtr)>;
  using FeedbackCallback = typename GoalHandle::FeedbackCallback;
  using ResultCallback = typename GoalHandle::ResultCallback;
  using CancelRequest = typename ActionT::Impl::CancelGoalService::Request;
  using CancelResponse = typename ActionT::Impl::CancelGoalService::Response;
  using CancelCallback = std::function<void(typename CancelResponse::SharedPtr)>;

  struct SendGoalOptions
  {
    SendGoalOptions() : goal_response_callback(nullptr), feedback_callback(nullptr), result_callback(nullptr) {}
    GoalResponseCallback goal_response_callback;
    FeedbackCallback feedback_callback;
    ResultCallback result_callback;
  };

  Client(rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node_base, const rclcpp::Logger & logger, const std::string & action_name,
    const rcl_action_client_options_t & client_options = rcl_action_client_get_default_options(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  : ClientBase(std::move(node_base), logger, action_name, type_names(), client_options, std::move(group)) {}

  std::shared_future<typename GoalHandle::SharedPtr> async_send_goal(const Goal & goal, const SendGoalOptions & options = SendGoalOptions())
  {
    auto promise = std::make_shared<std::promise<typename GoalHandle::SharedPtr>>();
    std::shared_future<typename GoalHandle::SharedPtr> future(promise->get_future());
    auto goal_request = std::make_shared<SendGoalRequest>();
    goal_request->goal_id.uuid = this->generate_goal_id();
    goal_request->goal = goal;
    this->send_goal_request(rclsim::to_cdr(*goal_request), [this, goal_request, options, promise](const std::string & cdr) {
        SendGoalResponse goal_response;
        rclsim::from_cdr(cdr, goal_response);
        if (!goal_response.accepted) {
          promise->set_value(nullptr);
          if (options.goal_response_callback) {
            options.goal_response_callback(nullptr);
          }
          return;
        }
        GoalInfo goal_info;
        goal_info.goal_id.uuid = goal_request->goal_id.uuid;
        goal_info.stamp = goal_response.stamp;
        std::shared_ptr<GoalHandle> goal_handle(new GoalHandle(goal_info, options.feedback_callback, options.result_callback));
        goal_handles_[goal_handle->get_goal_id()] = goal_handle;
        promise->set_value(goal_handle);
        if (options.goal_response_callback) {
          options.goal_response_callback(goal_handle);
        }
        if (options.result_callback) {
          this->make_result_aware(goal_handle);
        }
      });
    // Handles the program dropped go.
    for (auto it = goal_handles_.begin(); it != goal_handles_.end(); ) {
      if (!it->second.lock()) {
        RCLCPP_DEBUG(this->get_logger(), "Dropping weak reference to goal handle during send_goal()");
        it = goal_handles_.erase(it);
      } else {
        ++it;
      }
    }
    return future;
  }

  std::shared_future<WrappedResult> async_get_result(typename GoalHandle::SharedPtr goal_handle, ResultCallback result_callback = nullptr)
  {
    if (goal_handles_.count(goal_handle->get_goal_id()) == 0) {
      throw exceptions::UnknownGoalHandleError();
    }
    if (goal_handle->is_invalidated()) {
      std::rethrow_exception(goal_handle->invalidate_exception_);
    }
    if (result_callback) {
      goal_handle->set_result_callback(result_callback);
    }
    this->make_result_aware(goal_handle);
    return goal_handle->async_get_result();
  }

  std::shared_future<typename CancelResponse::SharedPtr> async_cancel_goal(typename GoalHandle::SharedPtr goal_handle,
    CancelCallback cancel_callback = nullptr)
  {
    if (goal_handles_.count(goal_handle->get_goal_id()) == 0) {
      throw exceptions::UnknownGoalHandleError();
    }
    auto cancel_request = std::make_shared<CancelRequest>();
    cancel_request->goal_info.goal_id.uuid = goal_handle->get_goal_id();
    return async_cancel(cancel_request, cancel_callback);
  }

  std::shared_future<typename CancelResponse::SharedPtr> async_cancel_all_goals(CancelCallback cancel_callback = nullptr)
  {
    auto cancel_request = std::make_shared<CancelRequest>();
    std::fill(cancel_request->goal_info.goal_id.uuid.begin(), cancel_request->goal_info.goal_id.uuid.end(), 0u);
    return async_cancel(cancel_request, cancel_callback);
  }

  std::shared_future<typename CancelResponse::SharedPtr> async_cancel_goals_before(const rclcpp::Time & stamp,
    CancelCallback cancel_callback = nullptr)
  {
    auto cancel_request = std::make_shared<CancelRequest>();
    std::fill(cancel_request->goal_info.goal_id.uuid.begin(), cancel_request->goal_info.goal_id.uuid.end(), 0u);
    cancel_request->goal_info.stamp = stamp;
    return async_cancel(cancel_request, cancel_callback);
  }

  /// The goal's feedback and result callbacks are not called any more.
  void stop_callbacks(typename GoalHandle::SharedPtr goal_handle)
  {
    goal_handle->set_feedback_callback(typename GoalHandle::FeedbackCallback());
    goal_handle->set_result_callback(typename GoalHandle::ResultCallback());
    auto it = goal_handles_.find(goal_handle->get_goal_id());
    if (goal_handles_.end() == it) {
      RCLCPP_DEBUG(this->get_logger(), "Given goal is unknown. Ignoring...");
      return;
    }
    goal_handles_.erase(it);
  }

  void stop_callbacks(const GoalUUID & goal_id)
  {
    auto it = goal_handles_.find(goal_id);
    if (goal_handles_.end() == it) {
      RCLCPP_DEBUG(this->get_logger(), "Given goal is unknown. Ignoring...");
      return;
    }
    typename GoalHandle::SharedPtr goal_handle = it->second.lock();
    if (goal_handle) {
      stop_callbacks(goal_handle);
    }
  }

  virtual ~Client()
  {
    for (auto it = goal_handles_.begin(); it != goal_handles_.end(); ) {
      typename GoalHandle::SharedPtr goal_handle = it->second.lock();
      if (goal_handle) {
        goal_handle->invalidate(exceptions::UnawareGoalHandleError());
      }
      it = goal_handles_.erase(it);
    }
  }

private:
  using SendGoalRequest = typename ActionT::Impl::SendGoalService::Request;
  using SendGoalResponse = typename ActionT::Impl::SendGoalService::Response;
  using GetResultRequest = typename ActionT::Impl::GetResultService::Request;
  using GetResultResponse = typename ActionT::Impl::GetResultService::Response;
  using FeedbackMessage = typename ActionT::Impl::FeedbackMessage;
  using GoalStatusMessage = typename ActionT::Impl::GoalStatusMessage;

  static TypeNames type_names()
  {
    return TypeNames{rclsim::action_support<ActionT>::type_name, rclsim::service_support<typename ActionT::Impl::SendGoalService>::type_name,
      rclsim::service_support<typename ActionT::Impl::GetResultService>::type_name, rclsim::message_support<FeedbackMessage>::type_name};
  }

  /// The goal handle of a goal id this client tracks; a handle the program dropped goes.
  typename GoalHandle::SharedPtr tracked(const GoalUUID & goal_id, const char * during)
  {
    auto it = goal_handles_.find(goal_id);
    if (it == goal_handles_.end()) {
      return nullptr;
    }
    typename GoalHandle::SharedPtr goal_handle = it->second.lock();
    if (!goal_handle) {
      RCLCPP_DEBUG(this->get_logger(), "Dropping weak reference to goal handle during %s", during);
      goal_handles_.erase(it);
    }
    return goal_handle;
  }

  void handle_feedback_message(const std::string & cdr) override
  {
    FeedbackMessage feedback_message;
    rclsim::from_cdr(cdr, feedback_message);
    if (goal_handles_.count(feedback_message.goal_id.uuid) == 0) {
      RCLCPP_DEBUG(this->get_logger(), "Received feedback for unknown goal. Ignoring...");
      return;
    }
    typename GoalHandle::SharedPtr goal_handle = tracked(feedback_message.goal_id.uuid, "feedback callback");
    if (!goal_handle) {
      return;
    }
    auto feedback = std::make_shared<Feedback>(feedback_message.feedback);
    goal_handle->call_feedback_callback(goal_handle, feedback);
  }

  void handle_status_message(const std::string & cdr) override
  {
    GoalStatusMessage status_message;
    rclsim::from_cdr(cdr, status_message);
    for (const GoalStatus & status : status_message.status_list) {
      if (goal_handles_.count(status.goal_info.goal_id.uuid) == 0) {
        RCLCPP_DEBUG(this->get_logger(), "Received status for unknown goal. Ignoring...");
        continue;
      }
      typename GoalHandle::SharedPtr goal_handle = tracked(status.goal_info.goal_id.uuid, "status callback");
      if (goal_handle) {
        goal_handle->set_status(status.status);
      }
    }
  }

  void make_result_aware(typename GoalHandle::SharedPtr goal_handle)
  {
    if (goal_handle->set_result_awareness(true)) {
      return;
    }
    GetResultRequest goal_result_request;
    goal_result_request.goal_id.uuid = goal_handle->get_goal_id();
    this->send_result_request(rclsim::to_cdr(goal_result_request), [goal_handle, this](const std::string & cdr) {
        GetResultResponse result_response;
        rclsim::from_cdr(cdr, result_response);
        WrappedResult wrapped_result;
        wrapped_result.result = std::make_shared<typename ActionT::Result>(result_response.result);
        wrapped_result.goal_id = goal_handle->get_goal_id();
        wrapped_result.code = static_cast<ResultCode>(result_response.status);
        goal_handle->set_result(wrapped_result);
        goal_handles_.erase(goal_handle->get_goal_id());
      });
  }

  std::shared_future<typename CancelResponse::SharedPtr> async_cancel(typename CancelRequest::SharedPtr cancel_request,
    CancelCallback cancel_callback = nullptr)
  {
    auto promise = std::make_shared<std::promise<typename CancelResponse::SharedPtr>>();
    std::shared_future<typename CancelResponse::SharedPtr> future(promise->get_future());
    this->send_cancel_request(rclsim::to_cdr(*cancel_request), [cancel_callback, promise](const std::string & cdr) {
        auto cancel_response = std::make_shared<CancelResponse>();
        rclsim::from_cdr(cdr, *cancel_response);
        promise->set_value(cancel_response);
        if (cancel_callback) {
          cancel_callback(cancel_response);
        }
      });
    return future;
  }

  std::map<GoalUUID, typename GoalHandle::WeakPtr> goal_handles_;
};

}  // namespace rclcpp_action

#endif  // RCLCPP_ACTION__CLIENT_HPP_
