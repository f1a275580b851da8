// What Gazebo's gz_ros2_control-system plugin does (gz_ros2_control_plugin.cpp, jazzy), as a
// program of the run: a node gz_ros_control with hold_joints and position_proportional_gain, a
// controller manager on a multi-threaded executor that takes the robot description from
// robot_state_publisher, and each control period in sim time the manager's read, update and write
// (Gazebo's PostUpdate reads and updates once a period has passed, its next PreUpdate writes: the
// world applies the commands from its next step, as here). The model's joints are rclsim's world's
// (GazeboSimSystem, gz_system.cpp here).
//   gz_ros2_control_host [--model NAME] [--namespace NS] [--controller-manager-name NAME]
//     [--hold-joints true|false] [--position-proportional-gain K] --ros-args --params-file controllers.yaml …
// rclsim's world starts it so for each model with the plugin, from the plugin's element
// (src/world/systems/GazeboRos2Control.ts): <ros><namespace>, <controller_manager_name>,
// <hold_joints>, <position_proportional_gain>; its <parameters> and <ros><remapping> as ROS arguments.
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "controller_manager/controller_manager.hpp"
#include "rclcpp/rclcpp.hpp"
#include "rclsim/world_joints.hpp"

namespace
{

/**
 * Gazebo loads the plugin with its model, so the model is there before the controller manager
 * takes the robot description; here the world spawns it when it sees the description too (a
 * spawn from robot_description). Waits, a period of sim time at a time, until the model is in the
 * world: its name.
 */
std::string model_in_world(const std::string & model, std::chrono::nanoseconds period, rclcpp::Logger logger)
{
  bool told = false;
  while (rclcpp::ok()) {
    try {
      return rclsim::WorldJoints(model, {}).model();
    } catch (const std::runtime_error & error) {
      if (!told) {
        RCLCPP_INFO(logger, "Waiting for the model in the world (%s)", error.what());
        told = true;
      }
    }
    std::this_thread::sleep_for(period);
  }
  return model;
}

}  // namespace

int main(int argc, char ** argv)
{
  // The plugin's defaults (gz_ros2_control_plugin.cpp): the values its element gives replace them.
  std::string model;
  std::string ns = "/";
  std::string manager_name = "controller_manager";
  bool hold_joints_default = true;
  double gain_default = 0.1;
  std::vector<char *> ros_argv;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool valued = i + 1 < argc;
    if (arg == "--ros-args") {
      ros_argv.insert(ros_argv.end(), argv + i, argv + argc);
      break;
    } else if (arg == "--model" && valued) {
      model = argv[++i];
    } else if (arg == "--namespace" && valued) {
      ns = argv[++i];
    } else if (arg == "--controller-manager-name" && valued) {
      manager_name = argv[++i];
    } else if (arg == "--hold-joints" && valued) {
      hold_joints_default = std::string(argv[++i]) == "true";
    } else if (arg == "--position-proportional-gain" && valued) {
      gain_default = std::stod(argv[++i]);
    } else {
      ros_argv.push_back(argv[i]);
    }
  }
  rclcpp::init(static_cast<int>(ros_argv.size()), ros_argv.data());
  auto node = rclcpp::Node::make_shared("gz_ros_control", ns);
  bool hold_joints = node->declare_parameter("hold_joints", hold_joints_default);
  double gain = node->declare_parameter("position_proportional_gain", gain_default);
  RCLCPP_INFO_STREAM(node->get_logger(), "The position_proportional_gain has been set to: " << gain);

  // Until the controller manager reads its update_rate, the world's step.
  model = model_in_world(model, std::chrono::milliseconds(1), node->get_logger());

  auto executor = std::make_shared<rclcpp::executors::MultiThreadedExecutor>();
  executor->add_node(node);
  RCLCPP_INFO(node->get_logger(), "Loading controller_manager");
  // As the plugin gives its <parameters> to the manager's options, which it passes on to each
  // controller's node (controllers do not use the global arguments).
  rclcpp::NodeOptions options = controller_manager::get_cm_node_options();
  options.arguments(std::vector<std::string>(ros_argv.begin() + 1, ros_argv.end()));
  auto cm = std::make_shared<controller_manager::ControllerManager>(executor, manager_name, node->get_namespace(), options);
  cm->set_parameter(rclcpp::Parameter("use_sim_time", true));
  unsigned int update_rate = cm->get_update_rate();
  // What Gazebo's plugin hands the hardware (initSim), for gz_system.cpp's GazeboSimSystem.
  setenv("RCLSIM_GZ_ROS2_CONTROL_MODEL", model.c_str(), 1);
  setenv("RCLSIM_GZ_ROS2_CONTROL_UPDATE_RATE", std::to_string(update_rate).c_str(), 1);
  setenv("RCLSIM_GZ_ROS2_CONTROL_POSITION_GAIN", std::to_string(gain).c_str(), 1);
  setenv("RCLSIM_GZ_ROS2_CONTROL_HOLD_JOINTS", hold_joints ? "1" : "0", 1);
  executor->add_node(cm);
  // One control period, in whole nanoseconds (std::chrono's cast truncates, as the plugin's).
  auto period = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(1.0 / update_rate));
  // One callback at a time rather than spin(): rclsim's executor spins the nodes it had when its
  // spin began, and the manager adds each controller's node later (its subscriptions would
  // never run); each spin_once takes the executor's nodes as they are then.
  std::thread spinner([executor, period]() {
      while (rclcpp::ok()) {
        executor->spin_once(period);
      }
    });

  auto next = std::chrono::steady_clock::now();
  bool told = false;
  // Gazebo's plugin waits here with the world stopped; rclsim's world goes on, its joints held by nobody.
  while (rclcpp::ok() && !cm->is_resource_manager_initialized()) {
    if (!told) {
      RCLCPP_WARN(node->get_logger(), "Waiting RM to load and initialize hardware...");
      told = true;
    }
    next += period;
    std::this_thread::sleep_until(next);
  }
  rclcpp::Time last = cm->now();
  while (rclcpp::ok()) {
    next += period;
    std::this_thread::sleep_until(next);
    rclcpp::Time now = cm->now();
    rclcpp::Duration elapsed = now - last;
    last = now;
    cm->read(now, elapsed);
    cm->update(now, elapsed);
    cm->write(now, elapsed);
  }
  executor->cancel();
  spinner.join();
  rclcpp::shutdown();
  return 0;
}
