// rclcpp::memory_strategies (rclcpp/memory_strategies.hpp): the executor's default memory strategy,
// an AllocatorMemoryStrategy over std::allocator as upstream's is; see rclcpp/memory_strategy.hpp
// for why it has nothing to do here.
#ifndef RCLCPP__MEMORY_STRATEGIES_HPP_
#define RCLCPP__MEMORY_STRATEGIES_HPP_

#include <memory>

#include "rclcpp/memory_strategy.hpp"
#include "rclcpp/strategies/allocator_memory_strategy.hpp"

namespace rclcpp
{
namespace memory_strategies
{

inline memory_strategy::MemoryStrategy::SharedPtr create_default_strategy()
{
  return std::make_shared<allocator_memory_strategy::AllocatorMemoryStrategy<>>();
}

}  // namespace memory_strategies
}  // namespace rclcpp

#endif  // RCLCPP__MEMORY_STRATEGIES_HPP_
