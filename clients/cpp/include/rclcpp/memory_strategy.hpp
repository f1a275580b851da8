// rclcpp::memory_strategy::MemoryStrategy (rclcpp/memory_strategy.hpp): how rclcpp's executor keeps
// the handles of its wait set. The simulation's executor models keep none, so a strategy is
// accepted (ExecutorOptions::memory_strategy) and has nothing to do.
#ifndef RCLCPP__MEMORY_STRATEGY_HPP_
#define RCLCPP__MEMORY_STRATEGY_HPP_

#include "rclcpp/macros.hpp"

namespace rclcpp
{
namespace memory_strategy
{

class MemoryStrategy
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(MemoryStrategy)
  MemoryStrategy() = default;
  virtual ~MemoryStrategy() = default;
};

}  // namespace memory_strategy
}  // namespace rclcpp

#endif  // RCLCPP__MEMORY_STRATEGY_HPP_
