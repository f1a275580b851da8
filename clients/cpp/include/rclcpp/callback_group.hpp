// rclcpp::CallbackGroup (rclcpp/callback_group.hpp): which of a node's callbacks may overlap
// under a multi-threaded executor; the simulation's executor models schedule by it.
#ifndef RCLCPP__CALLBACK_GROUP_HPP_
#define RCLCPP__CALLBACK_GROUP_HPP_

#include <atomic>
#include <cstdint>
#include <memory>

#include "rclcpp/macros.hpp"

namespace rclcpp
{

enum class CallbackGroupType { MutuallyExclusive, Reentrant };

class CallbackGroup
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(CallbackGroup)

  explicit CallbackGroup(CallbackGroupType group_type, bool automatically_add_to_executor_with_node = true);
  CallbackGroupType type() const {return type_;}
  bool automatically_add_to_executor_with_node() const {return automatically_add_;}
  std::atomic_bool & get_associated_with_executor_atomic() {return associated_;}
  bool can_be_taken_from() const {return true;}
  /// The group's number in the node protocol (Create.callback_group; 0 is a node's default one).
  uint64_t rclsim_number() const {return number_;}

private:
  CallbackGroupType type_;
  bool automatically_add_;
  std::atomic_bool associated_{false};
  uint64_t number_;
};

}  // namespace rclcpp

#endif  // RCLCPP__CALLBACK_GROUP_HPP_
