// rclcpp::Node (rclcpp/node.hpp): a node of the simulation's graph, made and kept by the
// simulation; its publishers, subscriptions and timers are made here.
#ifndef RCLCPP__NODE_HPP_
#define RCLCPP__NODE_HPP_

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rcl_interfaces/msg/list_parameters_result.hpp"
#include "rcl_interfaces/msg/parameter_descriptor.hpp"
#include "rcl_interfaces/msg/set_parameters_result.hpp"
#include "rclcpp/callback_group.hpp"
#include "rclcpp/client.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/create_publisher.hpp"
#include "rclcpp/create_subscription.hpp"
#include "rclcpp/exceptions.hpp"
#include "rclcpp/generic_publisher.hpp"
#include "rclcpp/generic_subscription.hpp"
#include "rclcpp/logger.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/node_interfaces/node_clock_interface.hpp"
#include "rclcpp/node_interfaces/node_graph_interface.hpp"
#include "rclcpp/node_interfaces/node_logging_interface.hpp"
#include "rclcpp/node_interfaces/node_waitables_interface.hpp"
#include "rclcpp/node_interfaces/node_parameters.hpp"
#include "rclcpp/node_interfaces/node_timers_interface.hpp"
#include "rclcpp/node_interfaces/node_topics_interface.hpp"
#include "rclcpp/node_options.hpp"
#include "rclcpp/parameter.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/service.hpp"
#include "rclcpp/subscription.hpp"
#include "rclcpp/timer.hpp"

namespace rclcpp
{

class Node : public std::enable_shared_from_this<Node>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(Node)

  explicit Node(const std::string & node_name, const NodeOptions & options = NodeOptions());
  Node(const std::string & node_name, const std::string & namespace_, const NodeOptions & options = NodeOptions());
  virtual ~Node();
  Node(const Node &) = delete;
  Node & operator=(const Node &) = delete;

  const char * get_name() const;
  const char * get_namespace() const;
  const char * get_fully_qualified_name() const;
  rclcpp::Logger get_logger() const;
  const NodeOptions & get_node_options() const;

  CallbackGroup::SharedPtr create_callback_group(CallbackGroupType group_type, bool automatically_add_to_executor_with_node = true)
  {
    return base_->create_callback_group(group_type, automatically_add_to_executor_with_node);
  }

  template<typename MessageT, typename AllocatorT = std::allocator<void>, typename PublisherT = rclcpp::Publisher<MessageT, AllocatorT>>
  std::shared_ptr<PublisherT> create_publisher(const std::string & topic_name, const rclcpp::QoS & qos,
    const PublisherOptionsWithAllocator<AllocatorT> & options = PublisherOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<PublisherT>(base_.get(), topic_name, rclsim_qos(options.qos_overriding_options, topic_name, qos, true), options);
  }

  template<typename MessageT, typename CallbackT, typename AllocatorT = std::allocator<void>,
    typename SubscriptionT = rclcpp::Subscription<MessageT, AllocatorT>, typename MessageMemoryStrategyT = void>
  std::shared_ptr<SubscriptionT> create_subscription(const std::string & topic_name, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options = SubscriptionOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<SubscriptionT>(base_.get(), topic_name, rclsim_qos(options.qos_overriding_options, topic_name, qos, false),
      std::forward<CallbackT>(callback), options);
  }

  template<typename MessageT, typename CallbackT, typename AllocatorT,
    typename SubscriptionT = rclcpp::Subscription<MessageT, AllocatorT>, typename MessageMemoryStrategyT>
  std::shared_ptr<SubscriptionT> create_subscription(const std::string & topic_name, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options, const std::shared_ptr<MessageMemoryStrategyT> &)
  {
    return std::make_shared<SubscriptionT>(base_.get(), topic_name, rclsim_qos(options.qos_overriding_options, topic_name, qos, false),
      std::forward<CallbackT>(callback), options);
  }

  /// A publisher of serialized messages of a type named at run time ("pkg/msg/Name").
  template<typename AllocatorT = std::allocator<void>>
  std::shared_ptr<rclcpp::GenericPublisher> create_generic_publisher(const std::string & topic_name, const std::string & topic_type,
    const rclcpp::QoS & qos, const PublisherOptionsWithAllocator<AllocatorT> & options = PublisherOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<rclcpp::GenericPublisher>(base_.get(), topic_name, topic_type,
      rclsim_qos(options.qos_overriding_options, topic_name, qos, true), options);
  }

