// Integrates a unicycle whose speed and turn rate follow <cmath>'s functions, and publishes the
// pose as the bits of each double, and hears it: a single different last bit changes the run's
// fingerprint.
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "rclcpp/rclcpp.hpp"
#include "std_msgs/msg/string.hpp"

using namespace std::chrono_literals;

/** A double's 64 bits in hex: the same text wherever the bits are the same. */
std::string bits(double value)
{
  uint64_t word = 0;
  std::memcpy(&word, &value, sizeof word);
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, word);
  return text;
}

class Odometry : public rclcpp::Node
{
public:
  Odometry()
  : Node("odometry")
  {
    publisher_ = create_publisher<std_msgs::msg::String>("pose", 10);
    subscription_ = create_subscription<std_msgs::msg::String>(
      "pose", 10, [this](const std_msgs::msg::String &) {++heard_;});
    timer_ = create_wall_timer(100ms, [this]() {on_timer();});
  }

private:
  void on_timer()
  {
    ++step_;
    const double t = step_ * 0.1;
    const double speed = 1.5 * (1 - std::exp(-t / 2.7)) + 0.1 * std::log(1 + t);
    const double turn = 0.4 * std::sin(1.3 * t) * std::cos(0.7 * t) + 0.05 * std::pow(t, 0.37);
    heading_ = std::atan2(std::sin(heading_ + turn * 0.1), std::cos(heading_ + turn * 0.1));
    x_ += speed * 0.1 * std::cos(heading_);
    y_ += speed * 0.1 * std::sin(heading_);
    const double distance = std::hypot(x_, y_);
    std_msgs::msg::String pose;
    pose.data = bits(x_) + " " + bits(y_) + " " + bits(heading_) + " " + bits(distance);
    publisher_->publish(pose);
    if (step_ % 10 == 0) {
      RCLCPP_INFO(get_logger(), "x=%.6f y=%.6f heading=%.6f heard=%d", x_, y_, heading_, heard_);
    }
  }

  rclcpp::Publisher<std_msgs::msg::String>::SharedPtr publisher_;
  rclcpp::Subscription<std_msgs::msg::String>::SharedPtr subscription_;
  rclcpp::TimerBase::SharedPtr timer_;
  int step_ = 0;
  int heard_ = 0;
  double x_ = 0.0;
  double y_ = 0.0;
  double heading_ = 0.0;
};

int main(int argc, char * argv[])
{
  rclcpp::init(argc, argv);
  rclcpp::spin(std::make_shared<Odometry>());
  rclcpp::shutdown();
  return 0;
}
