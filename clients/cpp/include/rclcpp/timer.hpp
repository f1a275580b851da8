// rclcpp's timers (rclcpp/timer.hpp): a timer of the simulation's, on the node's ROS clock or on
// the steady clock (create_wall_timer); its callback runs as a Run of kind TIMER_FIRED and may
// take the timer itself (void(rclcpp::TimerBase &)). A wait set's timer, or one in a callback group
// no executor spins, keeps its call instead, for call() and execute_callback() (rclcpp's wait set
// examples).
#ifndef RCLCPP__TIMER_HPP_
#define RCLCPP__TIMER_HPP_

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "rcl/types.h"
#include "rclcpp/callback_group.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"

namespace rclcpp
{

struct TimerInfo
{
  Time expected_call_time;
  Time actual_call_time;
};

// enable_shared_from_this: a run holds the timer it runs (src/rclcpp/timer.cpp).
class TimerBase : public std::enable_shared_from_this<TimerBase>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(TimerBase)

  TimerBase(Clock::SharedPtr clock, std::chrono::nanoseconds period, node_interfaces::NodeBaseInterface * node_base,
    const CallbackGroup::SharedPtr & group, bool autostart);
  virtual ~TimerBase();
  TimerBase(const TimerBase &) = delete;
  TimerBase & operator=(const TimerBase &) = delete;

  void cancel();
  bool is_canceled();
  void reset();
  std::chrono::nanoseconds time_until_trigger();
  bool is_steady() {return clock_->get_clock_type() == RCL_STEADY_TIME;}
  Clock::SharedPtr get_clock() {return clock_;}
  bool is_ready();
  /// The timer counts as called now (its kept call, if any): the call's info for
  /// execute_callback, or null when it is canceled.
  std::shared_ptr<void> call();
  /// Runs the callback with the info call() gave (an rcl_timer_call_info_t).
  virtual void execute_callback(const std::shared_ptr<void> & data) = 0;
  bool exchange_in_use_by_wait_set_state(bool in_use_state);

  /// Whether a call is kept for call() (rclsim's wait sets ask).
  bool rclsim_has_call() const {return kept_.has_value();}
  /// A wait set holds it (on) or let it go: while one holds it, its calls are kept for call().
  void rclsim_watch(bool on) {watchers_ += on ? 1 : -1;}
  uint64_t rclsim_node() const {return node_;}

private:
  /// Whether its calls are kept for call() rather than run.
  bool keeps() const;
  Clock::SharedPtr clock_;
  uint64_t id_ = 0;
  uint64_t node_ = 0;
  rclcpp::CallbackGroup::WeakPtr group_;
  bool in_group_ = false;
  std::optional<rcl_timer_call_info_t> kept_;
  int watchers_ = 0;
  bool in_use_by_wait_set_ = false;
};

template<typename FunctorT, typename Clock_ = void>
class GenericTimer : public TimerBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(GenericTimer)

  GenericTimer(Clock::SharedPtr clock, std::chrono::nanoseconds period, FunctorT && callback, node_interfaces::NodeBaseInterface * node_base,
    const CallbackGroup::SharedPtr & group = nullptr, bool autostart = true)
  : TimerBase(clock, period, node_base, group, autostart), callback_(std::forward<FunctorT>(callback))
  {
    static_assert(
      std::is_invocable_v<FunctorT &> || std::is_invocable_v<FunctorT &, TimerBase &> ||
      std::is_invocable_v<FunctorT &, const TimerInfo &>,
      "Failed to accept callback type: a timer's callback takes nothing, a TimerBase &, or a const TimerInfo &");
  }

  void execute_callback(const std::shared_ptr<void> & data) override
  {
    if constexpr (std::is_invocable_v<FunctorT &, TimerBase &>) {
      callback_(*this);
    } else if constexpr (std::is_invocable_v<FunctorT &, const TimerInfo &>) {
      const auto & call = *static_cast<const rcl_timer_call_info_t *>(data.get());
      rcl_clock_type_t type = get_clock()->get_clock_type();
      callback_(TimerInfo{Time(call.expected_call_time, type), Time(call.actual_call_time, type)});
    } else {
      callback_();
    }
  }

private:
  FunctorT callback_;
};

template<typename FunctorT>
class WallTimer : public GenericTimer<FunctorT>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(WallTimer)

  WallTimer(std::chrono::nanoseconds period, FunctorT && callback, node_interfaces::NodeBaseInterface * node_base,
    const CallbackGroup::SharedPtr & group = nullptr, bool autostart = true)
  : GenericTimer<FunctorT>(std::make_shared<Clock>(RCL_STEADY_TIME), period, std::forward<FunctorT>(callback), node_base, group, autostart) {}
};

}  // namespace rclcpp

#endif  // RCLCPP__TIMER_HPP_
