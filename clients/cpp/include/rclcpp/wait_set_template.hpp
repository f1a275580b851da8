// rclcpp::WaitSetTemplate (rclcpp/wait_set_template.hpp) over rclsim's wait (wait_set_core.hpp):
// the storage policy decides what the constructor takes and whether entities can be added and
// removed later; the synchronization policy whether add and remove interrupt a wait.
#ifndef RCLCPP__WAIT_SET_TEMPLATE_HPP_
#define RCLCPP__WAIT_SET_TEMPLATE_HPP_

#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <vector>

#include "rclcpp/wait_result.hpp"
#include "rclcpp/wait_set_core.hpp"

namespace rclcpp
{
namespace wait_set_policies
{

struct SequentialSynchronization
{
  static constexpr bool interrupts = false;
};

/// add and remove trigger an extra guard condition, which a waiting wait set ignores.
struct ThreadSafeSynchronization
{
  static constexpr bool interrupts = true;
};

struct DynamicStorage
{
  static constexpr bool is_mutable = true;
  using SubscriptionsIterable = std::vector<SubscriptionEntry>;
  using GuardConditionsIterable = std::vector<std::shared_ptr<rclcpp::GuardCondition>>;
  using TimersIterable = std::vector<std::shared_ptr<rclcpp::TimerBase>>;
  using ClientsIterable = std::vector<std::shared_ptr<rclcpp::ClientBase>>;
  using ServicesIterable = std::vector<std::shared_ptr<rclcpp::ServiceBase>>;
  using WaitablesIterable = std::vector<WaitableEntry>;
};

template<std::size_t NumberOfSubscriptions, std::size_t NumberOfGuardCondtions, std::size_t NumberOfTimers,
  std::size_t NumberOfClients, std::size_t NumberOfServices, std::size_t NumberOfWaitables>
struct StaticStorage
{
  static constexpr bool is_mutable = false;
  using SubscriptionsIterable = std::array<SubscriptionEntry, NumberOfSubscriptions>;
  using GuardConditionsIterable = std::array<std::shared_ptr<rclcpp::GuardCondition>, NumberOfGuardCondtions>;
  using TimersIterable = std::array<std::shared_ptr<rclcpp::TimerBase>, NumberOfTimers>;
  using ClientsIterable = std::array<std::shared_ptr<rclcpp::ClientBase>, NumberOfClients>;
  using ServicesIterable = std::array<std::shared_ptr<rclcpp::ServiceBase>, NumberOfServices>;
  using WaitablesIterable = std::array<WaitableEntry, NumberOfWaitables>;
};

}  // namespace wait_set_policies

template<class SynchronizationPolicy, class StoragePolicy>
class WaitSetTemplate final : public wait_set_policies::detail::WaitSetCore
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(WaitSetTemplate)

  using SubscriptionEntry = wait_set_policies::SubscriptionEntry;
  using WaitableEntry = wait_set_policies::WaitableEntry;

  explicit WaitSetTemplate(
    const typename StoragePolicy::SubscriptionsIterable & subscriptions = {},
    const typename StoragePolicy::GuardConditionsIterable & guard_conditions = {},
    const typename StoragePolicy::TimersIterable & timers = {},
    const typename StoragePolicy::ClientsIterable & clients = {},
    const typename StoragePolicy::ServicesIterable & services = {},
    const typename StoragePolicy::WaitablesIterable & waitables = {},
    rclcpp::Context::SharedPtr context = rclcpp::contexts::get_global_default_context())
  : WaitSetCore(SynchronizationPolicy::interrupts, context)
  {
    for (const auto & entry : subscriptions) {
      WaitSetCore::add_subscription(entry.subscription, entry.mask);
    }
    for (const auto & guard_condition : guard_conditions) {
      WaitSetCore::add_guard_condition(guard_condition);
    }
    for (const auto & timer : timers) {
      WaitSetCore::add_timer(timer);
    }
    for (const auto & client : clients) {
      WaitSetCore::add_client(client);
    }
    for (const auto & service : services) {
      WaitSetCore::add_service(service);
    }
    if (!waitables.empty()) {
      WaitSetCore::add_waitable();
    }
    constructed();
  }

