// rclsim's C++ client: the traits generated messages specialize, and how their values print as
// YAML (the format of rosidl_generator_cpp's to_yaml: floats with 6 significant digits and a
// decimal point, characters and octets in hex, strings quoted with `\` and `"` escaped).
#ifndef ROSIDL_RUNTIME_CPP__TRAITS_HPP_
#define ROSIDL_RUNTIME_CPP__TRAITS_HPP_

#include <cstdint>
#include <iomanip>
#include <ostream>
#include <string>
#include <type_traits>

namespace rosidl_generator_traits
{

inline void value_to_yaml(bool value, std::ostream & out)
{
  out << (value ? "true" : "false");
}

/// An octet or a char (IDL), as `0x41`.
inline void character_value_to_yaml(unsigned char value, std::ostream & out)
{
  const auto flags = out.flags();
  const auto fill = out.fill();
  out << "0x" << std::hex << std::setw(2) << std::setfill('0') << static_cast<unsigned>(value);
  out.flags(flags);
  out.fill(fill);
}

/// A wchar, as `"\u0041"`.
inline void character_value_to_yaml(char16_t value, std::ostream & out)
{
  const auto flags = out.flags();
  const auto fill = out.fill();
  out << "\"\\u" << std::hex << std::setw(4) << std::setfill('0') << static_cast<unsigned>(value) << "\"";
  out.flags(flags);
  out.fill(fill);
}

template<typename Float>
inline void float_value_to_yaml(Float value, std::ostream & out)
{
  const auto flags = out.flags();
  out << std::showpoint << value;
  out.flags(flags);
}

inline void value_to_yaml(float value, std::ostream & out) {float_value_to_yaml(value, out);}
inline void value_to_yaml(double value, std::ostream & out) {float_value_to_yaml(value, out);}
inline void value_to_yaml(long double value, std::ostream & out) {float_value_to_yaml(value, out);}

// 8-bit integers print as numbers, not characters.
inline void value_to_yaml(uint8_t value, std::ostream & out) {out << static_cast<unsigned>(value);}
inline void value_to_yaml(int8_t value, std::ostream & out) {out << static_cast<int>(value);}
inline void value_to_yaml(uint16_t value, std::ostream & out) {out << value;}
inline void value_to_yaml(int16_t value, std::ostream & out) {out << value;}
inline void value_to_yaml(uint32_t value, std::ostream & out) {out << value;}
inline void value_to_yaml(int32_t value, std::ostream & out) {out << value;}
inline void value_to_yaml(uint64_t value, std::ostream & out) {out << value;}
inline void value_to_yaml(int64_t value, std::ostream & out) {out << value;}

template<typename Allocator>
inline void value_to_yaml(const std::basic_string<char, std::char_traits<char>, Allocator> & value, std::ostream & out)
{
  out << '"';
  for (const char c : value) {
    if (c == '\\' || c == '"') {
      out << '\\';
    }
    out << c;
  }
  out << '"';
}

/// ASCII as it is, other UTF-16 units escaped: `\xNN` below 0x100, `\uNNNN` above.
template<typename Allocator>
inline void value_to_yaml(const std::basic_string<char16_t, std::char_traits<char16_t>, Allocator> & value, std::ostream & out)
{
  const auto flags = out.flags();
  const auto fill = out.fill();
  out << '"';
  for (const char16_t unit : value) {
    if (unit < 0x80) {
      out << static_cast<char>(unit);
    } else if (unit < 0x100) {
      out << "\\x" << std::hex << std::setw(2) << std::setfill('0') << static_cast<unsigned>(unit);
    } else {
      out << "\\u" << std::hex << std::setw(4) << std::setfill('0') << static_cast<unsigned>(unit);
    }
  }
  out << '"';
  out.flags(flags);
  out.fill(fill);
}

template<typename T>
inline const char * data_type();

template<typename T>
inline const char * name();

template<typename T>
struct has_fixed_size : std::false_type {};

template<typename T>
struct has_bounded_size : std::false_type {};

template<typename T>
struct is_message : std::false_type {};

template<typename T>
struct is_service : std::false_type {};

template<typename T>
struct is_service_request : std::false_type {};

template<typename T>
struct is_service_response : std::false_type {};

template<typename T>
struct is_action : std::false_type {};

template<typename T>
struct is_action_goal : std::false_type {};

template<typename T>
struct is_action_result : std::false_type {};

template<typename T>
struct is_action_feedback : std::false_type {};

}  // namespace rosidl_generator_traits

#endif  // ROSIDL_RUNTIME_CPP__TRAITS_HPP_
