#include "rclsim/world_joints.hpp"

#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclsim
{

namespace
{

std::vector<double> numbers(const json::Value & array)
{
  std::vector<double> values;
  for (const auto & item : array.as_array()) {
    values.push_back(item.as_double());
  }
  return values;
}

}  // namespace

WorldJoints::WorldJoints(const std::string & model, const std::vector<std::string> & joints)
{
  // A refusal comes as port::Failed, a std::runtime_error with the world's line.
  json::Value answer = json::parse(port::world_joints_op_open(0, model, joints));
  claim_ = static_cast<uint64_t>(answer["claim"].as_int());
  model_ = answer["model"].as_string();
}

void WorldJoints::read(std::vector<double> & position, std::vector<double> & velocity, std::vector<double> & effort) const
{
  json::Value state = json::parse(port::world_joints_op_read(claim_));
  position = numbers(state["position"]);
  velocity = numbers(state["velocity"]);
  effort = numbers(state["effort"]);
}

void WorldJoints::write(const std::vector<double> & velocities) const
{
  port::world_joints_op_write(claim_, velocities);
}

}  // namespace rclsim
