// tf2's time conversions (tf2/src/time.cpp): the same integer and double steps as tf2.
#include "tf2/time.h"

#include <cstdint>
#include <cstdio>
#include <string>

tf2::TimePoint tf2::get_now()
{
  return std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
}

tf2::Duration tf2::durationFromSec(double t_sec)
{
  int32_t sec = static_cast<int32_t>(std::floor(t_sec));
  int32_t nsec = static_cast<int32_t>(std::round((t_sec - sec) * 1e9));
  sec += (nsec / 1000000000l);
  nsec %= 1000000000l;
  return std::chrono::seconds(sec) + std::chrono::nanoseconds(nsec);
}

tf2::TimePoint tf2::timeFromSec(double t_sec)
{
  return tf2::TimePoint(durationFromSec(t_sec));
}

double tf2::durationToSec(const tf2::Duration & input)
{
  int64_t count = input.count();
  int32_t nsec = static_cast<int32_t>(count % 1000000000l);
  int32_t sec = static_cast<int32_t>((count - nsec) / 1000000000l);
  return static_cast<double>(sec) + 1e-9 * static_cast<double>(nsec);
}

double tf2::timeToSec(const TimePoint & timepoint)
{
  return durationToSec(tf2::Duration(timepoint.time_since_epoch()));
}

std::string tf2::displayTimePoint(const TimePoint & stamp)
{
  double seconds = timeToSec(stamp);
  int size = std::snprintf(nullptr, 0, "%.6f", seconds);
  std::string text(static_cast<size_t>(size) + 1, '\0');
  std::snprintf(text.data(), text.size(), "%.6f", seconds);
  text.resize(static_cast<size_t>(size));
  return text;
}
