// What rosbag2_cpp's Reader and Writer share: the node port's BagOp, asked with rosbag2's errors.
#ifndef RCLSIM__ROSBAG2_CPP__BAG_PORT_HPP_
#define RCLSIM__ROSBAG2_CPP__BAG_PORT_HPP_

#include <stdexcept>
#include <string>

#include "rclsim/port.hpp"

namespace rclsim::bag
{

/// A BagOp asked; a Failed answer thrown as the std::runtime_error rosbag2 throws (its text).
template<typename Ask>
auto asked(Ask ask) -> decltype(ask())
{
  try {
    return ask();
  } catch (const rclsim::port::Failed & failed) {
    throw std::runtime_error(failed.what());
  }
}

/// The program's working directory, which a bag's relative path starts from.
std::string working_directory();

}  // namespace rclsim::bag

#endif  // RCLSIM__ROSBAG2_CPP__BAG_PORT_HPP_
