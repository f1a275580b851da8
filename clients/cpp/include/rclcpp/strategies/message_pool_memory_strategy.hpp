// rclcpp::strategies::message_pool_memory_strategy::MessagePoolMemoryStrategy
// (rclcpp/strategies/message_pool_memory_strategy.hpp): a fixed pool of Size preallocated
// messages of a fixed-size type, lent and given back in turn. A subscription of rclsim's client
// makes each message it delivers from the simulation's bytes and never borrows from its strategy
// (message_memory_strategy.hpp), so the pool serves only a program that borrows itself; it keeps
// upstream's rules and errors for that.
#ifndef RCLCPP__STRATEGIES__MESSAGE_POOL_MEMORY_STRATEGY_HPP_
#define RCLCPP__STRATEGIES__MESSAGE_POOL_MEMORY_STRATEGY_HPP_

#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <type_traits>

#include "rclcpp/macros.hpp"
#include "rclcpp/message_memory_strategy.hpp"
#include "rosidl_runtime_cpp/traits.hpp"

namespace rclcpp
{
namespace strategies
{
namespace message_pool_memory_strategy
{

template<
  typename MessageT, std::size_t Size,
  typename std::enable_if<rosidl_generator_traits::has_fixed_size<MessageT>::value>::type * = nullptr>
class MessagePoolMemoryStrategy : public message_memory_strategy::MessageMemoryStrategy<MessageT>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(MessagePoolMemoryStrategy)

  MessagePoolMemoryStrategy()
  {
    for (std::size_t i = 0; i < Size; ++i) {
      pool_[i].msg_ptr_ = std::make_shared<MessageT>();
      pool_[i].used = false;
    }
  }

  /// The next message of the pool; throws when it is still lent (more borrowers than Size).
  std::shared_ptr<MessageT> borrow_message()
  {
    std::size_t current_index = next_array_index_;
    next_array_index_ = (next_array_index_ + 1) % Size;
    if (pool_[current_index].used) {
      throw std::runtime_error("Tried to access message that was still in use! Abort.");
    }
    pool_[current_index].msg_ptr_->~MessageT();
    new (pool_[current_index].msg_ptr_.get())MessageT;
    pool_[current_index].used = true;
    return pool_[current_index].msg_ptr_;
  }

  /// Gives a borrowed message back; throws for a message that is not the pool's.
  void return_message(std::shared_ptr<MessageT> & msg)
  {
    for (std::size_t i = 0; i < Size; ++i) {
      if (pool_[i].msg_ptr_ == msg) {
        pool_[i].used = false;
        return;
      }
    }
    throw std::runtime_error("Unrecognized message ptr in return_message.");
  }

protected:
  struct PoolMember
  {
    std::shared_ptr<MessageT> msg_ptr_;
    bool used;
  };

  std::array<PoolMember, Size> pool_;
  std::size_t next_array_index_{0};
};

}  // namespace message_pool_memory_strategy
}  // namespace strategies
}  // namespace rclcpp

#endif  // RCLCPP__STRATEGIES__MESSAGE_POOL_MEMORY_STRATEGY_HPP_
