#include "rclcpp/wait_set_core.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "rclcpp/client.hpp"
#include "rclcpp/service.hpp"
#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclcpp::wait_set_policies::detail
{
namespace
{

template<typename T, typename Same>
void remove_from(std::vector<T> & entries, Same same, const char * missing)
{
  auto found = std::find_if(entries.begin(), entries.end(), same);
  if (found == entries.end()) {
    throw std::runtime_error(missing);
  }
  entries.erase(found);
}

template<typename T>
void check_not_null(const std::shared_ptr<T> & entity, const char * what)
{
  if (!entity) {
    throw std::invalid_argument(what);
  }
}

/// Spins, for the wait, the nodes of what it waits on (each once, in id order), and stops them after.
class Spinning
{
public:
  explicit Spinning(std::set<uint64_t> nodes)
  : nodes_(std::move(nodes))
  {
    for (uint64_t node : nodes_) {
      rclsim::port::spin(node, rclsim::node::Spin_How::SPIN, 1, true);
    }
  }
  ~Spinning()
  {
    if (rclsim::port::shut_down()) {
      return;
    }
    for (uint64_t node : nodes_) {
      rclsim::port::spin(node, rclsim::node::Spin_How::STOP);
    }
  }
  Spinning(const Spinning &) = delete;
  Spinning & operator=(const Spinning &) = delete;

private:
  std::set<uint64_t> nodes_;
};

}  // namespace

WaitSetCore::WaitSetCore(bool interrupts, const rclcpp::Context::SharedPtr & context)
: context_(context)
{
  if (!context) {
    throw std::invalid_argument("context is nullptr");
  }
  if (interrupts) {
    interrupt_ = std::make_shared<rclcpp::GuardCondition>(context);
  }
}

WaitSetCore::~WaitSetCore()
{
  for (const auto & entry : subscriptions_) {
    entry.subscription->rclsim_watch(false);
    entry.subscription->exchange_in_use_by_wait_set_state(entry.subscription.get(), false);
  }
  for (const auto & timer : timers_) {
    timer->rclsim_watch(false);
    timer->exchange_in_use_by_wait_set_state(false);
  }
  for (const auto & guard_condition : guard_conditions_) {
    guard_condition->exchange_in_use_by_wait_set_state(false);
  }
}

void WaitSetCore::changed()
{
  if (!constructed_) {
    return;
  }
  if (results_ > 0) {
    dirty_ = true;
  }
  if (interrupt_) {
    interrupt_->trigger();
  }
}

void WaitSetCore::wait_result_acquire()
{
  if (results_++ == 0) {
    dirty_ = false;
  }
}

void WaitSetCore::wait_result_release()
{
  if (results_ > 0) {
    --results_;
  }
}

void WaitSetCore::add_subscription(std::shared_ptr<rclcpp::SubscriptionBase> subscription, const rclcpp::SubscriptionWaitSetMask & mask)
{
  check_not_null(subscription, "subscription is nullptr");
  if (subscription->exchange_in_use_by_wait_set_state(subscription.get(), true)) {
    throw std::runtime_error("subscription already associated with a wait set");
  }
  subscription->rclsim_watch(true);
  subscriptions_.emplace_back(std::move(subscription), mask);
  changed();
}

void WaitSetCore::remove_subscription(const std::shared_ptr<rclcpp::SubscriptionBase> & subscription)
{
  check_not_null(subscription, "subscription is nullptr");
  remove_from(subscriptions_, [&](const auto & entry) {return entry.subscription == subscription;}, "subscription not in wait set");
  subscription->rclsim_watch(false);
  subscription->exchange_in_use_by_wait_set_state(subscription.get(), false);
  changed();
}

void WaitSetCore::add_guard_condition(std::shared_ptr<rclcpp::GuardCondition> guard_condition)
{
  check_not_null(guard_condition, "guard_condition is nullptr");
  if (guard_condition->exchange_in_use_by_wait_set_state(true)) {
    throw std::runtime_error("guard condition already in use by another wait set");
  }
  guard_conditions_.push_back(std::move(guard_condition));
  changed();
}

void WaitSetCore::remove_guard_condition(const std::shared_ptr<rclcpp::GuardCondition> & guard_condition)
{
  check_not_null(guard_condition, "guard_condition is nullptr");
  remove_from(guard_conditions_, [&](const auto & entry) {return entry == guard_condition;}, "guard condition not in wait set");
  guard_condition->exchange_in_use_by_wait_set_state(false);
  changed();
}

void WaitSetCore::add_timer(std::shared_ptr<rclcpp::TimerBase> timer)
{
  check_not_null(timer, "timer is nullptr");
  if (timer->exchange_in_use_by_wait_set_state(true)) {
    throw std::runtime_error("timer already in use by another wait set");
  }
  timer->rclsim_watch(true);
  timers_.push_back(std::move(timer));
  changed();
}

void WaitSetCore::remove_timer(const std::shared_ptr<rclcpp::TimerBase> & timer)
{
  check_not_null(timer, "timer is nullptr");
  remove_from(timers_, [&](const auto & entry) {return entry == timer;}, "timer not in wait set");
  timer->rclsim_watch(false);
  timer->exchange_in_use_by_wait_set_state(false);
  changed();
}

void WaitSetCore::add_client(std::shared_ptr<rclcpp::ClientBase> client)
{
  check_not_null(client, "client is nullptr");
  if (std::find(clients_.begin(), clients_.end(), client) != clients_.end()) {
    throw std::runtime_error("client already in use by another wait set");
  }
  clients_.push_back(std::move(client));
  changed();
}

void WaitSetCore::remove_client(const std::shared_ptr<rclcpp::ClientBase> & client)
{
  check_not_null(client, "client is nullptr");
  remove_from(clients_, [&](const auto & entry) {return entry == client;}, "client not in wait set");
  changed();
}

void WaitSetCore::add_service(std::shared_ptr<rclcpp::ServiceBase> service)
{
  check_not_null(service, "service is nullptr");
  if (std::find(services_.begin(), services_.end(), service) != services_.end()) {
    throw std::runtime_error("service already in use by another wait set");
  }
  services_.push_back(std::move(service));
  changed();
}

void WaitSetCore::remove_service(const std::shared_ptr<rclcpp::ServiceBase> & service)
{
  check_not_null(service, "service is nullptr");
  remove_from(services_, [&](const auto & entry) {return entry == service;}, "service not in wait set");
  changed();
}

void WaitSetCore::add_waitable()
{
  throw std::runtime_error("rclsim: a wait set cannot hold a waitable (this client has no waitables of the program's own)");
}

bool WaitSetCore::anything_ready() const
{
  for (const auto & entry : subscriptions_) {
    if (entry.mask.include_subscription && entry.subscription->rclsim_kept() > 0) {
      return true;
    }
  }
  for (const auto & guard_condition : guard_conditions_) {
    if (guard_condition->rclsim_triggered()) {
      return true;
    }
  }
  for (const auto & timer : timers_) {
    if (timer->rclsim_has_call()) {
      return true;
    }
  }
  return interrupt_ && interrupt_->rclsim_triggered();
}

std::vector<size_t> WaitSetCore::readiness() const
{
  std::vector<size_t> seen;
  for (const auto & entry : subscriptions_) {
    seen.push_back(entry.mask.include_subscription ? entry.subscription->rclsim_kept() : 0);
  }
  for (const auto & guard_condition : guard_conditions_) {
    seen.push_back(guard_condition->rclsim_triggered() ? 1 : 0);
  }
  for (const auto & timer : timers_) {
    seen.push_back(timer->rclsim_has_call() ? 1 : 0);
  }
  return seen;
}

void WaitSetCore::fill()
{
  // Handles name the entities; only whether one is null says anything.
  ready_subscriptions_.clear();
  for (const auto & entry : subscriptions_) {
    bool ready = entry.mask.include_subscription && entry.subscription->rclsim_kept() > 0;
    ready_subscriptions_.push_back(ready ? reinterpret_cast<const rcl_subscription_t *>(entry.subscription.get()) : nullptr);
  }
  ready_guard_conditions_.clear();
  auto add_guard_condition = [this](rclcpp::GuardCondition & guard_condition) {
      ready_guard_conditions_.push_back(guard_condition.rclsim_triggered() ? &guard_condition.get_rcl_guard_condition() : nullptr);
      guard_condition.rclsim_consume();
    };
  for (const auto & guard_condition : guard_conditions_) {
    add_guard_condition(*guard_condition);
  }
  if (interrupt_) {
    add_guard_condition(*interrupt_);
  }
  ready_timers_.clear();
  for (const auto & timer : timers_) {
    ready_timers_.push_back(timer->rclsim_has_call() ? reinterpret_cast<const rcl_timer_t *>(timer.get()) : nullptr);
  }
  // A service's requests and a client's responses run their callbacks: never ready here.
  ready_clients_.assign(clients_.size(), nullptr);
  ready_services_.assign(services_.size(), nullptr);
  rcl_wait_set_.subscriptions = ready_subscriptions_.data();
  rcl_wait_set_.size_of_subscriptions = ready_subscriptions_.size();
  rcl_wait_set_.guard_conditions = ready_guard_conditions_.data();
  rcl_wait_set_.size_of_guard_conditions = ready_guard_conditions_.size();
  rcl_wait_set_.timers = ready_timers_.data();
  rcl_wait_set_.size_of_timers = ready_timers_.size();
  rcl_wait_set_.clients = ready_clients_.data();
  rcl_wait_set_.size_of_clients = ready_clients_.size();
  rcl_wait_set_.services = ready_services_.data();
  rcl_wait_set_.size_of_services = ready_services_.size();
}

WaitResultKind WaitSetCore::wait_ns(int64_t timeout_ns)
{
  if (subscriptions_.empty() && guard_conditions_.empty() && timers_.empty() && clients_.empty() && services_.empty() && !interrupt_) {
    fill();
    return WaitResultKind::Empty;
  }
  std::set<uint64_t> nodes;
  for (const auto & entry : subscriptions_) {
    nodes.insert(entry.subscription->rclsim_node());
  }
  for (const auto & timer : timers_) {
    nodes.insert(timer->rclsim_node());
  }
  Spinning spinning(std::move(nodes));
  int64_t deadline = timeout_ns < 0 ? -1 : rclsim::port::now_ns() + timeout_ns;
  while (true) {
    int64_t left = deadline < 0 ? -1 : std::max<int64_t>(0, deadline - rclsim::port::now_ns());
    bool ready = rclsim::waits::wait_ready([this] {return anything_ready();}, left);
    if (ready) {
      // A loop that waits and takes nothing spins in wall time until something new comes, and
      // sim time moves only while the program waits: the third wait in a row at one sim time
      // that would return what the last two did waits for something new.
      std::vector<size_t> seen = readiness();
      repeats_ = rclsim::port::now_ns() == ready_at_ && seen == ready_as_ ? repeats_ + 1 : 0;
      if (repeats_ >= 2) {
        rclsim::waits::wait_ready([this, &seen] {return readiness() != seen;}, -1);
        repeats_ = 0;
      }
      ready_at_ = rclsim::port::now_ns();
      ready_as_ = readiness();
    }
    bool interrupted_only = ready && interrupt_ && interrupt_->rclsim_triggered() &&
      std::none_of(guard_conditions_.begin(), guard_conditions_.end(), [](const auto & guard) {return guard->rclsim_triggered();});
    fill();
    if (!ready) {
      return WaitResultKind::Timeout;
    }
    // ThreadSafeSynchronization's own trigger only: the rest stays ready for the next round.
    if (!interrupted_only) {
      return WaitResultKind::Ready;
    }
  }
}

}  // namespace rclcpp::wait_set_policies::detail
