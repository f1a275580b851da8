// rosbag2_transport::ReaderWriterFactory (rosbag2_transport/reader_writer_factory.hpp, Jazzy):
// the Reader a player reads a bag with. rosbag2 picks a compression reader for a bag whose
// metadata.yaml says so; rclsim's one Reader reads every bag (compressed or not) itself.
#ifndef ROSBAG2_TRANSPORT__READER_WRITER_FACTORY_HPP_
#define ROSBAG2_TRANSPORT__READER_WRITER_FACTORY_HPP_

#include <memory>

#include "rosbag2_cpp/reader.hpp"
#include "rosbag2_storage/storage_options.hpp"

namespace rosbag2_transport
{

class ReaderWriterFactory
{
public:
  /// A Reader for the bag at storage_options.uri, not yet opened (the caller opens it).
  static std::unique_ptr<rosbag2_cpp::Reader> make_reader(const rosbag2_storage::StorageOptions &)
  {
    return std::make_unique<rosbag2_cpp::Reader>();
  }
};

}  // namespace rosbag2_transport

#endif  // ROSBAG2_TRANSPORT__READER_WRITER_FACTORY_HPP_
