// tf2's time (tf2/time.h): nanoseconds on the system clock, which reads sim time in the client.
#ifndef TF2__TIME_H_
#define TF2__TIME_H_

#include <chrono>
#include <cmath>
#include <string>

namespace tf2
{
using Duration = std::chrono::nanoseconds;
using TimePoint = std::chrono::time_point<std::chrono::system_clock, Duration>;
using IDuration = std::chrono::duration<int, std::nano>;
static const TimePoint TimePointZero = TimePoint(IDuration::zero());

TimePoint get_now();
Duration durationFromSec(double t_sec);
TimePoint timeFromSec(double t_sec);
double durationToSec(const tf2::Duration & input);
double timeToSec(const TimePoint & timepoint);
/// The time as seconds with 6 decimals ("%.6f"), as tf2's error texts show it.
std::string displayTimePoint(const TimePoint & stamp);
}  // namespace tf2

#endif  // TF2__TIME_H_
