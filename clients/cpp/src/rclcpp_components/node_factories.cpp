// rclcpp_components' node factories, registered with class_loader as upstream's
// RCLCPP_COMPONENTS_REGISTER_NODE registers them (clients/cpp/include/class_loader/).
#include <typeinfo>

#include "class_loader/class_loader.hpp"
#include "rclcpp_components/register_node_macro.hpp"

namespace rclcpp_components
{
namespace
{
const char factory_prefix[] = "rclcpp_components::NodeFactoryTemplate<";

std::string without_leading_colons(const std::string & class_name)
{
  return class_name.rfind("::", 0) == 0 ? class_name.substr(2) : class_name;
}
}  // namespace

std::shared_ptr<NodeFactory> find_node_factory(const std::string & class_name)
{
  // A class is one whatever library registered it, "::ns::Class" the same as "ns::Class".
  const std::string wanted = without_leading_colons(class_name);
  const std::string prefix = factory_prefix;
  for (const auto & [name, library] : class_loader::impl::all_classes_of(typeid(NodeFactory).name())) {
    if (name.rfind(prefix, 0) == 0 && name.back() == '>' &&
      without_leading_colons(name.substr(prefix.size(), name.size() - prefix.size() - 1)) == wanted)
    {
      return std::shared_ptr<NodeFactory>(static_cast<NodeFactory *>(class_loader::impl::make_object(typeid(NodeFactory).name(), name, library)));
    }
  }
  return nullptr;
}

}  // namespace rclcpp_components
