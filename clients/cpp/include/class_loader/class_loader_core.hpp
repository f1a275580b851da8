// class_loader's registry of classes (class_loader/class_loader_core.hpp's role): one per program,
// in rclsim's client, which the program's executable exports (-rdynamic). A plugin library's
// static registration (CLASS_LOADER_REGISTER_CLASS) reaches it as the library is opened, and the
// classes it registers belong to that library's path; those of the program itself to "".
// Classes are kept by base class (its typeid name) and by the name the macro was given, each
// base's classes in the order of their names (class_loader's map).
#ifndef CLASS_LOADER__CLASS_LOADER_CORE_HPP_
#define CLASS_LOADER__CLASS_LOADER_CORE_HPP_

#include <functional>
#include <string>
#include <typeinfo>
#include <vector>

namespace class_loader
{
namespace impl
{

/// Makes an object of the class, returned as its base's pointer.
using ObjectMaker = std::function<void *()>;

/// Called by a library's static initializers (through the macro) as it loads.
void register_class(const std::string & base_type, const std::string & class_name, ObjectMaker make);
/// The classes of a base registered by the library (by name).
std::vector<std::string> classes_of(const std::string & base_type, const std::string & library);
/// Every class of a base, whatever library registered it: (name, library) by name.
std::vector<std::pair<std::string, std::string>> all_classes_of(const std::string & base_type);
/// A new object (as its base's pointer) of a class the library registered; nullptr when none.
void * make_object(const std::string & base_type, const std::string & class_name, const std::string & library);
/// Opens the library (dlopen, RTLD_NOW | RTLD_GLOBAL; never closed): its registrations are its.
/// Throws class_loader::LibraryLoadException when it cannot.
void open_library(const std::string & path);
/// Whether a ClassLoader opened the library.
bool library_opened(const std::string & path);

template<class Derived, class Base>
void registerPlugin(const std::string & class_name, const std::string & /*base_class_name*/)
{
  register_class(typeid(Base).name(), class_name, []() -> void * {return static_cast<Base *>(new Derived());});
}

}  // namespace impl
}  // namespace class_loader

#endif  // CLASS_LOADER__CLASS_LOADER_CORE_HPP_
