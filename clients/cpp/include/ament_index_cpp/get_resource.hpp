// A resource of the ament index: <prefix>/share/ament_index/resource_index/<type>/<name>.
#ifndef AMENT_INDEX_CPP__GET_RESOURCE_HPP_
#define AMENT_INDEX_CPP__GET_RESOURCE_HPP_

#include <string>

namespace ament_index_cpp
{

/// The first prefix's resource: its content, and (when asked) that prefix; false when no prefix has it.
/// std::runtime_error for an empty type or name.
bool get_resource(
  const std::string & resource_type, const std::string & resource_name, std::string & content,
  std::string * prefix_path = nullptr);

}  // namespace ament_index_cpp

#endif  // AMENT_INDEX_CPP__GET_RESOURCE_HPP_
