// rclcpp::Clock (rclcpp/clock.hpp): every clock of a program reads sim time (ROS time is sim
// time; system and steady time are the same sim time, as a program's clocks are in rclsim).
#ifndef RCLCPP__CLOCK_HPP_
#define RCLCPP__CLOCK_HPP_

#include <memory>

#include "rclcpp/context.hpp"
#include "rclcpp/duration.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/time.hpp"

namespace rclcpp
{

class Clock
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(Clock)

  explicit Clock(rcl_clock_type_t clock_type = RCL_SYSTEM_TIME) : clock_type_(clock_type) {}
  Time now() const;
  /// Sleeps until `until` of this clock in sim time; false when the context was shut down.
  bool sleep_until(Time until, Context::SharedPtr context = contexts::get_global_default_context());
  bool sleep_for(Duration rel_time, Context::SharedPtr context = contexts::get_global_default_context());
  bool started() const {return true;}
  bool wait_until_started(const Context::SharedPtr & = contexts::get_global_default_context()) {return true;}
  bool ros_time_is_active() const {return false;}
  rcl_clock_type_t get_clock_type() const {return clock_type_;}

private:
  rcl_clock_type_t clock_type_;
};

}  // namespace rclcpp

#endif  // RCLCPP__CLOCK_HPP_
