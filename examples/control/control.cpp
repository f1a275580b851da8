// A ros2_control-style arm of ten joints as rclcpp nodes: the hardware (a plant integrating each
// joint's dynamics at 1 kHz), its sensors (joint encoders at 1 kHz, an IMU at 200 Hz, a wrist
// force/torque sensor at 200 Hz), a joint trajectory controller at 1 kHz, a planner sending a
// trajectory at 100 Hz, a safety node limiting commands, a robot state publisher, a state
// estimator, a tracking-error node, a contact detector and a diagnostics aggregator. With no
// argument the program makes them all and spins them with one executor; with node names, those
// alone. Gains, rates and limits are parameters (params.yaml).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "diagnostic_msgs/msg/diagnostic_array.hpp"
#include "geometry_msgs/msg/pose_stamped.hpp"
#include "geometry_msgs/msg/wrench_stamped.hpp"
#include "rclcpp/rclcpp.hpp"
#include "sensor_msgs/msg/imu.hpp"
#include "sensor_msgs/msg/joint_state.hpp"
#include "std_msgs/msg/float64_multi_array.hpp"
#include "tf2_msgs/msg/tf_message.hpp"
#include "trajectory_msgs/msg/joint_trajectory.hpp"

using diagnostic_msgs::msg::DiagnosticArray;
using diagnostic_msgs::msg::DiagnosticStatus;
using sensor_msgs::msg::JointState;
using std_msgs::msg::Float64MultiArray;
using trajectory_msgs::msg::JointTrajectory;

namespace
{

constexpr std::size_t JOINTS = 10;
constexpr double GRAVITY = 9.81;

std::vector<std::string> joint_names()
{
  std::vector<std::string> names;
  for (std::size_t i = 0; i < JOINTS; ++i) {names.push_back("joint" + std::to_string(i + 1));}
  return names;
}

std::chrono::nanoseconds period_of(double rate_hz)
{
  return std::chrono::nanoseconds(static_cast<int64_t>(std::llround(1e9 / rate_hz)));
}

/// A node that reports its state on /diagnostics once a second, as diagnostic_updater does.
class ReportingNode : public rclcpp::Node
{
public:
  explicit ReportingNode(const std::string & name)
  : Node(name)
  {
    diagnostics_ = create_publisher<DiagnosticArray>("/diagnostics", 10);
    diagnostics_timer_ = create_timer(std::chrono::seconds(1), [this] {
        DiagnosticArray array;
        array.header.stamp = now();
        DiagnosticStatus status;
        status.name = get_name();
        status.hardware_id = "arm";
        status.level = level_;
        status.message = message_;
        array.status.push_back(status);
        diagnostics_->publish(array);
      });
  }

protected:
  void report(uint8_t level, const std::string & message)
  {
    level_ = level;
    message_ = message;
  }

private:
  rclcpp::Publisher<DiagnosticArray>::SharedPtr diagnostics_;
  rclcpp::TimerBase::SharedPtr diagnostics_timer_;
  uint8_t level_ = DiagnosticStatus::OK;
  std::string message_ = "ok";
};

/// The arm's joints: each a link under gravity with viscous friction, driven by a torque.
struct ArmModel
{
  std::vector<double> inertia, damping, gravity_torque;

  explicit ArmModel(rclcpp::Node & node)
  {
    inertia = node.declare_parameter("inertia", std::vector<double>(JOINTS, 0.5));
    damping = node.declare_parameter("damping", std::vector<double>(JOINTS, 0.2));
    gravity_torque = node.declare_parameter("gravity_torque", std::vector<double>(JOINTS, 2.0));
    if (inertia.size() != JOINTS || damping.size() != JOINTS || gravity_torque.size() != JOINTS) {
      throw std::invalid_argument("inertia, damping and gravity_torque need one value per joint");
    }
  }

