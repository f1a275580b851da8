// As rclcpp/src/rclcpp/parameter_event_handler.cpp (Jazzy).
#include "rclcpp/parameter_event_handler.hpp"

#include <algorithm>
#include <stdexcept>

namespace rclcpp
{

ParameterEventCallbackHandle::SharedPtr ParameterEventHandler::add_parameter_event_callback(ParameterEventCallbackType callback)
{
  auto handle = std::make_shared<ParameterEventCallbackHandle>();
  handle->callback = std::move(callback);
  callbacks_->event_callbacks_.emplace_front(handle);
  return handle;
}

void ParameterEventHandler::remove_parameter_event_callback(ParameterEventCallbackHandle::SharedPtr callback_handle)
{
  auto & all = callbacks_->event_callbacks_;
  auto it = std::find_if(all.begin(), all.end(), [&](const auto & weak) {return callback_handle.get() == weak.lock().get();});
  if (it == all.end()) {
    throw std::runtime_error("Callback doesn't exist");
  }
  all.erase(it);
}

ParameterCallbackHandle::SharedPtr ParameterEventHandler::add_parameter_callback(const std::string & parameter_name,
  ParameterCallbackType callback, const std::string & node_name)
{
  auto full_node_name = resolve_path(node_name);
  auto handle = std::make_shared<ParameterCallbackHandle>();
  handle->callback = std::move(callback);
  handle->parameter_name = parameter_name;
  handle->node_name = full_node_name;
  callbacks_->parameter_callbacks_[{parameter_name, full_node_name}].emplace_front(handle);
  return handle;
}

void ParameterEventHandler::remove_parameter_callback(ParameterCallbackHandle::SharedPtr callback_handle)
{
  auto handle = callback_handle.get();
  auto key = std::make_pair(handle->parameter_name, handle->node_name);
  auto & container = callbacks_->parameter_callbacks_[key];
  auto it = std::find_if(container.begin(), container.end(), [handle](const auto & weak) {return handle == weak.lock().get();});
  if (it == container.end()) {
    throw std::runtime_error("Callback doesn't exist");
  }
  container.erase(it);
  if (container.empty()) {
    callbacks_->parameter_callbacks_.erase(key);
  }
}

bool ParameterEventHandler::get_parameter_from_event(const rcl_interfaces::msg::ParameterEvent & event, rclcpp::Parameter & parameter,
  const std::string & parameter_name, const std::string & node_name)
{
  if (event.node != node_name) {
    return false;
  }
  for (const auto & list : {&event.new_parameters, &event.changed_parameters}) {
    for (const auto & given : *list) {
      if (given.name == parameter_name) {
        parameter = rclcpp::Parameter::from_parameter_msg(given);
        return true;
      }
    }
  }
  return false;
}

rclcpp::Parameter ParameterEventHandler::get_parameter_from_event(const rcl_interfaces::msg::ParameterEvent & event,
  const std::string & parameter_name, const std::string & node_name)
{
  rclcpp::Parameter parameter;
  if (!get_parameter_from_event(event, parameter, parameter_name, node_name)) {
    if (event.node == node_name) {
      return rclcpp::Parameter(parameter_name, rclcpp::ParameterValue());
    }
    throw std::runtime_error("The node name '" + node_name + "' of parameter '" + parameter_name +
            "' doesn't match the node name '" + event.node + "' in parameter event");
  }
  return parameter;
}

std::vector<rclcpp::Parameter> ParameterEventHandler::get_parameters_from_event(const rcl_interfaces::msg::ParameterEvent & event)
{
  std::vector<rclcpp::Parameter> parameters;
  for (const auto & given : event.new_parameters) {
    parameters.push_back(rclcpp::Parameter::from_parameter_msg(given));
  }
  for (const auto & given : event.changed_parameters) {
    parameters.push_back(rclcpp::Parameter::from_parameter_msg(given));
  }
  return parameters;
}

void ParameterEventHandler::Callbacks::event_callback(const rcl_interfaces::msg::ParameterEvent & event)
{
  for (auto & entry : parameter_callbacks_) {
    rclcpp::Parameter parameter;
    if (!get_parameter_from_event(event, parameter, entry.first.first, entry.first.second)) {
      continue;
    }
    for (auto it = entry.second.begin(); it != entry.second.end(); ) {
      if (auto handle = it->lock()) {
        handle->callback(parameter);
        ++it;
      } else {
        it = entry.second.erase(it);
      }
    }
  }
  for (auto it = event_callbacks_.begin(); it != event_callbacks_.end(); ) {
    if (auto handle = it->lock()) {
      handle->callback(event);
      ++it;
    } else {
      it = event_callbacks_.erase(it);
    }
  }
}

std::string ParameterEventHandler::resolve_path(const std::string & path)
{
  if (path.empty()) {
    return node_base_->get_fully_qualified_name();
  }
  if (path.front() == '/') {
    return path;
  }
  std::string ns = node_base_->get_namespace();
  return ns == "/" ? ns + path : ns + "/" + path;
}

}  // namespace rclcpp
