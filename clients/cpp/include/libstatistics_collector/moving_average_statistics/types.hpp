// libstatistics_collector's StatisticData (moving_average_statistics/types.hpp): the statistics of
// a set of observations, NaN and a count of 0 when there were none; StatisticsDataToString prints
// them as upstream does ("avg=1.000000, min=…, max=…, std_dev=…, count=5").
#ifndef LIBSTATISTICS_COLLECTOR__MOVING_AVERAGE_STATISTICS__TYPES_HPP_
#define LIBSTATISTICS_COLLECTOR__MOVING_AVERAGE_STATISTICS__TYPES_HPP_

#include <cmath>
#include <cstdint>
#include <string>

namespace libstatistics_collector
{
namespace moving_average_statistics
{

struct StatisticData
{
  double average = std::nan("");
  double min = std::nan("");
  double max = std::nan("");
  double standard_deviation = std::nan("");
  uint64_t sample_count = 0;
};

std::string StatisticsDataToString(const StatisticData & results);

}  // namespace moving_average_statistics
}  // namespace libstatistics_collector

#endif  // LIBSTATISTICS_COLLECTOR__MOVING_AVERAGE_STATISTICS__TYPES_HPP_
