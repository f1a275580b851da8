// rclcpp::GuardCondition (rclcpp/guard_condition.hpp): a condition the program triggers, which
// wakes a wait set that waits on it. Wholly the program's: no node owns it and the simulation
// never sees it; a trigger in one thread ends another thread's wait when the turn passes to it
// (threads take turns, rclsim/threads.hpp), at the same sim time.
#ifndef RCLCPP__GUARD_CONDITION_HPP_
#define RCLCPP__GUARD_CONDITION_HPP_

#include <cstddef>
#include <functional>

#include "rcl/types.h"
#include "rclcpp/context.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{

class GuardCondition
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(GuardCondition)

  explicit GuardCondition(const rclcpp::Context::SharedPtr & context = rclcpp::contexts::get_global_default_context(),
    rcl_guard_condition_options_t guard_condition_options = rcl_guard_condition_get_default_options());
  virtual ~GuardCondition() = default;
  GuardCondition(const GuardCondition &) = delete;
  GuardCondition & operator=(const GuardCondition &) = delete;

  rcl_guard_condition_t & get_rcl_guard_condition() {return rcl_guard_condition_;}
  const rcl_guard_condition_t & get_rcl_guard_condition() const {return rcl_guard_condition_;}
  /// Stays triggered until a wait that sees it returns; the callback (if set) hears of it.
  void trigger();
  bool exchange_in_use_by_wait_set_state(bool in_use_state);
  /// Called with the number of triggers it missed (if any), then with 1 at each trigger.
  void set_on_trigger_callback(std::function<void(size_t)> callback);

  /// Whether it was triggered since a wait last saw it (rclsim's wait sets ask).
  bool rclsim_triggered() const {return triggered_;}
  /// A wait saw it: it is no longer triggered.
  void rclsim_consume() {triggered_ = false;}

protected:
  rcl_guard_condition_t rcl_guard_condition_{this};
  bool in_use_by_wait_set_ = false;
  bool triggered_ = false;
  std::function<void(size_t)> on_trigger_callback_;
  size_t unread_count_ = 0;
};

}  // namespace rclcpp

#endif  // RCLCPP__GUARD_CONDITION_HPP_
