// rosbag2_storage::StorageFilter (rosbag2_storage/storage_filter.hpp, Jazzy): which topics a
// Reader hands out. `regex` and `regex_to_exclude` match whole topic names (ECMAScript syntax).
#ifndef ROSBAG2_STORAGE__STORAGE_FILTER_HPP_
#define ROSBAG2_STORAGE__STORAGE_FILTER_HPP_

#include <string>
#include <vector>

namespace rosbag2_storage
{

struct StorageFilter
{
  std::vector<std::string> topics;
  std::vector<std::string> services_events;
  std::string regex = "";
  std::vector<std::string> exclude_topics = {};
  std::vector<std::string> exclude_service_events = {};
  std::string regex_to_exclude = "";
};

}  // namespace rosbag2_storage

#endif  // ROSBAG2_STORAGE__STORAGE_FILTER_HPP_
