// rclcpp::Client (rclcpp/client.hpp): requests to a service of the simulation's graph. A request
// goes with the node port's SendRequest under the client's own sequence number (rcl's, from 1);
// its response comes as a Run of kind RESPONSE with that number, and completes the request's
// future (or calls its callback) in the executor that spins the node, as rclcpp's
// Client::handle_response does. Waiting for a server takes sim time.
#ifndef RCLCPP__CLIENT_HPP_
#define RCLCPP__CLIENT_HPP_

#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "rcl/service_introspection.h"
#include "rclcpp/callback_group.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/qos.hpp"
#include "rclsim/message_cdr.hpp"
#include "rmw/impl/cpp/demangle.hpp"
#include "rmw/types.h"

namespace rclcpp
{

namespace detail
{
/// A future and its request's id (rclcpp/client.hpp's detail::FutureAndRequestId).
template<typename FutureT>
struct FutureAndRequestId
{
  FutureT future;
  int64_t request_id;

  FutureAndRequestId(FutureT impl, int64_t req_id) : future(std::move(impl)), request_id(req_id) {}
  operator FutureT &() {return this->future;}
  auto get() {return this->future.get();}
  bool valid() const noexcept {return this->future.valid();}
  void wait() const {return this->future.wait();}
  template<class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period> & timeout_duration) const
  {
    return this->future.wait_for(timeout_duration);
  }
  template<class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration> & timeout_time) const
  {
    return this->future.wait_until(timeout_time);
  }
  FutureAndRequestId(FutureAndRequestId && other) noexcept = default;
  FutureAndRequestId(const FutureAndRequestId & other) = delete;
  FutureAndRequestId & operator=(FutureAndRequestId && other) noexcept = default;
  FutureAndRequestId & operator=(const FutureAndRequestId & other) = delete;
  ~FutureAndRequestId() = default;
};
}  // namespace detail

class ClientBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(ClientBase)

  ClientBase(node_interfaces::NodeBaseInterface * node_base, const std::string & service_name, const std::string & type,
    const rclcpp::QoS & qos, rclcpp::CallbackGroup::SharedPtr group);
  virtual ~ClientBase();
  ClientBase(const ClientBase &) = delete;
  ClientBase & operator=(const ClientBase &) = delete;

  const char * get_service_name() const {return name_.c_str();}
  /// Service events on the `_service_event` topic (rcl's service introspection), as the simulation publishes them.
  void configure_introspection(rclcpp::Clock::SharedPtr clock, const rclcpp::QoS & qos_service_event_pub,
    rcl_service_introspection_state_t introspection_state);
  /// Whether a server of the service is there now.
  bool service_is_ready() const;
  /// Waits in sim time until a server is there, or the timeout (negative: none) passed.
  template<typename RepT = int64_t, typename RatioT = std::milli>
  bool wait_for_service(std::chrono::duration<RepT, RatioT> timeout = std::chrono::duration<RepT, RatioT>(-1))
  {
    return wait_for_service_nanoseconds(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
  }
  rclcpp::QoS get_request_publisher_actual_qos() const {return qos_;}
  rclcpp::QoS get_response_subscription_actual_qos() const {return qos_;}
  bool exchange_in_use_by_wait_set_state(bool in_use_state) {return std::exchange(in_use_, in_use_state);}

protected:
  bool wait_for_service_nanoseconds(std::chrono::nanoseconds timeout);
  /// Sends a request's CDR: its sequence number.
  int64_t send_cdr_request(std::string cdr);
  /// The response to this request will not be waited for.
  void forget_request(int64_t sequence);
  /// The callback of this client's runs: the response's sequence number and CDR.
  void on_response(std::function<void(int64_t, const std::string &)> handler);

private:
  uint64_t id_ = 0;
  uint64_t node_ = 0;
  std::string name_;
  rclcpp::QoS qos_;
  int64_t sequence_ = 0;
  bool in_use_ = false;
};

template<typename ServiceT>
class Client : public ClientBase
{
public:
  using Request = typename ServiceT::Request;
  using Response = typename ServiceT::Response;
  using SharedRequest = typename ServiceT::Request::SharedPtr;
  using SharedResponse = typename ServiceT::Response::SharedPtr;
  using Promise = std::promise<SharedResponse>;
  using PromiseWithRequest = std::promise<std::pair<SharedRequest, SharedResponse>>;
  using SharedPromise = std::shared_ptr<Promise>;
  using SharedPromiseWithRequest = std::shared_ptr<PromiseWithRequest>;
  using Future = std::future<SharedResponse>;
  using SharedFuture = std::shared_future<SharedResponse>;
  using SharedFutureWithRequest = std::shared_future<std::pair<SharedRequest, SharedResponse>>;
  using CallbackType = std::function<void (SharedFuture)>;
  using CallbackWithRequestType = std::function<void (SharedFutureWithRequest)>;
  RCLCPP_SMART_PTR_DEFINITIONS(Client)

  struct FutureAndRequestId : detail::FutureAndRequestId<std::future<SharedResponse>>
  {
    using detail::FutureAndRequestId<std::future<SharedResponse>>::FutureAndRequestId;
    SharedFuture share() noexcept {return this->future.share();}
  };
  struct SharedFutureAndRequestId : detail::FutureAndRequestId<std::shared_future<SharedResponse>>
  {
    using detail::FutureAndRequestId<std::shared_future<SharedResponse>>::FutureAndRequestId;
  };
  struct SharedFutureWithRequestAndRequestId
    : detail::FutureAndRequestId<std::shared_future<std::pair<SharedRequest, SharedResponse>>>
  {
    using detail::FutureAndRequestId<std::shared_future<std::pair<SharedRequest, SharedResponse>>>::FutureAndRequestId;
  };

