#include <map>

#include "rclcpp_components/register_node_macro.hpp"

namespace rclcpp_components
{
namespace
{
std::map<std::string, std::shared_ptr<NodeFactory>> & factories()
{
  static std::map<std::string, std::shared_ptr<NodeFactory>> the_factories;
  return the_factories;
}
}  // namespace

void register_node_factory(const std::string & class_name, std::shared_ptr<NodeFactory> factory)
{
  // class_loader's name: without a leading "::".
  factories()[class_name.rfind("::", 0) == 0 ? class_name.substr(2) : class_name] = std::move(factory);
}

std::shared_ptr<NodeFactory> find_node_factory(const std::string & class_name)
{
  auto found = factories().find(class_name.rfind("::", 0) == 0 ? class_name.substr(2) : class_name);
  return found == factories().end() ? nullptr : found->second;
}

}  // namespace rclcpp_components
