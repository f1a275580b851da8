// rclcpp::wait_for_message (rclcpp/wait_for_message.hpp): the next message of a subscription, on a
// wait set of its own with a guard condition that the context's shutdown triggers; the wait takes
// sim time.
#ifndef RCLCPP__WAIT_FOR_MESSAGE_HPP_
#define RCLCPP__WAIT_FOR_MESSAGE_HPP_

#include <chrono>
#include <memory>
#include <string>

#include "rclcpp/node.hpp"
#include "rclcpp/wait_set.hpp"

namespace rclcpp
{

/// Waits up to `time_to_wait` (negative: no limit) for a message of `subscription`: false when
/// none came, or the context shut down.
template<class MsgT, class Rep = int64_t, class Period = std::milli>
bool wait_for_message(MsgT & out, std::shared_ptr<rclcpp::Subscription<MsgT>> subscription, std::shared_ptr<rclcpp::Context> context,
  std::chrono::duration<Rep, Period> time_to_wait = std::chrono::duration<Rep, Period>(-1))
{
  auto gc = std::make_shared<rclcpp::GuardCondition>(context);
  auto shutdown_callback_handle = context->add_on_shutdown_callback([weak_gc = std::weak_ptr<rclcpp::GuardCondition>{gc}]() {
        if (auto strong_gc = weak_gc.lock()) {
          strong_gc->trigger();
        }
      });
  rclcpp::WaitSet wait_set;
  wait_set.add_subscription(subscription);
  struct Leave
  {
    rclcpp::WaitSet & wait_set;
    std::shared_ptr<rclcpp::Subscription<MsgT>> & subscription;
    std::shared_ptr<rclcpp::Context> & context;
    rclcpp::Context::OnShutdownCallbackHandle & handle;
    ~Leave()
    {
      wait_set.remove_subscription(subscription);
      context->remove_on_shutdown_callback(handle);
    }
  } leave{wait_set, subscription, context, shutdown_callback_handle};
  wait_set.add_guard_condition(gc);
  auto ret = wait_set.wait(time_to_wait);
  if (ret.kind() != rclcpp::WaitResultKind::Ready) {
    return false;
  }
  if (wait_set.get_rcl_wait_set().guard_conditions[0]) {
    return false;
  }
  rclcpp::MessageInfo info;
  return subscription->take(out, info);
}

/// The next message on `topic`, from a subscription of `node`'s made for the wait.
template<class MsgT, class Rep = int64_t, class Period = std::milli>
bool wait_for_message(MsgT & out, rclcpp::Node::SharedPtr node, const std::string & topic,
  std::chrono::duration<Rep, Period> time_to_wait = std::chrono::duration<Rep, Period>(-1))
{
  auto sub = node->create_subscription<MsgT>(topic, 1, [](const std::shared_ptr<const MsgT>) {});
  return wait_for_message<MsgT, Rep, Period>(out, sub, node->get_node_options().context(), time_to_wait);
}

}  // namespace rclcpp

#endif  // RCLCPP__WAIT_FOR_MESSAGE_HPP_