  double torque_needed(std::size_t i, double q, double qd, double qdd) const
  {
    return inertia[i] * qdd + damping[i] * qd + gravity_torque[i] * std::sin(q);
  }
};

/// The hardware: integrates the joints under the latest command (semi-implicit Euler) at 1 kHz.
class Plant : public ReportingNode
{
public:
  Plant()
  : ReportingNode("plant"), model_(*this), state_(JOINTS, 0.0), velocity_(JOINTS, 0.0), torque_(JOINTS, 0.0)
  {
    dt_ = 1.0 / declare_parameter("rate_hz", 1000.0);
    state_pub_ = create_publisher<JointState>("/plant/state", 1);
    commands_ = create_subscription<Float64MultiArray>("/hardware/commands", 1, [this](const Float64MultiArray & msg) {
        std::copy(msg.data.begin(), msg.data.end(), torque_.begin());
      });
    timer_ = create_timer(period_of(1.0 / dt_), [this] {step();});
  }

private:
  void step()
  {
    JointState state;
    state.header.stamp = now();
    state.name = joint_names();
    for (std::size_t i = 0; i < JOINTS; ++i) {
      double qdd = (torque_[i] - model_.damping[i] * velocity_[i] - model_.gravity_torque[i] * std::sin(state_[i])) / model_.inertia[i];
      velocity_[i] += dt_ * qdd;
      state_[i] += dt_ * velocity_[i];
    }
    state.position = state_;
    state.velocity = velocity_;
    state.effort = torque_;
    state_pub_->publish(state);
  }

  ArmModel model_;
  double dt_;
  std::vector<double> state_, velocity_, torque_;
  rclcpp::Publisher<JointState>::SharedPtr state_pub_;
  rclcpp::Subscription<Float64MultiArray>::SharedPtr commands_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// Joint encoders: each position quantized to the encoder's counts, velocity from their difference.
class Encoders : public ReportingNode
{
public:
  Encoders()
  : ReportingNode("encoders"), last_(JOINTS, 0.0), velocity_(JOINTS, 0.0)
  {
    resolution_ = 2.0 * M_PI / static_cast<double>(declare_parameter("counts_per_revolution", 131072));
    filter_ = declare_parameter("velocity_filter", 0.2);
    joint_states_ = create_publisher<JointState>("/joint_states", 1);
    plant_ = create_subscription<JointState>("/plant/state", 1, [this](const JointState & truth) {
        JointState measured;
        measured.header = truth.header;
        measured.name = truth.name;
        double dt = last_stamp_ < 0 ? 0.0 : (rclcpp::Time(truth.header.stamp).nanoseconds() - last_stamp_) * 1e-9;
        for (std::size_t i = 0; i < JOINTS; ++i) {
          double q = std::round(truth.position[i] / resolution_) * resolution_;
          if (dt > 0) {velocity_[i] += filter_ * ((q - last_[i]) / dt - velocity_[i]);}
          last_[i] = q;
        }
        last_stamp_ = rclcpp::Time(truth.header.stamp).nanoseconds();
        measured.position = last_;
        measured.velocity = velocity_;
        measured.effort = truth.effort;
        joint_states_->publish(measured);
      });
  }

private:
  double resolution_, filter_;
  int64_t last_stamp_ = -1;
  std::vector<double> last_, velocity_;
  rclcpp::Publisher<JointState>::SharedPtr joint_states_;
  rclcpp::Subscription<JointState>::SharedPtr plant_;
};

/// An IMU on the first link, `radius` from its axis: its yaw rate and the acceleration it feels.
class ImuSensor : public ReportingNode
{
public:
  ImuSensor()
  : ReportingNode("imu")
  {
    radius_ = declare_parameter("radius", 0.1);
    imu_ = create_publisher<sensor_msgs::msg::Imu>("/imu", 10);
    plant_ = create_subscription<JointState>("/plant/state", 1, [this](const JointState & msg) {
        previous_velocity_ = velocity_;
        velocity_ = msg.velocity[0];
        angle_ = msg.position[0];
      });
    timer_ = create_timer(period_of(declare_parameter("rate_hz", 200.0)), [this] {
        sensor_msgs::msg::Imu imu;
        imu.header.stamp = now();
        imu.header.frame_id = "imu_link";
        imu.orientation.z = std::sin(angle_ / 2);
        imu.orientation.w = std::cos(angle_ / 2);
        imu.angular_velocity.z = velocity_;
        imu.linear_acceleration.x = -radius_ * velocity_ * velocity_;
        // The plant's state comes every millisecond.
        imu.linear_acceleration.y = radius_ * (velocity_ - previous_velocity_) / 0.001;
        imu.linear_acceleration.z = GRAVITY;
        imu_->publish(imu);
      });
  }

private:
  double radius_, angle_ = 0, velocity_ = 0, previous_velocity_ = 0;
  rclcpp::Publisher<sensor_msgs::msg::Imu>::SharedPtr imu_;
  rclcpp::Subscription<JointState>::SharedPtr plant_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// A force/torque sensor at the wrist: the last joint's torque, and the weight it carries.
class ForceTorqueSensor : public ReportingNode
{
public:
  ForceTorqueSensor()
  : ReportingNode("ft_sensor")
  {
    payload_kg_ = declare_parameter("payload_kg", 0.8);
    wrench_ = create_publisher<geometry_msgs::msg::WrenchStamped>("/wrist/wrench", 10);
    plant_ = create_subscription<JointState>("/plant/state", 1, [this](const JointState & msg) {
        torque_ = msg.effort[JOINTS - 1];
        angle_ = msg.position[JOINTS - 1];
      });
    timer_ = create_timer(period_of(declare_parameter("rate_hz", 200.0)), [this] {
        geometry_msgs::msg::WrenchStamped wrench;
        wrench.header.stamp = now();
        wrench.header.frame_id = "wrist";
        wrench.wrench.force.x = payload_kg_ * GRAVITY * std::sin(angle_);
        wrench.wrench.force.z = payload_kg_ * GRAVITY * std::cos(angle_);
        wrench.wrench.torque.z = torque_;
        wrench_->publish(wrench);
      });
  }

private:
  double payload_kg_, torque_ = 0, angle_ = 0;
  rclcpp::Publisher<geometry_msgs::msg::WrenchStamped>::SharedPtr wrench_;
  rclcpp::Subscription<JointState>::SharedPtr plant_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// The planner: every 10 ms, the next 20 ms of each joint's reference, a point every 2 ms.
class Planner : public ReportingNode
{
public:
  Planner()
  : ReportingNode("planner")
  {
    amplitude_ = declare_parameter("amplitude", std::vector<double>(JOINTS, 0.5));
    frequency_ = declare_parameter("frequency_hz", std::vector<double>(JOINTS, 0.25));
    trajectory_ = create_publisher<JointTrajectory>("/joint_trajectory", 1);
    joint_states_ = create_subscription<JointState>("/joint_states", 1, [this](const JointState & msg) {
        // Replanning would start from here; this planner only watches how far the arm is.
        furthest_ = 0;
        for (double q : msg.position) {furthest_ = std::max(furthest_, std::abs(q));}
      });
    timer_ = create_timer(period_of(declare_parameter("rate_hz", 100.0)), [this] {plan();});
  }

private:
  void plan()
  {
    JointTrajectory trajectory;
    trajectory.header.stamp = now();
    trajectory.joint_names = joint_names();
    double start = now().seconds();
    for (int k = 0; k <= 10; ++k) {
      double t = start + 0.002 * k;
      trajectory_msgs::msg::JointTrajectoryPoint point;
      for (std::size_t i = 0; i < JOINTS; ++i) {
        // q = A (1 - cos wt): at rest at the start, as the arm is.
        double w = 2 * M_PI * frequency_[i];
        point.positions.push_back(amplitude_[i] * (1 - std::cos(w * t)));
        point.velocities.push_back(amplitude_[i] * w * std::sin(w * t));
        point.accelerations.push_back(amplitude_[i] * w * w * std::cos(w * t));
      }
      point.time_from_start = rclcpp::Duration(std::chrono::milliseconds(2 * k));
      trajectory.points.push_back(point);
    }
    trajectory_->publish(trajectory);
    report(furthest_ > 2.5 ? DiagnosticStatus::WARN : DiagnosticStatus::OK, furthest_ > 2.5 ? "near the joint limits" : "ok");
  }

