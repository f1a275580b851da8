// Bad input of the run met by the program (docs/node-protocol.md "Failures are told as
// in-process"): an exception the API throws for it carries the simulation's line, and when
// nothing in the program catches it the run's Done says that line (Done.input_error), so the run
// ends as for bad input (exit 2), as the Python client does (rclsim/_errors.py).
#ifndef RCLSIM__BAD_INPUT_HPP_
#define RCLSIM__BAD_INPUT_HPP_

#include <exception>
#include <string>
#include <utility>

namespace rclsim::bad_input
{

/// What marks an exception as the run's bad input.
class Mark
{
public:
  explicit Mark(std::string line) : line_(std::move(line)) {}
  virtual ~Mark() = default;
  const std::string & line() const {return line_;}

private:
  std::string line_;
};

/// rclcpp's exception `E`, marked: a program catches it as `E`.
template<typename E>
class Marked : public E, public Mark
{
public:
  Marked(E error, std::string line) : E(std::move(error)), Mark(std::move(line)) {}
};

/// The line of bad input that `thrown` is (empty: it is none).
std::string line_of(const std::exception_ptr & thrown);

}  // namespace rclsim::bad_input

#endif  // RCLSIM__BAD_INPUT_HPP_
