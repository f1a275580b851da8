// rosbag2_storage::SerializedBagMessage (rosbag2_storage/serialized_bag_message.hpp, Jazzy): a
// message of a bag as CDR bytes (with the encapsulation header), its receive and send times and
// its topic.
#ifndef ROSBAG2_STORAGE__SERIALIZED_BAG_MESSAGE_HPP_
#define ROSBAG2_STORAGE__SERIALIZED_BAG_MESSAGE_HPP_

#include <cstdint>
#include <memory>
#include <string>

#include "rclcpp/serialized_message.hpp"
#include "rcutils/time.h"

namespace rosbag2_storage
{

struct SerializedBagMessage
{
  std::shared_ptr<rcutils_uint8_array_t> serialized_data;
  rcutils_time_point_value_t recv_timestamp = 0;
  rcutils_time_point_value_t send_timestamp = 0;
  std::string topic_name;
  uint32_t sequence_number = 0;
};

typedef std::shared_ptr<SerializedBagMessage> SerializedBagMessageSharedPtr;
typedef std::shared_ptr<const SerializedBagMessage> SerializedBagMessageConstSharedPtr;

/// A byte array for serialized_data, freed with it (rclsim: the C library's memory, as rcutils').
std::shared_ptr<rcutils_uint8_array_t> make_serialized_data(const std::string & bytes);

}  // namespace rosbag2_storage

#endif  // ROSBAG2_STORAGE__SERIALIZED_BAG_MESSAGE_HPP_