  std::vector<double> amplitude_, frequency_;
  double furthest_ = 0;
  rclcpp::Publisher<JointTrajectory>::SharedPtr trajectory_;
  rclcpp::Subscription<JointState>::SharedPtr joint_states_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// The joint trajectory controller: at 1 kHz, PD on the trajectory sampled now plus the model's torque.
class Controller : public ReportingNode
{
public:
  Controller()
  : ReportingNode("controller"), model_(*this)
  {
    kp_ = declare_parameter("kp", std::vector<double>(JOINTS, 400.0));
    kd_ = declare_parameter("kd", std::vector<double>(JOINTS, 40.0));
    commands_ = create_publisher<Float64MultiArray>("/controller/commands", 1);
    errors_ = create_publisher<Float64MultiArray>("/controller/errors", 1);
    joint_states_ = create_subscription<JointState>("/joint_states", 1, [this](JointState::SharedPtr msg) {state_ = msg;});
    trajectory_sub_ = create_subscription<JointTrajectory>("/joint_trajectory", 1, [this](JointTrajectory::SharedPtr msg) {trajectory_ = msg;});
    timer_ = create_timer(period_of(declare_parameter("update_rate_hz", 1000.0)), [this] {update();});
  }

private:
  /// The reference at `t` (s) between the trajectory's points: position, velocity, acceleration.
  bool sample(double t, std::size_t i, double reference[3]) const
  {
    const auto & points = trajectory_->points;
    double from = rclcpp::Time(trajectory_->header.stamp).seconds();
    for (std::size_t k = 0; k + 1 < points.size(); ++k) {
      double t0 = from + rclcpp::Duration(points[k].time_from_start).seconds();
      double t1 = from + rclcpp::Duration(points[k + 1].time_from_start).seconds();
      if (t < t0 || t > t1) {continue;}
      double s = (t - t0) / (t1 - t0);
      reference[0] = points[k].positions[i] + s * (points[k + 1].positions[i] - points[k].positions[i]);
      reference[1] = points[k].velocities[i] + s * (points[k + 1].velocities[i] - points[k].velocities[i]);
      reference[2] = points[k].accelerations[i] + s * (points[k + 1].accelerations[i] - points[k].accelerations[i]);
      return true;
    }
    return false;
  }

