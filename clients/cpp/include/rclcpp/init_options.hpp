// rclcpp::InitOptions (rclcpp/init_options.hpp).
#ifndef RCLCPP__INIT_OPTIONS_HPP_
#define RCLCPP__INIT_OPTIONS_HPP_

#include <cstddef>

namespace rclcpp
{

class InitOptions
{
public:
  bool shutdown_on_signal = true;
  InitOptions() = default;
  InitOptions & auto_initialize_logging(bool initialize_logging) {initialize_logging_ = initialize_logging; return *this;}
  bool auto_initialize_logging() const {return initialize_logging_;}
  void set_domain_id(size_t domain_id) {domain_id_ = domain_id;}
  size_t get_domain_id() const {return domain_id_;}
  void use_default_domain_id() {domain_id_ = 0;}

private:
  bool initialize_logging_ = true;
  size_t domain_id_ = 0;
};

enum class SignalHandlerOptions { All, SigInt, SigTerm, None };

}  // namespace rclcpp

#endif  // RCLCPP__INIT_OPTIONS_HPP_
