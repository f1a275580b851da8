#include "rclsim/bad_overrides.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace rclsim::bad_overrides
{
namespace
{

const char * const TYPE_NAMES[] = {"not set", "bool", "integer", "double", "string", "byte array", "bool array", "integer array",
  "double array", "string array"};

std::string type_name(int type)
{
  return type >= 0 && type < 10 ? TYPE_NAMES[type] : "unknown type " + std::to_string(type);
}

/// A double as the Python client's lines write it (Python's repr: the shortest text that reads back).
std::string double_text(double value)
{
  char text[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof(text), "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value) {
      break;
    }
  }
  std::string out = text;
  if (out.find_first_of(".en") == std::string::npos) {
    out += ".0";
  }
  return out;
}

/// A value as the simulation's lines write it: true, 5, 2.5, fast, [1, 2].
std::string value_text(const rclcpp::ParameterValue & value)
{
  auto join = [](const auto & items, auto text) {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) {
        out += (i == 0 ? "" : ", ") + text(items[i]);
      }
      return out + "]";
    };
  auto boolean = [](bool b) {return std::string(b ? "true" : "false");};
  auto integer = [](int64_t i) {return std::to_string(i);};
  auto string = [](const std::string & s) {return s;};
  switch (value.get_type()) {
    case rclcpp::PARAMETER_BOOL: return boolean(value.get<bool>());
    case rclcpp::PARAMETER_INTEGER: return integer(value.get<int64_t>());
    case rclcpp::PARAMETER_DOUBLE: return double_text(value.get<double>());
    case rclcpp::PARAMETER_STRING: return value.get<std::string>();
    case rclcpp::PARAMETER_BYTE_ARRAY: return join(value.get<std::vector<uint8_t>>(), [](uint8_t b) {return std::to_string(b);});
    case rclcpp::PARAMETER_BOOL_ARRAY: {
      const auto & all = value.get<std::vector<bool>>();
      return join(std::vector<bool>(all), [&](bool b) {return boolean(b);});
    }
    case rclcpp::PARAMETER_INTEGER_ARRAY: return join(value.get<std::vector<int64_t>>(), integer);
    case rclcpp::PARAMETER_DOUBLE_ARRAY: return join(value.get<std::vector<double>>(), double_text);
    case rclcpp::PARAMETER_STRING_ARRAY: return join(value.get<std::vector<std::string>>(), string);
    default: return "None";
  }
}

}  // namespace

std::string refused(const std::string & name, const rclcpp::ParameterValue & value, const rcl_interfaces::msg::ParameterDescriptor & descriptor,
  const std::string & source, const std::string & node)
{
  if (!descriptor.dynamic_typing && value.get_type() != descriptor.type) {
    return "parameter '" + name + "' of node " + node + " is declared as " + type_name(descriptor.type) + ", but " + source + " gives " +
           type_name(value.get_type()) + " " + value_text(value);
  }
  std::string bounds;
  if (!descriptor.integer_range.empty()) {
    const auto & range = descriptor.integer_range.at(0);
    bounds = "[" + std::to_string(range.from_value) + ", " + std::to_string(range.to_value) + "] step " + std::to_string(range.step);
  } else {
    const auto & range = descriptor.floating_point_range.at(0);
    bounds = "[" + double_text(range.from_value) + ", " + double_text(range.to_value) + "] step " + double_text(range.step);
  }
  return source + ": parameter '" + name + "' value " + value_text(value) + " is not in range " + bounds + ", as node " + node + " declares it";
}

}  // namespace rclsim::bad_overrides
