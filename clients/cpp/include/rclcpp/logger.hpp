// rclcpp::Logger (rclcpp/logger.hpp): a named logger; its records are printed by the simulation
// in rcutils' format with the sim-time stamp and published on /rosout.
#ifndef RCLCPP__LOGGER_HPP_
#define RCLCPP__LOGGER_HPP_

#include <memory>
#include <string>
#include <utility>

namespace rclcpp
{

class Logger
{
public:
  enum class Level { Unset = 0, Debug = 10, Info = 20, Warn = 30, Error = 40, Fatal = 50 };

  Logger(const Logger &) = default;
  Logger & operator=(const Logger &) = default;
  const char * get_name() const {return name_ ? name_->c_str() : nullptr;}
  Logger get_child(const std::string & suffix) const;
  void set_level(Level level);
  Level get_effective_level() const;
  bool operator==(const Logger & other) const {return get_name_string() == other.get_name_string();}

private:
  friend Logger get_logger(const std::string & name);
  Logger() = default;
  explicit Logger(const std::string & name) : name_(std::make_shared<const std::string>(name)) {}
  std::string get_name_string() const {return name_ ? *name_ : std::string();}
  std::shared_ptr<const std::string> name_;
  // A child of a node's logger: its parent's name and its suffix, its /rosout sublogger removed when the last copy goes.
  std::shared_ptr<std::pair<std::string, std::string>> logger_sublogger_pairname_;
};

Logger get_logger(const std::string & name);

}  // namespace rclcpp

#endif  // RCLCPP__LOGGER_HPP_
