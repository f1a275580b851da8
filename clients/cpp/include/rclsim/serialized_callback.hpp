// A subscription callback that takes the message serialized, in each form rclcpp's
// AnySubscriptionCallback accepts: shared_ptr (const or not) or const reference, with or without
// MessageInfo. Shared by typed subscriptions and rclcpp::GenericSubscription.
#ifndef RCLSIM__SERIALIZED_CALLBACK_HPP_
#define RCLSIM__SERIALIZED_CALLBACK_HPP_

#include <memory>
#include <string>
#include <type_traits>

#include "rclcpp/message_info.hpp"
#include "rclcpp/serialized_message.hpp"

namespace rclsim
{

template<typename F>
constexpr bool takes_serialized()
{
  using rclcpp::MessageInfo;
  using rclcpp::SerializedMessage;
  return std::is_invocable_v<F &, std::shared_ptr<SerializedMessage>, const MessageInfo &> ||
         std::is_invocable_v<F &, std::shared_ptr<SerializedMessage>> ||
         std::is_invocable_v<F &, const SerializedMessage &, const MessageInfo &> ||
         std::is_invocable_v<F &, const SerializedMessage &>;
}

/// Calls `callback` with the message's CDR as a SerializedMessage, in the form it takes.
template<typename F>
void deliver_serialized(F & callback, const std::string & cdr, const rclcpp::MessageInfo & message_info)
{
  using rclcpp::MessageInfo;
  using rclcpp::SerializedMessage;
  auto serialized = std::make_shared<SerializedMessage>();
  serialized->rclsim_assign(cdr);
  if constexpr (std::is_invocable_v<F &, std::shared_ptr<SerializedMessage>, const MessageInfo &>) {
    callback(serialized, message_info);
  } else if constexpr (std::is_invocable_v<F &, std::shared_ptr<SerializedMessage>>) {
    callback(serialized);
  } else if constexpr (std::is_invocable_v<F &, const SerializedMessage &, const MessageInfo &>) {
    callback(*serialized, message_info);
  } else {
    callback(*serialized);
  }
}

}  // namespace rclsim

#endif  // RCLSIM__SERIALIZED_CALLBACK_HPP_
