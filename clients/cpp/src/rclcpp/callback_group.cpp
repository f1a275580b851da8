#include "rclcpp/callback_group.hpp"

namespace rclcpp
{
namespace
{
uint64_t next_number()
{
  // Numbered in the order the program makes them: the same program, the same numbers.
  static uint64_t last = 0;
  return ++last;
}
}  // namespace

CallbackGroup::CallbackGroup(CallbackGroupType group_type, bool automatically_add_to_executor_with_node)
: type_(group_type), automatically_add_(automatically_add_to_executor_with_node), number_(next_number()) {}

}  // namespace rclcpp
