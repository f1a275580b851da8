#include "rclcpp/context.hpp"

#include <algorithm>
#include <set>

#include "rclcpp/exceptions.hpp"
#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclcpp
{
namespace
{

/// The contexts whose shutdown the calling thread runs now (a pre-shutdown callback may shut down again).
thread_local std::set<const Context *> contexts_shutting_here;

}  // namespace

Context::Context() = default;

Context::~Context() = default;

uint32_t Context::rclsim_id()
{
  // Id 0 is a context like any other: whether it was made is its own flag.
  if (!id_) {
    id_ = static_cast<uint32_t>(rclsim::port::context_op_create(0));
  }
  return *id_;
}

void Context::init(int argc, char const * const * argv, const InitOptions & init_options)
{
  if (valid_) {
    throw rclcpp::exceptions::RCLError("context is already initialized");
  }
  arguments_.assign(argv, argv + argc);
  // rcl is given the arguments after the program's name, as the simulation's own clients do.
  std::vector<std::string> args(arguments_.empty() ? arguments_.begin() : arguments_.begin() + 1, arguments_.end());
  try {
    rclsim::port::context_op_init(rclsim_id(), args);
  } catch (const rclsim::port::Failed & failed) {
    throw rclcpp::exceptions::RCLInvalidROSArgsError(failed.what());
  }
  options_ = init_options;
  valid_ = true;
  // The run ended (the simulation's Shutdown, Ctrl-C's under rclcpp): every context shuts down.
  std::weak_ptr<Context> weak = weak_from_this();
  rclsim::port::on_shutdown([weak] {
    if (auto context = weak.lock()) {
      context->shutdown("signal handler");
    }
  });
}

bool Context::is_valid() const {return valid_;}

bool Context::shutting_here() const {return contexts_shutting_here.count(this) != 0;}

bool Context::shutdown(const std::string & reason)
{
  if (shutting_down_) {
    // rclcpp's second caller waits on init_mutex_ until the first's shutdown ends, then finds the
    // context shut down: here it waits as a program's thread does, giving its turn (a mutex would
    // hold the turn the first needs). A callback of the shutdown that shuts down again returns at once.
    auto first_done = [this] {return !shutting_down_ || shutting_here();};
    while (!first_done()) {
      if (!rclsim::port::shut_down()) {
        rclsim::waits::block(first_done);
      } else if (!rclsim::port::yield_turn()) {
        break;
      }
    }
    return false;
  }
  if (!valid_) {
    return false;
  }
  shutting_down_ = true;
  contexts_shutting_here.insert(this);
  struct Done
  {
    Context * context;
    ~Done()
    {
      contexts_shutting_here.erase(context);
      context->shutting_down_ = false;
    }
  } done{this};
  // Over a copy, each still registered when its turn comes: a callback may destroy a node whose
  // destructor removes its own (nav2_util's LifecycleNode).
  std::vector<OnShutdownCallbackHandle> pre_shutdown = pre_shutdown_;
  for (const auto & callback : pre_shutdown) {
    if (std::find(pre_shutdown_.begin(), pre_shutdown_.end(), callback) != pre_shutdown_.end()) {
      (*callback)();
    }
  }
  valid_ = false;
  shutdown_reason_ = reason;
  if (!rclsim::port::shut_down()) {
    rclsim::port::context_op_shutdown(*id_);
  }
  std::vector<OnShutdownCallbackHandle> callbacks = on_shutdown_;
  for (const auto & callback : callbacks) {
    (*callback)();
  }
  return true;
}

Context::OnShutdownCallback Context::on_shutdown(OnShutdownCallback callback)
{
  add_on_shutdown_callback(callback);
  return callback;
}

Context::OnShutdownCallbackHandle Context::add_on_shutdown_callback(OnShutdownCallback callback)
{
  on_shutdown_.push_back(std::make_shared<OnShutdownCallback>(std::move(callback)));
  return on_shutdown_.back();
}

bool Context::remove_on_shutdown_callback(const OnShutdownCallbackHandle & callback_handle)
{
  auto found = std::find(on_shutdown_.begin(), on_shutdown_.end(), callback_handle);
  if (found == on_shutdown_.end()) {
    return false;
  }
  on_shutdown_.erase(found);
  return true;
}

Context::OnShutdownCallbackHandle Context::add_pre_shutdown_callback(PreShutdownCallback callback)
{
  pre_shutdown_.push_back(std::make_shared<OnShutdownCallback>(std::move(callback)));
  return pre_shutdown_.back();
}

bool Context::remove_pre_shutdown_callback(const OnShutdownCallbackHandle & callback_handle)
{
  auto found = std::find(pre_shutdown_.begin(), pre_shutdown_.end(), callback_handle);
  if (found == pre_shutdown_.end()) {
    return false;
  }
  pre_shutdown_.erase(found);
  return true;
}

bool Context::sleep_for(const std::chrono::nanoseconds & nanoseconds)
{
  rclsim::waits::sleep_ns(nanoseconds.count());
  return is_valid();
}

namespace contexts
{
Context::SharedPtr get_global_default_context()
{
  static Context::SharedPtr context = std::make_shared<Context>();
  return context;
}
}  // namespace contexts

}  // namespace rclcpp
