#include "rclcpp/rate.hpp"

#include <stdexcept>

namespace rclcpp
{

Rate::Rate(double rate, Clock::SharedPtr clock)
: clock_(std::move(clock)), period_(Duration::from_seconds(1.0 / rate)), last_interval_(clock_->now())
{
  if (rate <= 0.0) {
    throw std::invalid_argument{"rate must be greater than 0"};
  }
}

Rate::Rate(const Duration & period, Clock::SharedPtr clock)
: clock_(std::move(clock)), period_(period), last_interval_(clock_->now())
{
  if (period <= Duration(0, 0)) {
    throw std::invalid_argument{"period must be greater than 0"};
  }
}

bool Rate::sleep()
{
  // rclcpp's rule (rate.cpp): the next boundary is one period after the last; a loop that
  // overran by more than a period starts again from now, and says so.
  Time now = clock_->now();
  Time next_interval = last_interval_ + period_;
  if (now < last_interval_) {
    next_interval = now + period_;
  }
  Duration time_to_sleep = next_interval - now;
  last_interval_ += period_;
  if (time_to_sleep <= Duration(0, 0)) {
    if (now > next_interval + period_) {
      last_interval_ = now + period_;
    }
    return false;
  }
  return clock_->sleep_for(time_to_sleep);
}

}  // namespace rclcpp
