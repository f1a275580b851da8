// A robot in a room: each 100 ms it moves, sees the room's points from where it is (with a
// little noise), and registers that scan onto the room's map by ICP (registration.cpp: TBB's
// parallel_reduce over Eigen's normal equations, as KISS-ICP). The pose is published as
// nav_msgs/Odometry, every bit of each double in the run's fingerprint: a sum associated
// otherwise, or a product fused with its addition, changes it.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "icp_odometry/registration.hpp"
#include "nav_msgs/msg/odometry.hpp"
#include "rclcpp/rclcpp.hpp"

using namespace std::chrono_literals;
using icp_odometry::Points;
using icp_odometry::Vector6d;

/** A double's 64 bits in hex. */
std::string bits(double value)
{
  uint64_t word = 0;
  std::memcpy(&word, &value, sizeof word);
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, word);
  return text;
}

class IcpOdometry : public rclcpp::Node
{
public:
  IcpOdometry()
  : Node("icp_odometry"), map_(icp_odometry::room(static_cast<std::size_t>(declare_parameter("points", 4000))))
  {
    publisher_ = create_publisher<nav_msgs::msg::Odometry>("odometry", 10);
    timer_ = create_wall_timer(100ms, [this]() {on_scan();});
  }

private:
  void on_scan()
  {
    ++step_;
    Vector6d motion;
    motion << 0.10, 0.02 * (step_ % 3), 0.001, 0.0005, -0.0003, 0.02;
    truth_ = truth_ * icp_odometry::exp_se3(motion);
    const Eigen::Isometry3d seen_from = truth_.inverse();
    Points scan(map_.size());
    for (std::size_t i = 0; i < map_.size(); ++i) {
      const double noise = 0.002 * static_cast<double>((i * 7919 + step_ * 104729) % 2001) / 1000.0 - 0.002;
      scan[i] = seen_from * map_[i] + Eigen::Vector3d(noise, -noise, 0.5 * noise);
    }
    estimate_ = icp_odometry::register_scan(scan, map_, estimate_, 5, 0.5);
    const Eigen::Quaterniond rotation(estimate_.linear());
    nav_msgs::msg::Odometry odometry;
    odometry.header.stamp = now();
    odometry.header.frame_id = "map";
    odometry.child_frame_id = "base_link";
    odometry.pose.pose.position.x = estimate_.translation().x();
    odometry.pose.pose.position.y = estimate_.translation().y();
    odometry.pose.pose.position.z = estimate_.translation().z();
    odometry.pose.pose.orientation.x = rotation.x();
    odometry.pose.pose.orientation.y = rotation.y();
    odometry.pose.pose.orientation.z = rotation.z();
    odometry.pose.pose.orientation.w = rotation.w();
    publisher_->publish(odometry);
    if (step_ % 10 == 0) {
      RCLCPP_INFO(
        get_logger(), "x=%.6f y=%.6f yaw.z=%.6f x bits %s", estimate_.translation().x(),
        estimate_.translation().y(), rotation.z(), bits(estimate_.translation().x()).c_str());
    }
  }

  Points map_;
  Eigen::Isometry3d truth_ = Eigen::Isometry3d::Identity();
  Eigen::Isometry3d estimate_ = Eigen::Isometry3d::Identity();
  rclcpp::Publisher<nav_msgs::msg::Odometry>::SharedPtr publisher_;
  rclcpp::TimerBase::SharedPtr timer_;
  int step_ = 0;
};

int main(int argc, char * argv[])
{
  rclcpp::init(argc, argv);
  rclcpp::spin(std::make_shared<IcpOdometry>());
  rclcpp::shutdown();
  return 0;
}
