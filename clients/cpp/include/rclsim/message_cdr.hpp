// rclsim's C++ client: messages to and from CDR. Generated headers (`<pkg>/msg/detail/
// <name>__type_support.hpp`) specialize rclsim::message_support for each message type; its
// write/read call cdr::write_field/read_field for each field in definition order.
#ifndef RCLSIM__MESSAGE_CDR_HPP_
#define RCLSIM__MESSAGE_CDR_HPP_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "rclsim/cdr.hpp"
#include "rosidl_runtime_cpp/bounded_vector.hpp"

namespace rclsim
{

/// Per message type: `type_name` ("pkg/msg/Name"), `write(cdr::Writer &, const T &)` and
/// `read(cdr::Reader &, T &)` (the body, without the encapsulation header).
template<class T>
struct message_support;

/// Per service type (`pkg::srv::Foo`, an action's `Foo_SendGoal`): `type_name` ("pkg/srv/Foo").
template<class T>
struct service_support;

/// Per action type (`pkg::action::Foo`): `type_name` ("pkg/action/Foo").
template<class T>
struct action_support;

namespace cdr
{

// Every overload is declared before any is defined: containers call back into them for their
// elements. `string_bound` (0: none) is the bound in bytes of bounded strings (elements' too),
// checked when writing, as rosidl's type support does. Reading checks none: the simulation
// counts a bound in UTF-16 units, so it may send more bytes than the bound.
inline void write_field(Writer & out, bool value, std::size_t string_bound = 0);
inline void write_field(Writer & out, int8_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, uint8_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, int16_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, uint16_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, int32_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, uint32_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, int64_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, uint64_t value, std::size_t string_bound = 0);
inline void write_field(Writer & out, float value, std::size_t string_bound = 0);
inline void write_field(Writer & out, double value, std::size_t string_bound = 0);
template<class A>
void write_field(Writer & out, const std::basic_string<char, std::char_traits<char>, A> & value, std::size_t string_bound = 0);
template<class A>
void write_field(Writer & out, const std::basic_string<char16_t, std::char_traits<char16_t>, A> & value, std::size_t string_bound = 0);
template<class T, std::size_t N>
void write_field(Writer & out, const std::array<T, N> & value, std::size_t string_bound = 0);
template<class T, class A>
void write_field(Writer & out, const std::vector<T, A> & value, std::size_t string_bound = 0);
template<class T, std::size_t N, class A>
void write_field(Writer & out, const rosidl_runtime_cpp::BoundedVector<T, N, A> & value, std::size_t string_bound = 0);
template<class T>
void write_field(Writer & out, const T & message, std::size_t string_bound = 0);

inline void read_field(Reader & in, bool & value);
inline void read_field(Reader & in, int8_t & value);
inline void read_field(Reader & in, uint8_t & value);
inline void read_field(Reader & in, int16_t & value);
inline void read_field(Reader & in, uint16_t & value);
inline void read_field(Reader & in, int32_t & value);
inline void read_field(Reader & in, uint32_t & value);
inline void read_field(Reader & in, int64_t & value);
inline void read_field(Reader & in, uint64_t & value);
inline void read_field(Reader & in, float & value);
inline void read_field(Reader & in, double & value);
template<class A>
void read_field(Reader & in, std::basic_string<char, std::char_traits<char>, A> & value);
template<class A>
void read_field(Reader & in, std::basic_string<char16_t, std::char_traits<char16_t>, A> & value);
template<class T, std::size_t N>
void read_field(Reader & in, std::array<T, N> & value);
template<class T, class A>
void read_field(Reader & in, std::vector<T, A> & value);
template<class T, std::size_t N, class A>
void read_field(Reader & in, rosidl_runtime_cpp::BoundedVector<T, N, A> & value);
template<class T>
void read_field(Reader & in, T & message);

namespace detail
{
template<class T>
constexpr bool is_byte = std::is_same<T, uint8_t>::value || std::is_same<T, int8_t>::value;
// Numbers wider than a byte: written and read as a block (Writer::numbers, Reader::numbers).
template<class T>
constexpr bool is_wide_number = std::is_arithmetic<T>::value && sizeof(T) > 1 && !std::is_same<T, bool>::value;

template<class Items>
void write_items(Writer & out, const Items & items, std::size_t string_bound)
{
  using T = typename Items::value_type;
  if constexpr (is_byte<T>) {
    out.bytes(items.data(), items.size());
  } else if constexpr (is_wide_number<T>) {
    out.numbers(items.data(), items.size());
  } else {
    for (const auto & item : items) {
      write_field(out, item, string_bound);
    }
  }
}

template<class Items>
void read_items(Reader & in, Items & items)
{
  using T = typename Items::value_type;
  if constexpr (is_byte<T>) {
    in.bytes(items.data(), items.size());
  } else if constexpr (is_wide_number<T>) {
    in.numbers(items.data(), items.size());
  } else if constexpr (std::is_same<T, bool>::value) {
    // std::vector<bool> hands out proxies, not bool &.
    for (auto && item : items) {
      item = in.boolean();
    }
  } else {
    for (auto & item : items) {
      read_field(in, item);
    }
  }
}
}  // namespace detail

inline void write_field(Writer & out, bool value, std::size_t) {out.boolean(value);}
inline void write_field(Writer & out, int8_t value, std::size_t) {out.int8(value);}
inline void write_field(Writer & out, uint8_t value, std::size_t) {out.uint8(value);}
inline void write_field(Writer & out, int16_t value, std::size_t) {out.int16(value);}
inline void write_field(Writer & out, uint16_t value, std::size_t) {out.uint16(value);}
inline void write_field(Writer & out, int32_t value, std::size_t) {out.int32(value);}
inline void write_field(Writer & out, uint32_t value, std::size_t) {out.uint32(value);}
inline void write_field(Writer & out, int64_t value, std::size_t) {out.int64(value);}
inline void write_field(Writer & out, uint64_t value, std::size_t) {out.uint64(value);}
inline void write_field(Writer & out, float value, std::size_t) {out.float32(value);}
inline void write_field(Writer & out, double value, std::size_t) {out.float64(value);}

template<class A>
void write_field(Writer & out, const std::basic_string<char, std::char_traits<char>, A> & value, std::size_t string_bound)
{
  out.string(value.data(), value.size(), string_bound);
}

template<class A>
void write_field(Writer & out, const std::basic_string<char16_t, std::char_traits<char16_t>, A> &, std::size_t)
{
  out.wstring();
}

template<class T, std::size_t N>
void write_field(Writer & out, const std::array<T, N> & value, std::size_t string_bound)
{
  detail::write_items(out, value, string_bound);
}

template<class T, class A>
void write_field(Writer & out, const std::vector<T, A> & value, std::size_t string_bound)
{
  out.sequence_length(value.size());
  detail::write_items(out, value, string_bound);
}

template<class T, std::size_t N, class A>
void write_field(Writer & out, const rosidl_runtime_cpp::BoundedVector<T, N, A> & value, std::size_t string_bound)
{
  out.sequence_length(value.size());
  detail::write_items(out, value, string_bound);
}

template<class T>
void write_field(Writer & out, const T & message, std::size_t)
{
  message_support<T>::write(out, message);
}

inline void read_field(Reader & in, bool & value) {value = in.boolean();}
inline void read_field(Reader & in, int8_t & value) {value = in.int8();}
inline void read_field(Reader & in, uint8_t & value) {value = in.uint8();}
inline void read_field(Reader & in, int16_t & value) {value = in.int16();}
inline void read_field(Reader & in, uint16_t & value) {value = in.uint16();}
inline void read_field(Reader & in, int32_t & value) {value = in.int32();}
inline void read_field(Reader & in, uint32_t & value) {value = in.uint32();}
inline void read_field(Reader & in, int64_t & value) {value = in.int64();}
inline void read_field(Reader & in, uint64_t & value) {value = in.uint64();}
inline void read_field(Reader & in, float & value) {value = in.float32();}
inline void read_field(Reader & in, double & value) {value = in.float64();}

template<class A>
void read_field(Reader & in, std::basic_string<char, std::char_traits<char>, A> & value)
{
  in.string(value);
}

template<class A>
void read_field(Reader & in, std::basic_string<char16_t, std::char_traits<char16_t>, A> &)
{
  in.wstring();
}

template<class T, std::size_t N>
void read_field(Reader & in, std::array<T, N> & value)
{
  detail::read_items(in, value);
}

template<class T, class A>
void read_field(Reader & in, std::vector<T, A> & value)
{
  value.resize(in.sequence_length());
  detail::read_items(in, value);
}

template<class T, std::size_t N, class A>
void read_field(Reader & in, rosidl_runtime_cpp::BoundedVector<T, N, A> & value)
{
  const std::size_t count = in.sequence_length();
  if (count > N) {
    throw Error("CDR: a sequence of " + std::to_string(count) + " elements in a sequence of at most " + std::to_string(N));
  }
  value.resize(count);
  detail::read_items(in, value);
}

template<class T>
void read_field(Reader & in, T & message)
{
  message_support<T>::read(in, message);
}

}  // namespace cdr

/// A message's CDR serialization: the encapsulation header, then its body.
template<class T>
std::string to_cdr(const T & message)
{
  std::string out;
  cdr::Writer writer(out);
  message_support<T>::write(writer, message);
  return out;
}

/// Reads a CDR serialization into `message` (every field is overwritten); trailing bytes are ignored.
template<class T>
void from_cdr(const uint8_t * data, std::size_t size, T & message)
{
  cdr::Reader reader(data, size);
  message_support<T>::read(reader, message);
}

template<class T>
void from_cdr(const std::string & bytes, T & message)
{
  from_cdr(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size(), message);
}

}  // namespace rclsim

#endif  // RCLSIM__MESSAGE_CDR_HPP_
