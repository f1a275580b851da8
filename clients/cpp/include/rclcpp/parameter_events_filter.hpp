// rclcpp::ParameterEventsFilter (rclcpp/parameter_events_filter.hpp): the entries of one
// ParameterEvent whose name is one of the given names and whose kind (new, changed, deleted) is
// one of the given types, in the order of the types, then of the event's lists.
#ifndef RCLCPP__PARAMETER_EVENTS_FILTER_HPP_
#define RCLCPP__PARAMETER_EVENTS_FILTER_HPP_

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rcl_interfaces/msg/parameter.hpp"
#include "rcl_interfaces/msg/parameter_event.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{

class ParameterEventsFilter
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(ParameterEventsFilter)
  enum class EventType {NEW, DELETED, CHANGED};
  /// Upstream hands out non-const pointers into the event it keeps.
  using EventPair = std::pair<EventType, rcl_interfaces::msg::Parameter *>;

  ParameterEventsFilter(
    std::shared_ptr<const rcl_interfaces::msg::ParameterEvent> event,
    const std::vector<std::string> & names,
    const std::vector<EventType> & types)
  : event_(event)
  {
    for (const EventType type : types) {
      const auto & list = type == EventType::NEW ? event_->new_parameters :
        type == EventType::CHANGED ? event_->changed_parameters : event_->deleted_parameters;
      for (const auto & parameter : list) {
        if (std::find(names.begin(), names.end(), parameter.name) != names.end()) {
          result_.emplace_back(type, const_cast<rcl_interfaces::msg::Parameter *>(&parameter));
        }
      }
    }
  }

  const std::vector<EventPair> & get_events() const {return result_;}

private:
  std::vector<EventPair> result_;
  std::shared_ptr<const rcl_interfaces::msg::ParameterEvent> event_;
};

}  // namespace rclcpp

#endif  // RCLCPP__PARAMETER_EVENTS_FILTER_HPP_
