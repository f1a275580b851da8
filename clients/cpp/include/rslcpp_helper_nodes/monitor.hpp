// rslcpp's SimulationMonitor helper node (rslcpp_helper_nodes/monitor.hpp), as rslcpp's tests use
// it: it ends the job `timeout_s` seconds of sim time after its first tick (exit code 1), or with
// the code an error message on /rslcpp/error_code carries. Written from its documented behaviour.
#ifndef RSLCPP_HELPER_NODES__MONITOR_HPP_
#define RSLCPP_HELPER_NODES__MONITOR_HPP_

#include <chrono>
#include <cstdint>
#include <functional>
#include <iostream>
#include <utility>

#include "rclcpp/rclcpp.hpp"
#include "std_msgs/msg/u_int8.hpp"

namespace rslcpp::helper_nodes
{

class SimulationMonitor : public rclcpp::Node
{
public:
  explicit SimulationMonitor(std::function<void(std::uint8_t exit_code)> abort_callback, rclcpp::NodeOptions options)
  : Node("SimulationMonitorHelperNode", options), abort_(std::move(abort_callback))
  {
    declare_parameter("timeout_s", 3);
    timer_ = rclcpp::create_timer(this, get_clock(), std::chrono::seconds(1), [this]() {on_tick();});
    errors_ = create_subscription<std_msgs::msg::UInt8>("/rslcpp/error_code", 1, [this](const std_msgs::msg::UInt8::SharedPtr msg) {
        abort_(msg->data);
      });
  }

private:
  void on_tick()
  {
    if (first_tick_) {
      start_ = get_clock()->now();
      first_tick_ = false;
    }
    if ((get_clock()->now() - start_).seconds() >= static_cast<double>(get_parameter("timeout_s").as_int())) {
      std::cout << "Simulation timeouted!" << std::endl;
      abort_(1);
    }
  }

  std::function<void(std::uint8_t exit_code)> abort_;
  bool first_tick_ = true;
  rclcpp::Time start_;
  rclcpp::TimerBase::SharedPtr timer_;
  rclcpp::Subscription<std_msgs::msg::UInt8>::SharedPtr errors_;
};

}  // namespace rslcpp::helper_nodes

#endif  // RSLCPP_HELPER_NODES__MONITOR_HPP_
