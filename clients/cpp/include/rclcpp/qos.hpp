// rclcpp::QoS (rclcpp/qos.hpp): a profile, its setters and rclcpp's named profiles, over rmw's
// values; the simulation resolves and matches it (the node protocol's Create.qos_json).
#ifndef RCLCPP__QOS_HPP_
#define RCLCPP__QOS_HPP_

#include <string>

#include "rclcpp/duration.hpp"
#include "rmw/qos_profiles.h"
#include "rmw/types.h"

namespace rclcpp
{

enum class HistoryPolicy
{
  KeepLast = RMW_QOS_POLICY_HISTORY_KEEP_LAST,
  KeepAll = RMW_QOS_POLICY_HISTORY_KEEP_ALL,
  SystemDefault = RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT,
  Unknown = RMW_QOS_POLICY_HISTORY_UNKNOWN,
};

enum class ReliabilityPolicy
{
  BestEffort = RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
  Reliable = RMW_QOS_POLICY_RELIABILITY_RELIABLE,
  SystemDefault = RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT,
  BestAvailable = RMW_QOS_POLICY_RELIABILITY_BEST_AVAILABLE,
  Unknown = RMW_QOS_POLICY_RELIABILITY_UNKNOWN,
};

enum class DurabilityPolicy
{
  Volatile = RMW_QOS_POLICY_DURABILITY_VOLATILE,
  TransientLocal = RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
  SystemDefault = RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT,
  BestAvailable = RMW_QOS_POLICY_DURABILITY_BEST_AVAILABLE,
  Unknown = RMW_QOS_POLICY_DURABILITY_UNKNOWN,
};

enum class LivelinessPolicy
{
  Automatic = RMW_QOS_POLICY_LIVELINESS_AUTOMATIC,
  ManualByTopic = RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC,
  SystemDefault = RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT,
  BestAvailable = RMW_QOS_POLICY_LIVELINESS_BEST_AVAILABLE,
  Unknown = RMW_QOS_POLICY_LIVELINESS_UNKNOWN,
};

/// Whether a publisher's and a subscription's profiles let them talk (rmw_qos_compatibility_type_t).
enum class QoSCompatibility
{
  Ok,
  Warning,
  Error,
};

struct QoSInitialization
{
  rmw_qos_history_policy_t history_policy;
  size_t depth;
  bool print_depth_warning = true;

  QoSInitialization(rmw_qos_history_policy_t history_policy_arg, size_t depth_arg, bool print_depth_warning_arg = true)
  : history_policy(history_policy_arg), depth(depth_arg), print_depth_warning(print_depth_warning_arg) {}
  static QoSInitialization from_rmw(const rmw_qos_profile_t & rmw_qos);
};

struct KeepAll : public QoSInitialization
{
  KeepAll() : QoSInitialization(RMW_QOS_POLICY_HISTORY_KEEP_ALL, 0, false) {}
};

struct KeepLast : public QoSInitialization
{
  explicit KeepLast(size_t depth, bool print_depth_warning = true)
  : QoSInitialization(RMW_QOS_POLICY_HISTORY_KEEP_LAST, depth, print_depth_warning) {}
};

class QoS
{
public:
  explicit QoS(const QoSInitialization & qos_initialization, const rmw_qos_profile_t & initial_profile = rmw_qos_profile_default);
  QoS(size_t history_depth);  // NOLINT: implicit as in rclcpp (create_publisher<T>("t", 10))

  rmw_qos_profile_t & get_rmw_qos_profile() {return profile_;}
  const rmw_qos_profile_t & get_rmw_qos_profile() const {return profile_;}

  QoS & history(HistoryPolicy history);
  QoS & history(rmw_qos_history_policy_t history);
  QoS & keep_last(size_t depth);
  QoS & keep_all();
  QoS & reliability(rmw_qos_reliability_policy_t reliability);
  QoS & reliability(ReliabilityPolicy reliability);
  QoS & reliable() {return reliability(ReliabilityPolicy::Reliable);}
  QoS & best_effort() {return reliability(ReliabilityPolicy::BestEffort);}
  QoS & reliability_best_available() {return reliability(ReliabilityPolicy::BestAvailable);}
  QoS & durability(rmw_qos_durability_policy_t durability);
  QoS & durability(DurabilityPolicy durability);
  QoS & durability_volatile() {return durability(DurabilityPolicy::Volatile);}
  QoS & transient_local() {return durability(DurabilityPolicy::TransientLocal);}
  QoS & durability_best_available() {return durability(DurabilityPolicy::BestAvailable);}
  QoS & deadline(rmw_time_t deadline);
  QoS & deadline(const Duration & deadline) {return this->deadline(deadline.to_rmw_time());}
  QoS & lifespan(rmw_time_t lifespan);
  QoS & lifespan(const Duration & lifespan) {return this->lifespan(lifespan.to_rmw_time());}
  QoS & liveliness(rmw_qos_liveliness_policy_t liveliness);
  QoS & liveliness(LivelinessPolicy liveliness);
  QoS & liveliness_lease_duration(rmw_time_t liveliness_lease_duration);
  QoS & liveliness_lease_duration(const Duration & duration) {return liveliness_lease_duration(duration.to_rmw_time());}
  QoS & avoid_ros_namespace_conventions(bool avoid_ros_namespace_conventions);

