// rclsim's own API for a C++ program, as the rclsim module is a Python program's: the job's
// operations (finish, results, end hooks, the start), sim time, and assertions in Antithesis' vocabulary.
#ifndef RCLSIM__RCLSIM_HPP_
#define RCLSIM__RCLSIM_HPP_

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>

namespace rclsim
{

/// The job is done: the run stops at the top of its next step, with this exit code.
void finish(int exit_code = 0);
/// A result of the run (in its summary), as JSON text.
void set_result_json(const std::string & name, const std::string & value_json);
/// The result as the run has it now, as JSON text ("" when there is none).
std::string get_result_json(const std::string & name);
/// Runs `callback` after the run's loop ended, in registration order with the job's other end hooks.
void on_end(std::function<void()> callback);
/// Sim time now, ns since the epoch.
int64_t now_ns();
/// Proposes the run's start (ns since the epoch) before the run starts, as rslcpp::run_job does
/// with its job's initial time: whether the run starts there (not when it had started, or the job
/// file chose another start). Nodes built before it saw the clock read 0, as under a job's `start:`.
bool propose_start(int64_t start_ns);

/// A number and a string as JSON text.
std::string number_json(double value);
std::string string_json(const std::string & value);

/// A result that is a number, a bool or a string; an integer beyond JSON's exact ones goes as {"$bigint"}.
template<typename T>
void set_result(const std::string & name, const T & value)
{
  constexpr int64_t safe = int64_t{1} << 53;
  if constexpr (std::is_same_v<T, bool>) {
    set_result_json(name, value ? "true" : "false");
  } else if constexpr (std::is_integral_v<T>) {
    bool exact = std::is_signed_v<T> ? (static_cast<int64_t>(value) > -safe && static_cast<int64_t>(value) < safe) :
      static_cast<uint64_t>(value) < static_cast<uint64_t>(safe);
    std::string digits = std::to_string(value);
    set_result_json(name, exact ? digits : "{\"$bigint\":\"" + digits + "\"}");
  } else if constexpr (std::is_floating_point_v<T>) {
    set_result_json(name, number_json(static_cast<double>(value)));
  } else {
    set_result_json(name, string_json(std::string(value)));
  }
}

void always(bool condition, const std::string & message, const std::string & details_json = "");
void sometimes(bool condition, const std::string & message, const std::string & details_json = "");
void reachable(const std::string & message, const std::string & details_json = "");
void unreachable(const std::string & message, const std::string & details_json = "");

}  // namespace rclsim

#endif  // RCLSIM__RCLSIM_HPP_
