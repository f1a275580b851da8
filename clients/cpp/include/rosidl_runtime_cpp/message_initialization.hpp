// rclsim's C++ client: how a generated message's constructor initializes its fields (rosidl's names).
#ifndef ROSIDL_RUNTIME_CPP__MESSAGE_INITIALIZATION_HPP_
#define ROSIDL_RUNTIME_CPP__MESSAGE_INITIALIZATION_HPP_

namespace rosidl_runtime_cpp
{

/// ALL: defaults from the definition, zero elsewhere. SKIP: nothing (primitives stay
/// uninitialized). ZERO: zero everywhere, ignoring defaults. DEFAULTS_ONLY: only the defaults.
enum class MessageInitialization
{
  ALL,
  SKIP,
  ZERO,
  DEFAULTS_ONLY,
};

}  // namespace rosidl_runtime_cpp

#endif  // ROSIDL_RUNTIME_CPP__MESSAGE_INITIALIZATION_HPP_
