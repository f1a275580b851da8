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
  // rclcpp's: the child publishes on /rosout as its parent does (when the parent is a node's
  // logger), until the last copy of it is gone.
  Logger logger(*name_ + "." + suffix);
  if (rclsim::port::logger_op_add_child(*name_, suffix)) {
    logger.logger_sublogger_pairname_.reset(new std::pair<std::string, std::string>(*name_, suffix),
      [](std::pair<std::string, std::string> * pair) {
        if (!rclsim::port::shut_down()) {
          rclsim::port::logger_op_remove_child(pair->first, pair->second);
        }
        delete pair;
      });
  }
  return logger;
}

void Logger::set_level(Level level)
{
  rclsim::port::logger_op_set_level(get_name_string(), static_cast<uint32_t>(level));
  rclsim::logging::forget_levels();
}

Logger::Level Logger::get_effective_level() const
{
  return static_cast<Level>(std::stoi(rclsim::port::logger_op_level(get_name_string())));
}

}  // namespace rclcpp
