#include <dlfcn.h>

#include <map>

#include "class_loader/class_loader.hpp"
#include "rclcpp_components/register_node_macro.hpp"

namespace rclcpp_components
{
namespace
{
struct Registered
{
  std::shared_ptr<NodeFactory> factory;
  std::string library;  // the library whose loading registered it; "" when linked into the program
};

std::map<std::string, Registered> & factories()
{
  static std::map<std::string, Registered> the_factories;
  return the_factories;
}

/// The library a ClassLoader is opening, while it opens it (its registrations are that library's).
std::string & loading_library()
{
  static std::string library;
  return library;
}

std::string without_leading_colons(const std::string & class_name)
{
  return class_name.rfind("::", 0) == 0 ? class_name.substr(2) : class_name;
}
}  // namespace

void register_node_factory(const std::string & class_name, std::shared_ptr<NodeFactory> factory)
{
  // class_loader's name: without a leading "::".
  factories()[without_leading_colons(class_name)] = Registered{std::move(factory), loading_library()};
}

std::shared_ptr<NodeFactory> find_node_factory(const std::string & class_name)
{
  auto found = factories().find(without_leading_colons(class_name));
  return found == factories().end() ? nullptr : found->second.factory;
}

}  // namespace rclcpp_components

namespace class_loader
{
namespace
{
const std::string factory_prefix = "rclcpp_components::NodeFactoryTemplate<";
}

ClassLoader::ClassLoader(const std::string & library_path, bool)
: library_path_(library_path)
{
  if (library_path.empty()) {
    return;
  }
  auto & loading = rclcpp_components::loading_library();
  loading = library_path;
  void * handle = dlopen(library_path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  loading.clear();
  if (handle == nullptr) {
    throw LibraryLoadException("Could not load library " + library_path + ": " + dlerror());
  }
}

std::vector<std::string> ClassLoader::node_factory_classes() const
{
  std::vector<std::string> classes;
  for (const auto & [name, registered] : rclcpp_components::factories()) {
    if (registered.library == library_path_) {
      classes.push_back(factory_prefix + name + ">");
    }
  }
  return classes;
}

std::shared_ptr<rclcpp_components::NodeFactory> ClassLoader::create_node_factory(const std::string & class_name) const
{
  if (class_name.rfind(factory_prefix, 0) == 0 && class_name.back() == '>') {
    auto found = rclcpp_components::factories().find(class_name.substr(factory_prefix.size(), class_name.size() - factory_prefix.size() - 1));
    if (found != rclcpp_components::factories().end() && found->second.library == library_path_) {
      return found->second.factory;
    }
  }
  throw CreateClassException("Could not create instance of type " + class_name);
}

}  // namespace class_loader
