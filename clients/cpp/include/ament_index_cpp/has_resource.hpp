// Whether the ament index has a resource.
#ifndef AMENT_INDEX_CPP__HAS_RESOURCE_HPP_
#define AMENT_INDEX_CPP__HAS_RESOURCE_HPP_

#include <string>

namespace ament_index_cpp
{

/// Whether a prefix has the resource; the first one that has it in `prefix_path` when asked.
bool has_resource(const std::string & resource_type, const std::string & resource_name, std::string * prefix_path = nullptr);

}  // namespace ament_index_cpp

#endif  // AMENT_INDEX_CPP__HAS_RESOURCE_HPP_
