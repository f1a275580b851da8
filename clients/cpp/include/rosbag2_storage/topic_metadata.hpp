// rosbag2_storage::TopicMetadata and MessageDefinition (rosbag2_storage/topic_metadata.hpp,
// message_definition.hpp, Jazzy): a topic of a bag.
#ifndef ROSBAG2_STORAGE__TOPIC_METADATA_HPP_
#define ROSBAG2_STORAGE__TOPIC_METADATA_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "rclcpp/qos.hpp"

namespace rosbag2_storage
{

struct TopicMetadata
{
  uint16_t id = 0;
  std::string name;
  std::string type;
  std::string serialization_format;
  std::vector<rclcpp::QoS> offered_qos_profiles;
  // REP-2011 type hash ("RIHS01_…"; empty: rclsim computes it from the type).
  std::string type_description_hash;

  bool operator==(const TopicMetadata & rhs) const
  {
    return name == rhs.name && type == rhs.type && serialization_format == rhs.serialization_format &&
           type_description_hash == rhs.type_description_hash;
  }
};

/// A type's definition as a storage keeps it (rclsim writes the simulation's own definition).
struct MessageDefinition
{
  std::string topic_type;
  std::string encoding;
  std::string encoded_message_definition;
  std::string type_hash;
};

}  // namespace rosbag2_storage

#endif  // ROSBAG2_STORAGE__TOPIC_METADATA_HPP_
