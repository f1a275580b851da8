// rclcpp::node_interfaces::NodeParameters (rclcpp/node_interfaces/node_parameters.hpp): a node's
// parameters, kept in the program as rclcpp keeps them (the simulation makes the node with
// startParameterServices false): declared with descriptors, set through the pre-set, on-set and
// post-set callbacks, told on /parameter_events and answered on the node's six parameter
// services. The overrides are rcl's (params files, -p arguments) then NodeOptions' own.
#ifndef RCLCPP__NODE_INTERFACES__NODE_PARAMETERS_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_PARAMETERS_HPP_

#include <functional>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rcl_interfaces/msg/list_parameters_result.hpp"
#include "rcl_interfaces/msg/parameter_descriptor.hpp"
#include "rcl_interfaces/msg/parameter_event.hpp"
#include "rcl_interfaces/msg/set_parameters_result.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/logger.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/parameter.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/qos_overriding_options.hpp"

namespace rclcpp
{
class ParameterService;

namespace node_interfaces
{

struct ParameterInfo
{
  rclcpp::ParameterValue value;
  rcl_interfaces::msg::ParameterDescriptor descriptor;
};

struct PreSetParametersCallbackHandle
{
  RCLCPP_SMART_PTR_DEFINITIONS(PreSetParametersCallbackHandle)
  using PreSetParametersCallbackType = std::function<void (std::vector<rclcpp::Parameter> &)>;
  PreSetParametersCallbackType callback;
};

struct OnSetParametersCallbackHandle
{
  RCLCPP_SMART_PTR_DEFINITIONS(OnSetParametersCallbackHandle)
  using OnSetParametersCallbackType =
    std::function<rcl_interfaces::msg::SetParametersResult(const std::vector<rclcpp::Parameter> &)>;
  using OnParametersSetCallbackType = OnSetParametersCallbackType;
  OnSetParametersCallbackType callback;
};

struct PostSetParametersCallbackHandle
{
  RCLCPP_SMART_PTR_DEFINITIONS(PostSetParametersCallbackHandle)
  using PostSetParametersCallbackType = std::function<void (const std::vector<rclcpp::Parameter> &)>;
  PostSetParametersCallbackType callback;
};

/// What NodeOptions gives the parameters.
struct NodeParametersOptions
{
  std::vector<rclcpp::Parameter> parameter_overrides;
  bool start_parameter_services = true;
  bool start_parameter_event_publisher = true;
  rclcpp::QoS parameter_event_qos = rclcpp::ParameterEventsQoS();
  bool allow_undeclared_parameters = false;
  bool automatically_declare_parameters_from_overrides = false;
};

class NodeParameters
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeParameters)
  using PreSetParametersCallbackType = PreSetParametersCallbackHandle::PreSetParametersCallbackType;
  using OnSetParametersCallbackType = OnSetParametersCallbackHandle::OnSetParametersCallbackType;
  using OnParametersSetCallbackType = OnSetParametersCallbackType;
  using PostSetParametersCallbackType = PostSetParametersCallbackHandle::PostSetParametersCallbackType;
  using PreSetCallbacksHandleContainer = std::list<PreSetParametersCallbackHandle::WeakPtr>;
  using OnSetCallbacksHandleContainer = std::list<OnSetParametersCallbackHandle::WeakPtr>;
  using PostSetCallbacksHandleContainer = std::list<PostSetParametersCallbackHandle::WeakPtr>;

  NodeParameters(const std::shared_ptr<NodeBase> & node_base, rclcpp::Clock::SharedPtr clock, const NodeParametersOptions & options);
  virtual ~NodeParameters();
  NodeParameters(const NodeParameters &) = delete;
  NodeParameters & operator=(const NodeParameters &) = delete;

