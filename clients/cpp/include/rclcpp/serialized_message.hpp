// rclcpp::SerializedMessage (rclcpp/serialized_message.hpp): a message as CDR bytes, with the
// 4-byte encapsulation header, as rmw serializes it.
#ifndef RCLCPP__SERIALIZED_MESSAGE_HPP_
#define RCLCPP__SERIALIZED_MESSAGE_HPP_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

typedef struct rcutils_uint8_array_s
{
  uint8_t * buffer;
  size_t buffer_length;
  size_t buffer_capacity;
} rcutils_uint8_array_t;
typedef rcutils_uint8_array_t rmw_serialized_message_t;
typedef rmw_serialized_message_t rcl_serialized_message_t;

namespace rclcpp
{

class SerializedMessage
{
public:
  SerializedMessage() : SerializedMessage(0) {}
  explicit SerializedMessage(size_t initial_capacity) {reserve(initial_capacity);}
  SerializedMessage(const SerializedMessage & other) : bytes_(other.bytes_) {sync(); message_.buffer_length = other.size();}
  SerializedMessage(SerializedMessage && other) noexcept : bytes_(std::move(other.bytes_)) {sync(); message_.buffer_length = other.message_.buffer_length;}
  SerializedMessage & operator=(const SerializedMessage & other)
  {
    bytes_ = other.bytes_;
    sync();
    message_.buffer_length = other.size();
    return *this;
  }
  SerializedMessage & operator=(SerializedMessage && other) noexcept
  {
    size_t length = other.size();
    bytes_ = std::move(other.bytes_);
    sync();
    message_.buffer_length = length;
    return *this;
  }

  rcl_serialized_message_t & get_rcl_serialized_message() {return message_;}
  const rcl_serialized_message_t & get_rcl_serialized_message() const {return message_;}
  size_t size() const {return message_.buffer_length;}
  size_t capacity() const {return message_.buffer_capacity;}
  void reserve(size_t capacity)
  {
    size_t length = message_.buffer_length;
    bytes_.resize(capacity);
    sync();
    message_.buffer_length = length < capacity ? length : capacity;
  }
  /// The bytes, as a string (rclsim: what the node protocol carries).
  std::string rclsim_bytes() const {return std::string(reinterpret_cast<const char *>(bytes_.data()), size());}
  void rclsim_assign(const std::string & bytes)
  {
    bytes_.assign(bytes.begin(), bytes.end());
    sync();
    message_.buffer_length = bytes.size();
  }

private:
  void sync()
  {
    message_.buffer = bytes_.empty() ? nullptr : bytes_.data();
    message_.buffer_capacity = bytes_.size();
  }
  std::vector<uint8_t> bytes_;
  rmw_serialized_message_t message_{nullptr, 0, 0};
};

}  // namespace rclcpp

#endif  // RCLCPP__SERIALIZED_MESSAGE_HPP_
