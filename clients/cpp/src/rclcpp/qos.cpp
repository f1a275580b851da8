#include "rclcpp/qos.hpp"

#include <string>

namespace rclcpp
{

std::string qos_policy_name_from_kind(rmw_qos_policy_kind_t policy_kind)
{
  switch (policy_kind) {
    case RMW_QOS_POLICY_DURABILITY: return "DURABILITY_QOS_POLICY";
    case RMW_QOS_POLICY_DEADLINE: return "DEADLINE_QOS_POLICY";
    case RMW_QOS_POLICY_LIVELINESS: return "LIVELINESS_QOS_POLICY";
    case RMW_QOS_POLICY_RELIABILITY: return "RELIABILITY_QOS_POLICY";
    case RMW_QOS_POLICY_HISTORY: return "HISTORY_QOS_POLICY";
    case RMW_QOS_POLICY_LIFESPAN: return "LIFESPAN_QOS_POLICY";
    default: return "INVALID_QOS_POLICY";
  }
}

QoSInitialization QoSInitialization::from_rmw(const rmw_qos_profile_t & rmw_qos)
{
  switch (rmw_qos.history) {
    case RMW_QOS_POLICY_HISTORY_KEEP_ALL:
      return KeepAll();
    case RMW_QOS_POLICY_HISTORY_KEEP_LAST:
    case RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT:
    case RMW_QOS_POLICY_HISTORY_UNKNOWN:
    default:
      return KeepLast(rmw_qos.depth);
  }
}

QoS::QoS(const QoSInitialization & qos_initialization, const rmw_qos_profile_t & initial_profile)
: profile_(initial_profile)
{
  profile_.history = qos_initialization.history_policy;
  profile_.depth = qos_initialization.depth;
}

QoS::QoS(size_t history_depth) : QoS(KeepLast(history_depth)) {}

QoS & QoS::history(rmw_qos_history_policy_t history)
{
  profile_.history = history;
  return *this;
}

QoS & QoS::history(HistoryPolicy history) {return this->history(static_cast<rmw_qos_history_policy_t>(history));}

QoS & QoS::keep_last(size_t depth)
{
  profile_.history = RMW_QOS_POLICY_HISTORY_KEEP_LAST;
  profile_.depth = depth;
  return *this;
}

QoS & QoS::keep_all()
{
  profile_.history = RMW_QOS_POLICY_HISTORY_KEEP_ALL;
  profile_.depth = 0;
  return *this;
}

QoS & QoS::reliability(rmw_qos_reliability_policy_t reliability)
{
  profile_.reliability = reliability;
  return *this;
}

QoS & QoS::reliability(ReliabilityPolicy reliability) {return this->reliability(static_cast<rmw_qos_reliability_policy_t>(reliability));}

QoS & QoS::durability(rmw_qos_durability_policy_t durability)
{
  profile_.durability = durability;
  return *this;
}

QoS & QoS::durability(DurabilityPolicy durability) {return this->durability(static_cast<rmw_qos_durability_policy_t>(durability));}

QoS & QoS::deadline(rmw_time_t deadline)
{
  profile_.deadline = deadline;
  return *this;
}

QoS & QoS::lifespan(rmw_time_t lifespan)
{
  profile_.lifespan = lifespan;
  return *this;
}

QoS & QoS::liveliness(rmw_qos_liveliness_policy_t liveliness)
{
  profile_.liveliness = liveliness;
  return *this;
}

QoS & QoS::liveliness(LivelinessPolicy liveliness) {return this->liveliness(static_cast<rmw_qos_liveliness_policy_t>(liveliness));}

QoS & QoS::liveliness_lease_duration(rmw_time_t liveliness_lease_duration)
{
  profile_.liveliness_lease_duration = liveliness_lease_duration;
  return *this;
}

QoS & QoS::avoid_ros_namespace_conventions(bool avoid_ros_namespace_conventions)
{
  profile_.avoid_ros_namespace_conventions = avoid_ros_namespace_conventions;
  return *this;
}

std::string QoS::rclsim_json() const
{
  std::string json = "{\"history\":" + std::to_string(profile_.history) + ",\"depth\":" + std::to_string(profile_.depth) +
    ",\"reliability\":" + std::to_string(profile_.reliability) + ",\"durability\":" + std::to_string(profile_.durability) +
    ",\"liveliness\":" + std::to_string(profile_.liveliness) + ",\"avoidRosNameSpaceConventions\":" +
    (profile_.avoid_ros_namespace_conventions ? "true" : "false");
  // Zero is rmw's "default" for the durations and RMW_DURATION_INFINITE its infinity (what rosbag2
  // records for a publisher without a deadline): both left out, the simulation's default (none) applies.
  const std::pair<const char *, rmw_time_t> durations[] = {
    {"deadline", profile_.deadline}, {"lifespan", profile_.lifespan}, {"livelinessLeaseDuration", profile_.liveliness_lease_duration}};
  const rmw_time_t infinite = RMW_DURATION_INFINITE;
  for (const auto & [name, value] : durations) {
    int64_t ns = Duration(value).nanoseconds();
    if (ns != 0 && !(value.sec == infinite.sec && value.nsec == infinite.nsec)) {
      json += ",\"" + std::string(name) + "\":\"" + std::to_string(ns) + "\"";
    }
  }
  return json + "}";
}

bool operator==(const QoS & left, const QoS & right)
{
  const rmw_qos_profile_t & l = left.get_rmw_qos_profile();
  const rmw_qos_profile_t & r = right.get_rmw_qos_profile();
  auto same = [](rmw_time_t a, rmw_time_t b) {return a.sec == b.sec && a.nsec == b.nsec;};
  return l.history == r.history && l.depth == r.depth && l.reliability == r.reliability && l.durability == r.durability &&
         same(l.deadline, r.deadline) && same(l.lifespan, r.lifespan) && l.liveliness == r.liveliness &&
         same(l.liveliness_lease_duration, r.liveliness_lease_duration) &&
         l.avoid_ros_namespace_conventions == r.avoid_ros_namespace_conventions;
}

bool operator!=(const QoS & left, const QoS & right) {return !(left == right);}

ClockQoS::ClockQoS(const QoSInitialization & qos_initialization) : QoS(qos_initialization)
{
  // rclcpp's ClockQoS: the default profile, best effort.
  best_effort();
}

RosoutQoS::RosoutQoS(const QoSInitialization & rosout_qos_initialization) : QoS(rosout_qos_initialization)
{
  // rcl's rosout profile: transient local, a lifespan of 10 s.
  transient_local();
  lifespan(rmw_time_t{10, 0});
}

}  // namespace rclcpp
