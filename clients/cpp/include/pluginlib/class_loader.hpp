// pluginlib::ClassLoader<T> (pluginlib/class_loader.hpp), as upstream's: the plugin description
// files the ament index lists under `<package>__pluginlib__plugin` (by exporting package's name)
// read when it is made; a class of base_class found by its lookup name (the `name` attribute,
// else its `type`), getDeclaredClasses in the order of lookup names; its library
// (`<library path="…">`) found as lib<name>.so in the exporting package's prefix's lib/ (and
// lib64/, bin/, lib/<package>/ …), opened with class_loader, which makes the object of the
// `type` the library registered (PLUGINLIB_EXPORT_CLASS). Libraries stay loaded until the
// program ends.
#ifndef PLUGINLIB__CLASS_LOADER_HPP_
#define PLUGINLIB__CLASS_LOADER_HPP_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "class_loader/multi_library_class_loader.hpp"
#include "pluginlib/class_desc.hpp"
#include "pluginlib/exceptions.hpp"

namespace pluginlib
{

template<typename T>
using UniquePtr = class_loader::ClassLoader::UniquePtr<T>;

namespace impl
{
/// The plugin description files of the base package's plugins (ament index), by exporting package.
std::vector<std::string> plugin_xml_paths(const std::string & package, const std::string & attrib_name);
/// The classes of base_class the files declare, by lookup name (the first declaration of a name).
std::map<std::string, ClassDesc> declared_classes(const std::vector<std::string> & xml_paths, const std::string & base_class);
/// The library file of a declared class; throws LibraryLoadException when none of the paths tried exists.
std::string class_library_path(const ClassDesc & desc);
/// Every path tried for a library of the package, in order.
std::vector<std::string> library_paths_to_try(const std::string & library_name, const std::string & package);
/// The class name of a lookup name, without its package ("pkg/Class" -> "Class").
std::string lookup_name_tail(const std::string & lookup_name);
/// Throws ClassLoaderException when the package is not in the ament index.
void require_package(const std::string & package);
}  // namespace impl

template<class T>
class ClassLoader
{
public:
  typedef typename std::map<std::string, ClassDesc>::iterator ClassMapIterator;

  ClassLoader(
    std::string package, std::string base_class, std::string attrib_name = std::string("plugin"),
    std::vector<std::string> plugin_xml_paths = std::vector<std::string>())
  : plugin_xml_paths_(std::move(plugin_xml_paths)), package_(std::move(package)), base_class_(std::move(base_class)),
    attrib_name_(std::move(attrib_name)), lowlevel_class_loader_(false)
  {
    impl::require_package(package_);
    if (plugin_xml_paths_.empty()) {
      plugin_xml_paths_ = impl::plugin_xml_paths(package_, attrib_name_);
    }
    classes_available_ = impl::declared_classes(plugin_xml_paths_, base_class_);
  }
  virtual ~ClassLoader() = default;

  std::shared_ptr<T> createSharedInstance(const std::string & lookup_name)
  {
    load_for(lookup_name);
    try {
      return lowlevel_class_loader_.createSharedInstance<T>(getClassType(lookup_name));
    } catch (const class_loader::CreateClassException & error) {
      throw CreateClassException(error.what());
    }
  }
  UniquePtr<T> createUniqueInstance(const std::string & lookup_name)
  {
    load_for(lookup_name);
    try {
      return lowlevel_class_loader_.createUniqueInstance<T>(getClassType(lookup_name));
    } catch (const class_loader::CreateClassException & error) {
      throw CreateClassException(error.what());
    }
  }
  T * createUnmanagedInstance(const std::string & lookup_name)
  {
    load_for(lookup_name);
    try {
      return lowlevel_class_loader_.createUnmanagedInstance<T>(getClassType(lookup_name));
    } catch (const class_loader::CreateClassException & error) {
      throw CreateClassException(error.what());
    }
  }

