// libstatistics_collector's MovingAverageStatistics (moving_average_statistics/moving_average.hpp):
// the mean, extremes and population standard deviation of the observations since the last
// Reset(), kept online (Welford's method) in constant memory; NaN observations are not counted.
// Thread-safe. rclcpp's topic statistics measure with it; ros2_control reports its StatisticData.
#ifndef LIBSTATISTICS_COLLECTOR__MOVING_AVERAGE_STATISTICS__MOVING_AVERAGE_HPP_
#define LIBSTATISTICS_COLLECTOR__MOVING_AVERAGE_STATISTICS__MOVING_AVERAGE_HPP_

#include <cstdint>
#include <limits>
#include <mutex>

#include "libstatistics_collector/moving_average_statistics/types.hpp"

namespace libstatistics_collector
{
namespace moving_average_statistics
{

class MovingAverageStatistics
{
public:
  MovingAverageStatistics() = default;
  virtual ~MovingAverageStatistics() = default;

  double Average() const;
  double Max() const;
  double Min() const;
  double StandardDeviation() const;
  StatisticData GetStatistics() const;
  void Reset();
  virtual void AddMeasurement(const double item);
  uint64_t GetCount() const;

private:
  mutable std::mutex mutex_;
  double average_ = 0;
  double min_ = std::numeric_limits<double>::max();
  // Upstream starts the maximum at the smallest positive double (numeric_limits::min), so
  // observations all below it report that as their maximum: kept, as the real one reports.
  double max_ = std::numeric_limits<double>::min();
  double sum_of_square_diff_from_mean_ = 0;
  uint64_t count_ = 0;
};

}  // namespace moving_average_statistics
}  // namespace libstatistics_collector

#endif  // LIBSTATISTICS_COLLECTOR__MOVING_AVERAGE_STATISTICS__MOVING_AVERAGE_HPP_
