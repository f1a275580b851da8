#include "rclcpp/client.hpp"

#include <memory>

#include "rclcpp/exceptions.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclcpp
{

ClientBase::ClientBase(node_interfaces::NodeBaseInterface * node_base, const std::string & service_name, const std::string & type,
  const rclcpp::QoS & qos, rclcpp::CallbackGroup::SharedPtr group)
: node_(node_base->rclsim_id()), qos_(qos)
{
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::CLIENT;
  rclsim::node::Created created = rclsim::create_endpoint(create, node_base, service_name, type, qos, group);
  id_ = created.id;
  name_ = created.resolved_name;
}

ClientBase::~ClientBase()
{
  rclsim::destroy_entity(id_);
}

bool ClientBase::service_is_ready() const
{
  return rclsim::json::parse(rclsim::port::graph_query({"service_is_ready", {std::to_string(id_)}})).as_bool();
}

bool ClientBase::wait_for_service_nanoseconds(std::chrono::nanoseconds timeout)
{
  // rclcpp's ClientBase::wait_for_service_nanoseconds: ready now, or no time to wait, answers at once.
  if (service_is_ready()) {
    return true;
  }
  if (timeout == std::chrono::nanoseconds(0) || rclsim::port::shut_down()) {
    return false;
  }
  double timeout_ms = timeout.count() < 0 ? -1.0 : static_cast<double>(timeout.count()) / 1e6;
  auto outcome = std::make_shared<int>(-1);
  rclsim::port::await_service_of_client(id_, timeout_ms, [outcome](const rclsim::node::Run & run) {
      *outcome = rclsim::json::parse(run.input).as_bool() ? 1 : 0;
    });
  rclsim::waits::block([outcome] {return *outcome != -1;});
  return *outcome == 1;
}

int64_t ClientBase::send_cdr_request(std::string cdr)
{
  rclsim::port::send_request({id_, ++sequence_, std::move(cdr)});
  return sequence_;
}

void ClientBase::forget_request(int64_t sequence)
{
  rclsim::port::forget_request({id_, sequence});
}

void ClientBase::on_response(std::function<void(int64_t, const std::string &)> handler)
{
  rclsim::port::on_run(id_, [handler = std::move(handler)](const rclsim::node::Run & run) {
      // Only a request sent with a timeout (none here) is answered by timed_out.
      if (!run.timed_out) {
        handler(run.sequence, run.input);
      }
    }, node_);
}

}  // namespace rclcpp
