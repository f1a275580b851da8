// pluginlib's reading of the ament index and of plugin description files
// (clients/cpp/include/pluginlib/class_loader.hpp), as upstream's class_loader_imp.hpp reads them.
#include <filesystem>

#include "ament_index_cpp/get_package_prefix.hpp"
#include "ament_index_cpp/get_resource.hpp"
#include "ament_index_cpp/get_resources.hpp"
#include "class_loader/xml_elements.h"
#include "pluginlib/class_loader.hpp"
#include "rcutils/logging_macros.h"

namespace pluginlib
{
namespace impl
{
namespace
{
/// The name in the package.xml of the nearest folder at or above the description file's.
std::string package_of_description(const std::string & xml_path)
{
  for (auto folder = std::filesystem::path(xml_path).parent_path(); !folder.empty(); folder = folder.parent_path()) {
    auto manifest = folder / "package.xml";
    if (std::filesystem::exists(manifest)) {
      try {
        auto root = rclsim::parse_xml_file(manifest.string());
        auto names = root->children_named("name");
        return names.empty() ? "" : names.front()->text;
      } catch (const std::runtime_error &) {
        return "";
      }
    }
    if (folder == folder.root_path()) {
      break;
    }
  }
  return "";
}

void read_description(const std::string & xml_path, const std::string & base_class, std::map<std::string, ClassDesc> & classes)
{
  std::unique_ptr<rclsim::XmlElement> root;
  try {
    root = rclsim::parse_xml_file(xml_path);
  } catch (const std::runtime_error & error) {
    throw InvalidXMLException(
      "XML Document '" + xml_path + "' has no Root Element. This likely means the XML is malformed or missing (" + error.what() + ")");
  }
  std::vector<const rclsim::XmlElement *> libraries;
  if (root->name == "library") {
    libraries.push_back(root.get());
  } else if (root->name == "class_libraries") {
    libraries = root->children_named("library");
  } else {
    throw InvalidXMLException(
      "The XML document '" + xml_path + "' given to add must have either \"library\" or \"class_libraries\" as the root tag");
  }
  const std::string package = package_of_description(xml_path);
  for (const auto * library : libraries) {
    const std::string * path = library->attribute("path");
    if (path == nullptr || path->empty()) {
      RCUTILS_LOG_ERROR_NAMED("pluginlib.ClassLoader", "Attribute 'path' in 'library' tag is missing in %s.", xml_path.c_str());
      continue;
    }
    for (const auto * element : library->children_named("class")) {
      const std::string * type = element->attribute("type");
      if (type == nullptr) {
        throw ClassLoaderException("Class could not be loaded. Attribute 'type' in class tag is missing.");
      }
      const std::string * base = element->attribute("base_class_type");
      if (base == nullptr) {
        throw ClassLoaderException("Class could not be loaded. Attribute 'base_class_type' in class tag is missing.");
      }
      if (*base != base_class) {
        continue;
      }
      const std::string * name = element->attribute("name");
      auto descriptions = element->children_named("description");
      std::string description = descriptions.empty() ? "No 'description' tag for this plugin in plugin description file." : descriptions.front()->text;
      const std::string lookup_name = name != nullptr ? *name : *type;
      classes.emplace(lookup_name, ClassDesc(lookup_name, *type, *base, package, description, *path, xml_path));
    }
  }
}
}  // namespace

void require_package(const std::string & package)
{
  try {
    ament_index_cpp::get_package_prefix(package);
  } catch (const ament_index_cpp::PackageNotFoundError & error) {
    throw ClassLoaderException(error.what());
  }
}

std::vector<std::string> plugin_xml_paths(const std::string & package, const std::string & attrib_name)
{
  const std::string resource_type = package + "__pluginlib__" + attrib_name;
  std::vector<std::string> paths;
  // get_resources' map: by exporting package's name, whatever the folders' order.
  for (const auto & [exporting, prefix] : ament_index_cpp::get_resources(resource_type)) {
    std::string content;
    if (!ament_index_cpp::get_resource(resource_type, exporting, content)) {
      continue;
    }
    size_t start = 0;
    while (start < content.size()) {
      size_t end = content.find('\n', start);
      if (end == std::string::npos) {
        end = content.size();
      }
      std::string line = content.substr(start, end - start);
      if (!line.empty()) {
        paths.push_back(prefix + "/" + line);
      }
      start = end + 1;
    }
  }
  return paths;
}

std::map<std::string, ClassDesc> declared_classes(const std::vector<std::string> & xml_paths, const std::string & base_class)
{
  std::map<std::string, ClassDesc> classes;
  for (const auto & path : xml_paths) {
    read_description(path, base_class, classes);
  }
  return classes;
}

std::vector<std::string> library_paths_to_try(const std::string & library_name, const std::string & package)
{
  const std::string prefix = ament_index_cpp::get_package_prefix(package);
  const std::vector<std::string> folders = {
    prefix + "/lib", prefix + "/lib64", prefix + "/bin", prefix + "/lib/" + package, prefix + "/lib64/" + package, prefix + "/bin/" + package};
  // `name` or `libname` (warned: the portable spelling has no prefix), each also without its folders.
  std::string alternative;
  if (library_name.rfind("lib", 0) == 0) {
    alternative = library_name.substr(3);
    RCUTILS_LOG_WARN_NAMED("pluginlib.ClassLoader", "given plugin name '%s' should be '%s' for better portability",
      library_name.c_str(), alternative.c_str());
  } else {
    alternative = "lib" + library_name;
  }
  auto file_only = [](const std::string & path) {
      size_t slash = path.find_last_of('/');
      return slash == std::string::npos ? path : path.substr(slash + 1);
    };
  std::vector<std::string> names;
  for (const auto & name : {library_name, alternative, file_only(library_name), file_only(alternative)}) {
    names.push_back("lib" + name + ".so");
  }
  for (const auto & name : {library_name, alternative, file_only(library_name), file_only(alternative)}) {
    names.push_back("lib" + name + "d.so");
  }
  std::vector<std::string> paths;
  for (const auto & folder : folders) {
    for (const auto & name : names) {
      paths.push_back(folder + "/" + name);
    }
  }
  return paths;
}

std::string class_library_path(const ClassDesc & desc)
{
  for (const auto & path : library_paths_to_try(desc.library_name_, desc.package_)) {
    if (std::filesystem::exists(path)) {
      return path;
    }
  }
  throw LibraryLoadException(
    "Could not find library corresponding to plugin " + desc.lookup_name_ + ". Make sure that the library '" + desc.library_name_ +
    "' actually exists.");
}

std::string lookup_name_tail(const std::string & lookup_name)
{
  size_t last = lookup_name.find_last_of("/:");
  return last == std::string::npos ? lookup_name : lookup_name.substr(last + 1);
}

}  // namespace impl
}  // namespace pluginlib