  void add_subscription(std::shared_ptr<rclcpp::SubscriptionBase> subscription, rclcpp::SubscriptionWaitSetMask mask = {})
  {
    static_assert(StoragePolicy::is_mutable, "Adding subscriptions to a wait set with static storage is not allowed.");
    WaitSetCore::add_subscription(std::move(subscription), mask);
  }
  void remove_subscription(std::shared_ptr<rclcpp::SubscriptionBase> subscription, rclcpp::SubscriptionWaitSetMask = {})
  {
    static_assert(StoragePolicy::is_mutable, "Removing subscriptions from a wait set with static storage is not allowed.");
    WaitSetCore::remove_subscription(subscription);
  }
  void add_guard_condition(std::shared_ptr<rclcpp::GuardCondition> guard_condition)
  {
    static_assert(StoragePolicy::is_mutable, "Adding guard conditions to a wait set with static storage is not allowed.");
    WaitSetCore::add_guard_condition(std::move(guard_condition));
  }
  void remove_guard_condition(std::shared_ptr<rclcpp::GuardCondition> guard_condition)
  {
    static_assert(StoragePolicy::is_mutable, "Removing guard conditions from a wait set with static storage is not allowed.");
    WaitSetCore::remove_guard_condition(guard_condition);
  }
  void add_timer(std::shared_ptr<rclcpp::TimerBase> timer)
  {
    static_assert(StoragePolicy::is_mutable, "Adding timers to a wait set with static storage is not allowed.");
    WaitSetCore::add_timer(std::move(timer));
  }
  void remove_timer(std::shared_ptr<rclcpp::TimerBase> timer)
  {
    static_assert(StoragePolicy::is_mutable, "Removing timers from a wait set with static storage is not allowed.");
    WaitSetCore::remove_timer(timer);
  }
  void add_client(std::shared_ptr<rclcpp::ClientBase> client)
  {
    static_assert(StoragePolicy::is_mutable, "Adding clients to a wait set with static storage is not allowed.");
    WaitSetCore::add_client(std::move(client));
  }
  void remove_client(std::shared_ptr<rclcpp::ClientBase> client)
  {
    static_assert(StoragePolicy::is_mutable, "Removing clients from a wait set with static storage is not allowed.");
    WaitSetCore::remove_client(client);
  }
  void add_service(std::shared_ptr<rclcpp::ServiceBase> service)
  {
    static_assert(StoragePolicy::is_mutable, "Adding services to a wait set with static storage is not allowed.");
    WaitSetCore::add_service(std::move(service));
  }
  void remove_service(std::shared_ptr<rclcpp::ServiceBase> service)
  {
    static_assert(StoragePolicy::is_mutable, "Removing services from a wait set with static storage is not allowed.");
    WaitSetCore::remove_service(service);
  }
  /// rclsim has no waitables of the program's own: throws std::runtime_error.
  void add_waitable(std::shared_ptr<rclcpp::Waitable>, std::shared_ptr<void> = nullptr)
  {
    static_assert(StoragePolicy::is_mutable, "Adding waitables to a wait set with static storage is not allowed.");
    WaitSetCore::add_waitable();
  }
  void prune_deleted_entities() {}

  /// Waits up to `time_to_wait` of sim time (negative: no limit).
  template<class Rep = int64_t, class Period = std::milli>
  WaitResult<WaitSetTemplate> wait(std::chrono::duration<Rep, Period> time_to_wait = std::chrono::duration<Rep, Period>(-1))
  {
    switch (wait_ns(std::chrono::duration_cast<std::chrono::nanoseconds>(time_to_wait).count())) {
      case WaitResultKind::Ready: return WaitResult<WaitSetTemplate>::from_ready_wait_result_kind(*this);
      case WaitResultKind::Empty: return WaitResult<WaitSetTemplate>::from_empty_wait_result_kind();
      default: return WaitResult<WaitSetTemplate>::from_timeout_wait_result_kind();
    }
  }
};

}  // namespace rclcpp

#endif  // RCLCPP__WAIT_SET_TEMPLATE_HPP_