  std::vector<std::string> getPluginXmlPaths() {return plugin_xml_paths_;}
  std::vector<std::string> getDeclaredClasses()
  {
    std::vector<std::string> names;
    for (const auto & entry : classes_available_) {
      names.push_back(entry.first);
    }
    return names;
  }
  std::string getBaseClassType() const {return base_class_;}
  std::string getClassDescription(const std::string & lookup_name) {return field(lookup_name, &ClassDesc::description_);}
  std::string getClassType(const std::string & lookup_name) {return field(lookup_name, &ClassDesc::derived_class_);}
  std::string getClassPackage(const std::string & lookup_name) {return field(lookup_name, &ClassDesc::package_);}
  std::string getPluginManifestPath(const std::string & lookup_name) {return field(lookup_name, &ClassDesc::plugin_manifest_path_);}
  std::string getName(const std::string & lookup_name) {return impl::lookup_name_tail(lookup_name);}
  std::string getClassLibraryPath(const std::string & lookup_name)
  {
    auto found = classes_available_.find(lookup_name);
    if (found == classes_available_.end()) {
      throw LibraryLoadException(
        "Could not find library corresponding to plugin " + lookup_name +
        ". Make sure the plugin description XML file has the correct name of the library.");
    }
    return impl::class_library_path(found->second);
  }
  std::vector<std::string> getRegisteredLibraries() {return lowlevel_class_loader_.getRegisteredLibraries();}
  bool isClassAvailable(const std::string & lookup_name) {return classes_available_.count(lookup_name) > 0;}
  bool isClassLoaded(const std::string & lookup_name)
  {
    return lowlevel_class_loader_.isClassAvailable<T>(getClassType(lookup_name));
  }
  void loadLibraryForClass(const std::string & lookup_name)
  {
    auto found = classes_available_.find(lookup_name);
    if (found == classes_available_.end()) {
      throw LibraryLoadException(unknown_class(lookup_name));
    }
    std::string library_path = getClassLibraryPath(lookup_name);
    try {
      lowlevel_class_loader_.loadLibrary(library_path);
      found->second.resolved_library_path_ = library_path;
    } catch (const class_loader::LibraryLoadException & error) {
      throw LibraryLoadException(
        "Failed to load library " + library_path + ". Make sure that you are calling the PLUGINLIB_EXPORT_CLASS macro in the "
        "library code, and that names are consistent between this macro and your XML. Error string: " + error.what());
    }
  }
  int unloadLibraryForClass(const std::string & lookup_name)
  {
    auto found = classes_available_.find(lookup_name);
    if (found == classes_available_.end() || found->second.resolved_library_path_ == "UNRESOLVED") {
      throw LibraryUnloadException(unknown_class(lookup_name));
    }
    return lowlevel_class_loader_.unloadLibrary(found->second.resolved_library_path_);
  }
  void refreshDeclaredClasses()
  {
    plugin_xml_paths_ = impl::plugin_xml_paths(package_, attrib_name_);
    for (auto & entry : impl::declared_classes(plugin_xml_paths_, base_class_)) {
      classes_available_.insert(entry);
    }
  }

private:
  // An unknown lookup name is LibraryLoadException, as upstream's.
  void load_for(const std::string & lookup_name)
  {
    if (!isClassLoaded(lookup_name)) {
      loadLibraryForClass(lookup_name);
    }
  }
  std::string field(const std::string & lookup_name, std::string ClassDesc::* member)
  {
    auto found = classes_available_.find(lookup_name);
    return found == classes_available_.end() ? "" : found->second.*member;
  }
  std::string unknown_class(const std::string & lookup_name)
  {
    std::string declared;
    for (const auto & name : getDeclaredClasses()) {
      declared += " " + name;
    }
    return "According to the loaded plugin descriptions the class " + lookup_name + " with base class type " + base_class_ +
           " does not exist. Declared types are " + declared;
  }

  std::vector<std::string> plugin_xml_paths_;
  std::map<std::string, ClassDesc> classes_available_;
  std::string package_;
  std::string base_class_;
  std::string attrib_name_;
  class_loader::MultiLibraryClassLoader lowlevel_class_loader_;
};

}  // namespace pluginlib

#endif  // PLUGINLIB__CLASS_LOADER_HPP_
