// rclcpp_lifecycle::LifecycleNode (rclcpp_lifecycle/lifecycle_node.hpp): a managed node (REP 2007).
// What it has of a node (publishers, subscriptions, timers, services, clients, parameters, the
// logger and the clock) is an rclcpp::Node's, which it holds; its publishers are LifecyclePublishers
// it activates and deactivates with itself. rcl_lifecycle's state machine, its services
// (<node>/change_state, get_state, get_available_states, get_available_transitions,
// get_transition_graph) and the <node>/transition_event publisher are kept in the program, over an
// ordinary publisher and services, as rclpy's lifecycle node does.
#ifndef RCLCPP_LIFECYCLE__LIFECYCLE_NODE_HPP_
#define RCLCPP_LIFECYCLE__LIFECYCLE_NODE_HPP_

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rclcpp/node.hpp"
#include "rclcpp_lifecycle/lifecycle_publisher.hpp"
#include "rclcpp_lifecycle/node_interfaces/lifecycle_node_interface.hpp"
#include "rclcpp_lifecycle/state.hpp"
#include "rclcpp_lifecycle/transition.hpp"

namespace rclcpp_lifecycle
{

template<typename AllocatorT>
using PublisherOptionsWithAllocator = rclcpp::PublisherOptionsWithAllocator<AllocatorT>;
template<typename AllocatorT>
using SubscriptionOptionsWithAllocator = rclcpp::SubscriptionOptionsWithAllocator<AllocatorT>;

template<typename AllocatorT>
PublisherOptionsWithAllocator<AllocatorT> create_default_publisher_options()
{
  return rclcpp::PublisherOptionsWithAllocator<AllocatorT>();
}

template<typename AllocatorT>
SubscriptionOptionsWithAllocator<AllocatorT> create_default_subscription_options()
{
  return rclcpp::SubscriptionOptionsWithAllocator<AllocatorT>();
}

class LifecycleNode : public node_interfaces::LifecycleNodeInterface, public std::enable_shared_from_this<LifecycleNode>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(LifecycleNode)
  using CallbackReturn = node_interfaces::LifecycleNodeInterface::CallbackReturn;

  explicit LifecycleNode(const std::string & node_name, const rclcpp::NodeOptions & options = rclcpp::NodeOptions(),
    bool enable_communication_interface = true);
  LifecycleNode(const std::string & node_name, const std::string & namespace_, const rclcpp::NodeOptions & options = rclcpp::NodeOptions(),
    bool enable_communication_interface = true);
  virtual ~LifecycleNode();
  LifecycleNode(const LifecycleNode &) = delete;
  LifecycleNode & operator=(const LifecycleNode &) = delete;

  const char * get_name() const;
  const char * get_namespace() const;
  const char * get_fully_qualified_name() const;
  rclcpp::Logger get_logger() const;
  const rclcpp::NodeOptions & get_node_options() const;

  rclcpp::CallbackGroup::SharedPtr create_callback_group(rclcpp::CallbackGroupType group_type,
    bool automatically_add_to_executor_with_node = true);

  // ---- publishers, subscriptions, timers (lifecycle_node_impl.hpp's forms)

  template<typename MessageT, typename AllocatorT = std::allocator<void>>
  std::shared_ptr<rclcpp_lifecycle::LifecyclePublisher<MessageT, AllocatorT>> create_publisher(const std::string & topic_name,
    const rclcpp::QoS & qos, const PublisherOptionsWithAllocator<AllocatorT> & options = create_default_publisher_options<AllocatorT>())
  {
    using PublisherT = rclcpp_lifecycle::LifecyclePublisher<MessageT, AllocatorT>;
    auto publisher = node_->create_publisher<MessageT, AllocatorT, PublisherT>(topic_name, qos, options);
    add_managed_entity(publisher);
    return publisher;
  }

  template<typename MessageT, typename CallbackT, typename AllocatorT = std::allocator<void>,
    typename SubscriptionT = rclcpp::Subscription<MessageT, AllocatorT>, typename MessageMemoryStrategyT = void>
  std::shared_ptr<SubscriptionT> create_subscription(const std::string & topic_name, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options = create_default_subscription_options<AllocatorT>())
  {
    return node_->create_subscription<MessageT, CallbackT, AllocatorT, SubscriptionT>(topic_name, qos, std::forward<CallbackT>(callback), options);
  }

  template<typename MessageT, typename CallbackT, typename AllocatorT, typename SubscriptionT, typename MessageMemoryStrategyT>
  std::shared_ptr<SubscriptionT> create_subscription(const std::string & topic_name, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options, const std::shared_ptr<MessageMemoryStrategyT> & msg_mem_strat)
  {
    return node_->create_subscription<MessageT, CallbackT, AllocatorT, SubscriptionT, MessageMemoryStrategyT>(
      topic_name, qos, std::forward<CallbackT>(callback), options, msg_mem_strat);
  }

  template<typename DurationRepT = int64_t, typename DurationT = std::milli, typename CallbackT>
  typename rclcpp::WallTimer<CallbackT>::SharedPtr create_wall_timer(std::chrono::duration<DurationRepT, DurationT> period, CallbackT callback,
    rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return node_->create_wall_timer(period, std::move(callback), group);
  }

