// rclcpp::create_timer (rclcpp/create_timer.hpp): a timer of a node on a clock of the program's choosing.
#ifndef RCLCPP__CREATE_TIMER_HPP_
#define RCLCPP__CREATE_TIMER_HPP_

#include <chrono>
#include <memory>
#include <utility>

#include "rclcpp/clock.hpp"
#include "rclcpp/duration.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/node_interfaces/node_timers_interface.hpp"
#include "rclcpp/timer.hpp"

namespace rclcpp
{

template<typename NodeT, typename CallbackT>
typename rclcpp::GenericTimer<CallbackT>::SharedPtr create_timer(NodeT node, rclcpp::Clock::SharedPtr clock, rclcpp::Duration period,
  CallbackT && callback, rclcpp::CallbackGroup::SharedPtr group = nullptr, bool autostart = true)
{
  return std::make_shared<rclcpp::GenericTimer<CallbackT>>(
    std::move(clock), period.to_chrono<std::chrono::nanoseconds>(), std::forward<CallbackT>(callback), node->get_node_base_interface().get(), group,
    autostart);
}

/// The same from a node's interfaces (bondcpp's form); the timer belongs to the node of node_base.
template<typename CallbackT>
typename rclcpp::TimerBase::SharedPtr create_timer(std::shared_ptr<node_interfaces::NodeBaseInterface> node_base,
  std::shared_ptr<node_interfaces::NodeTimersInterface> /*node_timers*/, rclcpp::Clock::SharedPtr clock, rclcpp::Duration period,
  CallbackT && callback, rclcpp::CallbackGroup::SharedPtr group = nullptr, bool autostart = true)
{
  return std::make_shared<rclcpp::GenericTimer<CallbackT>>(
    std::move(clock), period.to_chrono<std::chrono::nanoseconds>(), std::forward<CallbackT>(callback), node_base.get(), group, autostart);
}

/// rclcpp::create_wall_timer: a steady-clock timer of the node of node_base, as Node::create_wall_timer.
template<typename DurationRepT, typename DurationT, typename CallbackT>
typename rclcpp::WallTimer<CallbackT>::SharedPtr create_wall_timer(std::chrono::duration<DurationRepT, DurationT> period,
  CallbackT callback, rclcpp::CallbackGroup::SharedPtr group, node_interfaces::NodeBaseInterface * node_base,
  node_interfaces::NodeTimersInterface * /*node_timers*/, bool autostart = true)
{
  return std::make_shared<rclcpp::WallTimer<CallbackT>>(
    std::chrono::duration_cast<std::chrono::nanoseconds>(period), std::move(callback), node_base, group, autostart);
}

}  // namespace rclcpp

#endif  // RCLCPP__CREATE_TIMER_HPP_
