// rclcpp::detail::declare_qos_parameters (rclcpp/detail/qos_parameters.hpp): a publisher's or
// subscription's overridable QoS policies as read-only parameters of its node, whose values (a
// params file's, -p's) make the profile it is created with; then the options' validation callback.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "rclcpp/exceptions.hpp"
#include "rclcpp/node_interfaces/node_parameters.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/qos_overriding_options.hpp"

namespace rclcpp
{

const char * qos_policy_kind_to_cstr(const QosPolicyKind & qpk)
{
  switch (qpk) {
    case QosPolicyKind::AvoidRosNamespaceConventions: return "avoid_ros_namespace_conventions";
    case QosPolicyKind::Deadline: return "deadline";
    case QosPolicyKind::Depth: return "depth";
    case QosPolicyKind::Durability: return "durability";
    case QosPolicyKind::History: return "history";
    case QosPolicyKind::Lifespan: return "lifespan";
    case QosPolicyKind::Liveliness: return "liveliness";
    case QosPolicyKind::LivelinessLeaseDuration: return "liveliness_lease_duration";
    case QosPolicyKind::Reliability: return "reliability";
    default: throw std::invalid_argument{"unknown QoS policy kind"};
  }
}

std::ostream & operator<<(std::ostream & oss, const QosPolicyKind & qpk) {return oss << qos_policy_kind_to_cstr(qpk);}

namespace
{

// rmw's names of the enum policies' values (rmw_qos_*_policy_to_str / _from_str); "" for none.
struct PolicyName { int value; const char * name; };
const PolicyName HISTORY_NAMES[] = {{RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT, "system_default"},
  {RMW_QOS_POLICY_HISTORY_KEEP_LAST, "keep_last"}, {RMW_QOS_POLICY_HISTORY_KEEP_ALL, "keep_all"}};
const PolicyName RELIABILITY_NAMES[] = {{RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT, "system_default"},
  {RMW_QOS_POLICY_RELIABILITY_RELIABLE, "reliable"}, {RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT, "best_effort"},
  {RMW_QOS_POLICY_RELIABILITY_BEST_AVAILABLE, "best_available"}};
const PolicyName DURABILITY_NAMES[] = {{RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT, "system_default"},
  {RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL, "transient_local"}, {RMW_QOS_POLICY_DURABILITY_VOLATILE, "volatile"},
  {RMW_QOS_POLICY_DURABILITY_BEST_AVAILABLE, "best_available"}};
const PolicyName LIVELINESS_NAMES[] = {{RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT, "system_default"},
  {RMW_QOS_POLICY_LIVELINESS_AUTOMATIC, "automatic"}, {RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC, "manual_by_topic"},
  {RMW_QOS_POLICY_LIVELINESS_BEST_AVAILABLE, "best_available"}};

template<size_t N>
std::string name_of(const PolicyName (&names)[N], int value)
{
  for (const auto & entry : names) {
    if (entry.value == value) {return entry.name;}
  }
  throw std::invalid_argument{"unknown QoS policy value"};
}

template<size_t N>
int value_of(const PolicyName (&names)[N], const std::string & name, const char * kind)
{
  for (const auto & entry : names) {
    if (name == entry.name) {return entry.value;}
  }
  throw std::invalid_argument{std::string("unknown QoS policy ") + kind + " value: " + name};
}

int64_t nanoseconds(const rmw_time_t & time) {return rclcpp::Duration(time).nanoseconds();}

rclcpp::ParameterValue parameter_value(QosPolicyKind policy, const rmw_qos_profile_t & qos)
{
  switch (policy) {
    case QosPolicyKind::AvoidRosNamespaceConventions: return rclcpp::ParameterValue(qos.avoid_ros_namespace_conventions);
    case QosPolicyKind::Deadline: return rclcpp::ParameterValue(nanoseconds(qos.deadline));
    case QosPolicyKind::Durability: return rclcpp::ParameterValue(name_of(DURABILITY_NAMES, qos.durability));
    case QosPolicyKind::History: return rclcpp::ParameterValue(name_of(HISTORY_NAMES, qos.history));
    case QosPolicyKind::Depth: return rclcpp::ParameterValue(static_cast<int64_t>(qos.depth));
    case QosPolicyKind::Lifespan: return rclcpp::ParameterValue(nanoseconds(qos.lifespan));
    case QosPolicyKind::Liveliness: return rclcpp::ParameterValue(name_of(LIVELINESS_NAMES, qos.liveliness));
    case QosPolicyKind::LivelinessLeaseDuration: return rclcpp::ParameterValue(nanoseconds(qos.liveliness_lease_duration));
    case QosPolicyKind::Reliability: return rclcpp::ParameterValue(name_of(RELIABILITY_NAMES, qos.reliability));
    default: throw std::invalid_argument{"unknown QosPolicyKind"};
  }
}

void apply(QosPolicyKind policy, const rclcpp::ParameterValue & value, rclcpp::QoS & qos)
{
  switch (policy) {
    case QosPolicyKind::AvoidRosNamespaceConventions: qos.avoid_ros_namespace_conventions(value.get<bool>()); break;
    case QosPolicyKind::Deadline: qos.deadline(rclcpp::Duration::from_nanoseconds(value.get<int64_t>())); break;
    case QosPolicyKind::Durability:
      qos.durability(static_cast<rmw_qos_durability_policy_t>(value_of(DURABILITY_NAMES, value.get<std::string>(), "durability")));
      break;
    case QosPolicyKind::History:
      qos.history(static_cast<rmw_qos_history_policy_t>(value_of(HISTORY_NAMES, value.get<std::string>(), "history")));
      break;
    case QosPolicyKind::Depth: qos.get_rmw_qos_profile().depth = static_cast<size_t>(value.get<int64_t>()); break;
    case QosPolicyKind::Lifespan: qos.lifespan(rclcpp::Duration::from_nanoseconds(value.get<int64_t>())); break;
    case QosPolicyKind::Liveliness:
      qos.liveliness(static_cast<rmw_qos_liveliness_policy_t>(value_of(LIVELINESS_NAMES, value.get<std::string>(), "liveliness")));
      break;
    case QosPolicyKind::LivelinessLeaseDuration:
      qos.liveliness_lease_duration(rclcpp::Duration::from_nanoseconds(value.get<int64_t>()));
      break;
    case QosPolicyKind::Reliability:
      qos.reliability(static_cast<rmw_qos_reliability_policy_t>(value_of(RELIABILITY_NAMES, value.get<std::string>(), "reliability")));
      break;
    default: throw std::invalid_argument{"unknown QosPolicyKind"};
  }
}

}  // namespace

namespace node_interfaces
{

rclcpp::QoS NodeParameters::rclsim_declare_qos_parameters(const rclcpp::QosOverridingOptions & options, const std::string & topic,
  const rclcpp::QoS & default_qos, bool publisher)
{
  // rclcpp's PublisherQosParametersTraits/SubscriptionQosParametersTraits::allowed_policies, in order.
  static const QosPolicyKind allowed[] = {QosPolicyKind::AvoidRosNamespaceConventions, QosPolicyKind::Deadline,
    QosPolicyKind::Durability, QosPolicyKind::History, QosPolicyKind::Depth, QosPolicyKind::Lifespan,
    QosPolicyKind::Liveliness, QosPolicyKind::LivelinessLeaseDuration, QosPolicyKind::Reliability};
  const std::string entity = publisher ? "publisher" : "subscription";
  const std::string & id = options.get_id();
  const std::string prefix = "qos_overrides." + topic + "." + entity + (id.empty() ? "" : "_" + id) + ".";
  const std::string description_suffix = "} for " + entity + " {" + topic + "}" + (id.empty() ? "" : " with id {" + id + "}");
  rclcpp::QoS qos = default_qos;
  const auto & kinds = options.get_policy_kinds();
  for (QosPolicyKind policy : allowed) {
    if ((!publisher && policy == QosPolicyKind::Lifespan) || std::count(kinds.begin(), kinds.end(), policy) == 0) {
      continue;
    }
    const std::string name = prefix + qos_policy_kind_to_cstr(policy);
    rcl_interfaces::msg::ParameterDescriptor descriptor;
    descriptor.description = std::string("qos policy {") + qos_policy_kind_to_cstr(policy) + description_suffix;
    descriptor.read_only = true;
    rclcpp::ParameterValue value;
    try {
      value = declare_parameter(name, parameter_value(policy, qos.get_rmw_qos_profile()), descriptor);
    } catch (const rclcpp::exceptions::ParameterAlreadyDeclaredException &) {
      value = get_parameter(name).get_parameter_value();
    }
    apply(policy, value, qos);
  }
  if (options.get_validation_callback()) {
    auto result = options.get_validation_callback()(qos);
    if (!result.successful) {
      throw rclcpp::exceptions::InvalidQosOverridesException{"validation callback failed: " + result.reason};
    }
  }
  return qos;
}

}  // namespace node_interfaces
}  // namespace rclcpp
