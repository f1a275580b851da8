// Every resource of a type in the ament index.
#ifndef AMENT_INDEX_CPP__GET_RESOURCES_HPP_
#define AMENT_INDEX_CPP__GET_RESOURCES_HPP_

#include <map>
#include <string>

namespace ament_index_cpp
{

/// The resources of the type by name, each with the first prefix that has it; std::runtime_error for an empty type.
std::map<std::string, std::string> get_resources(const std::string & resource_type);

}  // namespace ament_index_cpp

#endif  // AMENT_INDEX_CPP__GET_RESOURCES_HPP_
