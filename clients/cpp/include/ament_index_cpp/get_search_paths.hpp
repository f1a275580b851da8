// ament_index_cpp as ROS 2 Jazzy has it (ament/ament_index, ament_index_cpp/), written from the
// API's shape: the install prefixes of AMENT_PREFIX_PATH, which rclsim sets to the workspace's
// install prefix (docs/workspaces.md).
#ifndef AMENT_INDEX_CPP__GET_SEARCH_PATHS_HPP_
#define AMENT_INDEX_CPP__GET_SEARCH_PATHS_HPP_

#include <list>
#include <string>

namespace ament_index_cpp
{

/// The folders of AMENT_PREFIX_PATH that exist, in order; std::runtime_error when it is unset or empty.
std::list<std::string> get_search_paths();

}  // namespace ament_index_cpp

#endif  // AMENT_INDEX_CPP__GET_SEARCH_PATHS_HPP_
