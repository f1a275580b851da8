// rosbag2_cpp::Reader over the node port's BagOp (rosbag2_cpp/reader.hpp).
#include "rosbag2_cpp/reader.hpp"

#include <regex>
#include <stdexcept>
#include <string>

#include "bag_port.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"
#include "rcutils/logging_macros.h"

namespace rosbag2_cpp
{
namespace
{

/// What rosbag2's storage factory throws when no storage opens the URI (rosbag2_cpp's
/// SequentialReader::open), after its log line.
const char NO_STORAGE[] = "No storage could be initialized from the inputs.";

rmw_time_t rmw_time(const rclsim::json::Value & told)
{
  return rmw_time_t{static_cast<uint64_t>(told["sec"].as_int()), static_cast<uint64_t>(told["nsec"].as_int())};
}

/// A recorded publisher's profile, rmw's numbers as the simulation read them from the bag
/// (rosbag2_storage's to_rclcpp_qos_vector).
rclcpp::QoS qos_of(const rclsim::json::Value & told)
{
  rmw_qos_profile_t profile = rmw_qos_profile_default;
  profile.history = static_cast<rmw_qos_history_policy_t>(told["history"].as_int());
  profile.depth = static_cast<size_t>(told["depth"].as_int());
  profile.reliability = static_cast<rmw_qos_reliability_policy_t>(told["reliability"].as_int());
  profile.durability = static_cast<rmw_qos_durability_policy_t>(told["durability"].as_int());
  profile.deadline = rmw_time(told["deadline"]);
  profile.lifespan = rmw_time(told["lifespan"]);
  profile.liveliness = static_cast<rmw_qos_liveliness_policy_t>(told["liveliness"].as_int());
  profile.liveliness_lease_duration = rmw_time(told["liveliness_lease_duration"]);
  profile.avoid_ros_namespace_conventions = told["avoid_ros_namespace_conventions"].as_bool();
  return rclcpp::QoS(rclcpp::QoSInitialization::from_rmw(profile), profile);
}

rosbag2_storage::BagMetadata metadata_of(const rclsim::json::Value & told)
{
  rosbag2_storage::BagMetadata metadata;
  metadata.version = static_cast<int>(told["version"].as_int());
  metadata.bag_size = static_cast<uint64_t>(told["bag_size"].as_int());
  metadata.storage_identifier = told["storage_identifier"].as_string();
  for (const auto & path : told["relative_file_paths"].as_array()) {
    metadata.relative_file_paths.push_back(path.as_string());
  }
  metadata.duration = std::chrono::nanoseconds(std::stoll(told["duration_ns"].as_string()));
  metadata.starting_time = std::chrono::time_point<std::chrono::high_resolution_clock>(
    std::chrono::nanoseconds(std::stoll(told["starting_time_ns"].as_string())));
  metadata.message_count = static_cast<uint64_t>(told["message_count"].as_int());
  for (const auto & topic : told["topics"].as_array()) {
    rosbag2_storage::TopicInformation information;
    information.topic_metadata.name = topic["name"].as_string();
    information.topic_metadata.type = topic["type"].as_string();
    information.topic_metadata.serialization_format = topic["serialization_format"].as_string();
    for (const auto & offered : topic["offered_qos_profiles"].as_array()) {
      information.topic_metadata.offered_qos_profiles.push_back(qos_of(offered));
    }
    information.message_count = static_cast<size_t>(topic["message_count"].as_int());
    metadata.topics_with_message_count.push_back(information);
  }
  metadata.compression_format = told["compression_format"].as_string();
  metadata.compression_mode = told["compression_mode"].as_string();
  metadata.ros_distro = told["ros_distro"].as_string();
  return metadata;
}

}  // namespace

Reader::~Reader()
{
  try {
    close();
  } catch (const std::exception &) {
    // A destructor does not throw: the simulation's end closes what is left.
  }
}

void Reader::open(const std::string & uri)
{
  open(rosbag2_storage::StorageOptions{uri, ""});
}

void Reader::open(const rosbag2_storage::StorageOptions & storage_options, const ConverterOptions &)
{
  close();
  std::string answer;
  try {
    answer = rclsim::bag::asked([&] {
      return rclsim::port::bag_op_open(
        0, storage_options.uri, storage_options.storage_id, rclsim::bag::working_directory(), false,
        storage_options.storage_preset_profile, storage_options.storage_config_uri);
    });
  } catch (const std::runtime_error & error) {
    if (std::string(error.what()) == NO_STORAGE) {
      RCUTILS_LOG_ERROR_NAMED("rosbag2_storage", "No storage id specified, and no plugin found that could open URI");
    }
    throw;
  }
  const auto told = rclsim::json::parse(answer);
  bag_ = static_cast<uint64_t>(told["bag"].as_int());
  metadata_ = metadata_of(told["metadata"]);
  next_.reset();
  at_end_ = false;
}

void Reader::close()
{
  if (bag_ == 0) {
    return;
  }
  const uint64_t bag = bag_;
  bag_ = 0;
  next_.reset();
  rclsim::bag::asked([&] {return rclsim::port::bag_op_close(bag);});
}

bool Reader::has_next()
{
  if (bag_ == 0) {
    throw std::runtime_error("Bag is not open. Call open() before reading.");
  }
  if (next_ == nullptr && !at_end_) {
    const auto answer = rclsim::bag::asked([&] {return rclsim::port::bag_op_read_next(bag_);});
    if (answer.json.empty()) {
      at_end_ = true;
    } else {
      const auto told = rclsim::json::parse(answer.json);
      next_ = std::make_shared<rosbag2_storage::SerializedBagMessage>();
      next_->topic_name = told["topic"].as_string();
      next_->recv_timestamp = std::stoll(told["recv_ns"].as_string());
      next_->send_timestamp = std::stoll(told["send_ns"].as_string());
      next_->serialized_data = rosbag2_storage::make_serialized_data(answer.cdr);
    }
  }
  return next_ != nullptr;
}

std::shared_ptr<rosbag2_storage::SerializedBagMessage> Reader::read_next()
{
  if (!has_next()) {
    throw std::runtime_error("Bag is at end. No next message.");
  }
  auto message = next_;
  next_.reset();
  return message;
}

const rosbag2_storage::BagMetadata & Reader::get_metadata() const
{
  if (bag_ == 0) {
    throw std::runtime_error("Bag is not open. Call open() before reading.");
  }
  return metadata_;
}

std::vector<rosbag2_storage::TopicMetadata> Reader::get_all_topics_and_types() const
{
  std::vector<rosbag2_storage::TopicMetadata> topics;
  for (const auto & topic : get_metadata().topics_with_message_count) {
    topics.push_back(topic.topic_metadata);
  }
  return topics;
}

void Reader::set_filter(const rosbag2_storage::StorageFilter & storage_filter)
{
  if (bag_ == 0) {
    throw std::runtime_error("Bag is not open. Call open() before setting filter.");
  }
  // Checked here, where rosbag2 compiles them: a bad one throws std::regex_error in the program.
  std::regex(storage_filter.regex, std::regex::ECMAScript);
  std::regex(storage_filter.regex_to_exclude, std::regex::ECMAScript);
  if (next_ != nullptr) {
    // Read ahead by has_next(), not by the program: the filter applies from it on.
    seek(next_->recv_timestamp);
  }
  rclsim::bag::asked([&] {
    return rclsim::port::bag_op_set_filter(
      bag_, storage_filter.topics, storage_filter.regex, storage_filter.regex_to_exclude, storage_filter.exclude_topics);
  });
  next_.reset();
  at_end_ = false;
}

void Reader::reset_filter()
{
  set_filter(rosbag2_storage::StorageFilter());
}

void Reader::seek(const rcutils_time_point_value_t & timestamp)
{
  if (bag_ == 0) {
    throw std::runtime_error("Bag is not open. Call open() before seeking time.");
  }
  rclsim::bag::asked([&] {return rclsim::port::bag_op_seek_ns(bag_, timestamp);});
  next_.reset();
  at_end_ = false;
}

}  // namespace rosbag2_cpp
