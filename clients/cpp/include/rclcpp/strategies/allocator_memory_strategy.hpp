// rclcpp::memory_strategies::allocator_memory_strategy::AllocatorMemoryStrategy
// (rclcpp/strategies/allocator_memory_strategy.hpp): a memory strategy over an allocator; see
// rclcpp/memory_strategy.hpp for why it holds only the allocator.
#ifndef RCLCPP__STRATEGIES__ALLOCATOR_MEMORY_STRATEGY_HPP_
#define RCLCPP__STRATEGIES__ALLOCATOR_MEMORY_STRATEGY_HPP_

#include <memory>
#include <utility>

#include "rclcpp/allocator/allocator_common.hpp"
#include "rclcpp/memory_strategy.hpp"

namespace rclcpp
{
namespace memory_strategies
{
namespace allocator_memory_strategy
{

template<typename Alloc = std::allocator<void>>
class AllocatorMemoryStrategy : public memory_strategy::MemoryStrategy
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(AllocatorMemoryStrategy<Alloc>)
  explicit AllocatorMemoryStrategy(std::shared_ptr<Alloc> allocator)
  : allocator_(std::move(allocator)) {}
  AllocatorMemoryStrategy()
  : allocator_(std::make_shared<Alloc>()) {}

private:
  std::shared_ptr<Alloc> allocator_;
};

}  // namespace allocator_memory_strategy
}  // namespace memory_strategies
}  // namespace rclcpp

#endif  // RCLCPP__STRATEGIES__ALLOCATOR_MEMORY_STRATEGY_HPP_
