// rclcpp::Subscription (rclcpp/subscription.hpp): the simulation runs its callback (a Run of kind
// MESSAGE with the message as CDR); the callback may take the message in every form rclcpp's
// AnySubscriptionCallback accepts — by const reference, unique_ptr, shared_ptr (const or not, by
// value or reference), with or without MessageInfo, of the ROS type or of an adapted type, or
// serialized. A wait set's subscription, or one in a callback group no executor spins, keeps its
// messages for take() instead (rclcpp's SubscriptionBase::take).
#ifndef RCLCPP__SUBSCRIPTION_HPP_
#define RCLCPP__SUBSCRIPTION_HPP_

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/event_handler.hpp"
#include "rclcpp/macros.hpp"
#include "rclcpp/message_info.hpp"
#include "rclcpp/network_flow_endpoint.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/qos.hpp"
#include "rclcpp/serialization.hpp"
#include "rclcpp/serialized_message.hpp"
#include "rclcpp/subscription_options.hpp"
#include "rclsim/message_of.hpp"
#include "rclsim/serialized_callback.hpp"

namespace rclcpp
{

namespace topic_statistics
{
class SubscriptionTopicStatistics;
}  // namespace topic_statistics

class SubscriptionBase : public std::enable_shared_from_this<SubscriptionBase>
{
public:
  RCLCPP_SMART_PTR_DEFINITIONS(SubscriptionBase)

  SubscriptionBase(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const std::string & type,
    const rclcpp::QoS & qos, const SubscriptionOptionsBase & options);
  virtual ~SubscriptionBase();
  SubscriptionBase(const SubscriptionBase &) = delete;
  SubscriptionBase & operator=(const SubscriptionBase &) = delete;

  const char * get_topic_name() const {return topic_.c_str();}
  std::vector<rclcpp::NetworkFlowEndpoint> get_network_flow_endpoints() const;
  rclcpp::QoS get_actual_qos() const;
  size_t get_publisher_count() const;
  bool can_loan_messages() const {return false;}
  bool is_serialized() const {return serialized_;}
  bool is_cft_enabled() const;
  void set_content_filter(const std::string & filter_expression, const std::vector<std::string> & expression_parameters = {});
  rclcpp::ContentFilterOptions get_content_filter() const;
  /// The handlers of the event callbacks the options gave (and of the default ones), by event.
  const std::unordered_map<rcl_subscription_event_type_t, std::shared_ptr<rclcpp::EventHandlerBase>> & get_event_handlers() const
  {
    return event_handlers_;
  }

  /// The oldest message kept for take (see the file's comment), as CDR; false: none.
  bool take_serialized(rclcpp::SerializedMessage & message_out, rclcpp::MessageInfo & message_info_out);
  /// Runs the callback with a message of the subscription's ROS type, as an executor would.
  virtual void handle_message(std::shared_ptr<void> & message, const rclcpp::MessageInfo & message_info) = 0;
  bool exchange_in_use_by_wait_set_state(void * pointer_to_subscription_part, bool in_use_state);

  /// How many messages are kept for take (rclsim's wait sets ask).
  size_t rclsim_kept() const {return kept_.size();}
  /// A wait set holds it (on) or let it go: while one holds it, its messages are kept for take.
  void rclsim_watch(bool on) {watchers_ += on ? 1 : -1;}
  uint64_t rclsim_node() const {return node_;}

protected:
  /// The callback of this subscription's runs: given the message's CDR and its MessageInfo.
  void on_message(std::function<void(const std::string & cdr, const rclcpp::MessageInfo & info)> handler);
  /// Runs the callback with a message as CDR.
  void run_callback(const std::string & cdr, const rclcpp::MessageInfo & message_info) {handler_(cdr, message_info);}
  /// The oldest message kept for take, as CDR; false: none.
  bool take_kept(std::string & cdr, rclcpp::MessageInfo & message_info);
  bool serialized_ = false;

private:
  /// Whether its messages are kept for take rather than given to its callback.
  bool keeps() const;
  std::function<void(const std::string &, const rclcpp::MessageInfo &)> handler_;
  std::deque<std::pair<std::string, rclcpp::MessageInfo>> kept_;
  int watchers_ = 0;
  bool in_use_by_wait_set_ = false;
  rclcpp::CallbackGroup::WeakPtr group_;
  bool in_group_ = false;
  uint64_t id_ = 0;
  uint64_t node_ = 0;
  std::string topic_;
  rclcpp::QoS qos_;
  rclcpp::ContentFilterOptions filter_;
  std::unordered_map<rcl_subscription_event_type_t, std::shared_ptr<rclcpp::EventHandlerBase>> event_handlers_;
  /// Its topic statistics (options.topic_stats_options), if enabled: each message is measured after its callback.
  std::shared_ptr<rclcpp::topic_statistics::SubscriptionTopicStatistics> topic_statistics_;
};

template<typename MessageT, typename AllocatorT = std::allocator<void>, typename SubscribedT = void, typename ROSMessageT = void,
  typename MessageMemoryStrategyT = void>
class Subscription : public SubscriptionBase
{
public:
  using info = rclsim::message_of<MessageT>;
  using SubscribedType = typename info::custom_type;
  using ROSMessageType = typename info::ros_type;
  RCLCPP_SMART_PTR_DEFINITIONS(Subscription)

