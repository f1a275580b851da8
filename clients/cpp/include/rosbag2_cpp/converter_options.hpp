// rosbag2_cpp::ConverterOptions (rosbag2_cpp/converter_options.hpp): the serialization formats a
// Reader or Writer converts between. rclsim's bags are CDR throughout: accepted, nothing converted.
#ifndef ROSBAG2_CPP__CONVERTER_OPTIONS_HPP_
#define ROSBAG2_CPP__CONVERTER_OPTIONS_HPP_

#include <string>

namespace rosbag2_cpp
{

struct ConverterOptions
{
  std::string input_serialization_format;
  std::string output_serialization_format;
};

}  // namespace rosbag2_cpp

#endif  // ROSBAG2_CPP__CONVERTER_OPTIONS_HPP_
