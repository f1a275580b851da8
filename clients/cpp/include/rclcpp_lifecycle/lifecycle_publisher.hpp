// rclcpp_lifecycle::LifecyclePublisher (rclcpp_lifecycle/lifecycle_publisher.hpp): a publisher
// that publishes only while activated (by its node's on_activate); a publish while it is not
// drops the message and warns once, until it is activated again. Its publish hides rclcpp's
// (not virtual there): through an rclcpp::Publisher pointer it publishes whatever its state.
#ifndef RCLCPP_LIFECYCLE__LIFECYCLE_PUBLISHER_HPP_
#define RCLCPP_LIFECYCLE__LIFECYCLE_PUBLISHER_HPP_

#include <memory>
#include <string>
#include <utility>

#include "rclcpp/logging.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/publisher.hpp"
#include "rclcpp/publisher_options.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp_lifecycle/managed_entity.hpp"

namespace rclcpp_lifecycle
{

template<typename MessageT, typename Alloc = std::allocator<void>>
class LifecyclePublisher : public SimpleManagedEntity, public rclcpp::Publisher<MessageT, Alloc>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(LifecyclePublisher)
  using PublishedType = typename rclcpp::Publisher<MessageT, Alloc>::PublishedType;
  using MessageDeleter = typename rclcpp::Publisher<MessageT, Alloc>::MessageDeleter;
  using MessageUniquePtr = std::unique_ptr<PublishedType, MessageDeleter>;

  LifecyclePublisher(rclcpp::node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const rclcpp::QoS & qos,
    const rclcpp::PublisherOptionsWithAllocator<Alloc> & options)
  : rclcpp::Publisher<MessageT, Alloc>(node_base, topic, qos, options), logger_(rclcpp::get_logger("LifecyclePublisher")) {}

  ~LifecyclePublisher() {}

  virtual void publish(std::unique_ptr<PublishedType, MessageDeleter> msg)
  {
    if (!this->is_activated()) {
      log_publisher_not_enabled();
      return;
    }
    rclcpp::Publisher<MessageT, Alloc>::publish(std::move(msg));
  }

  virtual void publish(const PublishedType & msg)
  {
    if (!this->is_activated()) {
      log_publisher_not_enabled();
      return;
    }
    rclcpp::Publisher<MessageT, Alloc>::publish(msg);
  }

  void on_activate() override
  {
    SimpleManagedEntity::on_activate();
    should_log_ = true;
  }

private:
  /// rclcpp's warning, once per stretch of not being activated.
  void log_publisher_not_enabled()
  {
    if (!should_log_) {
      return;
    }
    RCLCPP_WARN(logger_, "Trying to publish message on the topic '%s', but the publisher is not activated", this->get_topic_name());
    should_log_ = false;
  }

  bool should_log_ = true;
  rclcpp::Logger logger_;
};

}  // namespace rclcpp_lifecycle

#endif  // RCLCPP_LIFECYCLE__LIFECYCLE_PUBLISHER_HPP_
