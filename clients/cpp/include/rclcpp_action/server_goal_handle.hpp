// rclcpp_action/server_goal_handle.hpp: an accepted goal as the server's callbacks see it
// (rclcpp_action Jazzy). Its state follows rcl_action's goal state machine
// (rcl_action/src/rcl_action/goal_state_machine.c); each change is published by the server.
#ifndef RCLCPP_ACTION__SERVER_GOAL_HANDLE_HPP_
#define RCLCPP_ACTION__SERVER_GOAL_HANDLE_HPP_

#include <functional>
#include <memory>
#include <mutex>

#include "rclcpp/macros.hpp"
#include "rclcpp_action/types.hpp"

namespace rclcpp_action
{

/// What rcl_action keeps of an accepted goal (rcl_action_goal_handle_t): its info and state.
struct GoalState
{
  GoalInfo info;
  int8_t status = GoalStatus::STATUS_ACCEPTED;
};

/// rcl_action_update_goal_state: the event's transition, or rclcpp::exceptions::RCLError
/// naming the state and event when the machine has none.
void update_goal_state(GoalState & goal, GoalEvent event);

class ServerGoalHandleBase
{
public:
  bool is_canceling() const;
  bool is_active() const;
  bool is_executing() const;
  virtual ~ServerGoalHandleBase();

protected:
  explicit ServerGoalHandleBase(std::shared_ptr<GoalState> state) : state_(std::move(state)) {}
  void _abort();
  void _succeed();
  void _cancel_goal();
  void _canceled();
  void _execute();
  /// A goal dropped while still cancelable ends as canceled (rclcpp_action's destructor rule).
  bool try_canceling() noexcept;

private:
  std::shared_ptr<GoalState> state_;
  mutable std::mutex mutex_;
};

template<typename ActionT>
class Server;

template<typename ActionT>
class ServerGoalHandle : public ServerGoalHandleBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(ServerGoalHandle)

  /// Publishes feedback for this goal on the action's feedback topic.
  void publish_feedback(std::shared_ptr<typename ActionT::Feedback> feedback_msg)
  {
    auto feedback_message = std::make_shared<typename ActionT::Impl::FeedbackMessage>();
    feedback_message->goal_id.uuid = uuid_;
    feedback_message->feedback = *feedback_msg;
    publish_feedback_(feedback_message);
  }

  void abort(typename ActionT::Result::SharedPtr result_msg)
  {
    _abort();
    terminate(GoalStatus::STATUS_ABORTED, result_msg);
  }

  void succeed(typename ActionT::Result::SharedPtr result_msg)
  {
    _succeed();
    terminate(GoalStatus::STATUS_SUCCEEDED, result_msg);
  }

  void canceled(typename ActionT::Result::SharedPtr result_msg)
  {
    _canceled();
    terminate(GoalStatus::STATUS_CANCELED, result_msg);
  }

  /// An ACCEPT_AND_DEFER goal starts executing.
  void execute()
  {
    _execute();
    on_executing_(uuid_);
  }

  const std::shared_ptr<const typename ActionT::Goal> get_goal() const {return goal_;}
  const GoalUUID & get_goal_id() const {return uuid_;}

  virtual ~ServerGoalHandle()
  {
    if (try_canceling()) {
      auto null_result = std::make_shared<typename ActionT::Impl::GetResultService::Response>();
      null_result->status = GoalStatus::STATUS_CANCELED;
      on_terminal_state_(uuid_, null_result);
    }
  }

protected:
  using GetResultResponse = typename ActionT::Impl::GetResultService::Response;

  ServerGoalHandle(std::shared_ptr<GoalState> state, GoalUUID uuid, std::shared_ptr<const typename ActionT::Goal> goal,
    std::function<void(const GoalUUID &, std::shared_ptr<GetResultResponse>)> on_terminal_state,
    std::function<void(const GoalUUID &)> on_executing,
    std::function<void(std::shared_ptr<typename ActionT::Impl::FeedbackMessage>)> publish_feedback)
  : ServerGoalHandleBase(std::move(state)), goal_(std::move(goal)), uuid_(uuid),
    on_terminal_state_(std::move(on_terminal_state)), on_executing_(std::move(on_executing)),
    publish_feedback_(std::move(publish_feedback)) {}

  const std::shared_ptr<const typename ActionT::Goal> goal_;
  const GoalUUID uuid_;
  friend class Server<ActionT>;

  std::function<void(const GoalUUID &, std::shared_ptr<GetResultResponse>)> on_terminal_state_;
  std::function<void(const GoalUUID &)> on_executing_;
  std::function<void(std::shared_ptr<typename ActionT::Impl::FeedbackMessage>)> publish_feedback_;

private:
  void terminate(int8_t status, const typename ActionT::Result::SharedPtr & result_msg)
  {
    auto response = std::make_shared<GetResultResponse>();
    response->status = status;
    response->result = *result_msg;
    on_terminal_state_(uuid_, response);
  }
};

}  // namespace rclcpp_action

#endif  // RCLCPP_ACTION__SERVER_GOAL_HANDLE_HPP_
