// As rclcpp/src/rclcpp/parameter_client.cpp (Jazzy): each call a request to one of the remote
// node's services, its answer turned into rclcpp's types; the synchronous forms give an empty
// answer (or throw, for set_parameters_atomically and list_parameters) when none came in time.
#include "rclcpp/parameter_client.hpp"

namespace rclcpp
{

AsyncParametersClient::AsyncParametersClient(node_interfaces::NodeBaseInterface::SharedPtr node_base, const std::string & remote_node_name,
  const rclcpp::QoS & qos_profile, rclcpp::CallbackGroup::SharedPtr group)
: node_base_(std::move(node_base)), remote_node_name_(remote_node_name.empty() ? node_base_->get_fully_qualified_name() : remote_node_name)
{
  auto client = [&](auto kind, const char * service) {
      using ServiceT = typename decltype(kind)::type;
      return std::make_shared<rclcpp::Client<ServiceT>>(node_base_.get(), remote_node_name_ + "/" + service, qos_profile, group);
    };
  using namespace rcl_interfaces::srv;  // NOLINT
  get_parameters_client_ = client(std::common_type<GetParameters>{}, parameter_service_names::get_parameters);
  get_parameter_types_client_ = client(std::common_type<GetParameterTypes>{}, parameter_service_names::get_parameter_types);
  set_parameters_client_ = client(std::common_type<SetParameters>{}, parameter_service_names::set_parameters);
  list_parameters_client_ = client(std::common_type<ListParameters>{}, parameter_service_names::list_parameters);
  describe_parameters_client_ = client(std::common_type<DescribeParameters>{}, parameter_service_names::describe_parameters);
  set_parameters_atomically_client_ = client(std::common_type<SetParametersAtomically>{}, parameter_service_names::set_parameters_atomically);
}

namespace
{
/// Sends `request` on `client`; the promise's value is `convert` of the response, then `callback` runs.
template<typename ServiceT, typename ResultT, typename ConvertT>
std::shared_future<ResultT> ask(const typename rclcpp::Client<ServiceT>::SharedPtr & client,
  std::shared_ptr<typename ServiceT::Request> request, ConvertT convert, std::function<void(std::shared_future<ResultT>)> callback)
{
  auto promise = std::make_shared<std::promise<ResultT>>();
  auto future = promise->get_future().share();
  client->async_send_request(request, [request, promise, future, convert, callback](typename rclcpp::Client<ServiceT>::SharedFuture answer) {
      promise->set_value(convert(*request, *answer.get()));
      if (callback != nullptr) {
        callback(future);
      }
    });
  return future;
}
}  // namespace

std::shared_future<std::vector<rclcpp::Parameter>> AsyncParametersClient::get_parameters(const std::vector<std::string> & names,
  std::function<void(std::shared_future<std::vector<rclcpp::Parameter>>)> callback)
{
  using rcl_interfaces::srv::GetParameters;
  auto request = std::make_shared<GetParameters::Request>();
  request->names = names;
  return ask<GetParameters, std::vector<rclcpp::Parameter>>(get_parameters_client_, request,
           [](const GetParameters::Request & asked, const GetParameters::Response & response) {
             std::vector<rclcpp::Parameter> parameters;
             for (size_t i = 0; i < response.values.size() && i < asked.names.size(); ++i) {
               rcl_interfaces::msg::Parameter parameter;
               parameter.name = asked.names[i];
               parameter.value = response.values[i];
               parameters.push_back(rclcpp::Parameter::from_parameter_msg(parameter));
             }
             return parameters;
           }, callback);
}

std::shared_future<std::vector<rcl_interfaces::msg::ParameterDescriptor>> AsyncParametersClient::describe_parameters(
  const std::vector<std::string> & names,
  std::function<void(std::shared_future<std::vector<rcl_interfaces::msg::ParameterDescriptor>>)> callback)
{
  using rcl_interfaces::srv::DescribeParameters;
  auto request = std::make_shared<DescribeParameters::Request>();
  request->names = names;
  return ask<DescribeParameters, std::vector<rcl_interfaces::msg::ParameterDescriptor>>(describe_parameters_client_, request,
           [](const DescribeParameters::Request &, const DescribeParameters::Response & response) {
             return std::vector<rcl_interfaces::msg::ParameterDescriptor>(response.descriptors.begin(), response.descriptors.end());
           }, callback);
}

std::shared_future<std::vector<rclcpp::ParameterType>> AsyncParametersClient::get_parameter_types(const std::vector<std::string> & names,
  std::function<void(std::shared_future<std::vector<rclcpp::ParameterType>>)> callback)
{
  using rcl_interfaces::srv::GetParameterTypes;
  auto request = std::make_shared<GetParameterTypes::Request>();
  request->names = names;
  return ask<GetParameterTypes, std::vector<rclcpp::ParameterType>>(get_parameter_types_client_, request,
           [](const GetParameterTypes::Request &, const GetParameterTypes::Response & response) {
             std::vector<rclcpp::ParameterType> types;
             for (uint8_t type : response.types) {
               types.push_back(static_cast<rclcpp::ParameterType>(type));
             }
             return types;
           }, callback);
}

std::shared_future<std::vector<rcl_interfaces::msg::SetParametersResult>> AsyncParametersClient::set_parameters(
  const std::vector<rclcpp::Parameter> & parameters,
  std::function<void(std::shared_future<std::vector<rcl_interfaces::msg::SetParametersResult>>)> callback)
{
  using rcl_interfaces::srv::SetParameters;
  auto request = std::make_shared<SetParameters::Request>();
  for (const auto & parameter : parameters) {
    request->parameters.push_back(parameter.to_parameter_msg());
  }
  return ask<SetParameters, std::vector<rcl_interfaces::msg::SetParametersResult>>(set_parameters_client_, request,
           [](const SetParameters::Request &, const SetParameters::Response & response) {
             return std::vector<rcl_interfaces::msg::SetParametersResult>(response.results.begin(), response.results.end());
           }, callback);
}

std::shared_future<rcl_interfaces::msg::SetParametersResult> AsyncParametersClient::set_parameters_atomically(
  const std::vector<rclcpp::Parameter> & parameters, std::function<void(std::shared_future<rcl_interfaces::msg::SetParametersResult>)> callback)
{
  using rcl_interfaces::srv::SetParametersAtomically;
  auto request = std::make_shared<SetParametersAtomically::Request>();
  for (const auto & parameter : parameters) {
    request->parameters.push_back(parameter.to_parameter_msg());
  }
  return ask<SetParametersAtomically, rcl_interfaces::msg::SetParametersResult>(set_parameters_atomically_client_, request,
           [](const SetParametersAtomically::Request &, const SetParametersAtomically::Response & response) {return response.result;},
           callback);
}

std::shared_future<std::vector<rcl_interfaces::msg::SetParametersResult>> AsyncParametersClient::delete_parameters(
  const std::vector<std::string> & parameters_names)
{
  std::vector<rclcpp::Parameter> parameters;
  for (const auto & name : parameters_names) {
    parameters.push_back(rclcpp::Parameter(name));
  }
  return set_parameters(parameters);
}

std::shared_future<rcl_interfaces::msg::ListParametersResult> AsyncParametersClient::list_parameters(const std::vector<std::string> & prefixes,
  uint64_t depth, std::function<void(std::shared_future<rcl_interfaces::msg::ListParametersResult>)> callback)
{
  using rcl_interfaces::srv::ListParameters;
  auto request = std::make_shared<ListParameters::Request>();
  request->prefixes = prefixes;
  request->depth = depth;
  return ask<ListParameters, rcl_interfaces::msg::ListParametersResult>(list_parameters_client_, request,
           [](const ListParameters::Request &, const ListParameters::Response & response) {return response.result;}, callback);
}

bool AsyncParametersClient::service_is_ready() const
{
  return get_parameters_client_->service_is_ready() && get_parameter_types_client_->service_is_ready() &&
         set_parameters_client_->service_is_ready() && list_parameters_client_->service_is_ready() &&
         describe_parameters_client_->service_is_ready() && set_parameters_atomically_client_->service_is_ready();
}

bool AsyncParametersClient::wait_for_service_nanoseconds(std::chrono::nanoseconds timeout)
{
  const std::vector<std::shared_ptr<rclcpp::ClientBase>> clients = {get_parameters_client_, get_parameter_types_client_, set_parameters_client_,
    list_parameters_client_, describe_parameters_client_};
  for (const auto & client : clients) {
    auto stamp = std::chrono::steady_clock::now();
    if (!client->wait_for_service(timeout)) {
      return false;
    }
    if (timeout > std::chrono::nanoseconds::zero()) {
      timeout -= std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - stamp);
      if (timeout < std::chrono::nanoseconds::zero()) {
        timeout = std::chrono::nanoseconds::zero();
      }
    }
  }
  return true;
}

