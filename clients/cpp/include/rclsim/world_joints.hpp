// A model's joints in the run's world, read and commanded as gz_ros2_control's GazeboSimSystem
// reads and commands Gazebo's physics (docs/ros2-control.md, "In the world"): what rclsim's
// gz_ros2_control hardware plugin is made of, and what a program may use itself.
#ifndef RCLSIM__WORLD_JOINTS_HPP_
#define RCLSIM__WORLD_JOINTS_HPP_

#include <cstdint>
#include <string>
#include <vector>

namespace rclsim
{

class WorldJoints
{
public:
  /// Claims `joints` of `model` ("": the world's one model with gz_ros2_control's plugin), none
  /// commanded yet. Throws std::runtime_error with the world's one line when it cannot (no world,
  /// no such model, or a joint the model has not).
  WorldJoints(const std::string & model, const std::vector<std::string> & joints);

  /// The model's name (the one found when "" was given).
  const std::string & model() const {return model_;}

  /// The joints' positions, velocities and efforts (0: the planar physics has no joint forces) at
  /// the world's last step at or before now.
  void read(std::vector<double> & position, std::vector<double> & velocity, std::vector<double> & effort) const;

  /// A velocity command a joint (NaN: none, the joint is free), in force from the world's next
  /// step until the next write, as Gazebo's JointVelocityCmd that gz_ros2_control sets.
  void write(const std::vector<double> & velocities) const;

private:
  uint64_t claim_ = 0;
  std::string model_;
};

}  // namespace rclsim

#endif  // RCLSIM__WORLD_JOINTS_HPP_
