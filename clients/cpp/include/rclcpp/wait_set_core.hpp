// What every wait set of rclcpp's (rclcpp/wait_set_template.hpp) is in rclsim: its entities in the
// order they were added, and the wait. A wait blocks the calling thread in sim time: its
// subscriptions' and timers' nodes spin meanwhile (an executor's thread that spins one goes on
// running the node's other callbacks), and their messages and calls are kept for the program to
// take (Subscription::take, TimerBase::call) instead of running their callbacks. It returns with
// all that is ready at the sim time it returns at; get_rcl_wait_set() then names, per kind in the
// order added, the ready ones (a null handle: not ready), as rcl's wait set does.
#ifndef RCLCPP__WAIT_SET_CORE_HPP_
#define RCLCPP__WAIT_SET_CORE_HPP_

#include <cstdint>
#include <memory>
#include <vector>

#include "rcl/types.h"
#include "rclcpp/context.hpp"
#include "rclcpp/guard_condition.hpp"
#include "rclcpp/subscription.hpp"
#include "rclcpp/timer.hpp"
#include "rclcpp/wait_result_kind.hpp"

namespace rclcpp
{

class ClientBase;
class ServiceBase;
/// rclsim has no waitables of the program's own: a wait set cannot hold one (add_waitable throws).
class Waitable;

/// Which parts of a subscription a wait set waits on (rclcpp/subscription_wait_set_mask.hpp).
class SubscriptionWaitSetMask
{
public:
  bool include_subscription = true;
  bool include_events = true;
  bool include_intra_process_waitable = true;
};

namespace wait_set_policies
{

struct SubscriptionEntry
{
  std::shared_ptr<rclcpp::SubscriptionBase> subscription;
  rclcpp::SubscriptionWaitSetMask mask;

  SubscriptionEntry(std::shared_ptr<rclcpp::SubscriptionBase> subscription_in = nullptr,  // NOLINT: implicit as rclcpp's
    const rclcpp::SubscriptionWaitSetMask & mask_in = {})
  : subscription(std::move(subscription_in)), mask(mask_in) {}
};

struct WaitableEntry
{
  std::shared_ptr<rclcpp::Waitable> waitable;
  std::shared_ptr<void> associated_entity;

  WaitableEntry(std::shared_ptr<rclcpp::Waitable> waitable_in = nullptr, std::shared_ptr<void> associated_entity_in = nullptr)  // NOLINT
  : waitable(std::move(waitable_in)), associated_entity(std::move(associated_entity_in)) {}
};

namespace detail
{

class WaitSetCore
{
public:
  WaitSetCore(const WaitSetCore &) = delete;
  WaitSetCore & operator=(const WaitSetCore &) = delete;

  const rcl_wait_set_t & get_rcl_wait_set() const {return rcl_wait_set_;}
  rcl_wait_set_t & storage_get_rcl_wait_set() {return rcl_wait_set_;}

  size_t size_of_subscriptions() const {return subscriptions_.size();}
  size_t size_of_timers() const {return timers_.size();}
  size_t size_of_clients() const {return clients_.size();}
  size_t size_of_services() const {return services_.size();}
  size_t size_of_waitables() const {return 0;}
  std::shared_ptr<rclcpp::SubscriptionBase> subscriptions(size_t i) const {return subscriptions_.at(i).subscription;}
  std::shared_ptr<rclcpp::TimerBase> timers(size_t i) const {return timers_.at(i);}
  std::shared_ptr<rclcpp::ClientBase> clients(size_t i) const {return clients_.at(i);}
  std::shared_ptr<rclcpp::ServiceBase> services(size_t i) const {return services_.at(i);}
  std::shared_ptr<rclcpp::Waitable> waitables(size_t) const {return nullptr;}

  /// A WaitResult holds the wait set (its handles stay as the wait left them) or let it go.
  void wait_result_acquire();
  void wait_result_release();
  /// An entity was added or removed while a WaitResult held it: that result is Invalid.
  bool wait_result_dirty() const {return dirty_;}

protected:
  /// `interrupts`: rclcpp's ThreadSafeSynchronization, whose extra guard condition (after the
  /// program's) each add and remove triggers, and which a wait ignores when only it is triggered.
  WaitSetCore(bool interrupts, const rclcpp::Context::SharedPtr & context);
  ~WaitSetCore();

  void add_subscription(std::shared_ptr<rclcpp::SubscriptionBase> subscription, const rclcpp::SubscriptionWaitSetMask & mask);
  void remove_subscription(const std::shared_ptr<rclcpp::SubscriptionBase> & subscription);
  void add_guard_condition(std::shared_ptr<rclcpp::GuardCondition> guard_condition);
  void remove_guard_condition(const std::shared_ptr<rclcpp::GuardCondition> & guard_condition);
  void add_timer(std::shared_ptr<rclcpp::TimerBase> timer);
  void remove_timer(const std::shared_ptr<rclcpp::TimerBase> & timer);
  void add_client(std::shared_ptr<rclcpp::ClientBase> client);
  void remove_client(const std::shared_ptr<rclcpp::ClientBase> & client);
  void add_service(std::shared_ptr<rclcpp::ServiceBase> service);
  void remove_service(const std::shared_ptr<rclcpp::ServiceBase> & service);
  [[noreturn]] void add_waitable();
  /// Waits up to `timeout_ns` of sim time (negative: no limit).
  WaitResultKind wait_ns(int64_t timeout_ns);
  /// The constructor's entities are in: each add or remove from now on is a change.
  void constructed() {constructed_ = true;}

private:
  /// An entity was added or removed.
  void changed();
  bool anything_ready() const;
  /// What is ready, entity by entity (a subscription: how many messages it keeps).
  std::vector<size_t> readiness() const;
  /// Fills the handles from what is ready now; a guard condition seen is no longer triggered.
  void fill();

  std::vector<wait_set_policies::SubscriptionEntry> subscriptions_;
  std::vector<std::shared_ptr<rclcpp::GuardCondition>> guard_conditions_;
  std::vector<std::shared_ptr<rclcpp::TimerBase>> timers_;
  std::vector<std::shared_ptr<rclcpp::ClientBase>> clients_;
  std::vector<std::shared_ptr<rclcpp::ServiceBase>> services_;
  std::shared_ptr<rclcpp::GuardCondition> interrupt_;
  rclcpp::Context::SharedPtr context_;
  bool constructed_ = false;
  int results_ = 0;
  bool dirty_ = false;
  // The last Ready wait's sim time and readiness, and how many waits in a row returned them.
  int64_t ready_at_ = -1;
  std::vector<size_t> ready_as_;
  int repeats_ = 0;
  std::vector<const rcl_subscription_t *> ready_subscriptions_;
  std::vector<const rcl_guard_condition_t *> ready_guard_conditions_;
  std::vector<const rcl_timer_t *> ready_timers_;
  std::vector<const rcl_client_t *> ready_clients_;
  std::vector<const rcl_service_t *> ready_services_;
  rcl_wait_set_t rcl_wait_set_{};
};

}  // namespace detail
}  // namespace wait_set_policies
}  // namespace rclcpp

#endif  // RCLCPP__WAIT_SET_CORE_HPP_