  Client(node_interfaces::NodeBaseInterface * node_base, const std::string & service_name, const rclcpp::QoS & qos,
    rclcpp::CallbackGroup::SharedPtr group)
  : ClientBase(node_base, service_name, rclsim::service_support<ServiceT>::type_name, qos, group)
  {
    on_response([this](int64_t sequence, const std::string & cdr) {handle_response(sequence, cdr);});
  }

  FutureAndRequestId async_send_request(SharedRequest request)
  {
    Promise promise;
    auto future = promise.get_future();
    int64_t id = send(*request, std::move(promise));
    return FutureAndRequestId(std::move(future), id);
  }

  /// The callback runs when the response comes, in the executor that takes it (rclcpp's form
  /// with `void(SharedFuture)`).
  template<typename CallbackT, typename std::enable_if_t<std::is_invocable_v<CallbackT &, SharedFuture>> * = nullptr>
  SharedFutureAndRequestId async_send_request(SharedRequest request, CallbackT && cb)
  {
    Promise promise;
    auto shared_future = promise.get_future().share();
    int64_t id = send(*request, std::make_tuple(CallbackType{std::forward<CallbackT>(cb)}, shared_future, std::move(promise)));
    return SharedFutureAndRequestId{std::move(shared_future), id};
  }

  /// The form whose callback gets the request with the response.
  template<typename CallbackT, typename std::enable_if_t<!std::is_invocable_v<CallbackT &, SharedFuture> &&
    std::is_invocable_v<CallbackT &, SharedFutureWithRequest>> * = nullptr>
  SharedFutureWithRequestAndRequestId async_send_request(SharedRequest request, CallbackT && cb)
  {
    PromiseWithRequest promise;
    auto shared_future = promise.get_future().share();
    int64_t id = send(*request,
        std::make_tuple(CallbackWithRequestType{std::forward<CallbackT>(cb)}, request, shared_future, std::move(promise)));
    return SharedFutureWithRequestAndRequestId{std::move(shared_future), id};
  }

  /// Stops waiting for a request's response (its future never completes).
  bool remove_pending_request(int64_t request_id)
  {
    if (pending_.erase(request_id) == 0) {
      return false;
    }
    forget_request(request_id);
    return true;
  }
  bool remove_pending_request(const FutureAndRequestId & future) {return remove_pending_request(future.request_id);}
  bool remove_pending_request(const SharedFutureAndRequestId & future) {return remove_pending_request(future.request_id);}
  bool remove_pending_request(const SharedFutureWithRequestAndRequestId & future) {return remove_pending_request(future.request_id);}

  size_t prune_pending_requests()
  {
    size_t pruned = pending_.size();
    for (const auto & entry : pending_) {
      forget_request(entry.first);
    }
    pending_.clear();
    return pruned;
  }

  /// The pending requests sent before `time_point` (of the system clock: sim time) are removed.
  template<typename AllocatorT = std::allocator<int64_t>>
  size_t prune_requests_older_than(std::chrono::time_point<std::chrono::system_clock> time_point,
    std::vector<int64_t, AllocatorT> * pruned_requests = nullptr)
  {
    size_t pruned = 0;
    for (auto it = pending_.begin(); it != pending_.end(); ) {
      if (it->second.first < time_point) {
        if (pruned_requests) {
          pruned_requests->push_back(it->first);
        }
        forget_request(it->first);
        it = pending_.erase(it);
        ++pruned;
      } else {
        ++it;
      }
    }
    return pruned;
  }

private:
  using CallbackTypeValueVariant = std::tuple<CallbackType, SharedFuture, Promise>;
  using CallbackWithRequestTypeValueVariant = std::tuple<CallbackWithRequestType, SharedRequest, SharedFutureWithRequest, PromiseWithRequest>;
  using CallbackInfoVariant = std::variant<Promise, CallbackTypeValueVariant, CallbackWithRequestTypeValueVariant>;

  int64_t send(const Request & request, CallbackInfoVariant value)
  {
    int64_t sequence = send_cdr_request(rclsim::to_cdr(request));
    pending_.emplace(sequence, std::make_pair(std::chrono::system_clock::now(), std::move(value)));
    return sequence;
  }

  // As rclcpp's Client::handle_response: a response no request waits for is dropped.
  void handle_response(int64_t sequence, const std::string & cdr)
  {
    auto found = pending_.find(sequence);
    if (found == pending_.end()) {
      return;
    }
    CallbackInfoVariant value = std::move(found->second.second);
    pending_.erase(found);
    auto response = std::make_shared<Response>();
    rclsim::from_cdr(cdr, *response);
    if (std::holds_alternative<Promise>(value)) {
      std::get<Promise>(value).set_value(std::move(response));
    } else if (std::holds_alternative<CallbackTypeValueVariant>(value)) {
      auto & inner = std::get<CallbackTypeValueVariant>(value);
      std::get<2>(inner).set_value(std::move(response));
      std::get<0>(inner)(std::move(std::get<1>(inner)));
    } else {
      auto & inner = std::get<CallbackWithRequestTypeValueVariant>(value);
      std::get<3>(inner).set_value(std::make_pair(std::move(std::get<1>(inner)), std::move(response)));
      std::get<0>(inner)(std::move(std::get<2>(inner)));
    }
  }

  // Ordered by sequence number, so that pruning forgets in a fixed order.
  std::map<int64_t, std::pair<std::chrono::time_point<std::chrono::system_clock>, CallbackInfoVariant>> pending_;
};

}  // namespace rclcpp

#endif  // RCLCPP__CLIENT_HPP_
