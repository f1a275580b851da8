// rosbag2_cpp::Writer (rosbag2_cpp/writer.hpp, Jazzy): writes a new bag (a directory with
// `<name>_0.mcap` and metadata.yaml). rclsim writes it in the simulation, with the recorder's
// MCAP writer, at the times the program gives (sim time: the same bytes every run); the program
// waits for each answer. Errors are std::runtime_error with rosbag2's text.
#ifndef ROSBAG2_CPP__WRITER_HPP_
#define ROSBAG2_CPP__WRITER_HPP_

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "rclcpp/serialization.hpp"
#include "rclcpp/serialized_message.hpp"
#include "rclcpp/time.hpp"
#include "rcutils/time.h"
#include "rosbag2_cpp/converter_options.hpp"
#include "rosbag2_storage/serialized_bag_message.hpp"
#include "rosbag2_storage/storage_options.hpp"
#include "rosbag2_storage/topic_metadata.hpp"
#include "rosidl_runtime_cpp/traits.hpp"

namespace rosbag2_cpp
{

class Writer
{
public:
  Writer() = default;
  /// Finishes the bag, as close() does.
  ~Writer();
  Writer(const Writer &) = delete;
  Writer & operator=(const Writer &) = delete;

  /// Opens a new bag at `uri` (a directory that must not exist), in rosbag2's default storage (mcap).
  void open(const std::string & uri);
  void open(const rosbag2_storage::StorageOptions & storage_options, const ConverterOptions & converter_options = ConverterOptions());
  /// Finishes the bag's file and writes metadata.yaml.
  void close();

  void create_topic(const rosbag2_storage::TopicMetadata & topic_with_type);
  void create_topic(const rosbag2_storage::TopicMetadata & topic_with_type, const rosbag2_storage::MessageDefinition & message_definition);

  /// A message of a topic created before.
  void write(std::shared_ptr<const rosbag2_storage::SerializedBagMessage> message);
  /// The topic is created if it was not.
  void write(
    std::shared_ptr<const rosbag2_storage::SerializedBagMessage> message, const std::string & topic_name, const std::string & type_name,
    const std::string & serialization_format = "cdr");
  void write(
    std::shared_ptr<const rclcpp::SerializedMessage> message, const std::string & topic_name, const std::string & type_name,
    const rclcpp::Time & time, uint32_t sequence_number = 0);
  void write(
    std::shared_ptr<const rclcpp::SerializedMessage> message, const std::string & topic_name, const std::string & type_name,
    const rcutils_time_point_value_t & recv_timestamp, const rcutils_time_point_value_t & send_timestamp, uint32_t sequence_number = 0);

  /// A message, serialized; the topic is created if it was not.
  template<class MessageT>
  void write(const MessageT & message, const std::string & topic_name, const rclcpp::Time & time, uint32_t sequence_number = 0)
  {
    auto serialized = std::make_shared<rclcpp::SerializedMessage>();
    rclcpp::Serialization<MessageT>().serialize_message(&message, serialized.get());
    write(serialized, topic_name, rosidl_generator_traits::name<MessageT>(), time, sequence_number);
  }

private:
  void create_if_new(const std::string & topic_name, const std::string & type_name, const std::string & serialization_format);
  void write_bytes(const std::string & topic_name, int64_t recv_timestamp, int64_t send_timestamp, std::string bytes);

  uint64_t bag_ = 0;
  std::set<std::string> topics_;
};

}  // namespace rosbag2_cpp

#endif  // ROSBAG2_CPP__WRITER_HPP_
