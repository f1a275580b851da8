#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "rclsim/json.hpp"
#include "rclsim/port.hpp"
#include "rclsim/rclsim.hpp"

namespace rclsim
{

void finish(int exit_code) {port::job_op_finish(exit_code);}

void set_result_json(const std::string & name, const std::string & value_json) {port::job_op_set_result(name, value_json);}

std::string get_result_json(const std::string & name) {return port::job_op_get_result(name);}

void on_end(std::function<void()> callback)
{
  port::job_op_on_end([callback = std::move(callback)](const node::Run &) {callback();});
}

int64_t now_ns() {return port::now_ns();}

bool propose_start(int64_t start_ns) {return port::job_op_start_ns(start_ns);}

std::string number_json(double value)
{
  if (!std::isfinite(value)) {
    return "null";
  }
  // The shortest text that reads back as the same double.
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof(text), "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) {
      break;
    }
  }
  return text;
}

std::string string_json(const std::string & value) {return json::quote(value);}

void always(bool condition, const std::string & message, const std::string & details_json)
{
  port::assertion({node::Assertion_Kind::ALWAYS, message, condition, details_json});
}

void sometimes(bool condition, const std::string & message, const std::string & details_json)
{
  port::assertion({node::Assertion_Kind::SOMETIMES, message, condition, details_json});
}

void reachable(const std::string & message, const std::string & details_json)
{
  port::assertion({node::Assertion_Kind::REACHABLE, message, true, details_json});
}

void unreachable(const std::string & message, const std::string & details_json)
{
  port::assertion({node::Assertion_Kind::UNREACHABLE, message, true, details_json});
}

}  // namespace rclsim
