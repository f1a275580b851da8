// rclcpp::create_timer (rclcpp/create_timer.hpp): a timer of a node on a clock of the program's choosing.
#ifndef RCLCPP__CREATE_TIMER_HPP_
#define RCLCPP__CREATE_TIMER_HPP_

#include <chrono>
#include <memory>
#include <utility>

#include "rclcpp/clock.hpp"
#include "rclcpp/duration.hpp"
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

}  // namespace rclcpp

#endif  // RCLCPP__CREATE_TIMER_HPP_
