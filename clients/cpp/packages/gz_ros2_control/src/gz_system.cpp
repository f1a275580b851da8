// gz_ros2_control/GazeboSimSystem on rclsim's world: the joints of the model that carries
// gz_ros2_control's plugin, read and commanded through rclsim::WorldJoints. Written after
// gz_ros2_control's gz_system.cpp (jazzy): state position, velocity and effort; a velocity
// command as the joint's velocity; a position command as the velocity
// -position_proportional_gain × (position − command) × update rate; an actuated joint no
// controller commands held at velocity 0 (hold_joints). The host (gz_ros2_control_host.cpp) gives
// the model, the update rate, the gain and hold_joints in the environment, as Gazebo's plugin
// gives them to initSim.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "hardware_interface/system_interface.hpp"
#include "hardware_interface/types/hardware_interface_type_values.hpp"
#include "pluginlib/class_list_macros.hpp"
#include "rclcpp/rclcpp.hpp"
#include "rclsim/world_joints.hpp"

namespace gz_ros2_control
{

namespace
{

double number_of(const char * name, double otherwise)
{
  const char * text = std::getenv(name);
  return text == nullptr ? otherwise : std::strtod(text, nullptr);
}

}  // namespace

class GazeboSimSystem : public hardware_interface::SystemInterface
{
public:
  CallbackReturn on_init(const hardware_interface::HardwareComponentInterfaceParams & params) override
  {
    if (SystemInterface::on_init(params) != CallbackReturn::SUCCESS) {
      return CallbackReturn::ERROR;
    }
    std::vector<std::string> names;
    for (const auto & joint : info_.joints) {
      Joint held;
      held.name = joint.name;
      for (const auto & command : joint.command_interfaces) {
        if (command.name == hardware_interface::HW_IF_EFFORT) {
          RCLCPP_FATAL(
            get_logger(), "joint '%s' has an effort command interface, which rclsim's planar world cannot apply "
            "(it has no joint forces): use velocity or position (docs/ros2-control.md)", joint.name.c_str());
          return CallbackReturn::ERROR;
        }
        held.actuated = true;
      }
      joints_.push_back(held);
      names.push_back(joint.name);
    }
    const char * model = std::getenv("RCLSIM_GZ_ROS2_CONTROL_MODEL");
    update_rate_ = number_of("RCLSIM_GZ_ROS2_CONTROL_UPDATE_RATE", 100);
    gain_ = number_of("RCLSIM_GZ_ROS2_CONTROL_POSITION_GAIN", 0.1);
    hold_ = number_of("RCLSIM_GZ_ROS2_CONTROL_HOLD_JOINTS", 1) != 0;
    try {
      world_ = std::make_unique<rclsim::WorldJoints>(model == nullptr ? "" : model, names);
    } catch (const std::runtime_error & error) {
      RCLCPP_FATAL(get_logger(), "%s", error.what());
      return CallbackReturn::ERROR;
    }
    return CallbackReturn::SUCCESS;
  }

  hardware_interface::return_type perform_command_mode_switch(
    const std::vector<std::string> & start_interfaces,
    const std::vector<std::string> & stop_interfaces) override
  {
    for (auto & joint : joints_) {
      for (const auto & name : stop_interfaces) {
        if (name == joint.name + "/" + hardware_interface::HW_IF_POSITION) {joint.position_control = false;}
        if (name == joint.name + "/" + hardware_interface::HW_IF_VELOCITY) {joint.velocity_control = false;}
      }
      for (const auto & name : start_interfaces) {
        if (name == joint.name + "/" + hardware_interface::HW_IF_POSITION) {joint.position_control = true;}
        if (name == joint.name + "/" + hardware_interface::HW_IF_VELOCITY) {joint.velocity_control = true;}
      }
    }
    return hardware_interface::return_type::OK;
  }

  hardware_interface::return_type read(const rclcpp::Time &, const rclcpp::Duration &) override
  {
    world_->read(position_, velocity_, effort_);
    for (size_t i = 0; i < joints_.size(); ++i) {
      const std::string & name = joints_[i].name;
      set_if_exported(name + "/" + hardware_interface::HW_IF_POSITION, position_[i]);
      set_if_exported(name + "/" + hardware_interface::HW_IF_VELOCITY, velocity_[i]);
      set_if_exported(name + "/" + hardware_interface::HW_IF_EFFORT, effort_[i]);
    }
    return hardware_interface::return_type::OK;
  }

  hardware_interface::return_type write(const rclcpp::Time &, const rclcpp::Duration &) override
  {
    std::vector<double> velocities(joints_.size(), std::numeric_limits<double>::quiet_NaN());
    for (size_t i = 0; i < joints_.size(); ++i) {
      const Joint & joint = joints_[i];
      if (joint.velocity_control) {
        velocities[i] = get_command<double>(joint.name + "/" + hardware_interface::HW_IF_VELOCITY);
      } else if (joint.position_control && i < position_.size()) {
        double target = get_command<double>(joint.name + "/" + hardware_interface::HW_IF_POSITION);
        velocities[i] = -gain_ * (position_[i] - target) * update_rate_;
      } else if (joint.actuated && hold_) {
        velocities[i] = 0.0;
      }
    }
    world_->write(velocities);
    return hardware_interface::return_type::OK;
  }

private:
  struct Joint
  {
    std::string name;
    bool actuated = false;
    bool position_control = false;
    bool velocity_control = false;
  };

  void set_if_exported(const std::string & name, double value)
  {
    if (has_state(name)) {
      set_state(name, value);
    }
  }

  std::vector<Joint> joints_;
  std::unique_ptr<rclsim::WorldJoints> world_;
  std::vector<double> position_, velocity_, effort_;
  double update_rate_ = 100;
  double gain_ = 0.1;
  bool hold_ = true;
};

}  // namespace gz_ros2_control

PLUGINLIB_EXPORT_CLASS(gz_ros2_control::GazeboSimSystem, hardware_interface::SystemInterface)
