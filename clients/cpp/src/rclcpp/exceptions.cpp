#include "rclcpp/exceptions.hpp"

namespace rclcpp
{
namespace exceptions
{

std::string NameValidationError::format_error(const char * name_type, const char * name, const char * error_msg, size_t invalid_index)
{
  std::string text = std::string("Invalid ") + name_type + ": " + error_msg + ":\n  '" + name + "'\n   " +
    std::string(invalid_index, ' ') + "^\n";
  return text;
}

void throw_from_rclsim(const std::string & kind, const std::string & message)
{
  // The simulation names its errors by rclnodejs's and rclpy's classes.
  if (kind.find("TopicName") != std::string::npos) {
    throw InvalidTopicNameError(message.c_str(), message.c_str(), 0);
  }
  if (kind.find("ServiceName") != std::string::npos) {
    throw InvalidServiceNameError(message.c_str(), message.c_str(), 0);
  }
  if (kind.find("NodeName") != std::string::npos) {
    throw InvalidNodeNameError(message.c_str(), message.c_str(), 0);
  }
  if (kind.find("Namespace") != std::string::npos) {
    throw InvalidNamespaceError(message.c_str(), message.c_str(), 0);
  }
  if (kind == "TypeError" || kind == "RangeError") {
    throw RCLInvalidArgument(message);
  }
  throw RCLError(message);
}

}  // namespace exceptions
}  // namespace rclcpp
