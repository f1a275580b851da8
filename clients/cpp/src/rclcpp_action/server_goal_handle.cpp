#include "rclcpp_action/server_goal_handle.hpp"

#include <string>

#include "rclcpp/exceptions.hpp"

namespace rclcpp_action
{
namespace
{

const char * const state_names[] = {"UNKNOWN", "ACCEPTED", "EXECUTING", "CANCELING", "SUCCEEDED", "CANCELED", "ABORTED"};
const char * const event_names[] = {"EXECUTE", "CANCEL_GOAL", "SUCCEED", "ABORT", "CANCELED"};

/// rcl_action_transition_goal_state; STATUS_UNKNOWN where the machine has no transition.
int8_t transition(int8_t state, GoalEvent event)
{
  switch (state) {
    case GoalStatus::STATUS_ACCEPTED:
      if (event == GoalEvent::EXECUTE) {return GoalStatus::STATUS_EXECUTING;}
      if (event == GoalEvent::CANCEL_GOAL) {return GoalStatus::STATUS_CANCELING;}
      break;
    case GoalStatus::STATUS_EXECUTING:
      if (event == GoalEvent::CANCEL_GOAL) {return GoalStatus::STATUS_CANCELING;}
      if (event == GoalEvent::SUCCEED) {return GoalStatus::STATUS_SUCCEEDED;}
      if (event == GoalEvent::ABORT) {return GoalStatus::STATUS_ABORTED;}
      break;
    case GoalStatus::STATUS_CANCELING:
      if (event == GoalEvent::SUCCEED) {return GoalStatus::STATUS_SUCCEEDED;}
      if (event == GoalEvent::ABORT) {return GoalStatus::STATUS_ABORTED;}
      if (event == GoalEvent::CANCELED) {return GoalStatus::STATUS_CANCELED;}
      break;
    default:
      break;
  }
  return GoalStatus::STATUS_UNKNOWN;
}

}  // namespace

void update_goal_state(GoalState & goal, GoalEvent event)
{
  int8_t next = transition(goal.status, event);
  if (next == GoalStatus::STATUS_UNKNOWN) {
    // rcl_action_update_goal_state's error (RCL_RET_ACTION_GOAL_EVENT_INVALID), as rclcpp throws it.
    throw rclcpp::exceptions::RCLError(std::string("goal_handle attempted invalid transition from state ") + state_names[goal.status] +
            " with event " + event_names[static_cast<int>(event)]);
  }
  goal.status = next;
}

ServerGoalHandleBase::~ServerGoalHandleBase() = default;

bool ServerGoalHandleBase::is_canceling() const
{
  std::lock_guard<std::mutex> lock(mutex_);
  return state_->status == GoalStatus::STATUS_CANCELING;
}

bool ServerGoalHandleBase::is_active() const
{
  std::lock_guard<std::mutex> lock(mutex_);
  int8_t status = state_->status;
  return status == GoalStatus::STATUS_ACCEPTED || status == GoalStatus::STATUS_EXECUTING || status == GoalStatus::STATUS_CANCELING;
}

bool ServerGoalHandleBase::is_executing() const
{
  std::lock_guard<std::mutex> lock(mutex_);
  return state_->status == GoalStatus::STATUS_EXECUTING;
}

void ServerGoalHandleBase::_abort()
{
  std::lock_guard<std::mutex> lock(mutex_);
  update_goal_state(*state_, GoalEvent::ABORT);
}

void ServerGoalHandleBase::_succeed()
{
  std::lock_guard<std::mutex> lock(mutex_);
  update_goal_state(*state_, GoalEvent::SUCCEED);
}

void ServerGoalHandleBase::_cancel_goal()
{
  std::lock_guard<std::mutex> lock(mutex_);
  update_goal_state(*state_, GoalEvent::CANCEL_GOAL);
}

void ServerGoalHandleBase::_canceled()
{
  std::lock_guard<std::mutex> lock(mutex_);
  update_goal_state(*state_, GoalEvent::CANCELED);
}

void ServerGoalHandleBase::_execute()
{
  std::lock_guard<std::mutex> lock(mutex_);
  update_goal_state(*state_, GoalEvent::EXECUTE);
}

bool ServerGoalHandleBase::try_canceling() noexcept
{
  std::lock_guard<std::mutex> lock(mutex_);
  int8_t status = state_->status;
  if (status == GoalStatus::STATUS_ACCEPTED || status == GoalStatus::STATUS_EXECUTING) {
    state_->status = GoalStatus::STATUS_CANCELING;
  }
  if (state_->status == GoalStatus::STATUS_CANCELING) {
    state_->status = GoalStatus::STATUS_CANCELED;
    return true;
  }
  return false;
}

}  // namespace rclcpp_action
