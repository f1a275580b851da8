// rosbag2_cpp::Writer over the node port's BagOp (rosbag2_cpp/writer.hpp).
#include "rosbag2_cpp/writer.hpp"

#include <sstream>
#include <stdexcept>
#include <string>

#include "bag_port.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rosbag2_cpp
{
namespace
{

/// rosbag2's default storage (rosbag2_storage::get_default_storage_id(), Jazzy).
const char DEFAULT_STORAGE[] = "mcap";

const char * history_name(rmw_qos_history_policy_t policy)
{
  switch (policy) {
    case RMW_QOS_POLICY_HISTORY_KEEP_LAST: return "keep_last";
    case RMW_QOS_POLICY_HISTORY_KEEP_ALL: return "keep_all";
    case RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT: return "system_default";
    default: return "unknown";
  }
}

const char * reliability_name(rmw_qos_reliability_policy_t policy)
{
  switch (policy) {
    case RMW_QOS_POLICY_RELIABILITY_RELIABLE: return "reliable";
    case RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT: return "best_effort";
    case RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT: return "system_default";
    case RMW_QOS_POLICY_RELIABILITY_BEST_AVAILABLE: return "best_available";
    default: return "unknown";
  }
}

const char * durability_name(rmw_qos_durability_policy_t policy)
{
  switch (policy) {
    case RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL: return "transient_local";
    case RMW_QOS_POLICY_DURABILITY_VOLATILE: return "volatile";
    case RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT: return "system_default";
    case RMW_QOS_POLICY_DURABILITY_BEST_AVAILABLE: return "best_available";
    default: return "unknown";
  }
}

const char * liveliness_name(rmw_qos_liveliness_policy_t policy)
{
  switch (policy) {
    case RMW_QOS_POLICY_LIVELINESS_AUTOMATIC: return "automatic";
    case RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC: return "manual_by_topic";
    case RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT: return "system_default";
    case RMW_QOS_POLICY_LIVELINESS_BEST_AVAILABLE: return "best_available";
    default: return "unknown";
  }
}

std::string rmw_time(const rmw_time_t & time)
{
  return "{sec: " + std::to_string(time.sec) + ", nsec: " + std::to_string(time.nsec) + "}";
}

/// The offered profiles as rosbag2 (format 9) writes them: a YAML list, policies by name.
std::string qos_yaml(const std::vector<rclcpp::QoS> & profiles)
{
  std::ostringstream out;
  for (const auto & qos : profiles) {
    const auto & p = qos.get_rmw_qos_profile();
    out << "- {history: " << history_name(p.history) << ", depth: " << p.depth << ", reliability: " << reliability_name(p.reliability)
        << ", durability: " << durability_name(p.durability) << ", deadline: " << rmw_time(p.deadline) << ", lifespan: " << rmw_time(p.lifespan)
        << ", liveliness: " << liveliness_name(p.liveliness) << ", liveliness_lease_duration: " << rmw_time(p.liveliness_lease_duration)
        << ", avoid_ros_namespace_conventions: " << (p.avoid_ros_namespace_conventions ? "true" : "false") << "}\n";
  }
  return out.str();
}

}  // namespace

Writer::~Writer()
{
  try {
    close();
  } catch (const std::exception &) {
    // A destructor does not throw: the simulation's end finishes what is left.
  }
}

void Writer::open(const std::string & uri)
{
  open(rosbag2_storage::StorageOptions{uri, DEFAULT_STORAGE});
}

void Writer::open(const rosbag2_storage::StorageOptions & storage_options, const ConverterOptions &)
{
  close();
  const std::string storage = storage_options.storage_id.empty() ? DEFAULT_STORAGE : storage_options.storage_id;
  const auto answer = rclsim::bag::asked([&] {
    return rclsim::port::bag_op_open(
      0, storage_options.uri, storage, rclsim::bag::working_directory(), true, storage_options.storage_preset_profile,
      storage_options.storage_config_uri);
  });
  bag_ = static_cast<uint64_t>(rclsim::json::parse(answer)["bag"].as_int());
  topics_.clear();
}

void Writer::close()
{
  if (bag_ == 0) {
    return;
  }
  const uint64_t bag = bag_;
  bag_ = 0;
  rclsim::bag::asked([&] {return rclsim::port::bag_op_close(bag);});
}

void Writer::create_topic(const rosbag2_storage::TopicMetadata & topic_with_type)
{
  if (bag_ == 0) {
    throw std::runtime_error("Bag is not open. Call open() before writing.");
  }
  rclsim::bag::asked([&] {
    return rclsim::port::bag_op_create_topic(
      bag_, topic_with_type.name, topic_with_type.type, topic_with_type.serialization_format, qos_yaml(topic_with_type.offered_qos_profiles),
      topic_with_type.type_description_hash);
  });
  topics_.insert(topic_with_type.name);
}

void Writer::create_topic(const rosbag2_storage::TopicMetadata & topic_with_type, const rosbag2_storage::MessageDefinition &)
{
  create_topic(topic_with_type);
}

void Writer::create_if_new(const std::string & topic_name, const std::string & type_name, const std::string & serialization_format)
{
  if (topics_.count(topic_name) == 0) {
    rosbag2_storage::TopicMetadata topic;
    topic.name = topic_name;
    topic.type = type_name;
    topic.serialization_format = serialization_format;
    create_topic(topic);
  }
}

void Writer::write_bytes(const std::string & topic_name, int64_t recv_timestamp, int64_t send_timestamp, std::string bytes)
{
  if (bag_ == 0) {
    throw std::runtime_error("Bag is not open. Call open() before writing.");
  }
  rclsim::bag::asked([&] {return rclsim::port::bag_op_write(bag_, topic_name, recv_timestamp, send_timestamp, std::move(bytes));});
}

void Writer::write(std::shared_ptr<const rosbag2_storage::SerializedBagMessage> message)
{
  const auto & data = *message->serialized_data;
  write_bytes(
    message->topic_name, message->recv_timestamp, message->send_timestamp,
    std::string(reinterpret_cast<const char *>(data.buffer), data.buffer_length));
}

void Writer::write(
  std::shared_ptr<const rosbag2_storage::SerializedBagMessage> message, const std::string & topic_name, const std::string & type_name,
  const std::string & serialization_format)
{
  create_if_new(topic_name, type_name, serialization_format);
  auto named = std::make_shared<rosbag2_storage::SerializedBagMessage>(*message);
  named->topic_name = topic_name;
  write(named);
}

void Writer::write(
  std::shared_ptr<const rclcpp::SerializedMessage> message, const std::string & topic_name, const std::string & type_name,
  const rclcpp::Time & time, uint32_t sequence_number)
{
  write(message, topic_name, type_name, time.nanoseconds(), time.nanoseconds(), sequence_number);
}

void Writer::write(
  std::shared_ptr<const rclcpp::SerializedMessage> message, const std::string & topic_name, const std::string & type_name,
  const rcutils_time_point_value_t & recv_timestamp, const rcutils_time_point_value_t & send_timestamp, uint32_t)
{
  create_if_new(topic_name, type_name, "cdr");
  write_bytes(topic_name, recv_timestamp, send_timestamp, message->rclsim_bytes());
}

}  // namespace rosbag2_cpp
