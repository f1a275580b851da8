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
  /// Whether no executor runs the callbacks of an entity made in a group of the program's (not
  /// its node's default one), `group`: one made not to be added with its node and added to no
  /// executor, or one gone (rclcpp's executors find entities through their groups). A wait set,
  /// or the program's own code, takes from such entities.
  static bool rclsim_unspun(bool in_group, const std::weak_ptr<CallbackGroup> & group)
  {
    std::shared_ptr<CallbackGroup> alive = group.lock();
    return in_group && (!alive || (!alive->automatically_add_ && !alive->associated_.load()));
  }

private:
  CallbackGroupType type_;
  bool automatically_add_;
  std::atomic_bool associated_{false};
  uint64_t number_;
};

}  // namespace rclcpp

#endif  // RCLCPP__CALLBACK_GROUP_HPP_
