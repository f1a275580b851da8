// rclcpp::node_interfaces::NodeLoggingInterface (rclcpp/node_interfaces/node_logging_interface.hpp):
// a node's logger, as the functions that take a node's parts (rclcpp_action's) ask for it.
#ifndef RCLCPP__NODE_INTERFACES__NODE_LOGGING_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_LOGGING_INTERFACE_HPP_

#include <utility>

#include "rclcpp/logger.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{
namespace node_interfaces
{

class NodeLoggingInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeLoggingInterface)
  virtual ~NodeLoggingInterface() = default;
  virtual rclcpp::Logger get_logger() const = 0;
  virtual const char * get_logger_name() const = 0;
};

/// The node's own logger (the one Node::get_logger gives).
class NodeLogging : public NodeLoggingInterface
{
public:
  explicit NodeLogging(rclcpp::Logger logger)
  : logger_(std::move(logger)) {}
  rclcpp::Logger get_logger() const override {return logger_;}
  const char * get_logger_name() const override {return logger_.get_name();}

private:
  rclcpp::Logger logger_;
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_LOGGING_INTERFACE_HPP_