std::vector<rclcpp::Parameter> SyncParametersClient::get_parameters(const std::vector<std::string> & parameter_names,
  std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->get_parameters(parameter_names);
  return complete(future, timeout) ? future.get() : std::vector<rclcpp::Parameter>();
}

bool SyncParametersClient::has_parameter(const std::string & parameter_name)
{
  return !list_parameters({parameter_name}, 1, std::chrono::nanoseconds(-1)).names.empty();
}

std::vector<rcl_interfaces::msg::ParameterDescriptor> SyncParametersClient::describe_parameters(const std::vector<std::string> & parameter_names,
  std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->describe_parameters(parameter_names);
  return complete(future, timeout) ? future.get() : std::vector<rcl_interfaces::msg::ParameterDescriptor>();
}

std::vector<rclcpp::ParameterType> SyncParametersClient::get_parameter_types(const std::vector<std::string> & parameter_names,
  std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->get_parameter_types(parameter_names);
  return complete(future, timeout) ? future.get() : std::vector<rclcpp::ParameterType>();
}

std::vector<rcl_interfaces::msg::SetParametersResult> SyncParametersClient::set_parameters(const std::vector<rclcpp::Parameter> & parameters,
  std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->set_parameters(parameters);
  return complete(future, timeout) ? future.get() : std::vector<rcl_interfaces::msg::SetParametersResult>();
}

std::vector<rcl_interfaces::msg::SetParametersResult> SyncParametersClient::delete_parameters(const std::vector<std::string> & parameters_names,
  std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->delete_parameters(parameters_names);
  return complete(future, timeout) ? future.get() : std::vector<rcl_interfaces::msg::SetParametersResult>();
}

rcl_interfaces::msg::SetParametersResult SyncParametersClient::set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters,
  std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->set_parameters_atomically(parameters);
  if (!complete(future, timeout)) {
    throw std::runtime_error("Unable to get result of set parameters service call.");
  }
  return future.get();
}

rcl_interfaces::msg::ListParametersResult SyncParametersClient::list_parameters(const std::vector<std::string> & parameter_prefixes,
  uint64_t depth, std::chrono::nanoseconds timeout)
{
  auto future = async_parameters_client_->list_parameters(parameter_prefixes, depth);
  if (!complete(future, timeout)) {
    throw std::runtime_error("Unable to get result of list parameters service call.");
  }
  return future.get();
}

}  // namespace rclcpp
