// rclcpp::AsyncParametersClient and SyncParametersClient (rclcpp/parameter_client.hpp): another
// node's parameters through its six parameter services; the synchronous client spins the node in
// an executor of its own until each answer came (sim time), as rclcpp's does.
#ifndef RCLCPP__PARAMETER_CLIENT_HPP_
#define RCLCPP__PARAMETER_CLIENT_HPP_

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rcl_interfaces/msg/parameter_event.hpp"
#include "rcl_interfaces/srv/describe_parameters.hpp"
#include "rcl_interfaces/srv/get_parameter_types.hpp"
#include "rcl_interfaces/srv/get_parameters.hpp"
#include "rcl_interfaces/srv/list_parameters.hpp"
#include "rcl_interfaces/srv/set_parameters.hpp"
#include "rcl_interfaces/srv/set_parameters_atomically.hpp"
#include "rclcpp/client.hpp"
#include "rclcpp/executors.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/parameter.hpp"
#include "rclcpp/parameter_service.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/subscription.hpp"

namespace rclcpp
{

class AsyncParametersClient
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(AsyncParametersClient)

  AsyncParametersClient(node_interfaces::NodeBaseInterface::SharedPtr node_base, const std::string & remote_node_name = "",
    const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr);
  template<typename NodeT>
  explicit AsyncParametersClient(const std::shared_ptr<NodeT> node, const std::string & remote_node_name = "",
    const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  : AsyncParametersClient(node->get_node_base_interface(), remote_node_name, qos_profile, group) {}
  template<typename NodeT>
  explicit AsyncParametersClient(NodeT * node, const std::string & remote_node_name = "",
    const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  : AsyncParametersClient(node->get_node_base_interface(), remote_node_name, qos_profile, group) {}

  std::shared_future<std::vector<rclcpp::Parameter>> get_parameters(const std::vector<std::string> & names,
    std::function<void(std::shared_future<std::vector<rclcpp::Parameter>>)> callback = nullptr);
  std::shared_future<std::vector<rcl_interfaces::msg::ParameterDescriptor>> describe_parameters(const std::vector<std::string> & names,
    std::function<void(std::shared_future<std::vector<rcl_interfaces::msg::ParameterDescriptor>>)> callback = nullptr);
  std::shared_future<std::vector<rclcpp::ParameterType>> get_parameter_types(const std::vector<std::string> & names,
    std::function<void(std::shared_future<std::vector<rclcpp::ParameterType>>)> callback = nullptr);
  std::shared_future<std::vector<rcl_interfaces::msg::SetParametersResult>> set_parameters(const std::vector<rclcpp::Parameter> & parameters,
    std::function<void(std::shared_future<std::vector<rcl_interfaces::msg::SetParametersResult>>)> callback = nullptr);
  std::shared_future<rcl_interfaces::msg::SetParametersResult> set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters,
    std::function<void(std::shared_future<rcl_interfaces::msg::SetParametersResult>)> callback = nullptr);
  /// Sets each to no value: rclcpp's way of deleting a parameter.
  std::shared_future<std::vector<rcl_interfaces::msg::SetParametersResult>> delete_parameters(const std::vector<std::string> & parameters_names);
  std::shared_future<rcl_interfaces::msg::ListParametersResult> list_parameters(const std::vector<std::string> & prefixes, uint64_t depth,
    std::function<void(std::shared_future<rcl_interfaces::msg::ListParametersResult>)> callback = nullptr);

  template<typename CallbackT, typename AllocatorT = std::allocator<void>>
  typename rclcpp::Subscription<rcl_interfaces::msg::ParameterEvent>::SharedPtr on_parameter_event(CallbackT && callback,
    const rclcpp::QoS & qos = rclcpp::ParameterEventsQoS(),
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & options = rclcpp::SubscriptionOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<rclcpp::Subscription<rcl_interfaces::msg::ParameterEvent, AllocatorT>>(node_base_.get(), "/parameter_events", qos,
             std::forward<CallbackT>(callback), options);
  }
  template<typename CallbackT, typename NodeT, typename AllocatorT = std::allocator<void>>
  static typename rclcpp::Subscription<rcl_interfaces::msg::ParameterEvent>::SharedPtr on_parameter_event(NodeT && node, CallbackT && callback,
    const rclcpp::QoS & qos = rclcpp::ParameterEventsQoS(),
    const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & options = rclcpp::SubscriptionOptionsWithAllocator<AllocatorT>())
  {
    return node->template create_subscription<rcl_interfaces::msg::ParameterEvent>("/parameter_events", qos,
             std::forward<CallbackT>(callback), options);
  }

  bool service_is_ready() const;
  template<typename RepT = int64_t, typename RatioT = std::milli>
  bool wait_for_service(std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return wait_for_service_nanoseconds(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }

protected:
  bool wait_for_service_nanoseconds(std::chrono::nanoseconds timeout);

private:
  node_interfaces::NodeBaseInterface::SharedPtr node_base_;
  rclcpp::Client<rcl_interfaces::srv::GetParameters>::SharedPtr get_parameters_client_;
  rclcpp::Client<rcl_interfaces::srv::GetParameterTypes>::SharedPtr get_parameter_types_client_;
  rclcpp::Client<rcl_interfaces::srv::SetParameters>::SharedPtr set_parameters_client_;
  rclcpp::Client<rcl_interfaces::srv::SetParametersAtomically>::SharedPtr set_parameters_atomically_client_;
  rclcpp::Client<rcl_interfaces::srv::ListParameters>::SharedPtr list_parameters_client_;
  rclcpp::Client<rcl_interfaces::srv::DescribeParameters>::SharedPtr describe_parameters_client_;
  std::string remote_node_name_;
};

class SyncParametersClient
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(SyncParametersClient)

  template<typename NodeT>
  explicit SyncParametersClient(std::shared_ptr<NodeT> node, const std::string & remote_node_name = "",
    const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS())
  : SyncParametersClient(std::make_shared<rclcpp::executors::SingleThreadedExecutor>(), node, remote_node_name, qos_profile) {}
  template<typename NodeT>
  SyncParametersClient(rclcpp::Executor::SharedPtr executor, std::shared_ptr<NodeT> node, const std::string & remote_node_name = "",
    const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS())
  : executor_(std::move(executor)), node_base_(node->get_node_base_interface()),
    async_parameters_client_(std::make_shared<AsyncParametersClient>(node_base_, remote_node_name, qos_profile)) {}
  template<typename NodeT>
  explicit SyncParametersClient(NodeT * node, const std::string & remote_node_name = "", const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS())
  : SyncParametersClient(std::make_shared<rclcpp::executors::SingleThreadedExecutor>(), node, remote_node_name, qos_profile) {}
  template<typename NodeT>
  SyncParametersClient(rclcpp::Executor::SharedPtr executor, NodeT * node, const std::string & remote_node_name = "",
    const rclcpp::QoS & qos_profile = rclcpp::ParametersQoS())
  : executor_(std::move(executor)), node_base_(node->get_node_base_interface()),
    async_parameters_client_(std::make_shared<AsyncParametersClient>(node_base_, remote_node_name, qos_profile)) {}

  template<typename RepT = int64_t, typename RatioT = std::milli>
  std::vector<rclcpp::Parameter> get_parameters(const std::vector<std::string> & parameter_names,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return get_parameters(parameter_names, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  bool has_parameter(const std::string & parameter_name);

  template<typename T>
  T get_parameter_impl(const std::string & parameter_name, std::function<T()> parameter_not_found_handler)
  {
    auto vars = get_parameters({parameter_name});
    if (vars.size() != 1 || vars[0].get_type() == rclcpp::ParameterType::PARAMETER_NOT_SET) {
      return parameter_not_found_handler();
    }
    return static_cast<T>(vars[0].get_value<T>());
  }
  template<typename T>
  T get_parameter(const std::string & parameter_name, const T & default_value)
  {
    return get_parameter_impl(parameter_name, std::function<T()>([&default_value]() -> T {return default_value;}));
  }
  template<typename T>
  T get_parameter(const std::string & parameter_name)
  {
    std::function<T()> not_found = [&parameter_name]() -> T {throw std::runtime_error("Parameter '" + parameter_name + "' is not set");};
    return get_parameter_impl(parameter_name, not_found);
  }

  template<typename RepT = int64_t, typename RatioT = std::milli>
  std::vector<rcl_interfaces::msg::ParameterDescriptor> describe_parameters(const std::vector<std::string> & parameter_names,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return describe_parameters(parameter_names, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  template<typename RepT = int64_t, typename RatioT = std::milli>
  std::vector<rclcpp::ParameterType> get_parameter_types(const std::vector<std::string> & parameter_names,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return get_parameter_types(parameter_names, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  template<typename RepT = int64_t, typename RatioT = std::milli>
  std::vector<rcl_interfaces::msg::SetParametersResult> set_parameters(const std::vector<rclcpp::Parameter> & parameters,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return set_parameters(parameters, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  template<typename RepT = int64_t, typename RatioT = std::milli>
  std::vector<rcl_interfaces::msg::SetParametersResult> delete_parameters(const std::vector<std::string> & parameters_names,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return delete_parameters(parameters_names, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  template<typename RepT = int64_t, typename RatioT = std::milli>
  rcl_interfaces::msg::SetParametersResult set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return set_parameters_atomically(parameters, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  template<typename RepT = int64_t, typename RatioT = std::milli>
  rcl_interfaces::msg::ListParametersResult list_parameters(const std::vector<std::string> & parameter_prefixes, uint64_t depth,
    std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return list_parameters(parameter_prefixes, depth, std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }

  template<typename CallbackT>
  typename rclcpp::Subscription<rcl_interfaces::msg::ParameterEvent>::SharedPtr on_parameter_event(CallbackT && callback)
  {
    return async_parameters_client_->on_parameter_event(std::forward<CallbackT>(callback));
  }

  bool service_is_ready() const {return async_parameters_client_->service_is_ready();}
  template<typename RepT = int64_t, typename RatioT = std::milli>
  bool wait_for_service(std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return async_parameters_client_->wait_for_service(timeout);
  }

protected:
  std::vector<rclcpp::Parameter> get_parameters(const std::vector<std::string> & parameter_names, std::chrono::nanoseconds timeout);
  std::vector<rcl_interfaces::msg::ParameterDescriptor> describe_parameters(const std::vector<std::string> & parameter_names,
    std::chrono::nanoseconds timeout);
  std::vector<rclcpp::ParameterType> get_parameter_types(const std::vector<std::string> & parameter_names, std::chrono::nanoseconds timeout);
  std::vector<rcl_interfaces::msg::SetParametersResult> set_parameters(const std::vector<rclcpp::Parameter> & parameters,
    std::chrono::nanoseconds timeout);
  std::vector<rcl_interfaces::msg::SetParametersResult> delete_parameters(const std::vector<std::string> & parameters_names,
    std::chrono::nanoseconds timeout);
  rcl_interfaces::msg::SetParametersResult set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters,
    std::chrono::nanoseconds timeout);
  rcl_interfaces::msg::ListParametersResult list_parameters(const std::vector<std::string> & parameter_prefixes, uint64_t depth,
    std::chrono::nanoseconds timeout);

private:
  /// Spins the node in this client's executor until `future` is ready or the timeout passed.
  template<typename FutureT>
  bool complete(const FutureT & future, std::chrono::nanoseconds timeout)
  {
    executor_->add_node(node_base_);
    rclcpp::FutureReturnCode code = executor_->spin_until_future_complete(future, timeout);
    executor_->remove_node(node_base_);
    return code == rclcpp::FutureReturnCode::SUCCESS;
  }

  rclcpp::Executor::SharedPtr executor_;
  node_interfaces::NodeBaseInterface::SharedPtr node_base_;
  AsyncParametersClient::SharedPtr async_parameters_client_;
};

}  // namespace rclcpp

#endif  // RCLCPP__PARAMETER_CLIENT_HPP_
