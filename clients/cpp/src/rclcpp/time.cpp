#include "rclcpp/time.hpp"

#include <limits>
#include <stdexcept>

namespace rclcpp
{
namespace
{
constexpr int64_t NS = 1000000000;

void same_clock(const Time & a, const Time & b)
{
  if (a.get_clock_type() != b.get_clock_type()) {
    throw std::runtime_error("can't compare times with different time sources");
  }
}
}  // namespace

Time::Time(int32_t seconds, uint32_t nanoseconds, rcl_clock_type_t clock_type)
: clock_type_(clock_type)
{
  if (seconds < 0) {
    throw std::runtime_error("cannot store a negative time point in rclcpp::Time");
  }
  ns_ = static_cast<int64_t>(seconds) * NS + nanoseconds;
}

Time::Time(int64_t nanoseconds, rcl_clock_type_t clock_type)
: ns_(nanoseconds), clock_type_(clock_type)
{
  if (nanoseconds < 0) {
    throw std::runtime_error("cannot store a negative time point in rclcpp::Time");
  }
}

Time::~Time() = default;

Time::Time(const builtin_interfaces::msg::Time & time_msg, rcl_clock_type_t clock_type)
: clock_type_(clock_type)
{
  if (time_msg.sec < 0) {
    throw std::runtime_error("cannot store a negative time point in rclcpp::Time");
  }
  ns_ = static_cast<int64_t>(time_msg.sec) * NS + time_msg.nanosec;
}

Time & Time::operator=(const builtin_interfaces::msg::Time & time_msg)
{
  *this = Time(time_msg);
  return *this;
}

Time::operator builtin_interfaces::msg::Time() const
{
  builtin_interfaces::msg::Time msg;
  msg.sec = static_cast<int32_t>(ns_ / NS);
  msg.nanosec = static_cast<uint32_t>(ns_ % NS);
  return msg;
}

bool Time::operator==(const Time & rhs) const {return clock_type_ == rhs.clock_type_ && ns_ == rhs.ns_;}
bool Time::operator!=(const Time & rhs) const {return !(*this == rhs);}
bool Time::operator<(const Time & rhs) const {same_clock(*this, rhs); return ns_ < rhs.ns_;}
bool Time::operator<=(const Time & rhs) const {same_clock(*this, rhs); return ns_ <= rhs.ns_;}
bool Time::operator>=(const Time & rhs) const {same_clock(*this, rhs); return ns_ >= rhs.ns_;}
bool Time::operator>(const Time & rhs) const {same_clock(*this, rhs); return ns_ > rhs.ns_;}

Time Time::operator+(const Duration & rhs) const
{
  int64_t sum = 0;
  if (__builtin_add_overflow(ns_, rhs.nanoseconds(), &sum)) {
    throw std::overflow_error("addition leads to int64_t overflow");
  }
  return Time(sum, clock_type_);
}

Duration Time::operator-(const Time & rhs) const
{
  if (clock_type_ != rhs.clock_type_) {
    throw std::runtime_error("can't subtract times with different time sources");
  }
  int64_t difference = 0;
  if (__builtin_sub_overflow(ns_, rhs.ns_, &difference)) {
    throw std::overflow_error("time subtraction leads to int64_t overflow");
  }
  return Duration::from_nanoseconds(difference);
}

Time Time::operator-(const Duration & rhs) const
{
  int64_t difference = 0;
  if (__builtin_sub_overflow(ns_, rhs.nanoseconds(), &difference)) {
    throw std::overflow_error("time subtraction leads to int64_t underflow");
  }
  return Time(difference, clock_type_);
}

Time & Time::operator+=(const Duration & rhs) {return *this = *this + rhs;}
Time & Time::operator-=(const Duration & rhs) {return *this = *this - rhs;}

Time Time::max(rcl_clock_type_t clock_type) {return Time(std::numeric_limits<int32_t>::max(), 999999999, clock_type);}

Time operator+(const rclcpp::Duration & lhs, const rclcpp::Time & rhs) {return rhs + lhs;}

}  // namespace rclcpp
