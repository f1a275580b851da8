#include "rclcpp/service.hpp"

#include "rclcpp/exceptions.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{

ServiceBase::ServiceBase(node_interfaces::NodeBaseInterface * node_base, const std::string & service_name, const std::string & type,
  const rclcpp::QoS & qos, rclcpp::CallbackGroup::SharedPtr group)
: node_(node_base->rclsim_id()), qos_(qos)
{
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::SERVICE;
  rclsim::node::Created created = rclsim::create_endpoint(create, node_base, service_name, type, qos, group);
  id_ = created.id;
  name_ = created.resolved_name;
}

ServiceBase::~ServiceBase()
{
  rclsim::destroy_entity(id_);
}

void ServiceBase::on_request(std::function<void(std::shared_ptr<rmw_request_id_t>, const std::string &)> handler)
{
  rclsim::port::on_run(id_, [handler = std::move(handler)](const rclsim::node::Run & run) {
      // The request's id as the simulation gave it stands in rmw's sequence number: the response names it.
      auto header = std::make_shared<rmw_request_id_t>();
      header->sequence_number = static_cast<int64_t>(run.request);
      handler(header, run.input);
    }, node_);
}

void ServiceBase::send_cdr_response(const rmw_request_id_t & header, std::string cdr)
{
  rclsim::port::send_response({id_, static_cast<uint64_t>(header.sequence_number), std::move(cdr)});
}

}  // namespace rclcpp