  /// A subscription of a type named at run time whose callback takes each message serialized.
  template<typename CallbackT, typename AllocatorT = std::allocator<void>>
  std::shared_ptr<rclcpp::GenericSubscription> create_generic_subscription(const std::string & topic_name, const std::string & topic_type,
    const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options = SubscriptionOptionsWithAllocator<AllocatorT>())
  {
    return std::make_shared<rclcpp::GenericSubscription>(base_.get(), topic_name, topic_type,
      rclsim_qos(options.qos_overriding_options, topic_name, qos, false), std::forward<CallbackT>(callback), options);
  }

  template<typename DurationRepT = int64_t, typename DurationT = std::milli, typename CallbackT>
  typename rclcpp::WallTimer<CallbackT>::SharedPtr create_wall_timer(std::chrono::duration<DurationRepT, DurationT> period, CallbackT callback,
    rclcpp::CallbackGroup::SharedPtr group = nullptr, bool autostart = true)
  {
    return std::make_shared<rclcpp::WallTimer<CallbackT>>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(period), std::move(callback), base_.get(), group, autostart);
  }

  template<typename DurationRepT = int64_t, typename DurationT = std::milli, typename CallbackT>
  typename rclcpp::GenericTimer<CallbackT>::SharedPtr create_timer(std::chrono::duration<DurationRepT, DurationT> period, CallbackT callback,
    rclcpp::CallbackGroup::SharedPtr group = nullptr, bool autostart = true)
  {
    return std::make_shared<rclcpp::GenericTimer<CallbackT>>(
      clock_, std::chrono::duration_cast<std::chrono::nanoseconds>(period), std::move(callback), base_.get(), group, autostart);
  }

  // ---- services and clients

  template<typename ServiceT, typename CallbackT>
  typename rclcpp::Service<ServiceT>::SharedPtr create_service(const std::string & service_name, CallbackT && callback,
    const rclcpp::QoS & qos = rclcpp::ServicesQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return std::make_shared<rclcpp::Service<ServiceT>>(base_.get(), service_name, std::forward<CallbackT>(callback), qos, group);
  }

  template<typename ServiceT, typename CallbackT>
  [[deprecated("use rclcpp::QoS instead of rmw_qos_profile_t")]]
  typename rclcpp::Service<ServiceT>::SharedPtr create_service(const std::string & service_name, CallbackT && callback,
    const rmw_qos_profile_t & qos_profile, rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return create_service<ServiceT>(service_name, std::forward<CallbackT>(callback),
             rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(qos_profile), qos_profile), group);
  }

  template<typename ServiceT>
  typename rclcpp::Client<ServiceT>::SharedPtr create_client(const std::string & service_name,
    const rclcpp::QoS & qos = rclcpp::ServicesQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return std::make_shared<rclcpp::Client<ServiceT>>(base_.get(), service_name, qos, group);
  }

  template<typename ServiceT>
  [[deprecated("use rclcpp::QoS instead of rmw_qos_profile_t")]]
  typename rclcpp::Client<ServiceT>::SharedPtr create_client(const std::string & service_name, const rmw_qos_profile_t & qos_profile,
    rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return create_client<ServiceT>(service_name, rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(qos_profile), qos_profile), group);
  }

  // ---- parameters (rclcpp/node.hpp and node_impl.hpp's forms over NodeParameters)

  using PreSetParametersCallbackHandle = rclcpp::node_interfaces::PreSetParametersCallbackHandle;
  using PreSetParametersCallbackType = rclcpp::node_interfaces::NodeParameters::PreSetParametersCallbackType;
  using OnSetParametersCallbackHandle = rclcpp::node_interfaces::OnSetParametersCallbackHandle;
  using OnSetParametersCallbackType = rclcpp::node_interfaces::NodeParameters::OnSetParametersCallbackType;
  using OnParametersSetCallbackType = OnSetParametersCallbackType;
  using PostSetParametersCallbackHandle = rclcpp::node_interfaces::PostSetParametersCallbackHandle;
  using PostSetParametersCallbackType = rclcpp::node_interfaces::NodeParameters::PostSetParametersCallbackType;

  const rclcpp::ParameterValue & declare_parameter(const std::string & name, const rclcpp::ParameterValue & default_value,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false)
  {
    return parameters_->declare_parameter(name, default_value, parameter_descriptor, ignore_override);
  }

  const rclcpp::ParameterValue & declare_parameter(const std::string & name, rclcpp::ParameterType type,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false)
  {
    return parameters_->declare_parameter(name, type, parameter_descriptor, ignore_override);
  }

  template<typename ParameterT>
  auto declare_parameter(const std::string & name, const ParameterT & default_value,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false)
  {
    try {
      return declare_parameter(name, rclcpp::ParameterValue(default_value), parameter_descriptor, ignore_override).template get<ParameterT>();
    } catch (const ParameterTypeException & ex) {
      throw exceptions::InvalidParameterTypeException(name, ex.what());
    }
  }

  template<typename ParameterT>
  auto declare_parameter(const std::string & name,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false)
  {
    // The type of ParameterT's value, as node_impl.hpp takes it.
    rclcpp::ParameterValue value{ParameterT{}};
    try {
      return declare_parameter(name, value.get_type(), parameter_descriptor, ignore_override).template get<ParameterT>();
    } catch (const ParameterTypeException &) {
      throw exceptions::UninitializedStaticallyTypedParameterException(name);
    }
  }

  template<typename ParameterT>
  std::vector<ParameterT> declare_parameters(const std::string & namespace_, const std::map<std::string, ParameterT> & parameters,
    bool ignore_overrides = false)
  {
    std::vector<ParameterT> result;
    std::string prefix = namespace_.empty() ? "" : namespace_ + ".";
    for (const auto & element : parameters) {
      result.push_back(static_cast<ParameterT>(
          declare_parameter(prefix + element.first, element.second, rcl_interfaces::msg::ParameterDescriptor(), ignore_overrides)));
    }
    return result;
  }

  template<typename ParameterT>
  std::vector<ParameterT> declare_parameters(const std::string & namespace_,
    const std::map<std::string, std::pair<ParameterT, rcl_interfaces::msg::ParameterDescriptor>> & parameters, bool ignore_overrides = false)
  {
    std::vector<ParameterT> result;
    std::string prefix = namespace_.empty() ? "" : namespace_ + ".";
    for (const auto & element : parameters) {
      result.push_back(static_cast<ParameterT>(
          declare_parameter(prefix + element.first, element.second.first, element.second.second, ignore_overrides)));
    }
    return result;
  }

  void undeclare_parameter(const std::string & name) {parameters_->undeclare_parameter(name);}
  bool has_parameter(const std::string & name) const;
  rcl_interfaces::msg::SetParametersResult set_parameter(const rclcpp::Parameter & parameter) {return set_parameters_atomically({parameter});}
  std::vector<rcl_interfaces::msg::SetParametersResult> set_parameters(const std::vector<rclcpp::Parameter> & parameters)
  {
    return parameters_->set_parameters(parameters);
  }
  rcl_interfaces::msg::SetParametersResult set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters)
  {
    return parameters_->set_parameters_atomically(parameters);
  }
  rclcpp::Parameter get_parameter(const std::string & name) const;
  bool get_parameter(const std::string & name, rclcpp::Parameter & parameter) const;

  template<typename ParameterT>
  bool get_parameter(const std::string & name, ParameterT & parameter) const
  {
    rclcpp::Parameter parameter_variant;
    bool result = get_parameter(name, parameter_variant);
    if (result) {
      parameter = static_cast<ParameterT>(parameter_variant.get_value<ParameterT>());
    }
    return result;
  }

  template<typename ParameterT>
  bool get_parameter_or(const std::string & name, ParameterT & parameter, const ParameterT & alternative_value) const
  {
    bool got_parameter = get_parameter(name, parameter);
    if (!got_parameter) {
      parameter = alternative_value;
    }
    return got_parameter;
  }

  template<typename ParameterT>
  ParameterT get_parameter_or(const std::string & name, const ParameterT & alternative_value) const
  {
    ParameterT parameter;
    get_parameter_or(name, parameter, alternative_value);
    return parameter;
  }

  std::vector<rclcpp::Parameter> get_parameters(const std::vector<std::string> & names) const;

  template<typename ParameterT>
  bool get_parameters(const std::string & prefix, std::map<std::string, ParameterT> & values) const
  {
    std::map<std::string, rclcpp::Parameter> params;
    bool result = parameters_->get_parameters_by_prefix(prefix, params);
    if (result) {
      for (const auto & param : params) {
        values[param.first] = static_cast<ParameterT>(param.second.get_value<ParameterT>());
      }
    }
    return result;
  }

  rcl_interfaces::msg::ParameterDescriptor describe_parameter(const std::string & name) const
  {
    auto result = parameters_->describe_parameters({name});
    if (result.empty()) {
      throw rclcpp::exceptions::ParameterNotDeclaredException(name);
    }
    if (result.size() > 1) {
      throw std::runtime_error("number of described parameters unexpectedly more than one");
    }
    return result.front();
  }
  std::vector<rcl_interfaces::msg::ParameterDescriptor> describe_parameters(const std::vector<std::string> & names) const
  {
    return parameters_->describe_parameters(names);
  }
  std::vector<uint8_t> get_parameter_types(const std::vector<std::string> & names) const;
  rcl_interfaces::msg::ListParametersResult list_parameters(const std::vector<std::string> & prefixes, uint64_t depth) const
  {
    return parameters_->list_parameters(prefixes, depth);
  }

  [[nodiscard]] PreSetParametersCallbackHandle::SharedPtr add_pre_set_parameters_callback(PreSetParametersCallbackType callback)
  {
    return parameters_->add_pre_set_parameters_callback(std::move(callback));
  }
  [[nodiscard]] OnSetParametersCallbackHandle::SharedPtr add_on_set_parameters_callback(OnSetParametersCallbackType callback)
  {
    return parameters_->add_on_set_parameters_callback(std::move(callback));
  }
  [[nodiscard]] PostSetParametersCallbackHandle::SharedPtr add_post_set_parameters_callback(PostSetParametersCallbackType callback)
  {
    return parameters_->add_post_set_parameters_callback(std::move(callback));
  }
  void remove_pre_set_parameters_callback(const PreSetParametersCallbackHandle * const handler)
  {
    parameters_->remove_pre_set_parameters_callback(handler);
  }
  void remove_on_set_parameters_callback(const OnSetParametersCallbackHandle * const handler)
  {
    parameters_->remove_on_set_parameters_callback(handler);
  }
  void remove_post_set_parameters_callback(const PostSetParametersCallbackHandle * const handler)
  {
    parameters_->remove_post_set_parameters_callback(handler);
  }
  rclcpp::node_interfaces::NodeParametersInterface::SharedPtr get_node_parameters_interface();

  // ----

  rclcpp::Clock::SharedPtr get_clock();
  rclcpp::Clock::ConstSharedPtr get_clock() const;
  Time now() const;

  // ---- graph (rclcpp's Node forwards these to its NodeGraph)
  std::vector<std::string> get_node_names() const;
  std::map<std::string, std::vector<std::string>> get_topic_names_and_types() const;
  std::map<std::string, std::vector<std::string>> get_service_names_and_types() const;
  std::map<std::string, std::vector<std::string>> get_service_names_and_types_by_node(const std::string & node_name,
    const std::string & namespace_) const
  {
    return graph_->get_service_names_and_types_by_node(node_name, namespace_);
  }
  size_t count_publishers(const std::string & topic_name) const;
  size_t count_subscribers(const std::string & topic_name) const;
  std::vector<rclcpp::TopicEndpointInfo> get_publishers_info_by_topic(const std::string & topic_name, bool no_mangle = false) const
  {
    return graph_->get_publishers_info_by_topic(topic_name, no_mangle);
  }
  std::vector<rclcpp::TopicEndpointInfo> get_subscriptions_info_by_topic(const std::string & topic_name, bool no_mangle = false) const
  {
    return graph_->get_subscriptions_info_by_topic(topic_name, no_mangle);
  }
  node_interfaces::NodeGraphInterface::SharedPtr get_node_graph_interface();
  // ----
  const std::string & get_sub_namespace() const;
  const std::string & get_effective_namespace() const;

  node_interfaces::NodeBaseInterface::SharedPtr get_node_base_interface();
  node_interfaces::NodeClockInterface::SharedPtr get_node_clock_interface();
  node_interfaces::NodeLoggingInterface::SharedPtr get_node_logging_interface();
  node_interfaces::NodeWaitablesInterface::SharedPtr get_node_waitables_interface();
  node_interfaces::NodeTopicsInterface::SharedPtr get_node_topics_interface();
  node_interfaces::NodeTimersInterface::SharedPtr get_node_timers_interface();

protected:
  /// Node's own state, for the parts of rclcpp built on it (LifecycleNode, parameters).
  std::shared_ptr<node_interfaces::NodeBase> rclsim_base() const {return base_;}

private:
  /// The QoS an endpoint on `topic` is made with: `qos`, or what the node's qos_overrides parameters make of it.
  rclcpp::QoS rclsim_qos(const QosOverridingOptions & options, const std::string & topic, const rclcpp::QoS & qos, bool publisher);

  NodeOptions options_;
  std::shared_ptr<node_interfaces::NodeBase> base_;
  std::shared_ptr<node_interfaces::NodeGraph> graph_;
  rclcpp::Logger logger_;
  rclcpp::Clock::SharedPtr clock_;
  // ---- parameters
  std::shared_ptr<node_interfaces::NodeParameters> parameters_;
  // ----
  std::string sub_namespace_;
  std::string effective_namespace_;
};

}  // namespace rclcpp

#endif  // RCLCPP__NODE_HPP_
