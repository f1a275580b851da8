#include "rclcpp/publisher.hpp"

#include "rclcpp/exceptions.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/events.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{

PublisherBase::PublisherBase(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const std::string & type,
  const rclcpp::QoS & qos, const PublisherOptionsBase & options)
: qos_(qos), context_(node_base->get_context())
{
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::PUBLISHER;
  auto hooks = rclsim::publisher_event_hooks(options.event_callbacks, options.use_default_callbacks, node_base);
  create.events = rclsim::event_names(hooks);
  rclsim::node::Created created = rclsim::create_endpoint(create, node_base, topic, type, qos, options.callback_group);
  id_ = created.id;
  topic_ = created.resolved_name;
  for (auto & [kind, handler] : rclsim::listen_events(hooks, created, node_base->rclsim_id())) {
    event_handlers_[static_cast<rcl_publisher_event_type_t>(kind)] = std::move(handler);
  }
}

rclcpp::QoS PublisherBase::get_actual_qos() const {return rclsim::actual_qos(qos_);}

PublisherBase::~PublisherBase()
{
  rclsim::destroy_entity(id_);
}

const rmw_gid_t & PublisherBase::get_gid() const
{
  if (!gid_known_) {
    rclsim::json::Value gid = rclsim::json::parse(rclsim::port::entity_op({id_, "gid"}));
    const auto & bytes = gid.as_array();
    for (size_t i = 0; i < bytes.size() && i < RMW_GID_STORAGE_SIZE; ++i) {
      gid_.data[i] = static_cast<uint8_t>(bytes[i].as_int());
    }
    gid_.implementation_identifier = "rmw_fastrtps_cpp";
    gid_known_ = true;
  }
  return gid_;
}

size_t PublisherBase::get_subscription_count() const
{
  return static_cast<size_t>(rclsim::json::parse(rclsim::port::entity_op({id_, "subscriptionCount"})).as_int());
}

bool PublisherBase::assert_liveliness() const
{
  rclsim::port::entity_op({id_, "assertLiveliness"});
  return true;
}

bool PublisherBase::wait_for_all_acked_ns(int64_t timeout_ns) const
{
  std::string args = "[" + std::to_string(timeout_ns < 0 ? -1 : timeout_ns / 1000000) + "]";
  return rclsim::json::parse(rclsim::port::entity_op({id_, "waitForAllAcked", args})).as_bool();
}

void PublisherBase::publish(const rclcpp::SerializedMessage & serialized_msg) {publish_cdr(serialized_msg.rclsim_bytes());}

// A publish once the context is shut down returns having done nothing, as upstream's: rcl_publish
// answers RCL_RET_PUBLISHER_INVALID and rclcpp returns ("publisher is invalid due to context being
// shutdown", rclcpp/publisher.hpp, do_inter_process_publish). A program that loops on after
// Ctrl-C (no rclcpp::ok() in its loop) publishes nothing then.
void PublisherBase::publish_cdr(std::string cdr) const
{
  if (!context_->is_valid()) {
    return;
  }
  rclsim::port::publish({id_, std::move(cdr)});
}

}  // namespace rclcpp
