// rclcpp::GenericSubscription (rclcpp/generic_subscription.hpp, Jazzy): a subscription of a type
// named at run time ("pkg/msg/Name") whose callback takes each message serialized, as a bag
// recorder's does.
#ifndef RCLCPP__GENERIC_SUBSCRIPTION_HPP_
#define RCLCPP__GENERIC_SUBSCRIPTION_HPP_

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "rclcpp/macros.hpp"
#include "rclcpp/subscription.hpp"
#include "rclsim/serialized_callback.hpp"

namespace rclcpp
{

class GenericSubscription : public SubscriptionBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(GenericSubscription)

  template<typename CallbackT, typename AllocatorT = std::allocator<void>>
  GenericSubscription(node_interfaces::NodeBaseInterface * node_base, const std::string & topic_name, const std::string & topic_type,
    const rclcpp::QoS & qos, CallbackT && callback, const rclcpp::SubscriptionOptionsWithAllocator<AllocatorT> & options)
  : SubscriptionBase(node_base, topic_name, topic_type, qos, options)
  {
    using F = std::decay_t<CallbackT>;
    static_assert(rclsim::takes_serialized<F>(), "a GenericSubscription's callback takes an rclcpp::SerializedMessage");
    serialized_ = true;
    on_message([callback = F(std::forward<CallbackT>(callback))](const std::string & cdr, const rclcpp::MessageInfo & message_info) mutable {
        rclsim::deliver_serialized(callback, cdr, message_info);
      });
  }

  // rclcpp's GenericSubscription has no typed messages either: it throws the same.
  void handle_message(std::shared_ptr<void> &, const rclcpp::MessageInfo &) override
  {
    throw std::runtime_error("handle_message is not implemented for GenericSubscription");
  }
};

}  // namespace rclcpp

#endif  // RCLCPP__GENERIC_SUBSCRIPTION_HPP_
