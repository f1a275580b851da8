// rclcpp's QoS event callbacks (rclcpp/event_handler.hpp): the rmw status each event carries.
#ifndef RCLCPP__EVENT_HANDLER_HPP_
#define RCLCPP__EVENT_HANDLER_HPP_

#include <cstdint>
#include <functional>

#include "rmw/types.h"

typedef struct rmw_requested_deadline_missed_status_s { int32_t total_count; int32_t total_count_change; } rmw_requested_deadline_missed_status_t;
typedef struct rmw_offered_deadline_missed_status_s { int32_t total_count; int32_t total_count_change; } rmw_offered_deadline_missed_status_t;
typedef struct rmw_liveliness_changed_status_s {
  int32_t alive_count; int32_t not_alive_count; int32_t alive_count_change; int32_t not_alive_count_change;
} rmw_liveliness_changed_status_t;
typedef struct rmw_liveliness_lost_status_s { int32_t total_count; int32_t total_count_change; } rmw_liveliness_lost_status_t;
typedef enum rmw_qos_policy_kind_e {
  RMW_QOS_POLICY_INVALID = 1 << 0, RMW_QOS_POLICY_DURABILITY = 1 << 1, RMW_QOS_POLICY_DEADLINE = 1 << 2,
  RMW_QOS_POLICY_LIVELINESS = 1 << 3, RMW_QOS_POLICY_RELIABILITY = 1 << 4, RMW_QOS_POLICY_HISTORY = 1 << 5,
  RMW_QOS_POLICY_LIFESPAN = 1 << 6, RMW_QOS_POLICY_DEPTH = 1 << 7, RMW_QOS_POLICY_LIVELINESS_LEASE_DURATION = 1 << 8,
  RMW_QOS_POLICY_AVOID_ROS_NAMESPACE_CONVENTIONS = 1 << 9,
} rmw_qos_policy_kind_t;
typedef struct rmw_requested_qos_incompatible_event_status_s {
  int32_t total_count; int32_t total_count_change; rmw_qos_policy_kind_t last_policy_kind;
} rmw_requested_qos_incompatible_event_status_t;
typedef rmw_requested_qos_incompatible_event_status_t rmw_offered_qos_incompatible_event_status_t;
typedef struct rmw_incompatible_type_status_s { int32_t total_count; int32_t total_count_change; } rmw_incompatible_type_status_t;
typedef struct rmw_matched_status_s {
  size_t total_count; size_t total_count_change; size_t current_count; int32_t current_count_change;
} rmw_matched_status_t;
typedef struct rmw_message_lost_status_s { size_t total_count; size_t total_count_change; } rmw_message_lost_status_t;

namespace rclcpp
{

using QOSDeadlineRequestedInfo = rmw_requested_deadline_missed_status_t;
using QOSDeadlineOfferedInfo = rmw_offered_deadline_missed_status_t;
using QOSLivelinessChangedInfo = rmw_liveliness_changed_status_t;
using QOSLivelinessLostInfo = rmw_liveliness_lost_status_t;
using QOSMessageLostInfo = rmw_message_lost_status_t;
using QOSOfferedIncompatibleQoSInfo = rmw_offered_qos_incompatible_event_status_t;
using QOSRequestedIncompatibleQoSInfo = rmw_requested_qos_incompatible_event_status_t;
using IncompatibleTypeInfo = rmw_incompatible_type_status_t;
using MatchedInfo = rmw_matched_status_t;

using QOSDeadlineRequestedCallbackType = std::function<void (QOSDeadlineRequestedInfo &)>;
using QOSDeadlineOfferedCallbackType = std::function<void (QOSDeadlineOfferedInfo &)>;
using QOSLivelinessChangedCallbackType = std::function<void (QOSLivelinessChangedInfo &)>;
using QOSLivelinessLostCallbackType = std::function<void (QOSLivelinessLostInfo &)>;
using QOSMessageLostCallbackType = std::function<void (QOSMessageLostInfo &)>;
using QOSOfferedIncompatibleQoSCallbackType = std::function<void (QOSOfferedIncompatibleQoSInfo &)>;
using QOSRequestedIncompatibleQoSCallbackType = std::function<void (QOSRequestedIncompatibleQoSInfo &)>;
using IncompatibleTypeCallbackType = std::function<void (IncompatibleTypeInfo &)>;
using PublisherMatchedCallbackType = std::function<void (MatchedInfo &)>;
using SubscriptionMatchedCallbackType = std::function<void (MatchedInfo &)>;

struct PublisherEventCallbacks
{
  QOSDeadlineOfferedCallbackType deadline_callback;
  QOSLivelinessLostCallbackType liveliness_callback;
  QOSOfferedIncompatibleQoSCallbackType incompatible_qos_callback;
  IncompatibleTypeCallbackType incompatible_type_callback;
  PublisherMatchedCallbackType matched_callback;
};

struct SubscriptionEventCallbacks
{
  QOSDeadlineRequestedCallbackType deadline_callback;
  QOSLivelinessChangedCallbackType liveliness_callback;
  QOSRequestedIncompatibleQoSCallbackType incompatible_qos_callback;
  IncompatibleTypeCallbackType incompatible_type_callback;
  QOSMessageLostCallbackType message_lost_callback;
  SubscriptionMatchedCallbackType matched_callback;
};

}  // namespace rclcpp

#endif  // RCLCPP__EVENT_HANDLER_HPP_
