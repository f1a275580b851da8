#include "bag_port.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "rosbag2_storage/serialized_bag_message.hpp"

namespace rclsim::bag
{

std::string working_directory()
{
  std::vector<char> buffer(4096);
  while (getcwd(buffer.data(), buffer.size()) == nullptr) {
    if (errno != ERANGE) {
      throw std::runtime_error(std::string("cannot read the working directory: ") + std::strerror(errno));
    }
    buffer.resize(buffer.size() * 2);
  }
  return buffer.data();
}

}  // namespace rclsim::bag

namespace rosbag2_storage
{

std::shared_ptr<rcutils_uint8_array_t> make_serialized_data(const std::string & bytes)
{
  auto * array = new rcutils_uint8_array_t{nullptr, 0, 0};
  rclcpp::SerializedMessage message;
  message.rclsim_assign(bytes);
  *array = message.release_rcl_serialized_message();
  return std::shared_ptr<rcutils_uint8_array_t>(array, [](rcutils_uint8_array_t * data) {
    std::free(data->buffer);
    delete data;
  });
}

}  // namespace rosbag2_storage
