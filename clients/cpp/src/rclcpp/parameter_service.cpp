// The answers of rclcpp/src/rclcpp/parameter_service.cpp (Jazzy): a name the node cannot answer
// for leaves the whole list empty; a set of an undeclared parameter is a refusal, not an error.
#include "rclcpp/parameter_service.hpp"

#include <string>
#include <vector>

#include "rclcpp/exceptions.hpp"
#include "rclcpp/node_interfaces/node_parameters.hpp"

namespace rclcpp
{
namespace
{
template<typename ServiceT, typename CallbackT>
typename rclcpp::Service<ServiceT>::SharedPtr make(node_interfaces::NodeBaseInterface * node_base, const char * name,
  const rclcpp::QoS & qos, CallbackT && callback)
{
  return std::make_shared<rclcpp::Service<ServiceT>>(node_base, std::string(node_base->get_name()) + "/" + name,
           std::forward<CallbackT>(callback), qos, nullptr);
}
}  // namespace

ParameterService::ParameterService(node_interfaces::NodeBaseInterface * node_base, node_interfaces::NodeParameters * node_params,
  const rclcpp::QoS & qos)
{
  using namespace rcl_interfaces::srv;  // NOLINT
  get_parameters_service_ = make<GetParameters>(node_base, parameter_service_names::get_parameters, qos,
      [node_params](const std::shared_ptr<GetParameters::Request> request, std::shared_ptr<GetParameters::Response> response) {
        try {
          for (const auto & parameter : node_params->get_parameters(request->names)) {
            response->values.push_back(parameter.get_value_message());
          }
        } catch (const rclcpp::exceptions::ParameterNotDeclaredException &) {
        } catch (const rclcpp::exceptions::ParameterUninitializedException &) {
        }
      });
  get_parameter_types_service_ = make<GetParameterTypes>(node_base, parameter_service_names::get_parameter_types, qos,
      [node_params](const std::shared_ptr<GetParameterTypes::Request> request, std::shared_ptr<GetParameterTypes::Response> response) {
        try {
          for (uint8_t type : node_params->get_parameter_types(request->names)) {
            response->types.push_back(type);
          }
        } catch (const rclcpp::exceptions::ParameterNotDeclaredException &) {
        }
      });
  set_parameters_service_ = make<SetParameters>(node_base, parameter_service_names::set_parameters, qos,
      [node_params](const std::shared_ptr<SetParameters::Request> request, std::shared_ptr<SetParameters::Response> response) {
        rcl_interfaces::msg::SetParametersResult result;
        for (const auto & parameter : request->parameters) {
          try {
            result = node_params->set_parameters_atomically({rclcpp::Parameter::from_parameter_msg(parameter)});
          } catch (const rclcpp::exceptions::ParameterNotDeclaredException & error) {
            result.successful = false;
            result.reason = error.what();
          }
          response->results.push_back(result);
        }
      });
  set_parameters_atomically_service_ = make<SetParametersAtomically>(node_base, parameter_service_names::set_parameters_atomically, qos,
      [node_params](const std::shared_ptr<SetParametersAtomically::Request> request,
      std::shared_ptr<SetParametersAtomically::Response> response) {
        std::vector<rclcpp::Parameter> parameters;
        for (const auto & parameter : request->parameters) {
          parameters.push_back(rclcpp::Parameter::from_parameter_msg(parameter));
        }
        try {
          response->result = node_params->set_parameters_atomically(parameters);
        } catch (const rclcpp::exceptions::ParameterNotDeclaredException &) {
          response->result.successful = false;
          response->result.reason = "One or more parameters were not declared before setting";
        }
      });
  describe_parameters_service_ = make<DescribeParameters>(node_base, parameter_service_names::describe_parameters, qos,
      [node_params](const std::shared_ptr<DescribeParameters::Request> request, std::shared_ptr<DescribeParameters::Response> response) {
        try {
          auto descriptors = node_params->describe_parameters(request->names);
          response->descriptors.assign(descriptors.begin(), descriptors.end());
        } catch (const rclcpp::exceptions::ParameterNotDeclaredException &) {
        }
      });
  list_parameters_service_ = make<ListParameters>(node_base, parameter_service_names::list_parameters, qos,
      [node_params](const std::shared_ptr<ListParameters::Request> request, std::shared_ptr<ListParameters::Response> response) {
        response->result = node_params->list_parameters(request->prefixes, request->depth);
      });
}

}  // namespace rclcpp
