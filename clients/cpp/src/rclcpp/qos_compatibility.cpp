// rclcpp::qos_check_compatible: what rmw_qos_profile_check_compatible answers under a DDS
// middleware (rmw_dds_common/src/qos.cpp), its reasons word for word. The simulation matches
// endpoints itself; this is the check a program asks for (test/fixtures/qos/cases.txt).
#include <string>

#include "rclcpp/qos.hpp"

namespace rclcpp
{
namespace
{

bool unspecified(const rmw_time_t & time) {return time.sec == 0 && time.nsec == 0;}

bool shorter(const rmw_time_t & a, const rmw_time_t & b)
{
  return a.sec < b.sec || (a.sec == b.sec && a.nsec < b.nsec);
}

/// A duration policy's error: none where the publisher's is unspecified and the subscription's too.
void duration_errors(const rmw_time_t & pub, const rmw_time_t & sub, const char * only_sub, const char * sub_shorter, std::string & errors)
{
  if (unspecified(pub) && !unspecified(sub)) {
    errors += only_sub;
  } else if (!unspecified(pub) && !unspecified(sub) && shorter(sub, pub)) {
    errors += sub_shorter;
  }
}

/// rmw's short name of a policy value (rmw_qos_*_policy_to_str), "unknown" where it has none.
template<typename Policy>
std::string named(Policy value, Policy system_default, Policy best_available, const char * one, Policy one_value, const char * other, Policy other_value)
{
  if (value == system_default) {return "system_default";}
  if (value == best_available) {return "best_available";}
  if (value == one_value) {return one;}
  if (value == other_value) {return other;}
  return "unknown";
}

/// One policy's warning where a side the middleware picks (system default) or does not know could fail.
template<typename Policy>
std::string warning(
  bool pub_unknown, bool sub_unknown, Policy pub, Policy sub, Policy strict_pub, Policy strict_sub,
  const std::string & pub_name, const std::string & sub_name, const std::string & policy, const std::string & sub_strict,
  const std::string & pub_lax)
{
  if (pub_unknown && sub_unknown) {
    // rmw's spelling of the publisher's durability ("durabilty").
    const std::string publisher_policy = policy == "durability" ? "durabilty" : policy;
    return "WARNING: Publisher " + publisher_policy + " is " + pub_name + " and subscription " + policy + " is " + sub_name + ";";
  }
  if (pub_unknown && sub == strict_sub) {
    return sub_strict + pub_name + ";";
  }
  if (pub == strict_pub && sub_unknown) {
    return pub_lax + sub_name + ";";
  }
  return "";
}

}  // namespace

QoSCheckCompatibleResult qos_check_compatible(const QoS & publisher_qos, const QoS & subscription_qos)
{
  const rmw_qos_profile_t & pub = publisher_qos.get_rmw_qos_profile();
  const rmw_qos_profile_t & sub = subscription_qos.get_rmw_qos_profile();
  std::string errors;
  if (pub.reliability == RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT && sub.reliability == RMW_QOS_POLICY_RELIABILITY_RELIABLE) {
    errors += "ERROR: Best effort publisher and reliable subscription;";
  }
  if (pub.durability == RMW_QOS_POLICY_DURABILITY_VOLATILE && sub.durability == RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL) {
    errors += "ERROR: Volatile publisher and transient local subscription;";
  }
  duration_errors(
    pub.deadline, sub.deadline, "ERROR: Subscription has a deadline, but publisher does not;",
    "ERROR: Subscription deadline is less than publisher deadline;", errors);
  if (pub.liveliness == RMW_QOS_POLICY_LIVELINESS_AUTOMATIC && sub.liveliness == RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC) {
    errors += "ERROR: Publisher's liveliness is automatic and subscription's is manual by topic;";
  }
  duration_errors(
    pub.liveliness_lease_duration, sub.liveliness_lease_duration,
    "ERROR: Subscription has a liveliness lease duration, but publisher does not;",
    "ERROR: Subscription liveliness lease duration is less than publisher;", errors);
  if (!errors.empty()) {
    return {QoSCompatibility::Error, errors};
  }

  auto reliability = [](rmw_qos_reliability_policy_t value) {
      return named(
        value, RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT, RMW_QOS_POLICY_RELIABILITY_BEST_AVAILABLE,
        "reliable", RMW_QOS_POLICY_RELIABILITY_RELIABLE, "best_effort", RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT);
    };
  auto durability = [](rmw_qos_durability_policy_t value) {
      return named(
        value, RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT, RMW_QOS_POLICY_DURABILITY_BEST_AVAILABLE,
        "transient_local", RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL, "volatile", RMW_QOS_POLICY_DURABILITY_VOLATILE);
    };
  auto liveliness = [](rmw_qos_liveliness_policy_t value) {
      return named(
        value, RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT, RMW_QOS_POLICY_LIVELINESS_BEST_AVAILABLE,
        "automatic", RMW_QOS_POLICY_LIVELINESS_AUTOMATIC, "manual_by_topic", RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC);
    };
  // What the middleware picks (system default) or does not know (unknown) cannot be told here.
  auto unknown = [](const std::string & name) {return name == "system_default" || name == "unknown";};
  const std::string pub_r = reliability(pub.reliability), sub_r = reliability(sub.reliability);
  const std::string pub_d = durability(pub.durability), sub_d = durability(sub.durability);
  const std::string pub_l = liveliness(pub.liveliness), sub_l = liveliness(sub.liveliness);
  std::string warnings = warning(
    unknown(pub_r), unknown(sub_r), pub.reliability, sub.reliability, RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
    RMW_QOS_POLICY_RELIABILITY_RELIABLE, pub_r, sub_r, "reliability",
    "WARNING: Reliable subscription, but publisher is ", "WARNING: Best effort publisher, but subscription is ");
  warnings += warning(
    unknown(pub_d), unknown(sub_d), pub.durability, sub.durability, RMW_QOS_POLICY_DURABILITY_VOLATILE,
    RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL, pub_d, sub_d, "durability",
    "WARNING: Transient local subscription, but publisher is ", "WARNING: Volatile publisher, but subscription is ");
  warnings += warning(
    unknown(pub_l), unknown(sub_l), pub.liveliness, sub.liveliness, RMW_QOS_POLICY_LIVELINESS_AUTOMATIC,
    RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC, pub_l, sub_l, "liveliness",
    "WARNING: Subscription's liveliness is manual by topic, but publisher's is ",
    "WARNING: Publisher's liveliness is automatic, but subscription's is ");
  return {warnings.empty() ? QoSCompatibility::Ok : QoSCompatibility::Warning, warnings};
}

}  // namespace rclcpp
