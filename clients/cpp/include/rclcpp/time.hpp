// rclcpp::Time (rclcpp/time.hpp): a point of a clock, in nanoseconds since its epoch.
#ifndef RCLCPP__TIME_HPP_
#define RCLCPP__TIME_HPP_

#include <cstdint>

#include "builtin_interfaces/msg/time.hpp"
#include "rcl/time.h"
#include "rclcpp/duration.hpp"

namespace rclcpp
{

class Time
{
public:
  Time(int32_t seconds, uint32_t nanoseconds, rcl_clock_type_t clock_type = RCL_SYSTEM_TIME);
  explicit Time(int64_t nanoseconds = 0, rcl_clock_type_t clock_type = RCL_SYSTEM_TIME);
  Time(const builtin_interfaces::msg::Time & time_msg, rcl_clock_type_t clock_type = RCL_ROS_TIME);  // NOLINT
  Time(const Time &) = default;
  // Not trivial, as upstream's (virtual there): g++ warns of a `Params` copy set but not used when
  // it is, and generate_parameter_library's headers hold one (control_toolbox builds with -Werror).
  ~Time();
  Time & operator=(const Time &) = default;
  Time & operator=(const builtin_interfaces::msg::Time & time_msg);

  operator builtin_interfaces::msg::Time() const;  // NOLINT

  bool operator==(const Time & rhs) const;
  bool operator!=(const Time & rhs) const;
  bool operator<(const Time & rhs) const;
  bool operator<=(const Time & rhs) const;
  bool operator>=(const Time & rhs) const;
  bool operator>(const Time & rhs) const;
  Time operator+(const Duration & rhs) const;
  Duration operator-(const Time & rhs) const;
  Time operator-(const Duration & rhs) const;
  Time & operator+=(const Duration & rhs);
  Time & operator-=(const Duration & rhs);

  int64_t nanoseconds() const {return ns_;}
  double seconds() const {return static_cast<double>(ns_) * 1e-9;}
  rcl_clock_type_t get_clock_type() const {return clock_type_;}
  static Time max(rcl_clock_type_t clock_type = RCL_SYSTEM_TIME);

private:
  int64_t ns_;
  rcl_clock_type_t clock_type_;
};

Time operator+(const rclcpp::Duration & lhs, const rclcpp::Time & rhs);

}  // namespace rclcpp

#endif  // RCLCPP__TIME_HPP_
