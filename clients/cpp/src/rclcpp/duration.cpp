#include "rclcpp/duration.hpp"

#include <limits>
#include <stdexcept>

namespace rclcpp
{
namespace
{
constexpr int64_t NS = 1000000000;
}

Duration::Duration(int32_t seconds, uint32_t nanoseconds)
: ns_(static_cast<int64_t>(seconds) * NS + static_cast<int64_t>(nanoseconds)) {}

Duration::Duration(const builtin_interfaces::msg::Duration & duration_msg)
: ns_(static_cast<int64_t>(duration_msg.sec) * NS + static_cast<int64_t>(duration_msg.nanosec)) {}

Duration::Duration(const rmw_time_t & duration)
{
  // As rclcpp: a span rmw cannot hold in int64 ns is the largest one.
  if (duration.sec > static_cast<uint64_t>(std::numeric_limits<int64_t>::max() / NS)) {
    ns_ = std::numeric_limits<int64_t>::max();
    return;
  }
  int64_t whole = static_cast<int64_t>(duration.sec) * NS;
  uint64_t rest = duration.nsec;
  ns_ = rest > static_cast<uint64_t>(std::numeric_limits<int64_t>::max() - whole) ? std::numeric_limits<int64_t>::max() :
    whole + static_cast<int64_t>(rest);
}

Duration & Duration::operator=(const builtin_interfaces::msg::Duration & duration_msg)
{
  *this = Duration(duration_msg);
  return *this;
}

Duration::operator builtin_interfaces::msg::Duration() const
{
  builtin_interfaces::msg::Duration msg;
  int64_t quot = ns_ / NS;
  int64_t rem = ns_ % NS;
  if (rem < 0) {
    quot -= 1;
    rem += NS;
  }
  if (quot > std::numeric_limits<int32_t>::max()) {
    msg.sec = std::numeric_limits<int32_t>::max();
    msg.nanosec = static_cast<uint32_t>(NS - 1);
  } else if (quot < std::numeric_limits<int32_t>::min()) {
    msg.sec = std::numeric_limits<int32_t>::min();
    msg.nanosec = 0;
  } else {
    msg.sec = static_cast<int32_t>(quot);
    msg.nanosec = static_cast<uint32_t>(rem);
  }
  return msg;
}

namespace
{
int64_t checked_sum(int64_t a, int64_t b)
{
  int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) {
    throw std::overflow_error(b > 0 ? "addition leads to int64_t overflow" : "addition leads to int64_t underflow");
  }
  return sum;
}
}  // namespace

Duration Duration::operator+(const Duration & rhs) const {return from_nanoseconds(checked_sum(ns_, rhs.ns_));}

Duration & Duration::operator+=(const Duration & rhs) {return *this = *this + rhs;}

Duration Duration::operator-(const Duration & rhs) const
{
  int64_t difference = 0;
  if (__builtin_sub_overflow(ns_, rhs.ns_, &difference)) {
    throw std::overflow_error(rhs.ns_ < 0 ? "duration subtraction leads to int64_t overflow" : "duration subtraction leads to int64_t underflow");
  }
  return from_nanoseconds(difference);
}

Duration & Duration::operator-=(const Duration & rhs) {return *this = *this - rhs;}

Duration Duration::operator*(double scale) const
{
  if (!(scale == scale)) {
    throw std::runtime_error("abnormal scale in rclcpp::Duration");
  }
  // double, not rclcpp's long double: long double differs between CPUs, and so would the product.
  double product = static_cast<double>(ns_) * scale;
  if (product >= 9223372036854775808.0) {
    throw std::overflow_error("duration scaling leads to int64_t overflow");
  }
  if (product < -9223372036854775808.0) {
    throw std::underflow_error("duration scaling leads to int64_t underflow");
  }
  return from_nanoseconds(static_cast<int64_t>(product));
}

Duration & Duration::operator*=(double scale) {return *this = *this * scale;}

Duration Duration::max() {return Duration(std::numeric_limits<int32_t>::max(), 999999999);}

Duration Duration::from_seconds(double seconds) {return from_nanoseconds(static_cast<int64_t>(seconds * 1e9));}

rmw_time_t Duration::to_rmw_time() const
{
  if (ns_ < 0) {
    throw std::runtime_error("rmw_time_t cannot be negative");
  }
  return rmw_time_t{static_cast<uint64_t>(ns_ / NS), static_cast<uint64_t>(ns_ % NS)};
}

Duration operator*(double scale, const Duration & duration) {return duration * scale;}

}  // namespace rclcpp
