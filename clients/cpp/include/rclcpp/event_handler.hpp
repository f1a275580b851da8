// rclcpp's QoS event callbacks (rclcpp/event_handler.hpp): the rmw status each event carries, and
// rcl's event kinds. The simulation decides when an event happens; a publisher or subscription
// made with callbacks (PublisherOptions/SubscriptionOptions::event_callbacks) has a handler for
// each, whose callback runs as the node's others do (docs/cpp.md "QoS events").
#ifndef RCLCPP__EVENT_HANDLER_HPP_
#define RCLCPP__EVENT_HANDLER_HPP_

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "rmw/impl/cpp/demangle.hpp"
#include "rmw/types.h"

typedef struct rmw_requested_deadline_missed_status_s { int32_t total_count; int32_t total_count_change; } rmw_requested_deadline_missed_status_t;
typedef struct rmw_offered_deadline_missed_status_s { int32_t total_count; int32_t total_count_change; } rmw_offered_deadline_missed_status_t;
typedef struct rmw_liveliness_changed_status_s {
  int32_t alive_count; int32_t not_alive_count; int32_t alive_count_change; int32_t not_alive_count_change;
} rmw_liveliness_changed_status_t;
typedef struct rmw_liveliness_lost_status_s { int32_t total_count; int32_t total_count_change; } rmw_liveliness_lost_status_t;
typedef struct rmw_requested_qos_incompatible_event_status_s {
  int32_t total_count; int32_t total_count_change; rmw_qos_policy_kind_t last_policy_kind;
} rmw_requested_qos_incompatible_event_status_t;
typedef rmw_requested_qos_incompatible_event_status_t rmw_offered_qos_incompatible_event_status_t;
typedef struct rmw_incompatible_type_status_s { int32_t total_count; int32_t total_count_change; } rmw_incompatible_type_status_t;
typedef struct rmw_matched_status_s {
  size_t total_count; size_t total_count_change; size_t current_count; int32_t current_count_change;
} rmw_matched_status_t;
typedef struct rmw_message_lost_status_s { size_t total_count; size_t total_count_change; } rmw_message_lost_status_t;

typedef enum rcl_publisher_event_type_e {
  RCL_PUBLISHER_OFFERED_DEADLINE_MISSED, RCL_PUBLISHER_LIVELINESS_LOST, RCL_PUBLISHER_OFFERED_INCOMPATIBLE_QOS,
  RCL_PUBLISHER_INCOMPATIBLE_TYPE, RCL_PUBLISHER_MATCHED,
} rcl_publisher_event_type_t;
typedef enum rcl_subscription_event_type_e {
  RCL_SUBSCRIPTION_REQUESTED_DEADLINE_MISSED, RCL_SUBSCRIPTION_LIVELINESS_CHANGED, RCL_SUBSCRIPTION_REQUESTED_INCOMPATIBLE_QOS,
  RCL_SUBSCRIPTION_MESSAGE_LOST, RCL_SUBSCRIPTION_INCOMPATIBLE_TYPE, RCL_SUBSCRIPTION_MATCHED,
} rcl_subscription_event_type_t;

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
  QOSMessageLostCallbackType message_lost_callback;
  IncompatibleTypeCallbackType incompatible_type_callback;
  SubscriptionMatchedCallbackType matched_callback;
};

/// rcl refuses an event the middleware does not support (never here: the simulation has them all).
class UnsupportedEventTypeException : public std::runtime_error
{
public:
  explicit UnsupportedEventTypeException(const std::string & message) : std::runtime_error(message) {}
};

/// One event handler of a publisher or subscription (its callback runs when the event happens).
class EventHandlerBase
{
public:
  virtual ~EventHandlerBase() = default;
};

}  // namespace rclcpp

#endif  // RCLCPP__EVENT_HANDLER_HPP_
