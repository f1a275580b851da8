// Every package of the ament index, with its prefix.
#ifndef AMENT_INDEX_CPP__GET_PACKAGES_WITH_PREFIXES_HPP_
#define AMENT_INDEX_CPP__GET_PACKAGES_WITH_PREFIXES_HPP_

#include <map>
#include <string>

namespace ament_index_cpp
{

/// Every package by name, with the first prefix that has it.
std::map<std::string, std::string> get_packages_with_prefixes();

}  // namespace ament_index_cpp

#endif  // AMENT_INDEX_CPP__GET_PACKAGES_WITH_PREFIXES_HPP_
