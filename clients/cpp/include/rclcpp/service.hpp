// rclcpp::Service (rclcpp/service.hpp): a server of the simulation's graph. Each request comes as
// a Run of kind REQUEST (its CDR, and the request's id in Run.request); the response goes back
// with the node port's SendResponse. The callback takes any form rclcpp's AnyServiceCallback
// (rclcpp/any_service_callback.hpp) accepts: (request, response), (header, request, response),
// and the deferred (header, request) and (service, header, request), which answer later with
// send_response.
#ifndef RCLCPP__SERVICE_HPP_
#define RCLCPP__SERVICE_HPP_

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "rcl/service_introspection.h"
#include "rclcpp/callback_group.hpp"
#include "rclcpp/clock.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/qos.hpp"
#include "rclsim/message_cdr.hpp"
#include "rmw/types.h"

namespace rclcpp
{

class ServiceBase
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS_NOT_COPYABLE(ServiceBase)

  ServiceBase(node_interfaces::NodeBaseInterface * node_base, const std::string & service_name, const std::string & type,
    const rclcpp::QoS & qos, rclcpp::CallbackGroup::SharedPtr group);
  virtual ~ServiceBase();
  ServiceBase(const ServiceBase &) = delete;
  ServiceBase & operator=(const ServiceBase &) = delete;

  const char * get_service_name() {return name_.c_str();}
  /// Service events on the `_service_event` topic (rcl's service introspection), as the simulation publishes them.
  void configure_introspection(rclcpp::Clock::SharedPtr clock, const rclcpp::QoS & qos_service_event_pub,
    rcl_service_introspection_state_t introspection_state);
  rclcpp::QoS get_response_publisher_actual_qos() const {return qos_;}
  rclcpp::QoS get_request_subscription_actual_qos() const {return qos_;}
  bool exchange_in_use_by_wait_set_state(bool in_use_state) {return std::exchange(in_use_, in_use_state);}

protected:
  /// The callback of this service's runs: the request's header (its id) and CDR.
  void on_request(std::function<void(std::shared_ptr<rmw_request_id_t>, const std::string &)> handler);
  void send_cdr_response(const rmw_request_id_t & header, std::string cdr);

private:
  uint64_t id_ = 0;
  uint64_t node_ = 0;
  std::string name_;
  rclcpp::QoS qos_;
  bool in_use_ = false;
};

template<typename ServiceT>
class Service : public ServiceBase, public std::enable_shared_from_this<Service<ServiceT>>
{
public:
  using CallbackType = std::function<void(const std::shared_ptr<typename ServiceT::Request>, std::shared_ptr<typename ServiceT::Response>)>;
  using CallbackWithHeaderType = std::function<void(const std::shared_ptr<rmw_request_id_t>,
      const std::shared_ptr<typename ServiceT::Request>, std::shared_ptr<typename ServiceT::Response>)>;
  RCLCPP_SMART_PTR_DEFINITIONS(Service)
  using Request = typename ServiceT::Request;
  using Response = typename ServiceT::Response;

  template<typename CallbackT>
  Service(node_interfaces::NodeBaseInterface * node_base, const std::string & service_name, CallbackT && callback,
    const rclcpp::QoS & qos, rclcpp::CallbackGroup::SharedPtr group)
  : ServiceBase(node_base, service_name, rclsim::service_support<ServiceT>::type_name, qos, group)
  {
    using F = std::decay_t<CallbackT>;
    static_assert(
      std::is_invocable_v<F &, std::shared_ptr<Service>, std::shared_ptr<rmw_request_id_t>, std::shared_ptr<Request>> ||
      std::is_invocable_v<F &, std::shared_ptr<rmw_request_id_t>, std::shared_ptr<Request>, std::shared_ptr<Response>> ||
      std::is_invocable_v<F &, std::shared_ptr<Request>, std::shared_ptr<Response>> ||
      std::is_invocable_v<F &, std::shared_ptr<rmw_request_id_t>, std::shared_ptr<Request>>,
      "the service's callback takes none of the forms rclcpp's AnyServiceCallback accepts");
    on_request([this, callback = F(std::forward<CallbackT>(callback))](std::shared_ptr<rmw_request_id_t> header, const std::string & cdr) mutable {
        auto request = std::make_shared<Request>();
        rclsim::from_cdr(cdr, *request);
        // As AnyServiceCallback::dispatch: the deferred forms answer later, the others now.
        if constexpr (std::is_invocable_v<F &, std::shared_ptr<Service>, std::shared_ptr<rmw_request_id_t>, std::shared_ptr<Request>>) {
          callback(this->shared_from_this(), header, request);
        } else if constexpr (std::is_invocable_v<F &, std::shared_ptr<rmw_request_id_t>, std::shared_ptr<Request>, std::shared_ptr<Response>>) {
          auto response = std::make_shared<Response>();
          callback(header, request, response);
          send_response(*header, *response);
        } else if constexpr (std::is_invocable_v<F &, std::shared_ptr<Request>, std::shared_ptr<Response>>) {
          auto response = std::make_shared<Response>();
          callback(request, response);
          send_response(*header, *response);
        } else {
          callback(header, request);
        }
      });
  }

  void send_response(const rmw_request_id_t & req_id, const typename ServiceT::Response & response)
  {
    send_cdr_response(req_id, rclsim::to_cdr(response));
  }
};

}  // namespace rclcpp

#endif  // RCLCPP__SERVICE_HPP_
