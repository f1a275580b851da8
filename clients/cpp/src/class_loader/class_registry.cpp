// class_loader's registry (clients/cpp/include/class_loader/class_loader_core.hpp): one per
// program, reached by the program's own registrations and by each library it opens.
#include <dlfcn.h>

#include <map>
#include <mutex>
#include <set>

#include "class_loader/class_loader.hpp"

namespace class_loader
{
namespace impl
{
namespace
{
struct RegisteredClass
{
  ObjectMaker make;
  std::string library;  // the library whose loading registered it; "" when linked into the program
};

struct ClassRegistry
{
  std::mutex mutex;
  // base type -> class name -> class: std::map, so each base's classes come by name.
  std::map<std::string, std::map<std::string, RegisteredClass>> classes;
  std::set<std::string> opened;
  // The library being opened, while it is: what its static initializers register is its.
  std::string loading;
};

ClassRegistry & class_registry()
{
  static ClassRegistry the_registry;
  return the_registry;
}
}  // namespace

void register_class(const std::string & base_type, const std::string & class_name, ObjectMaker make)
{
  auto & registry = class_registry();
  // No lock: it runs inside open_library's dlopen (which holds none) or before main.
  registry.classes[base_type][class_name] = RegisteredClass{std::move(make), registry.loading};
}

std::vector<std::string> classes_of(const std::string & base_type, const std::string & library)
{
  auto & registry = class_registry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<std::string> names;
  auto found = registry.classes.find(base_type);
  if (found != registry.classes.end()) {
    for (const auto & [name, registered] : found->second) {
      if (registered.library == library) {
        names.push_back(name);
      }
    }
  }
  return names;
}

std::vector<std::pair<std::string, std::string>> all_classes_of(const std::string & base_type)
{
  auto & registry = class_registry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<std::pair<std::string, std::string>> classes;
  auto found = registry.classes.find(base_type);
  if (found != registry.classes.end()) {
    for (const auto & [name, registered] : found->second) {
      classes.emplace_back(name, registered.library);
    }
  }
  return classes;
}

void * make_object(const std::string & base_type, const std::string & class_name, const std::string & library)
{
  ObjectMaker make;
  {
    auto & registry = class_registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto of_base = registry.classes.find(base_type);
    if (of_base == registry.classes.end()) {
      return nullptr;
    }
    auto found = of_base->second.find(class_name);
    if (found == of_base->second.end() || found->second.library != library) {
      return nullptr;
    }
    make = found->second.make;
  }
  return make();
}

void open_library(const std::string & path)
{
  auto & registry = class_registry();
  std::unique_lock<std::mutex> lock(registry.mutex);
  if (registry.opened.count(path) > 0) {
    return;
  }
  registry.loading = path;
  // Unlocked while the library's initializers register their classes.
  lock.unlock();
  void * handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  lock.lock();
  registry.loading.clear();
  if (handle == nullptr) {
    throw LibraryLoadException("Could not load library " + path + ": " + dlerror());
  }
  registry.opened.insert(path);
}

bool library_opened(const std::string & path)
{
  auto & registry = class_registry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  return registry.opened.count(path) > 0;
}

}  // namespace impl

std::string systemLibraryPrefix() {return "lib";}
std::string systemLibrarySuffix() {return ".so";}
std::string systemLibraryFormat(const std::string & library_name)
{
  return systemLibraryPrefix() + library_name + systemLibrarySuffix();
}

}  // namespace class_loader
