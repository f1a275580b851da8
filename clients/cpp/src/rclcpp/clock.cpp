#include "rclcpp/clock.hpp"

#include <stdexcept>

#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclcpp
{

Time Clock::now() const {return Time(rclsim::port::now_ns(), clock_type_);}

bool Clock::sleep_until(Time until, Context::SharedPtr context)
{
  if (!context || !context->is_valid()) {
    throw std::runtime_error("context cannot be slept with because it's invalid");
  }
  if (until.get_clock_type() != clock_type_) {
    throw std::runtime_error("until's clock type does not match this clock's type");
  }
  rclsim::waits::sleep_ns(until.nanoseconds() - rclsim::port::now_ns());
  return context->is_valid();
}

bool Clock::sleep_for(Duration rel_time, Context::SharedPtr context)
{
  return sleep_until(now() + rel_time, std::move(context));
}

}  // namespace rclcpp
