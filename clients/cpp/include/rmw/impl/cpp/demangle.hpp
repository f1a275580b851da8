// rmw's demangle (rmw/impl/cpp/demangle.hpp): the readable name of an object's type, by the
// C++ ABI's demangler. rclcpp's client.hpp and event_handler.hpp include it, as upstream's do, so
// <cxxabi.h> comes with rclcpp: ros2_control's hardware_interface/handle.hpp calls
// abi::__cxa_demangle without including it.
#ifndef RMW__IMPL__CPP__DEMANGLE_HPP_
#define RMW__IMPL__CPP__DEMANGLE_HPP_

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <typeinfo>

namespace rmw
{
namespace impl
{
namespace cpp
{

template<typename T>
std::string demangle(const T & instance)
{
  (void)instance;
  const char * mangled = typeid(T).name();
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> readable{abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free};
  return status == 0 ? readable.get() : mangled;
}

}  // namespace cpp
}  // namespace impl
}  // namespace rmw

#endif  // RMW__IMPL__CPP__DEMANGLE_HPP_
