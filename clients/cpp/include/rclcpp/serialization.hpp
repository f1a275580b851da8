// rclcpp::Serialization (rclcpp/serialization.hpp): a message to and from its CDR, the very bytes
// the simulation carries (rclsim::to_cdr/from_cdr, with the encapsulation header).
#ifndef RCLCPP__SERIALIZATION_HPP_
#define RCLCPP__SERIALIZATION_HPP_

#include <string>
#include <type_traits>

#include "rclcpp/serialized_message.hpp"
#include "rclsim/message_of.hpp"

namespace rclcpp
{

namespace serialization_traits
{
template<typename T>
struct is_serialized_message_class : std::false_type {};
template<>
struct is_serialized_message_class<SerializedMessage>: std::true_type {};
}  // namespace serialization_traits

/// Serializes messages of one type, given untyped (rclcpp's takes the type support; here, the
/// typed functions of Serialization<MessageT>).
class SerializationBase
{
public:
  using SerializeFunction = std::string (*)(const void * ros_message);
  using DeserializeFunction = void (*)(const std::string & cdr, void * ros_message);

  SerializationBase(SerializeFunction serialize, DeserializeFunction deserialize) : serialize_(serialize), deserialize_(deserialize) {}
  virtual ~SerializationBase() = default;

  /// The message's CDR into `serialized_message` (its capacity grows to hold it).
  void serialize_message(const void * ros_message, SerializedMessage * serialized_message) const
  {
    serialized_message->rclsim_assign(serialize_(ros_message));
  }
  /// The message from its CDR; throws rclsim::cdr::Error on bytes that are no such message.
  void deserialize_message(const SerializedMessage * serialized_message, void * ros_message) const
  {
    deserialize_(serialized_message->rclsim_bytes(), ros_message);
  }

private:
  SerializeFunction serialize_;
  DeserializeFunction deserialize_;
};

template<typename MessageT>
class Serialization : public SerializationBase
{
  using ROSMessageType = typename rclsim::message_of<MessageT>::ros_type;

public:
  Serialization()
  : SerializationBase(
      [](const void * ros_message) {return rclsim::to_cdr(*static_cast<const ROSMessageType *>(ros_message));},
      [](const std::string & cdr, void * ros_message) {rclsim::from_cdr(cdr, *static_cast<ROSMessageType *>(ros_message));})
  {
    static_assert(!serialization_traits::is_serialized_message_class<MessageT>::value,
      "Serialization of serialized message to serialized message is not possible.");
  }
};

}  // namespace rclcpp

#endif  // RCLCPP__SERIALIZATION_HPP_
