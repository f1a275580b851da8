// rclcpp::Publisher (rclcpp/publisher.hpp): publishes a message (by value, by unique_ptr, of an
// adapted type, or serialized) as CDR to the simulation, which delivers it.
#ifndef RCLCPP__PUBLISHER_HPP_
#define RCLCPP__PUBLISHER_HPP_

#include <chrono>
#include <memory>
#include <string>
#include <unordered_map>

#include "rclcpp/event_handler.hpp"
#include "rclcpp/loaned_message.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/network_flow_endpoint.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/publisher_options.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/serialized_message.hpp"
#include "rclsim/message_of.hpp"

namespace rclcpp
{

class PublisherBase : public std::enable_shared_from_this<PublisherBase>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(PublisherBase)

  PublisherBase(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const std::string & type,
    const rclcpp::QoS & qos, const PublisherOptionsBase & options);
  virtual ~PublisherBase();
  PublisherBase(const PublisherBase &) = delete;
  PublisherBase & operator=(const PublisherBase &) = delete;

  const char * get_topic_name() const {return topic_.c_str();}
  size_t get_queue_size() const {return qos_.depth();}
  const rmw_gid_t & get_gid() const;
  size_t get_subscription_count() const;
  size_t get_intra_process_subscription_count() const {return 0;}
  rclcpp::QoS get_actual_qos() const;
  bool assert_liveliness() const;
  bool can_loan_messages() const {return false;}
  std::vector<rclcpp::NetworkFlowEndpoint> get_network_flow_endpoints() const;
  bool is_durability_transient_local() const {return qos_.durability() == DurabilityPolicy::TransientLocal;}
  template<typename DurationRepT = int64_t, typename DurationT = std::milli>
  bool wait_for_all_acked(std::chrono::duration<DurationRepT, DurationT> timeout = std::chrono::duration<DurationRepT, DurationT>(-1)) const
  {
    return wait_for_all_acked_ns(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout).count());
  }
  /// The handlers of the event callbacks the options gave (and of the default ones), by event.
  const std::unordered_map<rcl_publisher_event_type_t, std::shared_ptr<rclcpp::EventHandlerBase>> & get_event_handlers() const
  {
    return event_handlers_;
  }
  /// Publishes a message already serialized (CDR with its encapsulation header).
  void publish(const rclcpp::SerializedMessage & serialized_msg);

protected:
  void publish_cdr(std::string cdr) const;
  bool wait_for_all_acked_ns(int64_t timeout_ns) const;

private:
  uint64_t id_ = 0;
  std::string topic_;
  rclcpp::QoS qos_;
  /** Its node's context: once shut down (Ctrl-C, the run's end), a publish does nothing. */
  rclcpp::Context::SharedPtr context_;
  mutable rmw_gid_t gid_{};
  mutable bool gid_known_ = false;
  std::unordered_map<rcl_publisher_event_type_t, std::shared_ptr<rclcpp::EventHandlerBase>> event_handlers_;
};

template<typename MessageT, typename AllocatorT = std::allocator<void>>
class Publisher : public PublisherBase
{
public:
  using info = rclsim::message_of<MessageT>;
  using PublishedType = typename info::custom_type;
  using ROSMessageType = typename info::ros_type;
  using MessageAllocatorTraits = std::allocator_traits<std::allocator<PublishedType>>;
  using MessageAllocator = std::allocator<PublishedType>;
  using MessageDeleter = std::default_delete<PublishedType>;
  using MessageUniquePtr = std::unique_ptr<PublishedType, MessageDeleter>;
  using MessageSharedPtr = std::shared_ptr<const PublishedType>;
  RCLCPP_SMART_PTR_DEFINITIONS(Publisher<MessageT, AllocatorT>)

  Publisher(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const rclcpp::QoS & qos,
    const PublisherOptionsWithAllocator<AllocatorT> & options)
  : PublisherBase(node_base, topic, rclsim::message_support<ROSMessageType>::type_name, qos, options) {}

  // Not virtual: rclcpp's publish is a template, so a LifecyclePublisher's publish hides it
  // rather than overriding it, and one reached through an rclcpp::Publisher pointer publishes
  // whatever its state (ros2/rclcpp jazzy publisher.hpp, lifecycle_publisher.hpp): realtime_tools'
  // RealtimePublisher holds ros2_control controllers' lifecycle publishers so, never activated.
  void publish(const PublishedType & msg) {publish_cdr(rclsim::cdr_of<MessageT>(msg));}

  template<typename T = PublishedType, typename = std::enable_if_t<info::adapted && std::is_same_v<T, PublishedType>>>
  void publish(const ROSMessageType & msg) {publish_cdr(rclsim::to_cdr(msg));}

  template<typename Deleter>
  void publish(std::unique_ptr<PublishedType, Deleter> msg) {publish(*msg);}

  rclcpp::LoanedMessage<ROSMessageType, AllocatorT> borrow_loaned_message()
  {
    return rclcpp::LoanedMessage<ROSMessageType, AllocatorT>(*this, std::allocator<ROSMessageType>());
  }
  void publish(rclcpp::LoanedMessage<ROSMessageType, AllocatorT> && loaned_msg)
  {
    if (!loaned_msg.is_valid()) {
      throw std::runtime_error("loaned message is not valid");
    }
    publish_cdr(rclsim::to_cdr(*loaned_msg.release()));
  }

  using PublisherBase::publish;
};

}  // namespace rclcpp

#endif  // RCLCPP__PUBLISHER_HPP_
