// class_loader::ClassLoader (class_loader/class_loader.hpp): one library opened with dlopen, the
// classes its loading registered (CLASS_LOADER_REGISTER_CLASS), by base class, made on request.
// The library "" holds the classes linked into the program itself. As upstream's (loaded at
// construction, not on demand), except that a library is never closed: it stays loaded until
// the program ends, so unloadLibrary only forgets this loader's use of it.
#ifndef CLASS_LOADER__CLASS_LOADER_HPP_
#define CLASS_LOADER__CLASS_LOADER_HPP_

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include "class_loader/class_loader_core.hpp"
#include "class_loader/exceptions.hpp"
#include "class_loader/register_macro.hpp"

namespace class_loader
{

/// The file name of a library on this system: lib<name>.so.
std::string systemLibraryPrefix();
std::string systemLibrarySuffix();
std::string systemLibraryFormat(const std::string & library_name);

class ClassLoader
{
public:
  template<typename Base>
  using DeleterType = std::function<void (Base *)>;
  template<typename Base>
  using UniquePtr = std::unique_ptr<Base, DeleterType<Base>>;

  explicit ClassLoader(const std::string & library_path, bool ondemand_load_unload = false)
  : library_path_(library_path), ondemand_load_unload_(ondemand_load_unload)
  {
    if (!ondemand_load_unload_) {
      loadLibrary();
    }
  }
  virtual ~ClassLoader() = default;
  ClassLoader(const ClassLoader &) = delete;
  ClassLoader & operator=(const ClassLoader &) = delete;

  const std::string & getLibraryPath() const {return library_path_;}
  bool isOnDemandLoadUnloadEnabled() const {return ondemand_load_unload_;}

  void loadLibrary()
  {
    if (!library_path_.empty()) {
      impl::open_library(library_path_);
    }
    ++load_count_;
  }
  int unloadLibrary()
  {
    if (load_count_ > 0) {
      --load_count_;
    }
    return load_count_;
  }
  bool isLibraryLoaded() const {return load_count_ > 0 || library_path_.empty();}
  bool isLibraryLoadedByAnyClassloader() const {return library_path_.empty() || impl::library_opened(library_path_);}

  template<class Base>
  std::vector<std::string> getAvailableClasses() const
  {
    return impl::classes_of(typeid(Base).name(), library_path_);
  }
  template<class Base>
  bool isClassAvailable(const std::string & class_name) const
  {
    const std::vector<std::string> classes = getAvailableClasses<Base>();
    return std::find(classes.begin(), classes.end(), class_name) != classes.end();
  }

  template<class Base>
  std::shared_ptr<Base> createSharedInstance(const std::string & derived_class_name)
  {
    return std::shared_ptr<Base>(createUnmanagedInstance<Base>(derived_class_name));
  }
  template<class Base>
  std::shared_ptr<Base> createInstance(const std::string & derived_class_name)
  {
    return createSharedInstance<Base>(derived_class_name);
  }
  template<class Base>
  UniquePtr<Base> createUniqueInstance(const std::string & derived_class_name)
  {
    return UniquePtr<Base>(createUnmanagedInstance<Base>(derived_class_name), [](Base * object) {delete object;});
  }
  template<class Base>
  Base * createUnmanagedInstance(const std::string & derived_class_name)
  {
    if (ondemand_load_unload_ && !isLibraryLoaded()) {
      loadLibrary();
    }
    void * object = impl::make_object(typeid(Base).name(), derived_class_name, library_path_);
    if (object == nullptr) {
      throw CreateClassException(
        "Could not create instance of type " + derived_class_name + ": no class of that name and base class in library '" +
        library_path_ + "'");
    }
    return static_cast<Base *>(object);
  }

private:
  std::string library_path_;
  bool ondemand_load_unload_;
  int load_count_ = 0;
};

}  // namespace class_loader

#endif  // CLASS_LOADER__CLASS_LOADER_HPP_
