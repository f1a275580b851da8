// class_loader::MultiLibraryClassLoader (class_loader/multi_library_class_loader.hpp): a
// ClassLoader per library path; a class is made by the first library (in the order of their
// paths) that registered it.
#ifndef CLASS_LOADER__MULTI_LIBRARY_CLASS_LOADER_HPP_
#define CLASS_LOADER__MULTI_LIBRARY_CLASS_LOADER_HPP_

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "class_loader/class_loader.hpp"

namespace class_loader
{

class MultiLibraryClassLoader
{
public:
  explicit MultiLibraryClassLoader(bool enable_ondemand_loadunload = false)
  : ondemand_(enable_ondemand_loadunload) {}
  virtual ~MultiLibraryClassLoader() = default;

  void loadLibrary(const std::string & library_path)
  {
    if (loaders_.count(library_path) == 0) {
      loaders_.emplace(library_path, std::make_unique<ClassLoader>(library_path, ondemand_));
    }
  }
  int unloadLibrary(const std::string & library_path)
  {
    auto found = loaders_.find(library_path);
    if (found == loaders_.end()) {
      return 0;
    }
    int left = found->second->unloadLibrary();
    if (left == 0) {
      loaders_.erase(found);
    }
    return left;
  }
  bool isLibraryAvailable(const std::string & library_path) const {return loaders_.count(library_path) > 0;}
  std::vector<std::string> getRegisteredLibraries() const
  {
    std::vector<std::string> paths;
    for (const auto & entry : loaders_) {
      paths.push_back(entry.first);
    }
    return paths;
  }

  template<class Base>
  std::vector<std::string> getAvailableClasses() const
  {
    std::vector<std::string> classes;
    for (const auto & entry : loaders_) {
      auto of_library = entry.second->getAvailableClasses<Base>();
      classes.insert(classes.end(), of_library.begin(), of_library.end());
    }
    return classes;
  }
  template<class Base>
  std::vector<std::string> getAvailableClassesForLibrary(const std::string & library_path) const
  {
    auto found = loaders_.find(library_path);
    if (found == loaders_.end()) {
      throw NoClassLoaderExistsException("There is no ClassLoader in MultiLibraryClassLoader bound to library " + library_path);
    }
    return found->second->getAvailableClasses<Base>();
  }
  template<class Base>
  bool isClassAvailable(const std::string & class_name) const
  {
    const std::vector<std::string> classes = getAvailableClasses<Base>();
    return std::find(classes.begin(), classes.end(), class_name) != classes.end();
  }

  template<class Base>
  std::shared_ptr<Base> createSharedInstance(const std::string & class_name) {return loader_for<Base>(class_name).template createSharedInstance<Base>(class_name);}
  template<class Base>
  std::shared_ptr<Base> createSharedInstance(const std::string & class_name, const std::string & library_path)
  {
    return loader_of(library_path).createSharedInstance<Base>(class_name);
  }
  template<class Base>
  std::shared_ptr<Base> createInstance(const std::string & class_name) {return createSharedInstance<Base>(class_name);}
  template<class Base>
  std::shared_ptr<Base> createInstance(const std::string & class_name, const std::string & library_path)
  {
    return createSharedInstance<Base>(class_name, library_path);
  }
  template<class Base>
  ClassLoader::UniquePtr<Base> createUniqueInstance(const std::string & class_name)
  {
    return loader_for<Base>(class_name).template createUniqueInstance<Base>(class_name);
  }
  template<class Base>
  ClassLoader::UniquePtr<Base> createUniqueInstance(const std::string & class_name, const std::string & library_path)
  {
    return loader_of(library_path).createUniqueInstance<Base>(class_name);
  }
  template<class Base>
  Base * createUnmanagedInstance(const std::string & class_name)
  {
    return loader_for<Base>(class_name).template createUnmanagedInstance<Base>(class_name);
  }
  template<class Base>
  Base * createUnmanagedInstance(const std::string & class_name, const std::string & library_path)
  {
    return loader_of(library_path).createUnmanagedInstance<Base>(class_name);
  }

private:
  template<class Base>
  ClassLoader & loader_for(const std::string & class_name)
  {
    for (auto & entry : loaders_) {
      if (entry.second->isClassAvailable<Base>(class_name)) {
        return *entry.second;
      }
    }
    throw CreateClassException(
      "MultiLibraryClassLoader: Could not create object of class type " + class_name +
      " as no factory exists for it. Make sure that the library exists and was explicitly loaded through "
      "MultiLibraryClassLoader::loadLibrary()");
  }
  ClassLoader & loader_of(const std::string & library_path)
  {
    auto found = loaders_.find(library_path);
    if (found == loaders_.end()) {
      throw NoClassLoaderExistsException("Could not create class of type: no ClassLoader bound to library " + library_path);
    }
    return *found->second;
  }

  bool ondemand_;
  std::map<std::string, std::unique_ptr<ClassLoader>> loaders_;
};

}  // namespace class_loader

#endif  // CLASS_LOADER__MULTI_LIBRARY_CLASS_LOADER_HPP_
