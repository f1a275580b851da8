// rclcpp's timers (rclcpp/timer.hpp): a timer of the simulation's, on the node's ROS clock or on
// the steady clock (create_wall_timer); its callback runs as a Run of kind TIMER_FIRED and may
// take the timer itself (void(rclcpp::TimerBase &)).
#ifndef RCLCPP__TIMER_HPP_
#define RCLCPP__TIMER_HPP_

#include <chrono>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

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

class TimerBase
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
  virtual void execute_callback(const TimerInfo & info) = 0;

private:
  Clock::SharedPtr clock_;
  uint64_t id_ = 0;
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

  void execute_callback(const TimerInfo & info) override
  {
    if constexpr (std::is_invocable_v<FunctorT &, TimerBase &>) {
      callback_(*this);
    } else if constexpr (std::is_invocable_v<FunctorT &, const TimerInfo &>) {
      callback_(info);
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
