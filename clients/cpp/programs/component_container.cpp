// rclcpp_components' component_container as rclsim runs it: loads each component's library,
// makes its node with the NodeOptions its ROS arguments give, and spins them all in one
// executor, one process (DESIGN.md "C++ programs": components may share a container).
//
//   component_container --component LIBRARY CLASS [ROS ARGUMENTS...] [--component ...]
//
// A library's RCLCPP_COMPONENTS_REGISTER_NODE registers its classes when it loads; the client's
// symbols it uses come from this program (linked -rdynamic), so there is one client per process.
#include <dlfcn.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "rclcpp/rclcpp.hpp"
#include "rclcpp_components/register_node_macro.hpp"

namespace
{

struct Component
{
  std::string library;
  std::string class_name;
  std::vector<std::string> arguments;
};

std::vector<Component> components_of(const std::vector<std::string> & args)
{
  std::vector<Component> components;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--component") {
      if (i + 2 >= args.size()) {
        throw std::invalid_argument("--component needs a library and a class");
      }
      components.push_back(Component{args[i + 1], args[i + 2], {}});
      i += 2;
    } else if (!components.empty()) {
      components.back().arguments.push_back(args[i]);
    } else {
      throw std::invalid_argument("unexpected argument '" + args[i] + "' before the first --component");
    }
  }
  return components;
}

}  // namespace

int main(int argc, char * argv[])
{
  std::vector<std::string> args(argv, argv + argc);
  std::vector<Component> components = components_of(args);
  // The container's own context has no ROS arguments: each component's are its node's.
  const char * name = argv[0];
  rclcpp::init(1, &name);
  auto logger = rclcpp::get_logger("component_container");
  std::vector<rclcpp_components::NodeInstanceWrapper> nodes;
  rclcpp::executors::SingleThreadedExecutor executor;
  for (const auto & component : components) {
    if (dlopen(component.library.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
      std::fprintf(stderr, "Failed to load library: %s\n", dlerror());
      return 2;
    }
    auto factory = rclcpp_components::find_node_factory(component.class_name);
    if (!factory) {
      std::fprintf(stderr, "Failed to find class with the requested plugin name '%s' in the loaded library\n", component.class_name.c_str());
      return 2;
    }
    RCLCPP_INFO(logger, "Load Library: %s", component.library.c_str());
    RCLCPP_INFO(logger, "Found class: rclcpp_components::NodeFactoryTemplate<%s>", component.class_name.c_str());
    RCLCPP_INFO(logger, "Instantiate class: rclcpp_components::NodeFactoryTemplate<%s>", component.class_name.c_str());
    std::vector<std::string> node_args{"--ros-args"};
    node_args.insert(node_args.end(), component.arguments.begin(), component.arguments.end());
    rclcpp::NodeOptions options;
    options.use_global_arguments(false).arguments(component.arguments.empty() ? std::vector<std::string>{} : node_args);
    nodes.push_back(factory->create_node_instance(options));
    executor.add_node(nodes.back().get_node_base_interface());
  }
  executor.spin();
  rclcpp::shutdown();
  return 0;
}
