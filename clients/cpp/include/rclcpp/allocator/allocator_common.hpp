// rclcpp's allocator helpers (rclcpp/allocator/allocator_common.hpp, allocator_deleter.hpp): an
// allocator rebound to a type, and the deleter that gives memory back to the allocator it came from.
#ifndef RCLCPP__ALLOCATOR__ALLOCATOR_COMMON_HPP_
#define RCLCPP__ALLOCATOR__ALLOCATOR_COMMON_HPP_

#include <memory>
#include <type_traits>

namespace rclcpp
{
namespace allocator
{

template<typename T, typename Alloc>
using AllocRebind = typename std::allocator_traits<Alloc>::template rebind_traits<T>;

template<typename Allocator>
class AllocatorDeleter
{
public:
  AllocatorDeleter()
  : allocator_(nullptr) {}
  explicit AllocatorDeleter(Allocator * allocator)
  : allocator_(allocator) {}
  template<typename T>
  void operator()(T * ptr)
  {
    std::allocator_traits<Allocator>::destroy(*allocator_, ptr);
    std::allocator_traits<Allocator>::deallocate(*allocator_, ptr, 1);
  }
  Allocator * get_allocator() {return allocator_;}
  void set_allocator(Allocator * allocator) {allocator_ = allocator;}

private:
  Allocator * allocator_;
};

template<typename Alloc, typename T>
using Deleter = typename std::conditional_t<
  std::is_same_v<typename std::allocator_traits<Alloc>::template rebind_alloc<T>, std::allocator<T>>,
  std::default_delete<T>, AllocatorDeleter<Alloc>>;

/// Gives the deleter its allocator (nothing to give a std::allocator's).
template<typename T, typename U>
void set_allocator_for_deleter(std::default_delete<T> *, std::allocator<U> *) {}

template<typename Alloc, typename T>
void set_allocator_for_deleter(AllocatorDeleter<T> * deleter, Alloc * alloc)
{
  deleter->set_allocator(alloc);
}

}  // namespace allocator
}  // namespace rclcpp

#endif  // RCLCPP__ALLOCATOR__ALLOCATOR_COMMON_HPP_
