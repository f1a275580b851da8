// rclcpp::WaitResult (rclcpp/wait_result.hpp): how a wait set's wait ended, and, when Ready, the
// ready entities in rclcpp's order: each kind in the order its entities were added.
#ifndef RCLCPP__WAIT_RESULT_HPP_
#define RCLCPP__WAIT_RESULT_HPP_

// <cassert> as rclcpp's wait_result.hpp includes it (programs use assert through rclcpp.hpp).
#include <cassert>
#include <memory>
#include <stdexcept>
#include <utility>

#include "rclcpp/wait_result_kind.hpp"

namespace rclcpp
{

class ClientBase;
class ServiceBase;
class SubscriptionBase;
class TimerBase;
class Waitable;

template<class WaitSetT>
class WaitResult final
{
public:
  static WaitResult from_ready_wait_result_kind(WaitSetT & wait_set) {return WaitResult(WaitResultKind::Ready, &wait_set);}
  static WaitResult from_timeout_wait_result_kind() {return WaitResult(WaitResultKind::Timeout, nullptr);}
  static WaitResult from_empty_wait_result_kind() {return WaitResult(WaitResultKind::Empty, nullptr);}

  WaitResultKind kind() const {return kind_;}

  const WaitSetT & get_wait_set() const
  {
    if (kind_ != WaitResultKind::Ready || wait_set_ == nullptr) {
      throw std::runtime_error("cannot access wait set when the result was not ready");
    }
    return *wait_set_;
  }

  WaitSetT & get_wait_set()
  {
    if (kind_ != WaitResultKind::Ready || wait_set_ == nullptr) {
      throw std::runtime_error("cannot access wait set when the result was not ready");
    }
    return *wait_set_;
  }

  WaitResult(WaitResult && other) noexcept
  : kind_(other.kind_), wait_set_(std::exchange(other.wait_set_, nullptr)) {}

  WaitResult & operator=(WaitResult &&) = delete;
  WaitResult(const WaitResult &) = delete;
  WaitResult & operator=(const WaitResult &) = delete;

  ~WaitResult()
  {
    if (wait_set_ != nullptr) {
      wait_set_->wait_result_release();
    }
  }

  /// The first ready timer from `start_index` on, and its index ({nullptr, size} when none).
  std::pair<std::shared_ptr<rclcpp::TimerBase>, size_t> peek_next_ready_timer(size_t start_index = 0)
  {
    check_dirty();
    size_t index = start_index;
    if (kind_ == WaitResultKind::Ready) {
      auto & handles = wait_set_->storage_get_rcl_wait_set();
      for (; index < wait_set_->size_of_timers(); ++index) {
        if (handles.timers[index] != nullptr) {
          return {wait_set_->timers(index), index};
        }
      }
    }
    return {nullptr, index};
  }

  void clear_timer_with_index(size_t index)
  {
    if (index >= get_wait_set().size_of_timers()) {
      throw std::out_of_range("given timer index is out of range");
    }
    wait_set_->storage_get_rcl_wait_set().timers[index] = nullptr;
  }

  std::shared_ptr<rclcpp::SubscriptionBase> next_ready_subscription()
  {
    return next_ready(&rcl_wait_set_t::subscriptions, wait_set_ ? wait_set_->size_of_subscriptions() : 0,
             [this](size_t i) {return wait_set_->subscriptions(i);});
  }

  std::shared_ptr<rclcpp::ServiceBase> next_ready_service()
  {
    return next_ready(&rcl_wait_set_t::services, wait_set_ ? wait_set_->size_of_services() : 0,
             [this](size_t i) {return wait_set_->services(i);});
  }

  std::shared_ptr<rclcpp::ClientBase> next_ready_client()
  {
    return next_ready(&rcl_wait_set_t::clients, wait_set_ ? wait_set_->size_of_clients() : 0,
             [this](size_t i) {return wait_set_->clients(i);});
  }

  /// A wait set of rclsim's holds no waitables.
  std::shared_ptr<rclcpp::Waitable> next_ready_waitable() {return nullptr;}

private:
  WaitResult(WaitResultKind kind, WaitSetT * wait_set)
  : kind_(kind), wait_set_(wait_set)
  {
    if (wait_set_ != nullptr) {
      wait_set_->wait_result_acquire();
    }
  }

  /// The wait set changed while this result held it: the result no longer says anything.
  void check_dirty()
  {
    if (wait_set_ != nullptr && wait_set_->wait_result_dirty()) {
      kind_ = WaitResultKind::Invalid;
    }
  }

  /// The first ready entity of a kind, cleared from the result.
  template<typename Handle, typename Entity>
  auto next_ready(Handle * rcl_wait_set_t::* handles, size_t size, Entity entity) -> decltype(entity(0))
  {
    check_dirty();
    if (kind_ != WaitResultKind::Ready) {
      return nullptr;
    }
    Handle * ready = wait_set_->storage_get_rcl_wait_set().*handles;
    for (size_t i = 0; i < size; ++i) {
      if (ready[i] != nullptr) {
        ready[i] = nullptr;
        return entity(i);
      }
    }
    return nullptr;
  }

  WaitResultKind kind_;
  WaitSetT * wait_set_;
};

}  // namespace rclcpp

#endif  // RCLCPP__WAIT_RESULT_HPP_
