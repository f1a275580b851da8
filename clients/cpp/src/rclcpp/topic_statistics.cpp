#include "rclcpp/topic_statistics/subscription_topic_statistics.hpp"

#include <stdexcept>
#include <utility>

#include "rclsim/port.hpp"
#include "statistics_msgs/msg/statistic_data_type.hpp"

namespace rclcpp
{
namespace topic_statistics
{

namespace
{

// libstatistics_collector's metric names and unit.
constexpr const char * MESSAGE_AGE = "message_age";
constexpr const char * MESSAGE_PERIOD = "message_period";
constexpr const char * MILLISECONDS = "ms";

/// libstatistics_collector::collector::GenerateStatisticMessage: the five statistics, in its order.
MetricsMessage metrics(const std::string & node_name, const char * metric, const rclcpp::Time & start, const rclcpp::Time & stop,
  const StatisticData & data)
{
  using statistics_msgs::msg::StatisticDataType;
  MetricsMessage message;
  message.measurement_source_name = node_name;
  message.metrics_source = metric;
  message.unit = MILLISECONDS;
  message.window_start = start;
  message.window_stop = stop;
  const std::pair<uint8_t, double> points[] = {
    {StatisticDataType::STATISTICS_DATA_TYPE_AVERAGE, data.average},
    {StatisticDataType::STATISTICS_DATA_TYPE_MAXIMUM, data.max},
    {StatisticDataType::STATISTICS_DATA_TYPE_MINIMUM, data.min},
    {StatisticDataType::STATISTICS_DATA_TYPE_SAMPLE_COUNT, static_cast<double>(data.sample_count)},
    {StatisticDataType::STATISTICS_DATA_TYPE_STDDEV, data.standard_deviation},
  };
  for (const auto & [type, value] : points) {
    message.statistics.emplace_back();
    message.statistics.back().data_type = type;
    message.statistics.back().data = value;
  }
  return message;
}

}  // namespace

SubscriptionTopicStatistics::SubscriptionTopicStatistics(const std::string & node_name, rclcpp::Publisher<MetricsMessage>::SharedPtr publisher)
: node_name_(node_name), publisher_(std::move(publisher)), window_start_(rclsim::port::now_ns())
{
  if (publisher_ == nullptr) {
    throw std::invalid_argument("publisher pointer is nullptr");
  }
}

SubscriptionTopicStatistics::~SubscriptionTopicStatistics()
{
  if (publisher_timer_) {
    publisher_timer_->cancel();
  }
}

void SubscriptionTopicStatistics::handle_message(const rmw_message_info_t & message_info, const rclcpp::Time now_nanoseconds) const
{
  std::lock_guard<std::mutex> lock(mutex_);
  const int64_t now = now_nanoseconds.nanoseconds();
  // Age: only with both times known (a source timestamp of 0 is none).
  if (message_info.source_timestamp != 0 && now != 0) {
    age_.AddMeasurement(static_cast<double>(now - message_info.source_timestamp) / 1e6);
  }
  // Period: from the previous message on, whichever window it came in.
  if (last_received_ns_ != 0) {
    period_.AddMeasurement(static_cast<double>(now - last_received_ns_) / 1e6);
  }
  last_received_ns_ = now;
}

void SubscriptionTopicStatistics::set_publisher_timer(rclcpp::TimerBase::SharedPtr publisher_timer)
{
  publisher_timer_ = std::move(publisher_timer);
}

void SubscriptionTopicStatistics::publish_message_and_reset_measurements()
{
  const rclcpp::Time window_end(rclsim::port::now_ns());
  std::vector<MetricsMessage> messages;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    messages.push_back(metrics(node_name_, MESSAGE_AGE, window_start_, window_end, age_.GetStatistics()));
    messages.push_back(metrics(node_name_, MESSAGE_PERIOD, window_start_, window_end, period_.GetStatistics()));
    age_.Reset();
    period_.Reset();
  }
  for (const auto & message : messages) {
    publisher_->publish(message);
  }
  window_start_ = window_end;
}

std::vector<StatisticData> SubscriptionTopicStatistics::get_current_collector_data() const
{
  std::lock_guard<std::mutex> lock(mutex_);
  return {age_.GetStatistics(), period_.GetStatistics()};
}

}  // namespace topic_statistics
}  // namespace rclcpp
