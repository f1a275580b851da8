// rclcpp's wait sets (rclcpp/wait_set.hpp): WaitSet (entities added and removed at will),
// StaticWaitSet (fixed at construction), ThreadSafeWaitSet (add and remove interrupt a wait).
#ifndef RCLCPP__WAIT_SET_HPP_
#define RCLCPP__WAIT_SET_HPP_

#include <cstddef>

#include "rclcpp/guard_condition.hpp"
#include "rclcpp/wait_result.hpp"
#include "rclcpp/wait_set_template.hpp"

namespace rclcpp
{

using WaitSet = rclcpp::WaitSetTemplate<wait_set_policies::SequentialSynchronization, wait_set_policies::DynamicStorage>;

template<std::size_t NumberOfSubscriptions, std::size_t NumberOfGuardCondtions, std::size_t NumberOfTimers,
  std::size_t NumberOfClients, std::size_t NumberOfServices, std::size_t NumberOfWaitables>
using StaticWaitSet = rclcpp::WaitSetTemplate<wait_set_policies::SequentialSynchronization,
    wait_set_policies::StaticStorage<NumberOfSubscriptions, NumberOfGuardCondtions, NumberOfTimers, NumberOfClients,
    NumberOfServices, NumberOfWaitables>>;

using ThreadSafeWaitSet = rclcpp::WaitSetTemplate<wait_set_policies::ThreadSafeSynchronization, wait_set_policies::DynamicStorage>;

}  // namespace rclcpp

#endif  // RCLCPP__WAIT_SET_HPP_
