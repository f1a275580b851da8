#include "rclcpp/logger.hpp"

#include "rclsim/logging.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{

Logger get_logger(const std::string & name) {return Logger(name);}

Logger Logger::get_child(const std::string & suffix) const
{
  if (!name_) {
    return Logger();
  }
  return Logger(*name_ + "." + suffix);
}

void Logger::set_level(Level level)
{
  rclsim::port::logger_op_set_level(get_name_string(), static_cast<uint32_t>(level));
  rclsim::logging::forget_levels();
}

Logger::Level Logger::get_effective_level() const
{
  return static_cast<Level>(rclsim::port::logger_op_level(get_name_string()));
}

}  // namespace rclcpp
