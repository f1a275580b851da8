// rclcpp::NodeOptions (rclcpp/node_options.hpp): a node's context, arguments and features, each
// with its builder-style setter.
#ifndef RCLCPP__NODE_OPTIONS_HPP_
#define RCLCPP__NODE_OPTIONS_HPP_

#include <string>
#include <vector>

#include "rclcpp/context.hpp"
#include "rclcpp/parameter.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/time.hpp"

namespace rclcpp
{

#define RCLSIM_NODE_OPTION(type, name, initial) \
public: \
  const type & name() const {return name ## _;} \
  NodeOptions & name(const type & value) {name ## _ = value; return *this;} \
private: \
  type name ## _ = initial;

class NodeOptions
{
public:
  NodeOptions() = default;
  Context::SharedPtr context() const {return context_;}
  NodeOptions & context(Context::SharedPtr value) {context_ = std::move(value); return *this;}
  const rclcpp::QoS & rosout_qos() const {return rosout_qos_;}
  NodeOptions & rosout_qos(const rclcpp::QoS & value) {rosout_qos_ = value; return *this;}
  const rclcpp::QoS & parameter_event_qos() const {return parameter_event_qos_;}
  NodeOptions & parameter_event_qos(const rclcpp::QoS & value) {parameter_event_qos_ = value; return *this;}
  rcl_clock_type_t clock_type() const {return clock_type_;}
  NodeOptions & clock_type(rcl_clock_type_t value) {clock_type_ = value; return *this;}
  const rclcpp::QoS & clock_qos() const {return clock_qos_;}
  NodeOptions & clock_qos(const rclcpp::QoS & value) {clock_qos_ = value; return *this;}
  NodeOptions & append_parameter_override(const std::string & name, const rclcpp::ParameterValue & value)
  {
    parameter_overrides_.emplace_back(name, value);
    return *this;
  }
  template<typename ParameterT>
  NodeOptions & append_parameter_override(const std::string & name, const ParameterT & value)
  {
    parameter_overrides_.emplace_back(name, rclcpp::ParameterValue(value));
    return *this;
  }

  RCLSIM_NODE_OPTION(std::vector<std::string>, arguments, {})
  RCLSIM_NODE_OPTION(std::vector<rclcpp::Parameter>, parameter_overrides, {})
  RCLSIM_NODE_OPTION(bool, use_global_arguments, true)
  RCLSIM_NODE_OPTION(bool, enable_rosout, true)
  RCLSIM_NODE_OPTION(bool, use_intra_process_comms, false)
  RCLSIM_NODE_OPTION(bool, enable_topic_statistics, false)
  RCLSIM_NODE_OPTION(bool, start_parameter_services, true)
  RCLSIM_NODE_OPTION(bool, start_parameter_event_publisher, true)
  RCLSIM_NODE_OPTION(bool, use_clock_thread, true)
  RCLSIM_NODE_OPTION(bool, allow_undeclared_parameters, false)
  RCLSIM_NODE_OPTION(bool, automatically_declare_parameters_from_overrides, false)
  RCLSIM_NODE_OPTION(bool, enable_logger_service, false)

private:
  Context::SharedPtr context_ = contexts::get_global_default_context();
  rclcpp::QoS rosout_qos_ = RosoutQoS();
  rclcpp::QoS parameter_event_qos_ = ParameterEventsQoS();
  rcl_clock_type_t clock_type_ = RCL_ROS_TIME;
  rclcpp::QoS clock_qos_ = ClockQoS();
};

#undef RCLSIM_NODE_OPTION

}  // namespace rclcpp

#endif  // RCLCPP__NODE_OPTIONS_HPP_
