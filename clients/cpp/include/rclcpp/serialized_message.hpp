// rclcpp::SerializedMessage (rclcpp/serialized_message.hpp): a message as CDR bytes, with the
// 4-byte encapsulation header, as rmw serializes it, in a buffer the program may read and write
// (get_rcl_serialized_message()); its capacity grows as rmw's does (reserve, or a longer message).
#ifndef RCLCPP__SERIALIZED_MESSAGE_HPP_
#define RCLCPP__SERIALIZED_MESSAGE_HPP_

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

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
  SerializedMessage() = default;
  explicit SerializedMessage(size_t initial_capacity) {reserve(initial_capacity);}
  SerializedMessage(const SerializedMessage & other) : SerializedMessage(other.message_) {}
  explicit SerializedMessage(const rcl_serialized_message_t & other) {copy(other);}
  SerializedMessage(SerializedMessage && other) noexcept : message_(other.message_) {other.message_ = {nullptr, 0, 0};}
  /// Takes the buffer over (it was allocated with malloc, as rcutils' default allocator does).
  explicit SerializedMessage(rcl_serialized_message_t && other) noexcept : message_(other) {other = {nullptr, 0, 0};}
  SerializedMessage & operator=(const SerializedMessage & other)
  {
    if (this != &other) {
      copy(other.message_);
    }
    return *this;
  }
  SerializedMessage & operator=(const rcl_serialized_message_t & other)
  {
    copy(other);
    return *this;
  }
  SerializedMessage & operator=(SerializedMessage && other) noexcept
  {
    if (this != &other) {
      std::free(message_.buffer);
      message_ = other.message_;
      other.message_ = {nullptr, 0, 0};
    }
    return *this;
  }
  SerializedMessage & operator=(rcl_serialized_message_t && other) noexcept
  {
    std::free(message_.buffer);
    message_ = other;
    other = {nullptr, 0, 0};
    return *this;
  }
  virtual ~SerializedMessage() {std::free(message_.buffer);}

  rcl_serialized_message_t & get_rcl_serialized_message() {return message_;}
  const rcl_serialized_message_t & get_rcl_serialized_message() const {return message_;}
  size_t size() const {return message_.buffer_length;}
  size_t capacity() const {return message_.buffer_capacity;}
  /// The buffer holds `capacity` bytes (rmw_serialized_message_resize): the message is cut to it.
  void reserve(size_t capacity)
  {
    if (capacity == 0) {
      std::free(message_.buffer);
      message_ = {nullptr, 0, 0};
      return;
    }
    auto * buffer = static_cast<uint8_t *>(std::realloc(message_.buffer, capacity));
    if (buffer == nullptr) {
      throw std::bad_alloc();
    }
    message_.buffer = buffer;
    message_.buffer_capacity = capacity;
    if (message_.buffer_length > capacity) {
      message_.buffer_length = capacity;
    }
  }
  /// The buffer, which the caller frees (with free), and this message empty.
  rcl_serialized_message_t release_rcl_serialized_message()
  {
    rcl_serialized_message_t released = message_;
    message_ = {nullptr, 0, 0};
    return released;
  }

  /// The bytes, as a string (rclsim: what the node protocol carries).
  std::string rclsim_bytes() const
  {
    return message_.buffer_length == 0 ? std::string() : std::string(reinterpret_cast<const char *>(message_.buffer), message_.buffer_length);
  }
  /// The bytes become the message; the capacity grows to hold them, as rmw's serialization does.
  void rclsim_assign(const std::string & bytes)
  {
    if (bytes.size() > message_.buffer_capacity) {
      reserve(bytes.size());
    }
    if (!bytes.empty()) {
      std::memcpy(message_.buffer, bytes.data(), bytes.size());
    }
    message_.buffer_length = bytes.size();
  }

private:
  void copy(const rcl_serialized_message_t & other)
  {
    message_.buffer_length = 0;
    reserve(other.buffer_capacity);
    if (other.buffer_length > 0) {
      std::memcpy(message_.buffer, other.buffer, other.buffer_length);
    }
    message_.buffer_length = other.buffer_length;
  }

  rcl_serialized_message_t message_{nullptr, 0, 0};
};

}  // namespace rclcpp

#endif  // RCLCPP__SERIALIZED_MESSAGE_HPP_