  template<typename DurationRepT = int64_t, typename DurationT = std::milli, typename CallbackT>
  typename rclcpp::GenericTimer<CallbackT>::SharedPtr create_timer(std::chrono::duration<DurationRepT, DurationT> period, CallbackT callback,
    rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return node_->create_timer(period, std::move(callback), group);
  }

  // ---- services and clients

  template<typename ServiceT>
  typename rclcpp::Client<ServiceT>::SharedPtr create_client(const std::string & service_name,
    const rclcpp::QoS & qos = rclcpp::ServicesQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return node_->create_client<ServiceT>(service_name, qos, group);
  }

  template<typename ServiceT>
  [[deprecated("use rclcpp::QoS instead of rmw_qos_profile_t")]]
  typename rclcpp::Client<ServiceT>::SharedPtr create_client(const std::string & service_name, const rmw_qos_profile_t & qos_profile,
    rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return create_client<ServiceT>(service_name, rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(qos_profile), qos_profile), group);
  }

  template<typename ServiceT, typename CallbackT>
  typename rclcpp::Service<ServiceT>::SharedPtr create_service(const std::string & service_name, CallbackT && callback,
    const rclcpp::QoS & qos = rclcpp::ServicesQoS(), rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return node_->create_service<ServiceT>(service_name, std::forward<CallbackT>(callback), qos, group);
  }

  template<typename ServiceT, typename CallbackT>
  [[deprecated("use rclcpp::QoS instead of rmw_qos_profile_t")]]
  typename rclcpp::Service<ServiceT>::SharedPtr create_service(const std::string & service_name, CallbackT && callback,
    const rmw_qos_profile_t & qos_profile, rclcpp::CallbackGroup::SharedPtr group = nullptr)
  {
    return create_service<ServiceT>(service_name, std::forward<CallbackT>(callback),
             rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(qos_profile), qos_profile), group);
  }

  // ---- parameters (the node's)

  using PreSetParametersCallbackHandle = rclcpp::Node::PreSetParametersCallbackHandle;
  using PreSetParametersCallbackType = rclcpp::Node::PreSetParametersCallbackType;
  using OnSetParametersCallbackHandle = rclcpp::Node::OnSetParametersCallbackHandle;
  using OnSetParametersCallbackType = rclcpp::Node::OnSetParametersCallbackType;
  using OnParametersSetCallbackType [[deprecated("use OnSetParametersCallbackType instead")]] = OnSetParametersCallbackType;
  using PostSetParametersCallbackHandle = rclcpp::Node::PostSetParametersCallbackHandle;
  using PostSetParametersCallbackType = rclcpp::Node::PostSetParametersCallbackType;

  const rclcpp::ParameterValue & declare_parameter(const std::string & name, const rclcpp::ParameterValue & default_value,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false);

  const rclcpp::ParameterValue & declare_parameter(const std::string & name, rclcpp::ParameterType type,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor{},
    bool ignore_override = false);

  template<typename ParameterT>
  auto declare_parameter(const std::string & name, const ParameterT & default_value,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false)
  {
    return node_->declare_parameter<ParameterT>(name, default_value, parameter_descriptor, ignore_override);
  }

  template<typename ParameterT>
  auto declare_parameter(const std::string & name,
    const rcl_interfaces::msg::ParameterDescriptor & parameter_descriptor = rcl_interfaces::msg::ParameterDescriptor(),
    bool ignore_override = false)
  {
    return node_->declare_parameter<ParameterT>(name, parameter_descriptor, ignore_override);
  }

  template<typename ParameterT>
  std::vector<ParameterT> declare_parameters(const std::string & namespace_, const std::map<std::string, ParameterT> & parameters)
  {
    return node_->declare_parameters(namespace_, parameters);
  }

  template<typename ParameterT>
  std::vector<ParameterT> declare_parameters(const std::string & namespace_,
    const std::map<std::string, std::pair<ParameterT, rcl_interfaces::msg::ParameterDescriptor>> & parameters)
  {
    return node_->declare_parameters(namespace_, parameters);
  }

  void undeclare_parameter(const std::string & name);
  bool has_parameter(const std::string & name) const;
  rcl_interfaces::msg::SetParametersResult set_parameter(const rclcpp::Parameter & parameter);
  std::vector<rcl_interfaces::msg::SetParametersResult> set_parameters(const std::vector<rclcpp::Parameter> & parameters);
  rcl_interfaces::msg::SetParametersResult set_parameters_atomically(const std::vector<rclcpp::Parameter> & parameters);
  rclcpp::Parameter get_parameter(const std::string & name) const;
  bool get_parameter(const std::string & name, rclcpp::Parameter & parameter) const;

  template<typename ParameterT>
  bool get_parameter(const std::string & name, ParameterT & parameter) const {return node_->get_parameter(name, parameter);}

  template<typename ParameterT>
  bool get_parameter_or(const std::string & name, ParameterT & value, const ParameterT & alternative_value) const
  {
    return node_->get_parameter_or(name, value, alternative_value);
  }

  std::vector<rclcpp::Parameter> get_parameters(const std::vector<std::string> & names) const;

  template<typename MapValueT>
  bool get_parameters(const std::string & prefix, std::map<std::string, MapValueT> & values) const
  {
    return node_->get_parameters(prefix, values);
  }

  rcl_interfaces::msg::ParameterDescriptor describe_parameter(const std::string & name) const;
  std::vector<rcl_interfaces::msg::ParameterDescriptor> describe_parameters(const std::vector<std::string> & names) const;
  std::vector<uint8_t> get_parameter_types(const std::vector<std::string> & names) const;
  rcl_interfaces::msg::ListParametersResult list_parameters(const std::vector<std::string> & prefixes, uint64_t depth) const;

  [[nodiscard]] PreSetParametersCallbackHandle::SharedPtr add_pre_set_parameters_callback(PreSetParametersCallbackType callback);
  [[nodiscard]] OnSetParametersCallbackHandle::SharedPtr add_on_set_parameters_callback(OnSetParametersCallbackType callback);
  [[nodiscard]] PostSetParametersCallbackHandle::SharedPtr add_post_set_parameters_callback(PostSetParametersCallbackType callback);
  void remove_pre_set_parameters_callback(const PreSetParametersCallbackHandle * const handler);
  void remove_on_set_parameters_callback(const OnSetParametersCallbackHandle * const handler);
  void remove_post_set_parameters_callback(const PostSetParametersCallbackHandle * const handler);

  // ---- the graph, the clock, the interfaces

  std::vector<std::string> get_node_names() const;
  std::map<std::string, std::vector<std::string>> get_topic_names_and_types(bool no_demangle = false) const;
  std::map<std::string, std::vector<std::string>> get_service_names_and_types() const;
  size_t count_publishers(const std::string & topic_name) const;
  size_t count_subscribers(const std::string & topic_name) const;

  rclcpp::Clock::SharedPtr get_clock();
  rclcpp::Clock::ConstSharedPtr get_clock() const;
  rclcpp::Time now() const;

  rclcpp::node_interfaces::NodeBaseInterface::SharedPtr get_node_base_interface();
  rclcpp::node_interfaces::NodeParametersInterface::SharedPtr get_node_parameters_interface();
  rclcpp::node_interfaces::NodeLoggingInterface::SharedPtr get_node_logging_interface();
  rclcpp::node_interfaces::NodeClockInterface::SharedPtr get_node_clock_interface();
  rclcpp::node_interfaces::NodeTopicsInterface::SharedPtr get_node_topics_interface();
  rclcpp::node_interfaces::NodeTimersInterface::SharedPtr get_node_timers_interface();
  rclcpp::node_interfaces::NodeGraphInterface::SharedPtr get_node_graph_interface();
  rclcpp::node_interfaces::NodeWaitablesInterface::SharedPtr get_node_waitables_interface();

  // ---- the lifecycle

  const State & get_current_state() const;
  std::vector<State> get_available_states() const;
  std::vector<Transition> get_available_transitions() const;
  std::vector<Transition> get_transition_graph() const;

  const State & trigger_transition(const Transition & transition);
  const State & trigger_transition(const Transition & transition, CallbackReturn & cb_return_code);
  const State & trigger_transition(uint8_t transition_id);
  const State & trigger_transition(uint8_t transition_id, CallbackReturn & cb_return_code);

  const State & configure();
  const State & configure(CallbackReturn & cb_return_code);
  const State & cleanup();
  const State & cleanup(CallbackReturn & cb_return_code);
  const State & activate();
  const State & activate(CallbackReturn & cb_return_code);
  const State & deactivate();
  const State & deactivate(CallbackReturn & cb_return_code);
  const State & shutdown();
  const State & shutdown(CallbackReturn & cb_return_code);

  bool register_on_configure(std::function<CallbackReturn(const State &)> fcn);
  bool register_on_cleanup(std::function<CallbackReturn(const State &)> fcn);
  bool register_on_shutdown(std::function<CallbackReturn(const State &)> fcn);
  bool register_on_activate(std::function<CallbackReturn(const State &)> fcn);
  bool register_on_deactivate(std::function<CallbackReturn(const State &)> fcn);
  bool register_on_error(std::function<CallbackReturn(const State &)> fcn);

  /// Activates (deactivates) the node's managed entities, its lifecycle publishers among them.
  CallbackReturn on_activate(const State & previous_state) override;
  CallbackReturn on_deactivate(const State & previous_state) override;

protected:
  void add_managed_entity(std::weak_ptr<rclcpp_lifecycle::ManagedEntityInterface> managed_entity);

private:
  std::shared_ptr<rclcpp::Node> node_;
  class LifecycleNodeInterfaceImpl;
  std::unique_ptr<LifecycleNodeInterfaceImpl> impl_;
};

}  // namespace rclcpp_lifecycle

#endif  // RCLCPP_LIFECYCLE__LIFECYCLE_NODE_HPP_
