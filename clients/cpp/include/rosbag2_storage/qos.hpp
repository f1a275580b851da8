// rosbag2_storage::Rosbag2QoS and from_rclcpp_qos_vector (rosbag2_storage/qos.hpp, Jazzy): a
// topic's recorded QoS profiles as a player offers them. The YAML conversions and the adapting
// of offers are not here: rclsim's own player and recorder do that in the simulation.
#ifndef ROSBAG2_STORAGE__QOS_HPP_
#define ROSBAG2_STORAGE__QOS_HPP_

#include <vector>

#include "rclcpp/qos.hpp"
#include "rmw/qos_profiles.h"

namespace rosbag2_storage
{

/// rclcpp::QoS with a default constructor (rmw's default depth), as rosbag2's.
class Rosbag2QoS : public rclcpp::QoS
{
public:
  Rosbag2QoS()
  : rclcpp::QoS(rmw_qos_profile_default.depth) {}
  explicit Rosbag2QoS(const rclcpp::QoS & value)
  : rclcpp::QoS(value) {}
  Rosbag2QoS & default_history()
  {
    keep_last(rmw_qos_profile_default.depth);
    return *this;
  }
};

inline std::vector<Rosbag2QoS> from_rclcpp_qos_vector(const std::vector<rclcpp::QoS> & in)
{
  return std::vector<Rosbag2QoS>(in.begin(), in.end());
}

}  // namespace rosbag2_storage

#endif  // ROSBAG2_STORAGE__QOS_HPP_
