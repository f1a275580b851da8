// rclcpp::message_memory_strategy::MessageMemoryStrategy (rclcpp/message_memory_strategy.hpp):
// where a subscription's incoming messages are allocated. A subscription of rclsim's client
// makes each message it delivers from the simulation's bytes, so the strategy is accepted
// (Node::create_subscription's fifth argument) and holds only its allocator.
#ifndef RCLCPP__MESSAGE_MEMORY_STRATEGY_HPP_
#define RCLCPP__MESSAGE_MEMORY_STRATEGY_HPP_

#include <memory>
#include <utility>

#include "rclcpp/macros.hpp"

namespace rclcpp
{
namespace message_memory_strategy
{

template<typename MessageT, typename Alloc = std::allocator<void>>
class MessageMemoryStrategy
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(MessageMemoryStrategy)
  MessageMemoryStrategy()
  : allocator_(std::make_shared<Alloc>()) {}
  explicit MessageMemoryStrategy(std::shared_ptr<Alloc> allocator)
  : allocator_(std::move(allocator)) {}
  virtual ~MessageMemoryStrategy() = default;
  static SharedPtr create_default() {return std::make_shared<MessageMemoryStrategy<MessageT, Alloc>>(std::make_shared<Alloc>());}

private:
  std::shared_ptr<Alloc> allocator_;
};

}  // namespace message_memory_strategy
}  // namespace rclcpp

#endif  // RCLCPP__MESSAGE_MEMORY_STRATEGY_HPP_
