// ament_index_cpp (include/ament_index_cpp/): the ament resource index over AMENT_PREFIX_PATH,
// as ament/ament_index's ament_index_cpp/src/ has it.
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ament_index_cpp/get_package_prefix.hpp"
#include "ament_index_cpp/get_package_share_directory.hpp"
#include "ament_index_cpp/get_packages_with_prefixes.hpp"
#include "ament_index_cpp/get_resource.hpp"
#include "ament_index_cpp/get_resources.hpp"
#include "ament_index_cpp/get_search_paths.hpp"
#include "ament_index_cpp/has_resource.hpp"

namespace ament_index_cpp
{

namespace index_detail
{

const char * const RESOURCE_INDEX = "/share/ament_index/resource_index/";

void require_name(const std::string & value, const char * function, const char * what)
{
  if (value.empty()) {
    throw std::runtime_error(std::string("ament_index_cpp::") + function + "() " + what + " must not be empty");
  }
}

// Only the first PackageNotFoundError lists the search paths (upstream's, to keep repeated failures short).
std::size_t package_not_found_count = 0;

std::string package_not_found_message(const std::string & package_name)
{
  std::string message = "package '" + package_name + "' not found";
  if (package_not_found_count++ > 0) {
    return message;
  }
  message += ", searching: [";
  bool first = true;
  for (const auto & path : get_search_paths()) {
    message += (first ? "" : ", ") + path;
    first = false;
  }
  return message + "]";
}

}  // namespace index_detail

std::list<std::string> get_search_paths()
{
  const char * value = std::getenv("AMENT_PREFIX_PATH");
  if (value == nullptr || *value == '\0') {
    throw std::runtime_error("Environment variable 'AMENT_PREFIX_PATH' is not set or empty");
  }
  std::list<std::string> paths;
  std::stringstream all(value);
  std::string path;
  while (std::getline(all, path, ':')) {
    struct stat info;
    if (!path.empty() && stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
      paths.push_back(path);
    }
  }
  return paths;
}

bool get_resource(
  const std::string & resource_type, const std::string & resource_name, std::string & content,
  std::string * prefix_path)
{
  index_detail::require_name(resource_type, "get_resource", "resource type");
  index_detail::require_name(resource_name, "get_resource", "resource name");
  for (const auto & prefix : get_search_paths()) {
    std::ifstream file(prefix + index_detail::RESOURCE_INDEX + resource_type + "/" + resource_name);
    if (file.is_open()) {
      std::stringstream buffer;
      buffer << file.rdbuf();
      content = buffer.str();
      if (prefix_path != nullptr) {
        *prefix_path = prefix;
      }
      return true;
    }
  }
  return false;
}

std::map<std::string, std::string> get_resources(const std::string & resource_type)
{
  index_detail::require_name(resource_type, "get_resources", "resource type");
  std::map<std::string, std::string> resources;
  for (const auto & prefix : get_search_paths()) {
    std::error_code error;
    for (const auto & entry : std::filesystem::directory_iterator(prefix + index_detail::RESOURCE_INDEX + resource_type, error)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_directory() || name.empty() || name[0] == '.') {
        continue;
      }
      resources.emplace(name, prefix);  // the first prefix keeps it
    }
  }
  return resources;
}

bool has_resource(const std::string & resource_type, const std::string & resource_name, std::string * prefix_path)
{
  index_detail::require_name(resource_type, "has_resource", "resource type");
  index_detail::require_name(resource_name, "has_resource", "resource name");
  for (const auto & prefix : get_search_paths()) {
    struct stat info;
    const std::string path = prefix + index_detail::RESOURCE_INDEX + resource_type + "/" + resource_name;
    if (stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)) {
      if (prefix_path != nullptr) {
        *prefix_path = prefix;
      }
      return true;
    }
  }
  return false;
}

PackageNotFoundError::PackageNotFoundError(const std::string & name)
: std::out_of_range(index_detail::package_not_found_message(name)), package_name(name)
{
}

PackageNotFoundError::~PackageNotFoundError() = default;

std::string get_package_prefix(const std::string & package_name)
{
  std::string content;
  std::string prefix;
  if (!get_resource("packages", package_name, content, &prefix)) {
    throw PackageNotFoundError(package_name);
  }
  return prefix;
}

std::string get_package_share_directory(const std::string & package_name)
{
  return get_package_prefix(package_name) + "/share/" + package_name;
}

std::map<std::string, std::string> get_packages_with_prefixes()
{
  return get_resources("packages");
}

}  // namespace ament_index_cpp