  template<typename CallbackT>
  Subscription(node_interfaces::NodeBaseInterface * node_base, const std::string & topic, const rclcpp::QoS & qos, CallbackT && callback,
    const SubscriptionOptionsWithAllocator<AllocatorT> & options)
  : SubscriptionBase(node_base, topic, rclsim::message_support<ROSMessageType>::type_name, qos, options)
  {
    using F = std::decay_t<CallbackT>;
    serialized_ = rclsim::takes_serialized<F>();
    on_message([callback = F(std::forward<CallbackT>(callback))](const std::string & cdr, const rclcpp::MessageInfo & message_info) mutable {
        deliver(callback, cdr, message_info);
      });
  }

  /// The oldest message kept for take (a wait set's subscription's); false: none.
  bool take(ROSMessageType & message_out, rclcpp::MessageInfo & message_info_out)
  {
    std::string cdr;
    if (!take_kept(cdr, message_info_out)) {
      return false;
    }
    rclsim::from_cdr(cdr, message_out);
    return true;
  }

  void handle_message(std::shared_ptr<void> & message, const rclcpp::MessageInfo & message_info) override
  {
    run_callback(rclsim::to_cdr(*static_cast<ROSMessageType *>(message.get())), message_info);
  }

private:
  /// A callback of the message's type T (the ROS type, or the adapted one), in any form it takes.
  template<typename T, typename F>
  static bool call_with(F & callback, std::unique_ptr<T> & message, const MessageInfo & message_info)
  {
    if constexpr (std::is_invocable_v<F &, std::unique_ptr<T>, const MessageInfo &>) {
      callback(std::move(message), message_info);
    } else if constexpr (std::is_invocable_v<F &, std::unique_ptr<T>>) {
      callback(std::move(message));
    } else if constexpr (std::is_invocable_v<F &, const T &, const MessageInfo &>) {
      callback(*message, message_info);
    } else if constexpr (std::is_invocable_v<F &, const T &>) {
      callback(*message);
    } else {
      return false;
    }
    return true;
  }

  template<typename F>
  static void deliver(F & callback, const std::string & cdr, const MessageInfo & message_info)
  {
    if constexpr (rclsim::takes_serialized<F>()) {
      rclsim::deliver_serialized(callback, cdr, message_info);
    } else {
      auto ros = std::make_unique<ROSMessageType>();
      rclsim::from_cdr(reinterpret_cast<const uint8_t *>(cdr.data()), cdr.size(), *ros);
      if constexpr (info::adapted) {
        using Custom = SubscribedType;
        constexpr bool takes_custom = std::is_invocable_v<F &, std::unique_ptr<Custom>, const MessageInfo &> ||
          std::is_invocable_v<F &, std::unique_ptr<Custom>> || std::is_invocable_v<F &, const Custom &, const MessageInfo &> ||
          std::is_invocable_v<F &, const Custom &>;
        if constexpr (takes_custom) {
          auto custom = std::make_unique<Custom>();
          info::adapter::convert_to_custom(*ros, *custom);
          call_with<Custom>(callback, custom, message_info);
          return;
        }
      }
      static_assert(
        std::is_invocable_v<F &, std::unique_ptr<ROSMessageType>, const MessageInfo &> ||
        std::is_invocable_v<F &, std::unique_ptr<ROSMessageType>> ||
        std::is_invocable_v<F &, const ROSMessageType &, const MessageInfo &> ||
        std::is_invocable_v<F &, const ROSMessageType &> || info::adapted,
        "the subscription's callback takes none of the forms rclcpp accepts for its message type");
      call_with<ROSMessageType>(callback, ros, message_info);
    }
  }
};

}  // namespace rclcpp

#endif  // RCLCPP__SUBSCRIPTION_HPP_
