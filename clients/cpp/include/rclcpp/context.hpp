// rclcpp::Context (rclcpp/context.hpp): a program's ROS 2 context, kept by the simulation.
#ifndef RCLCPP__CONTEXT_HPP_
#define RCLCPP__CONTEXT_HPP_

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rclcpp/init_options.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{

class Context : public std::enable_shared_from_this<Context>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(Context)
  using OnShutdownCallback = std::function<void()>;
  using OnShutdownCallbackHandle = std::shared_ptr<OnShutdownCallback>;
  using PreShutdownCallback = OnShutdownCallback;

  Context();
  virtual ~Context();

  virtual void init(int argc, char const * const * argv, const InitOptions & init_options = InitOptions());
  bool is_valid() const;
  const InitOptions & get_init_options() const {return options_;}
  const std::vector<std::string> & get_arguments() const {return arguments_;}
  size_t get_domain_id() const {return options_.get_domain_id();}
  std::string shutdown_reason() const {return shutdown_reason_;}
  virtual bool shutdown(const std::string & reason);
  OnShutdownCallback on_shutdown(OnShutdownCallback callback);
  OnShutdownCallbackHandle add_on_shutdown_callback(OnShutdownCallback callback);
  bool remove_on_shutdown_callback(const OnShutdownCallbackHandle & callback_handle);
  OnShutdownCallbackHandle add_pre_shutdown_callback(PreShutdownCallback callback);
  bool remove_pre_shutdown_callback(const OnShutdownCallbackHandle & callback_handle);
  /// Sleeps for sim time; false when the context was shut down meanwhile.
  bool sleep_for(const std::chrono::nanoseconds & nanoseconds);
  void interrupt_all_sleep_for() {}

  /// The simulation's id of this context (the node protocol's ContextOp).
  uint32_t rclsim_id();
  /// Whether the calling thread runs this context's shutdown now (its callbacks).
  bool shutting_here() const;

private:
  std::optional<uint32_t> id_;
  bool valid_ = false;
  InitOptions options_;
  std::vector<std::string> arguments_;
  std::string shutdown_reason_;
  std::vector<OnShutdownCallbackHandle> on_shutdown_;
  std::vector<OnShutdownCallbackHandle> pre_shutdown_;
  /// A shutdown is under way: its pre-shutdown and shutdown callbacks run (shutdown()).
  bool shutting_down_ = false;
};

/// rclcpp's names of a shutdown callback's handle at namespace scope (nav2_util's lifecycle node keeps one).
using OnShutdownCallbackHandle = Context::OnShutdownCallbackHandle;
using PreShutdownCallbackHandle = Context::OnShutdownCallbackHandle;

namespace contexts
{
Context::SharedPtr get_global_default_context();
using DefaultContext = Context;
}  // namespace contexts

}  // namespace rclcpp

#endif  // RCLCPP__CONTEXT_HPP_
