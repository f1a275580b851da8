// rclcpp::Rate and WallRate (rclcpp/rate.hpp): a loop's period kept in sim time.
#ifndef RCLCPP__RATE_HPP_
#define RCLCPP__RATE_HPP_

#include <chrono>

#include "rclcpp/clock.hpp"
#include "rclcpp/duration.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{

class Rate
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(Rate)

  explicit Rate(double rate, Clock::SharedPtr clock = std::make_shared<Clock>(RCL_SYSTEM_TIME));
  explicit Rate(const Duration & period, Clock::SharedPtr clock = std::make_shared<Clock>(RCL_SYSTEM_TIME));
  virtual ~Rate() = default;
  /// As rclcpp: sleeps to the next period boundary; false when the loop overran (then it starts again from now).
  virtual bool sleep();
  virtual rcl_clock_type_t get_type() const {return clock_->get_clock_type();}
  virtual void reset() {last_interval_ = clock_->now();}
  std::chrono::nanoseconds period() const {return std::chrono::nanoseconds(period_.nanoseconds());}

private:
  Clock::SharedPtr clock_;
  Duration period_;
  Time last_interval_;
};

class WallRate : public Rate
{
public:
  explicit WallRate(double rate) : Rate(rate, std::make_shared<Clock>(RCL_STEADY_TIME)) {}
  explicit WallRate(const Duration & period) : Rate(period, std::make_shared<Clock>(RCL_STEADY_TIME)) {}
};

class ROSRate : public Rate
{
public:
  explicit ROSRate(double rate) : Rate(rate, std::make_shared<Clock>(RCL_ROS_TIME)) {}
  explicit ROSRate(const Duration & period) : Rate(period, std::make_shared<Clock>(RCL_ROS_TIME)) {}
};

}  // namespace rclcpp

#endif  // RCLCPP__RATE_HPP_
