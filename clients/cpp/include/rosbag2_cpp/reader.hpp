// rosbag2_cpp::Reader (rosbag2_cpp/reader.hpp, Jazzy): a bag's messages in receive-time order.
// rclsim reads the bag in the simulation, with its own bag code (MCAP and sqlite3 storage,
// split bags, compression), and the program waits for each answer: paths are relative to the
// program's working directory, errors are std::runtime_error with rosbag2's text.
#ifndef ROSBAG2_CPP__READER_HPP_
#define ROSBAG2_CPP__READER_HPP_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rclcpp/serialization.hpp"
#include "rclcpp/serialized_message.hpp"
#include "rcutils/time.h"
#include "rosbag2_cpp/converter_options.hpp"
#include "rosbag2_storage/bag_metadata.hpp"
#include "rosbag2_storage/serialized_bag_message.hpp"
#include "rosbag2_storage/storage_filter.hpp"
#include "rosbag2_storage/storage_options.hpp"
#include "rosbag2_storage/topic_metadata.hpp"

namespace rosbag2_cpp
{

class Reader
{
public:
  Reader() = default;
  ~Reader();
  Reader(const Reader &) = delete;
  Reader & operator=(const Reader &) = delete;

  /// Opens a bag: a directory with metadata.yaml, or an .mcap or .db3 file.
  void open(const std::string & uri);
  void open(const rosbag2_storage::StorageOptions & storage_options, const ConverterOptions & converter_options = ConverterOptions());
  void close();

  bool has_next();
  std::shared_ptr<rosbag2_storage::SerializedBagMessage> read_next();

  /// The next message, deserialized as T.
  template<class T>
  T read_next()
  {
    T message;
    auto bag_message = read_next();
    rclcpp::SerializedMessage serialized(*bag_message->serialized_data);
    rclcpp::Serialization<T>().deserialize_message(&serialized, &message);
    return message;
  }

  const rosbag2_storage::BagMetadata & get_metadata() const;
  std::vector<rosbag2_storage::TopicMetadata> get_all_topics_and_types() const;

  void set_filter(const rosbag2_storage::StorageFilter & storage_filter);
  void reset_filter();
  /// The next message read is the first received at or after `timestamp` (ns).
  void seek(const rcutils_time_point_value_t & timestamp);

private:
  uint64_t bag_ = 0;
  rosbag2_storage::BagMetadata metadata_{};
  /// has_next() reads the next message ahead; read_next() hands it out.
  std::shared_ptr<rosbag2_storage::SerializedBagMessage> next_;
  bool at_end_ = false;
};

}  // namespace rosbag2_cpp

#endif  // ROSBAG2_CPP__READER_HPP_
