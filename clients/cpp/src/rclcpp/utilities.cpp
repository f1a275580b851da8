#include "rclcpp/utilities.hpp"

#include "rclcpp/exceptions.hpp"

namespace rclcpp
{
namespace
{
Context::SharedPtr or_default(Context::SharedPtr context)
{
  return context ? context : contexts::get_global_default_context();
}

SignalHandlerOptions & signal_options()
{
  static SignalHandlerOptions options = SignalHandlerOptions::None;
  return options;
}
}  // namespace

void init(int argc, char const * const * argv, const InitOptions & init_options, SignalHandlerOptions signal_handler_options)
{
  contexts::get_global_default_context()->init(argc, argv, init_options);
  install_signal_handlers(signal_handler_options);
}

// The simulation's end plays Ctrl-C's part (its Shutdown): no real signal handler is needed.
bool install_signal_handlers(SignalHandlerOptions signal_handler_options)
{
  bool first = signal_options() == SignalHandlerOptions::None;
  signal_options() = signal_handler_options;
  return first;
}

bool signal_handlers_installed() {return signal_options() != SignalHandlerOptions::None;}

SignalHandlerOptions get_current_signal_handler_options() {return signal_options();}

bool uninstall_signal_handlers()
{
  bool was = signal_handlers_installed();
  signal_options() = SignalHandlerOptions::None;
  return was;
}

std::vector<std::string> remove_ros_arguments(int argc, char const * const * argv)
{
  // rcl's rule: everything between --ros-args and --, or to the end, is ROS's.
  std::vector<std::string> kept;
  bool in_ros = false;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (in_ros) {
      if (arg == "--") {
        in_ros = false;
      }
      continue;
    }
    if (arg == "--ros-args") {
      in_ros = true;
      continue;
    }
    kept.push_back(arg);
  }
  return kept;
}

std::vector<std::string> init_and_remove_ros_arguments(int argc, char const * const * argv, const InitOptions & init_options)
{
  init(argc, argv, init_options);
  return remove_ros_arguments(argc, argv);
}

bool ok(Context::SharedPtr context) {return or_default(std::move(context))->is_valid();}

bool shutdown(Context::SharedPtr context, const std::string & reason)
{
  Context::SharedPtr which = or_default(std::move(context));
  bool done = which->shutdown(reason);
  if (which == contexts::get_global_default_context()) {
    uninstall_signal_handlers();
  }
  return done;
}

void on_shutdown(std::function<void()> callback, Context::SharedPtr context)
{
  or_default(std::move(context))->on_shutdown(std::move(callback));
}

bool sleep_for(const std::chrono::nanoseconds & nanoseconds, Context::SharedPtr context)
{
  return or_default(std::move(context))->sleep_for(nanoseconds);
}

}  // namespace rclcpp
