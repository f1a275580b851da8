// rclcpp::SubscriptionOptions (rclcpp/subscription_options.hpp).
#ifndef RCLCPP__SUBSCRIPTION_OPTIONS_HPP_
#define RCLCPP__SUBSCRIPTION_OPTIONS_HPP_

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/event_handler.hpp"
#include "rclcpp/intra_process_setting.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/qos_overriding_options.hpp"
#include "rmw/types.h"

namespace rclcpp
{

/// Whether a subscription publishes its topic statistics (rclcpp/topic_statistics_state.hpp).
enum class TopicStatisticsState { Enable, Disable, NodeDefault };

/// Where and how often (in sim time) a subscription publishes statistics_msgs/MetricsMessage of
/// its messages' age and period (rclcpp::topic_statistics::SubscriptionTopicStatistics).
struct TopicStatisticsOptions
{
  TopicStatisticsState state = TopicStatisticsState::NodeDefault;
  std::string publish_topic = "/statistics";
  std::chrono::milliseconds publish_period{std::chrono::seconds(1)};
  rclcpp::QoS qos = rclcpp::SystemDefaultsQoS().keep_last(10);
};

struct ContentFilterOptions
{
  std::string filter_expression;
  std::vector<std::string> expression_parameters;
};

struct SubscriptionOptionsBase
{
  using TopicStatisticsOptions = rclcpp::TopicStatisticsOptions;
  SubscriptionEventCallbacks event_callbacks;
  bool use_default_callbacks = true;
  bool ignore_local_publications = false;
  rmw_unique_network_flow_endpoints_requirement_t require_unique_network_flow_endpoints = RMW_UNIQUE_NETWORK_FLOW_ENDPOINTS_NOT_REQUIRED;
  IntraProcessSetting use_intra_process_comm = IntraProcessSetting::NodeDefault;
  rclcpp::CallbackGroup::SharedPtr callback_group;
  TopicStatisticsOptions topic_stats_options;
  QosOverridingOptions qos_overriding_options;
  ContentFilterOptions content_filter_options;
};

template<typename Allocator>
struct SubscriptionOptionsWithAllocator : public SubscriptionOptionsBase
{
  std::shared_ptr<Allocator> allocator = nullptr;
  SubscriptionOptionsWithAllocator() = default;
  explicit SubscriptionOptionsWithAllocator(const SubscriptionOptionsBase & base) : SubscriptionOptionsBase(base) {}
};

using SubscriptionOptions = SubscriptionOptionsWithAllocator<std::allocator<void>>;

}  // namespace rclcpp

#endif  // RCLCPP__SUBSCRIPTION_OPTIONS_HPP_
