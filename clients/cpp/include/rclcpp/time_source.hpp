// rclcpp::TimeSource (rclcpp/time_source.hpp): what makes a node's ROS-time clocks follow /clock
// when use_sim_time is set. In rclsim every clock reads sim time already (rclcpp/clock.hpp), so a
// clock attached reads what it read before.
#ifndef RCLCPP__TIME_SOURCE_HPP_
#define RCLCPP__TIME_SOURCE_HPP_

#include <memory>

#include "rclcpp/clock.hpp"
#include "rclcpp/qos.hpp"

namespace rclcpp
{

class Node;

class TimeSource
{
public:
  explicit TimeSource(std::shared_ptr<rclcpp::Node> /*node*/, const rclcpp::QoS & /*qos*/ = rclcpp::ClockQoS(),
    bool /*use_clock_thread*/ = true) {}
  explicit TimeSource(const rclcpp::QoS & /*qos*/ = rclcpp::ClockQoS(), bool /*use_clock_thread*/ = true) {}
  void attachNode(std::shared_ptr<rclcpp::Node> /*node*/) {}
  void detachNode() {}
  void attachClock(std::shared_ptr<rclcpp::Clock> /*clock*/) {}
  void detachClock(std::shared_ptr<rclcpp::Clock> /*clock*/) {}
  bool get_use_clock_thread() {return false;}
  void set_use_clock_thread(bool /*use_clock_thread*/) {}
  bool clock_thread_is_joinable() {return false;}
};

}  // namespace rclcpp

#endif  // RCLCPP__TIME_SOURCE_HPP_
