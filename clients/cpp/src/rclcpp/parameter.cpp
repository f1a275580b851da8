#include "rclcpp/parameter.hpp"

#include <ostream>

namespace rclcpp
{

std::string _to_json_dict_entry(const Parameter & param)
{
  std::string type = rclcpp::to_string(param.get_type());
  std::string value = param.value_to_string();
  return "\"" + param.get_name() + "\": {\"type\": \"" + type + "\", \"value\": \"" + value + "\"}";
}

std::ostream & operator<<(std::ostream & os, const rclcpp::Parameter & pv)
{
  return os << "{" << _to_json_dict_entry(pv) << "}";
}

std::ostream & operator<<(std::ostream & os, const std::vector<Parameter> & parameters)
{
  os << "{";
  bool first = true;
  for (const auto & parameter : parameters) {
    if (!first) {
      os << ", ";
    }
    os << _to_json_dict_entry(parameter);
    first = false;
  }
  return os << "}";
}

}  // namespace rclcpp