  const rclcpp::ParameterValue & declare_parameter(const std::string & name, const rclcpp::ParameterValue & default_value,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false);
  const rclcpp::ParameterValue & declare_parameter(const std::string & name, rclcpp::ParameterType type,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false);
  void undeclare_parameter(const std::string & name);
  bool has_parameter(const std::string & name) const;
  std::vector<rcl_interfaces::msg::SetParametersResult> set_parameters(const std::vector<rclcpp::Parameter> & parameters);
  rcl_interfaces::msg::SetParametersResult set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters);
  std::vector<rclcpp::Parameter> get_parameters(const std::vector<std::string> & names) const;
  rclcpp::Parameter get_parameter(const std::string & name) const;
  bool get_parameter(const std::string & name, rclcpp::Parameter & parameter) const;
  bool get_parameters_by_prefix(const std::string & prefix, std::map<std::string, rclcpp::Parameter> & parameters) const;
  std::vector<rcl_interfaces::msg::ParameterDescriptor> describe_parameters(const std::vector<std::string> & names) const;
  std::vector<uint8_t> get_parameter_types(const std::vector<std::string> & names) const;
  rcl_interfaces::msg::ListParametersResult list_parameters(const std::vector<std::string> & prefixes, uint64_t depth) const;

  PreSetParametersCallbackHandle::SharedPtr add_pre_set_parameters_callback(PreSetParametersCallbackType callback);
  OnSetParametersCallbackHandle::SharedPtr add_on_set_parameters_callback(OnSetParametersCallbackType callback);
  PostSetParametersCallbackHandle::SharedPtr add_post_set_parameters_callback(PostSetParametersCallbackType callback);
  void remove_pre_set_parameters_callback(const PreSetParametersCallbackHandle * const handler);
  void remove_on_set_parameters_callback(const OnSetParametersCallbackHandle * const handler);
  void remove_post_set_parameters_callback(const PostSetParametersCallbackHandle * const handler);

  const std::map<std::string, rclcpp::ParameterValue> & get_parameter_overrides() const {return parameter_overrides_;}
  void perform_automatically_declare_parameters_from_overrides();

  /// What rclcpp's Node declares after its NodeParameters: the time source's use_sim_time
  /// (rclcpp/src/rclcpp/time_source.cpp), then the read-only QoS parameters of its
  /// /parameter_events publisher (rclcpp::detail::declare_qos_parameters).
  void rclsim_declare_use_sim_time(const rclcpp::Logger & logger);
  void rclsim_declare_parameter_events_qos(const rclcpp::QoS & qos);
  /// rclcpp::detail::declare_qos_parameters: the profile a publisher (or subscription) on the
  /// resolved `topic` is made with, its overridable policies declared (src/rclcpp/qos_overrides.cpp).
  rclcpp::QoS rclsim_declare_qos_parameters(const rclcpp::QosOverridingOptions & options, const std::string & topic,
    const rclcpp::QoS & default_qos, bool publisher);

private:
  const rclcpp::ParameterValue & declare(const std::string & name, rclcpp::ParameterType type, const rclcpp::ParameterValue & default_value,
    rcl_interfaces::msg::ParameterDescriptor descriptor, bool ignore_override);
  void publish(rcl_interfaces::msg::ParameterEvent & event);
  /// The simulation's line for an override of the run's input that `descriptor` refuses (empty: none).
  std::string refused_override(const std::string & name, const rcl_interfaces::msg::ParameterDescriptor & descriptor) const;

  std::shared_ptr<NodeBase> node_base_;
  rclcpp::Clock::SharedPtr clock_;
  bool allow_undeclared_ = false;
  bool parameter_modification_enabled_ = true;
  std::map<std::string, ParameterInfo> parameters_;
  std::map<std::string, rclcpp::ParameterValue> parameter_overrides_;
  // Where each override of the run's input came from ("--ros-args -p 'rate:=5'", "params.yaml:3 (for /n)").
  std::map<std::string, std::string> override_sources_;
  PreSetCallbacksHandleContainer pre_set_parameters_callback_container_;
  OnSetCallbacksHandleContainer on_set_parameters_callback_container_;
  PostSetCallbacksHandleContainer post_set_parameters_callback_container_;
  std::shared_ptr<rclcpp::Publisher<rcl_interfaces::msg::ParameterEvent>> events_publisher_;
  std::shared_ptr<rclcpp::ParameterService> parameter_service_;
};

/// rclcpp's interface type of a node's parameters: here, the one implementation.
using NodeParametersInterface = NodeParameters;

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_PARAMETERS_HPP_
