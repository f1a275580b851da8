#include "libstatistics_collector/moving_average_statistics/moving_average.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace libstatistics_collector
{
namespace moving_average_statistics
{

std::string StatisticsDataToString(const StatisticData & results)
{
  std::ostringstream text;
  text << "avg=" << std::to_string(results.average) << ", min=" << std::to_string(results.min)
       << ", max=" << std::to_string(results.max) << ", std_dev=" << std::to_string(results.standard_deviation)
       << ", count=" << std::to_string(results.sample_count);
  return text.str();
}

double MovingAverageStatistics::Average() const {return GetStatistics().average;}
double MovingAverageStatistics::Max() const {return GetStatistics().max;}
double MovingAverageStatistics::Min() const {return GetStatistics().min;}
double MovingAverageStatistics::StandardDeviation() const {return GetStatistics().standard_deviation;}

StatisticData MovingAverageStatistics::GetStatistics() const
{
  std::lock_guard<std::mutex> guard(mutex_);
  StatisticData data;
  if (count_ == 0) {
    return data;
  }
  data.average = average_;
  data.min = min_;
  data.max = max_;
  data.standard_deviation = std::sqrt(sum_of_square_diff_from_mean_ / static_cast<double>(count_));
  data.sample_count = count_;
  return data;
}

void MovingAverageStatistics::Reset()
{
  std::lock_guard<std::mutex> guard(mutex_);
  average_ = 0;
  min_ = std::numeric_limits<double>::max();
  max_ = std::numeric_limits<double>::min();
  sum_of_square_diff_from_mean_ = 0;
  count_ = 0;
}

void MovingAverageStatistics::AddMeasurement(const double item)
{
  if (std::isnan(item)) {
    return;
  }
  std::lock_guard<std::mutex> guard(mutex_);
  const double previous = average_;
  ++count_;
  average_ = previous + (item - previous) / static_cast<double>(count_);
  min_ = std::min(min_, item);
  max_ = std::max(max_, item);
  sum_of_square_diff_from_mean_ += (item - previous) * (item - average_);
}

uint64_t MovingAverageStatistics::GetCount() const
{
  std::lock_guard<std::mutex> guard(mutex_);
  return count_;
}

}  // namespace moving_average_statistics
}  // namespace libstatistics_collector
