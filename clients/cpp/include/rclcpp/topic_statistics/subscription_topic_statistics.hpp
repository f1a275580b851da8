// rclcpp::topic_statistics::SubscriptionTopicStatistics: a subscription's statistics of the
// messages it receives — their age (now minus the source timestamp) and their period (between two
// receptions), in milliseconds, as libstatistics_collector's ReceivedMessageAge/PeriodCollector
// measure them (each with its MovingAverageStatistics) — published as statistics_msgs/MetricsMessage ("message_age", "message_period")
// at each period of its timer, in sim time, each window's measurements then cleared.
#ifndef RCLCPP__TOPIC_STATISTICS__SUBSCRIPTION_TOPIC_STATISTICS_HPP_
#define RCLCPP__TOPIC_STATISTICS__SUBSCRIPTION_TOPIC_STATISTICS_HPP_

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "libstatistics_collector/moving_average_statistics/moving_average.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/time.hpp"
#include "rclcpp/timer.hpp"
#include "rmw/types.h"
#include "statistics_msgs/msg/metrics_message.hpp"

namespace rclcpp
{
namespace topic_statistics
{

constexpr const char kDefaultPublishTopicName[]{"/statistics"};
constexpr const std::chrono::milliseconds kDefaultPublishingPeriod{std::chrono::seconds(1)};

using statistics_msgs::msg::MetricsMessage;

using libstatistics_collector::moving_average_statistics::StatisticData;

class SubscriptionTopicStatistics
{
public:
  SubscriptionTopicStatistics(const std::string & node_name, rclcpp::Publisher<MetricsMessage>::SharedPtr publisher);
  virtual ~SubscriptionTopicStatistics();

  /// A message was received at `now_nanoseconds` (taken before its callback ran).
  virtual void handle_message(const rmw_message_info_t & message_info, const rclcpp::Time now_nanoseconds) const;
  void set_publisher_timer(rclcpp::TimerBase::SharedPtr publisher_timer);
  /// One MetricsMessage per collector for the window that ends now; the next window starts.
  virtual void publish_message_and_reset_measurements();

protected:
  std::vector<StatisticData> get_current_collector_data() const;

private:
  mutable std::mutex mutex_;
  mutable libstatistics_collector::moving_average_statistics::MovingAverageStatistics age_;
  mutable libstatistics_collector::moving_average_statistics::MovingAverageStatistics period_;
  /// When the previous message came (0: none yet); a window's end does not forget it.
  mutable int64_t last_received_ns_ = 0;
  const std::string node_name_;
  rclcpp::Publisher<MetricsMessage>::SharedPtr publisher_;
  rclcpp::TimerBase::SharedPtr publisher_timer_;
  rclcpp::Time window_start_;
};

}  // namespace topic_statistics
}  // namespace rclcpp

#endif  // RCLCPP__TOPIC_STATISTICS__SUBSCRIPTION_TOPIC_STATISTICS_HPP_
