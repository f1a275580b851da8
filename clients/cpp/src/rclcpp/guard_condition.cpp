#include "rclcpp/guard_condition.hpp"

#include <stdexcept>

namespace rclcpp
{

GuardCondition::GuardCondition(const rclcpp::Context::SharedPtr & context, rcl_guard_condition_options_t)
{
  if (!context) {
    throw std::invalid_argument("context argument unexpectedly nullptr");
  }
}

void GuardCondition::trigger()
{
  triggered_ = true;
  if (on_trigger_callback_) {
    on_trigger_callback_(1);
  } else {
    ++unread_count_;
  }
}

bool GuardCondition::exchange_in_use_by_wait_set_state(bool in_use_state)
{
  bool was = in_use_by_wait_set_;
  in_use_by_wait_set_ = in_use_state;
  return was;
}

void GuardCondition::set_on_trigger_callback(std::function<void(size_t)> callback)
{
  on_trigger_callback_ = std::move(callback);
  if (on_trigger_callback_ && unread_count_ > 0) {
    on_trigger_callback_(unread_count_);
    unread_count_ = 0;
  }
}

}  // namespace rclcpp
