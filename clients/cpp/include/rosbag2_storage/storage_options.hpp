// rosbag2_storage::StorageOptions (rosbag2_storage/storage_options.hpp, Jazzy): where a bag is and
// its storage. rclsim reads and writes `uri` and `storage_id`; the splitting, cache and snapshot
// options are accepted and unused (a program's bag is one file).
#ifndef ROSBAG2_STORAGE__STORAGE_OPTIONS_HPP_
#define ROSBAG2_STORAGE__STORAGE_OPTIONS_HPP_

#include <cstdint>
#include <string>
#include <unordered_map>

namespace rosbag2_storage
{

struct StorageOptions
{
  std::string uri;
  std::string storage_id;
  uint64_t max_bagfile_size = 0;
  uint64_t max_bagfile_duration = 0;
  uint64_t max_cache_size = 0;
  std::string storage_preset_profile = "";
  std::string storage_config_uri = "";
  bool snapshot_mode = false;
  int64_t start_time_ns = -1;
  int64_t end_time_ns = -1;
  std::unordered_map<std::string, std::string> custom_data{};
};

}  // namespace rosbag2_storage

#endif  // ROSBAG2_STORAGE__STORAGE_OPTIONS_HPP_
