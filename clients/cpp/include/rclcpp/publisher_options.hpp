// rclcpp::PublisherOptions (rclcpp/publisher_options.hpp).
#ifndef RCLCPP__PUBLISHER_OPTIONS_HPP_
#define RCLCPP__PUBLISHER_OPTIONS_HPP_

#include <memory>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/event_handler.hpp"
#include "rclcpp/intra_process_setting.hpp"
#include "rclcpp/qos_overriding_options.hpp"
#include "rmw/types.h"

namespace rclcpp
{

struct PublisherOptionsBase
{
  IntraProcessSetting use_intra_process_comm = IntraProcessSetting::NodeDefault;
  PublisherEventCallbacks event_callbacks;
  bool use_default_callbacks = true;
  rclcpp::CallbackGroup::SharedPtr callback_group;
  QosOverridingOptions qos_overriding_options;
  rmw_unique_network_flow_endpoints_requirement_t require_unique_network_flow_endpoints = RMW_UNIQUE_NETWORK_FLOW_ENDPOINTS_NOT_REQUIRED;
};

template<typename Allocator>
struct PublisherOptionsWithAllocator : public PublisherOptionsBase
{
  std::shared_ptr<Allocator> allocator = nullptr;
  PublisherOptionsWithAllocator() = default;
  explicit PublisherOptionsWithAllocator(const PublisherOptionsBase & base) : PublisherOptionsBase(base) {}
};

using PublisherOptions = PublisherOptionsWithAllocator<std::allocator<void>>;

}  // namespace rclcpp

#endif  // RCLCPP__PUBLISHER_OPTIONS_HPP_