  void update()
  {
    if (!state_ || !trajectory_) {return;}
    double t = now().seconds();
    Float64MultiArray command, errors;
    for (std::size_t i = 0; i < JOINTS; ++i) {
      double reference[3];
      if (!sample(t, i, reference)) {
        report(DiagnosticStatus::WARN, "no trajectory for now: holding");
        return;
      }
      double q = state_->position[i], qd = state_->velocity[i];
      double error = reference[0] - q;
      command.data.push_back(kp_[i] * error + kd_[i] * (reference[1] - qd) + model_.torque_needed(i, q, reference[1], reference[2]));
      errors.data.push_back(error);
    }
    report(DiagnosticStatus::OK, "tracking");
    commands_->publish(command);
    errors_->publish(errors);
  }

  ArmModel model_;
  std::vector<double> kp_, kd_;
  JointState::SharedPtr state_;
  JointTrajectory::SharedPtr trajectory_;
  rclcpp::Publisher<Float64MultiArray>::SharedPtr commands_, errors_;
  rclcpp::Subscription<JointState>::SharedPtr joint_states_;
  rclcpp::Subscription<JointTrajectory>::SharedPtr trajectory_sub_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// Limits: each command clamped to the effort limit; zero torque past a position or a wrist force limit.
class Safety : public ReportingNode
{
public:
  Safety()
  : ReportingNode("safety")
  {
    effort_limit_ = declare_parameter("effort_limit", 60.0);
    position_limit_ = declare_parameter("position_limit", 3.0);
    force_limit_ = declare_parameter("force_limit", 50.0);
    hardware_ = create_publisher<Float64MultiArray>("/hardware/commands", 1);
    joint_states_ = create_subscription<JointState>("/joint_states", 1, [this](const JointState & msg) {
        outside_ = false;
        for (double q : msg.position) {outside_ = outside_ || std::abs(q) > position_limit_;}
      });
    wrench_ = create_subscription<geometry_msgs::msg::WrenchStamped>("/wrist/wrench", 10, [this](const geometry_msgs::msg::WrenchStamped & msg) {
        overloaded_ = std::hypot(msg.wrench.force.x, msg.wrench.force.z) > force_limit_;
      });
    commands_ = create_subscription<Float64MultiArray>("/controller/commands", 1, [this](const Float64MultiArray & msg) {
        Float64MultiArray limited;
        for (double effort : msg.data) {
          double clamped = std::clamp(effort, -effort_limit_, effort_limit_);
          clamped_ += clamped != effort;
          limited.data.push_back(outside_ || overloaded_ ? 0.0 : clamped);
        }
        if (outside_ || overloaded_) {
          report(DiagnosticStatus::ERROR, outside_ ? "past a position limit: torque off" : "wrist overloaded: torque off");
        } else {
          report(DiagnosticStatus::OK, std::to_string(clamped_) + " commands clamped");
        }
        hardware_->publish(limited);
      });
  }

private:
  double effort_limit_, position_limit_, force_limit_;
  bool outside_ = false, overloaded_ = false;
  long clamped_ = 0;
  rclcpp::Publisher<Float64MultiArray>::SharedPtr hardware_;
  rclcpp::Subscription<JointState>::SharedPtr joint_states_;
  rclcpp::Subscription<geometry_msgs::msg::WrenchStamped>::SharedPtr wrench_;
  rclcpp::Subscription<Float64MultiArray>::SharedPtr commands_;
};

/// robot_state_publisher's work: each link's transform from the joint states, on /tf.
class RobotStatePublisher : public ReportingNode
{
public:
  RobotStatePublisher()
  : ReportingNode("robot_state_publisher")
  {
    link_length_ = declare_parameter("link_length", 0.1);
    tf_ = create_publisher<tf2_msgs::msg::TFMessage>("/tf", 10);
    joint_states_ = create_subscription<JointState>("/joint_states", 1, [this](const JointState & msg) {
        tf2_msgs::msg::TFMessage tf;
        for (std::size_t i = 0; i < JOINTS; ++i) {
          geometry_msgs::msg::TransformStamped link;
          link.header.stamp = msg.header.stamp;
          link.header.frame_id = i == 0 ? "base_link" : "link" + std::to_string(i);
          link.child_frame_id = "link" + std::to_string(i + 1);
          link.transform.translation.x = i == 0 ? 0.0 : link_length_;
          link.transform.rotation.z = std::sin(msg.position[i] / 2);
          link.transform.rotation.w = std::cos(msg.position[i] / 2);
          tf.transforms.push_back(link);
        }
        tf_->publish(tf);
      });
  }

private:
  double link_length_;
  rclcpp::Publisher<tf2_msgs::msg::TFMessage>::SharedPtr tf_;
  rclcpp::Subscription<JointState>::SharedPtr joint_states_;
};

/// The end effector's pose in the arm's plane (forward kinematics at 200 Hz), the base's yaw from the IMU.
class StateEstimator : public ReportingNode
{
public:
  StateEstimator()
  : ReportingNode("state_estimator"), position_(JOINTS, 0.0)
  {
    link_length_ = declare_parameter("link_length", 0.1);
    pose_ = create_publisher<geometry_msgs::msg::PoseStamped>("/end_effector/pose", 10);
    joint_states_ = create_subscription<JointState>("/joint_states", 1, [this](const JointState & msg) {position_ = msg.position;});
    imu_ = create_subscription<sensor_msgs::msg::Imu>("/imu", 10, [this](const sensor_msgs::msg::Imu & msg) {
        yaw_ += msg.angular_velocity.z * 0.005;
      });
    timer_ = create_timer(period_of(declare_parameter("rate_hz", 200.0)), [this] {
        geometry_msgs::msg::PoseStamped pose;
        pose.header.stamp = now();
        pose.header.frame_id = "base_link";
        double angle = yaw_ - position_[0];
        for (double q : position_) {
          angle += q;
          pose.pose.position.x += link_length_ * std::cos(angle);
          pose.pose.position.y += link_length_ * std::sin(angle);
        }
        pose.pose.orientation.z = std::sin(angle / 2);
        pose.pose.orientation.w = std::cos(angle / 2);
        pose_->publish(pose);
      });
  }

private:
  double link_length_, yaw_ = 0;
  std::vector<double> position_;
  rclcpp::Publisher<geometry_msgs::msg::PoseStamped>::SharedPtr pose_;
  rclcpp::Subscription<JointState>::SharedPtr joint_states_;
  rclcpp::Subscription<sensor_msgs::msg::Imu>::SharedPtr imu_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// Tracking error over each 100 ms: [rms, max] over every joint, on /tracking/summary at 10 Hz.
class Tracking : public ReportingNode
{
public:
  Tracking()
  : ReportingNode("tracking")
  {
    summary_ = create_publisher<Float64MultiArray>("/tracking/summary", 10);
    errors_ = create_subscription<Float64MultiArray>("/controller/errors", 1, [this](const Float64MultiArray & msg) {
        for (double e : msg.data) {
          squares_ += e * e;
          largest_ = std::max(largest_, std::abs(e));
        }
        samples_ += msg.data.size();
      });
    timer_ = create_timer(std::chrono::milliseconds(100), [this] {
        if (samples_ == 0) {return;}
        Float64MultiArray summary;
        summary.layout.dim.resize(1);
        summary.layout.dim[0].label = "rms_error,max_error";
        summary.layout.dim[0].size = 2;
        summary.layout.dim[0].stride = 2;
        summary.data = {std::sqrt(squares_ / static_cast<double>(samples_)), largest_};
        summary_->publish(summary);
        squares_ = largest_ = 0;
        samples_ = 0;
      });
  }

private:
  double squares_ = 0, largest_ = 0;
  std::size_t samples_ = 0;
  rclcpp::Publisher<Float64MultiArray>::SharedPtr summary_;
  rclcpp::Subscription<Float64MultiArray>::SharedPtr errors_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// Contact: a wrist force past the payload's weight by `threshold` newtons.
class ContactDetector : public ReportingNode
{
public:
  ContactDetector()
  : ReportingNode("contact_detector")
  {
    threshold_ = declare_parameter("threshold", 5.0);
    payload_weight_ = declare_parameter("payload_kg", 0.8) * GRAVITY;
    wrench_ = create_subscription<geometry_msgs::msg::WrenchStamped>("/wrist/wrench", 10, [this](const geometry_msgs::msg::WrenchStamped & msg) {
        double force = std::hypot(msg.wrench.force.x, msg.wrench.force.z);
        bool contact = std::abs(force - payload_weight_) > threshold_;
        report(contact ? DiagnosticStatus::WARN : DiagnosticStatus::OK, contact ? "contact" : "free");
      });
  }

private:
  double threshold_, payload_weight_;
  rclcpp::Subscription<geometry_msgs::msg::WrenchStamped>::SharedPtr wrench_;
};

/// diagnostic_aggregator's work: the worst level of every node's latest report, once a second.
class DiagnosticsAggregator : public rclcpp::Node
{
public:
  DiagnosticsAggregator()
  : Node("diagnostics_aggregator")
  {
    aggregated_ = create_publisher<DiagnosticArray>("/diagnostics_agg", 10);
    diagnostics_ = create_subscription<DiagnosticArray>("/diagnostics", 50, [this](const DiagnosticArray & msg) {
        for (const auto & status : msg.status) {
          auto known = std::find_if(latest_.begin(), latest_.end(), [&](const DiagnosticStatus & s) {return s.name == status.name;});
          if (known == latest_.end()) {latest_.push_back(status);} else {*known = status;}
        }
      });
    timer_ = create_timer(std::chrono::seconds(1), [this] {
        DiagnosticArray array;
        array.header.stamp = now();
        DiagnosticStatus arm;
        arm.name = "/arm";
        for (const auto & status : latest_) {arm.level = std::max(arm.level, status.level);}
        arm.message = std::to_string(latest_.size()) + " nodes reporting";
        array.status = latest_;
        array.status.insert(array.status.begin(), arm);
        aggregated_->publish(array);
      });
  }

private:
  std::vector<DiagnosticStatus> latest_;
  rclcpp::Publisher<DiagnosticArray>::SharedPtr aggregated_;
  rclcpp::Subscription<DiagnosticArray>::SharedPtr diagnostics_;
  rclcpp::TimerBase::SharedPtr timer_;
};

/// Made in this order: the sensors before the controller that reads them, the plant first.
const std::vector<std::pair<std::string, std::function<std::shared_ptr<rclcpp::Node>()>>> NODES = {
  {"plant", [] {return std::make_shared<Plant>();}},
  {"encoders", [] {return std::make_shared<Encoders>();}},
  {"imu", [] {return std::make_shared<ImuSensor>();}},
  {"ft_sensor", [] {return std::make_shared<ForceTorqueSensor>();}},
  {"planner", [] {return std::make_shared<Planner>();}},
  {"controller", [] {return std::make_shared<Controller>();}},
  {"safety", [] {return std::make_shared<Safety>();}},
  {"robot_state_publisher", [] {return std::make_shared<RobotStatePublisher>();}},
  {"state_estimator", [] {return std::make_shared<StateEstimator>();}},
  {"tracking", [] {return std::make_shared<Tracking>();}},
  {"contact_detector", [] {return std::make_shared<ContactDetector>();}},
  {"diagnostics_aggregator", [] {return std::make_shared<DiagnosticsAggregator>();}},
};

std::shared_ptr<rclcpp::Node> make(const std::string & name)
{
  for (const auto & [known, factory] : NODES) {
    if (known == name) {return factory();}
  }
  throw std::invalid_argument("no node " + name + " in the arm");
}

}  // namespace

int main(int argc, char * argv[])
{
  std::vector<std::string> args = rclcpp::init_and_remove_ros_arguments(argc, argv);
  std::vector<std::string> names(args.begin() + 1, args.end());
  if (names.empty()) {
    for (const auto & entry : NODES) {names.push_back(entry.first);}
  }
  std::vector<std::shared_ptr<rclcpp::Node>> nodes;
  rclcpp::executors::SingleThreadedExecutor executor;
  for (const auto & name : names) {
    nodes.push_back(make(name));
    executor.add_node(nodes.back());
  }
  executor.spin();
  rclcpp::shutdown();
  return 0;
}
