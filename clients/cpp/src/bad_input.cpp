#include "rclsim/bad_input.hpp"

namespace rclsim::bad_input
{

std::string line_of(const std::exception_ptr & thrown)
{
  if (!thrown) {
    return "";
  }
  try {
    std::rethrow_exception(thrown);
  } catch (const Mark & mark) {
    return mark.line();
  } catch (...) {
    return "";
  }
}

}  // namespace rclsim::bad_input
