// class_loader::ClassLoader (class_loader/class_loader.hpp) for the classes rclcpp_components
// registers (RCLCPP_COMPONENTS_REGISTER_NODE): a library opened with dlopen, the node factories
// it registered as it loaded, named as class_loader names them
// ("rclcpp_components::NodeFactoryTemplate<ns::Class>"), sorted by name as class_loader's map
// gives them. The library "" holds the classes linked into the program itself.
#ifndef CLASS_LOADER__CLASS_LOADER_HPP_
#define CLASS_LOADER__CLASS_LOADER_HPP_

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "rclcpp_components/node_factory.hpp"

namespace class_loader
{

class ClassLoader
{
public:
  /// Opens the library (none for ""); throws class_loader::LibraryLoadException when it cannot.
  explicit ClassLoader(const std::string & library_path, bool ondemand_load_unload = false);
  virtual ~ClassLoader() = default;
  ClassLoader(const ClassLoader &) = delete;
  ClassLoader & operator=(const ClassLoader &) = delete;

  const std::string & getLibraryPath() const {return library_path_;}
  bool isOnDemandLoadUnloadEnabled() const {return false;}

  template<class Base>
  std::vector<std::string> getAvailableClasses() const
  {
    static_assert(std::is_same_v<Base, rclcpp_components::NodeFactory>, "rclsim's class_loader loads rclcpp_components' node factories");
    return node_factory_classes();
  }
  template<class Base>
  std::shared_ptr<Base> createInstance(const std::string & derived_class_name)
  {
    static_assert(std::is_same_v<Base, rclcpp_components::NodeFactory>, "rclsim's class_loader loads rclcpp_components' node factories");
    return create_node_factory(derived_class_name);
  }
  template<class Base>
  bool isClassAvailable(const std::string & class_name) const
  {
    auto classes = getAvailableClasses<Base>();
    for (const auto & name : classes) {
      if (name == class_name) {
        return true;
      }
    }
    return false;
  }

private:
  std::vector<std::string> node_factory_classes() const;
  std::shared_ptr<rclcpp_components::NodeFactory> create_node_factory(const std::string & class_name) const;

  std::string library_path_;
};

class ClassLoaderException : public std::runtime_error
{
public:
  explicit ClassLoaderException(const std::string & error) : std::runtime_error(error) {}
};
class LibraryLoadException : public ClassLoaderException
{
public:
  explicit LibraryLoadException(const std::string & error) : ClassLoaderException(error) {}
};
class CreateClassException : public ClassLoaderException
{
public:
  explicit CreateClassException(const std::string & error) : ClassLoaderException(error) {}
};

}  // namespace class_loader

#endif  // CLASS_LOADER__CLASS_LOADER_HPP_
