// rclcpp::ParameterValue and ParameterType (rclcpp/parameter_value.hpp): one value of a
// parameter's nine types, convertible to and from rcl_interfaces' messages.
#ifndef RCLCPP__PARAMETER_VALUE_HPP_
#define RCLCPP__PARAMETER_VALUE_HPP_

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "rcl_interfaces/msg/parameter_type.hpp"
#include "rcl_interfaces/msg/parameter_value.hpp"

namespace rclcpp
{

enum ParameterType : uint8_t
{
  PARAMETER_NOT_SET = rcl_interfaces::msg::ParameterType::PARAMETER_NOT_SET,
  PARAMETER_BOOL = rcl_interfaces::msg::ParameterType::PARAMETER_BOOL,
  PARAMETER_INTEGER = rcl_interfaces::msg::ParameterType::PARAMETER_INTEGER,
  PARAMETER_DOUBLE = rcl_interfaces::msg::ParameterType::PARAMETER_DOUBLE,
  PARAMETER_STRING = rcl_interfaces::msg::ParameterType::PARAMETER_STRING,
  PARAMETER_BYTE_ARRAY = rcl_interfaces::msg::ParameterType::PARAMETER_BYTE_ARRAY,
  PARAMETER_BOOL_ARRAY = rcl_interfaces::msg::ParameterType::PARAMETER_BOOL_ARRAY,
  PARAMETER_INTEGER_ARRAY = rcl_interfaces::msg::ParameterType::PARAMETER_INTEGER_ARRAY,
  PARAMETER_DOUBLE_ARRAY = rcl_interfaces::msg::ParameterType::PARAMETER_DOUBLE_ARRAY,
  PARAMETER_STRING_ARRAY = rcl_interfaces::msg::ParameterType::PARAMETER_STRING_ARRAY,
};

/// rclcpp's names: "not set", "bool", "integer", "double", "string", "byte_array" …
std::string to_string(ParameterType type);
std::ostream & operator<<(std::ostream & os, ParameterType type);

class ParameterTypeException : public std::runtime_error
{
public:
  ParameterTypeException(ParameterType expected, ParameterType actual)
  : std::runtime_error("expected [" + rclcpp::to_string(expected) + "] got [" + rclcpp::to_string(actual) + "]") {}
};

class ParameterValue
{
public:
  ParameterValue();
  explicit ParameterValue(const rcl_interfaces::msg::ParameterValue & value);
  explicit ParameterValue(const bool bool_value);
  explicit ParameterValue(const int int_value);
  explicit ParameterValue(const int64_t int_value);
  explicit ParameterValue(const float double_value);
  explicit ParameterValue(const double double_value);
  explicit ParameterValue(const std::string & string_value);
  explicit ParameterValue(const char * string_value);
  explicit ParameterValue(const std::vector<uint8_t> & byte_array_value);
  explicit ParameterValue(const std::vector<bool> & bool_array_value);
  explicit ParameterValue(const std::vector<int> & int_array_value);
  explicit ParameterValue(const std::vector<int64_t> & int_array_value);
  explicit ParameterValue(const std::vector<float> & double_array_value);
  explicit ParameterValue(const std::vector<double> & double_array_value);
  explicit ParameterValue(const std::vector<std::string> & string_array_value);

  ParameterType get_type() const {return static_cast<ParameterType>(value_.type);}
  rcl_interfaces::msg::ParameterValue to_value_msg() const {return value_;}
  bool operator==(const ParameterValue & rhs) const {return value_ == rhs.value_;}
  bool operator!=(const ParameterValue & rhs) const {return value_ != rhs.value_;}

  template<ParameterType type>
  decltype(auto) get() const
  {
    check(type);
    if constexpr (type == PARAMETER_BOOL) {return static_cast<const bool &>(value_.bool_value);}
    else if constexpr (type == PARAMETER_INTEGER) {return static_cast<const int64_t &>(value_.integer_value);}
    else if constexpr (type == PARAMETER_DOUBLE) {return static_cast<const double &>(value_.double_value);}
    else if constexpr (type == PARAMETER_STRING) {return static_cast<const std::string &>(value_.string_value);}
    else if constexpr (type == PARAMETER_BYTE_ARRAY) {return static_cast<const std::vector<uint8_t> &>(value_.byte_array_value);}
    else if constexpr (type == PARAMETER_BOOL_ARRAY) {return static_cast<const std::vector<bool> &>(value_.bool_array_value);}
    else if constexpr (type == PARAMETER_INTEGER_ARRAY) {return static_cast<const std::vector<int64_t> &>(value_.integer_array_value);}
    else if constexpr (type == PARAMETER_DOUBLE_ARRAY) {return static_cast<const std::vector<double> &>(value_.double_array_value);}
    else if constexpr (type == PARAMETER_STRING_ARRAY) {return static_cast<const std::vector<std::string> &>(value_.string_array_value);}
    else {throw std::runtime_error("unknown parameter type");}
  }

  template<typename T>
  decltype(auto) get() const
  {
    using U = std::remove_cv_t<std::remove_reference_t<T>>;
    if constexpr (std::is_same_v<U, bool>) {return get<PARAMETER_BOOL>();}
    else if constexpr (std::is_integral_v<U>) {return static_cast<U>(get<PARAMETER_INTEGER>());}
    else if constexpr (std::is_floating_point_v<U>) {return static_cast<U>(get<PARAMETER_DOUBLE>());}
    else if constexpr (std::is_convertible_v<U, std::string>) {return get<PARAMETER_STRING>();}
    else if constexpr (std::is_same_v<U, std::vector<uint8_t>>) {return get<PARAMETER_BYTE_ARRAY>();}
    else if constexpr (std::is_same_v<U, std::vector<bool>>) {return get<PARAMETER_BOOL_ARRAY>();}
    else if constexpr (std::is_same_v<U, std::vector<int64_t>>) {return get<PARAMETER_INTEGER_ARRAY>();}
    else if constexpr (std::is_same_v<U, std::vector<int>>) {
      const std::vector<int64_t> & all = get<PARAMETER_INTEGER_ARRAY>();
      return std::vector<int>(all.begin(), all.end());
    }
    else if constexpr (std::is_same_v<U, std::vector<double>>) {return get<PARAMETER_DOUBLE_ARRAY>();}
    else if constexpr (std::is_same_v<U, std::vector<float>>) {
      const std::vector<double> & all = get<PARAMETER_DOUBLE_ARRAY>();
      return std::vector<float>(all.begin(), all.end());
    }
    else if constexpr (std::is_same_v<U, std::vector<std::string>>) {return get<PARAMETER_STRING_ARRAY>();}
    else if constexpr (std::is_same_v<U, ParameterValue>) {return static_cast<const ParameterValue &>(*this);}
    else {static_assert(sizeof(U) == 0, "type not supported by ParameterValue::get");}
  }

private:
  void check(ParameterType type) const
  {
    if (get_type() != type) {
      throw ParameterTypeException(type, get_type());
    }
  }
  rcl_interfaces::msg::ParameterValue value_;
};

/// rclcpp's text of a value: "true", "5", "2.5", "[1, 2]" …
std::string to_string(const ParameterValue & type);

}  // namespace rclcpp

#endif  // RCLCPP__PARAMETER_VALUE_HPP_
