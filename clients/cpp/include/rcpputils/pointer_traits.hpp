// rcpputils' pointer traits (rcpputils/pointer_traits.hpp): is_pointer<T> is true of raw pointers
// and of std::shared_ptr and std::unique_ptr (const or volatile too), through references;
// remove_pointer<T> is what such a pointer points to. ros2_control's macros and realtime_tools'
// RealtimeThreadSafeBox check their arguments with them.
#ifndef RCPPUTILS__POINTER_TRAITS_HPP_
#define RCPPUTILS__POINTER_TRAITS_HPP_

#include <memory>
#include <type_traits>

namespace rcpputils
{

namespace details
{

template<class T>
struct is_smart_pointer_helper : std::false_type {};
template<class T>
struct is_smart_pointer_helper<std::shared_ptr<T>>: std::true_type {};
template<class T, class D>
struct is_smart_pointer_helper<std::unique_ptr<T, D>>: std::true_type {};

template<class T>
struct is_smart_pointer : is_smart_pointer_helper<std::remove_cv_t<T>> {};

template<class T, bool smart>
struct remove_pointer
{
  using type = std::remove_pointer_t<T>;
};

template<class T>
struct remove_pointer<T, true>
{
  using type = std::remove_pointer_t<decltype(std::declval<std::remove_volatile_t<T>>().get())>;
};

}  // namespace details

template<class T>
struct is_pointer
{
  static constexpr bool value = std::is_pointer<std::remove_reference_t<T>>::value ||
    details::is_smart_pointer<std::remove_reference_t<T>>::value;
};

template<class T>
struct remove_pointer
{
  using type = typename details::remove_pointer<std::remove_reference_t<T>, details::is_smart_pointer<std::remove_reference_t<T>>::value>::type;
};

}  // namespace rcpputils

#endif  // RCPPUTILS__POINTER_TRAITS_HPP_
