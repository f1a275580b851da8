// rclcpp::ParameterEventHandler (rclcpp/parameter_event_handler.hpp): callbacks for the changes
// of parameters (of this node or others) told on /parameter_events, as rclcpp's; its callbacks of
// one parameter are kept in a std::map, not rclcpp's unordered_map, so that they run in an order
// fixed by the parameter's and node's names.
#ifndef RCLCPP__PARAMETER_EVENT_HANDLER_HPP_
#define RCLCPP__PARAMETER_EVENT_HANDLER_HPP_

#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "rcl_interfaces/msg/parameter_event.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/parameter.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/subscription.hpp"

namespace rclcpp
{

struct ParameterCallbackHandle
{
  RCLCPP_SMART_PTR_DEFINITIONS(ParameterCallbackHandle)
  using ParameterCallbackType = std::function<void (const rclcpp::Parameter &)>;
  std::recursive_mutex mutex;
  std::string parameter_name;
  std::string node_name;
  ParameterCallbackType callback;
};

struct ParameterEventCallbackHandle
{
  RCLCPP_SMART_PTR_DEFINITIONS(ParameterEventCallbackHandle)
  using ParameterEventCallbackType = std::function<void (const rcl_interfaces::msg::ParameterEvent &)>;
  ParameterEventCallbackType callback;
};

class ParameterEventHandler
{
public:
  using ParameterCallbackType = ParameterCallbackHandle::ParameterCallbackType;
  using ParameterEventCallbackType = ParameterEventCallbackHandle::ParameterEventCallbackType;

  template<typename NodeT>
  explicit ParameterEventHandler(NodeT node, const rclcpp::QoS & qos = rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(
      rmw_qos_profile_parameter_events)))
  : node_base_(node->get_node_base_interface()), callbacks_(std::make_shared<Callbacks>())
  {
    event_subscription_ = std::make_shared<rclcpp::Subscription<rcl_interfaces::msg::ParameterEvent>>(node_base_.get(), "/parameter_events",
        qos, [callbacks = callbacks_](const rcl_interfaces::msg::ParameterEvent & event) {callbacks->event_callback(event);},
        rclcpp::SubscriptionOptionsWithAllocator<std::allocator<void>>());
  }

  /// Every event; the last added runs first.
  [[nodiscard]] ParameterEventCallbackHandle::SharedPtr add_parameter_event_callback(ParameterEventCallbackType callback);
  void remove_parameter_event_callback(ParameterEventCallbackHandle::SharedPtr callback_handle);
  /// The changes of one parameter of a node (this one when `node_name` is empty); the last added runs first.
  [[nodiscard]] ParameterCallbackHandle::SharedPtr add_parameter_callback(const std::string & parameter_name, ParameterCallbackType callback,
    const std::string & node_name = "");
  void remove_parameter_callback(ParameterCallbackHandle::SharedPtr callback_handle);

  static bool get_parameter_from_event(const rcl_interfaces::msg::ParameterEvent & event, rclcpp::Parameter & parameter,
    const std::string & parameter_name, const std::string & node_name = "");
  static rclcpp::Parameter get_parameter_from_event(const rcl_interfaces::msg::ParameterEvent & event, const std::string & parameter_name,
    const std::string & node_name = "");
  static std::vector<rclcpp::Parameter> get_parameters_from_event(const rcl_interfaces::msg::ParameterEvent & event);

  using CallbacksContainerType = std::list<ParameterCallbackHandle::WeakPtr>;

protected:
  struct Callbacks
  {
    std::recursive_mutex mutex_;
    std::map<std::pair<std::string, std::string>, CallbacksContainerType> parameter_callbacks_;
    std::list<ParameterEventCallbackHandle::WeakPtr> event_callbacks_;
    void event_callback(const rcl_interfaces::msg::ParameterEvent & event);
  };
  /// A node's name as given, made fully qualified in this node's namespace.
  std::string resolve_path(const std::string & path);

  node_interfaces::NodeBaseInterface::SharedPtr node_base_;
  std::shared_ptr<Callbacks> callbacks_;
  rclcpp::Subscription<rcl_interfaces::msg::ParameterEvent>::SharedPtr event_subscription_;
};

}  // namespace rclcpp

#endif  // RCLCPP__PARAMETER_EVENT_HANDLER_HPP_