  HistoryPolicy history() const {return static_cast<HistoryPolicy>(profile_.history);}
  size_t depth() const {return profile_.depth;}
  ReliabilityPolicy reliability() const {return static_cast<ReliabilityPolicy>(profile_.reliability);}
  DurabilityPolicy durability() const {return static_cast<DurabilityPolicy>(profile_.durability);}
  Duration deadline() const {return Duration(profile_.deadline);}
  Duration lifespan() const {return Duration(profile_.lifespan);}
  LivelinessPolicy liveliness() const {return static_cast<LivelinessPolicy>(profile_.liveliness);}
  Duration liveliness_lease_duration() const {return Duration(profile_.liveliness_lease_duration);}
  bool avoid_ros_namespace_conventions() const {return profile_.avoid_ros_namespace_conventions;}

  /// The profile as the node protocol carries it (Create.qos_json: rmw's values, ns as strings).
  std::string rclsim_json() const;

private:
  rmw_qos_profile_t profile_;
};

/// rmw's name of a policy an incompatible-QoS status names ("RELIABILITY_QOS_POLICY" …).
std::string qos_policy_name_from_kind(rmw_qos_policy_kind_t policy_kind);

struct QoSCheckCompatibleResult
{
  QoSCompatibility compatibility;
  /// rmw's reasons, each ending in ';' (empty when compatible).
  std::string reason;
};

/// rmw_qos_profile_check_compatible's answer, by rmw_dds_common's rules.
QoSCheckCompatibleResult qos_check_compatible(const QoS & publisher_qos, const QoS & subscription_qos);

bool operator==(const QoS & left, const QoS & right);
bool operator!=(const QoS & left, const QoS & right);

class ClockQoS : public QoS
{
public:
  explicit ClockQoS(const QoSInitialization & qos_initialization = KeepLast(1));
};

class SensorDataQoS : public QoS
{
public:
  explicit SensorDataQoS(const QoSInitialization & qos_initialization = QoSInitialization::from_rmw(rmw_qos_profile_sensor_data))
  : QoS(qos_initialization, rmw_qos_profile_sensor_data) {}
};

class ParametersQoS : public QoS
{
public:
  explicit ParametersQoS(const QoSInitialization & qos_initialization = QoSInitialization::from_rmw(rmw_qos_profile_parameters))
  : QoS(qos_initialization, rmw_qos_profile_parameters) {}
};

class ServicesQoS : public QoS
{
public:
  explicit ServicesQoS(const QoSInitialization & qos_initialization = QoSInitialization::from_rmw(rmw_qos_profile_services_default))
  : QoS(qos_initialization, rmw_qos_profile_services_default) {}
};

class ParameterEventsQoS : public QoS
{
public:
  explicit ParameterEventsQoS(const QoSInitialization & qos_initialization = QoSInitialization::from_rmw(rmw_qos_profile_parameter_events))
  : QoS(qos_initialization, rmw_qos_profile_parameter_events) {}
};

class RosoutQoS : public QoS
{
public:
  explicit RosoutQoS(const QoSInitialization & rosout_qos_initialization = KeepLast(1000));
};

class SystemDefaultsQoS : public QoS
{
public:
  explicit SystemDefaultsQoS(const QoSInitialization & qos_initialization = QoSInitialization::from_rmw(rmw_qos_profile_system_default))
  : QoS(qos_initialization, rmw_qos_profile_system_default) {}
};

class BestAvailableQoS : public QoS
{
public:
  explicit BestAvailableQoS(const QoSInitialization & qos_initialization = QoSInitialization::from_rmw(rmw_qos_profile_best_available))
  : QoS(qos_initialization, rmw_qos_profile_best_available) {}
};

}  // namespace rclcpp

#endif  // RCLCPP__QOS_HPP_
