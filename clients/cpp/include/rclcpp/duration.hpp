// rclcpp::Duration (rclcpp/duration.hpp): a signed span of nanoseconds.
#ifndef RCLCPP__DURATION_HPP_
#define RCLCPP__DURATION_HPP_

#include <chrono>
#include <cstdint>

#include "builtin_interfaces/msg/duration.hpp"
#include "rcl/time.h"
#include "rmw/types.h"

namespace rclcpp
{

class Duration
{
public:
  Duration(int32_t seconds, uint32_t nanoseconds);
  explicit Duration(std::chrono::nanoseconds nanoseconds) : ns_(nanoseconds.count()) {}
  template<class Rep, class Period>
  Duration(const std::chrono::duration<Rep, Period> & duration)  // NOLINT: implicit as in rclcpp
  : ns_(std::chrono::duration_cast<std::chrono::nanoseconds>(duration).count()) {}
  Duration(const builtin_interfaces::msg::Duration & duration_msg);  // NOLINT
  explicit Duration(const rmw_time_t & duration);
  Duration(const Duration &) = default;
  Duration & operator=(const Duration &) = default;
  Duration & operator=(const builtin_interfaces::msg::Duration & duration_msg);

  operator builtin_interfaces::msg::Duration() const;  // NOLINT

  bool operator==(const Duration & rhs) const {return ns_ == rhs.ns_;}
  bool operator!=(const Duration & rhs) const {return ns_ != rhs.ns_;}
  bool operator<(const Duration & rhs) const {return ns_ < rhs.ns_;}
  bool operator<=(const Duration & rhs) const {return ns_ <= rhs.ns_;}
  bool operator>=(const Duration & rhs) const {return ns_ >= rhs.ns_;}
  bool operator>(const Duration & rhs) const {return ns_ > rhs.ns_;}
  Duration operator+(const Duration & rhs) const;
  Duration & operator+=(const Duration & rhs);
  Duration operator-(const Duration & rhs) const;
  Duration & operator-=(const Duration & rhs);
  Duration operator*(double scale) const;
  Duration & operator*=(double scale);
  Duration operator-() const {return from_nanoseconds(-ns_);}

  static Duration max();
  static Duration from_seconds(double seconds);
  static Duration from_nanoseconds(int64_t nanoseconds) {return Duration(std::chrono::nanoseconds(nanoseconds));}
  static Duration from_rmw_time(rmw_time_t duration) {return Duration(duration);}

  int64_t nanoseconds() const {return ns_;}
  double seconds() const {return static_cast<double>(ns_) * 1e-9;}
  rmw_time_t to_rmw_time() const;
  template<class DurationT>
  DurationT to_chrono() const
  {
    return std::chrono::duration_cast<DurationT>(std::chrono::nanoseconds(ns_));
  }

private:
  Duration() = default;
  int64_t ns_ = 0;
};

Duration operator*(double scale, const Duration & duration);

}  // namespace rclcpp

#endif  // RCLCPP__DURATION_HPP_
