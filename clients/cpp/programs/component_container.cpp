// rclcpp_components' component_container as rclsim runs it: loads each component's library,
// makes its node with the NodeOptions its ROS arguments give, and spins them all in one
// executor, one process (docs/design.md#c-programs: components may share a container).
//
//   component_container [--container /NS/NAME] --component LIBRARY CLASS [--launched]
//     [--extra-argument NAME:=true|false]... [ROS ARGUMENTS...] [--component ...]
//
// A library's RCLCPP_COMPONENTS_REGISTER_NODE registers its classes when it loads; the client's
// symbols it uses come from this program (linked -rdynamic), so there is one client per process.
// It says what it loads as component_manager.cpp's ComponentManager does, under the container's
// node name (ComponentManager unless a launch file names it), and, for a component a launch file
// loaded, what launch_ros' LoadComposableNodes says once the node is made.
#include <dlfcn.h>

#include <cstdio>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rclcpp/rclcpp.hpp"
#include "rclcpp_components/register_node_macro.hpp"

namespace
{

struct Component
{
  std::string library;
  std::string class_name;
  bool launched = false;
  std::vector<std::pair<std::string, bool>> extra_arguments;
  std::vector<std::string> arguments;
};

struct Container
{
  /// The container's full node name.
  std::string name = "/ComponentManager";
  std::vector<Component> components;
};

/// NAME:=true|false, as rclsim writes what a LoadNode request's extra_arguments hold.
std::pair<std::string, bool> extra_argument(const std::string & text)
{
  const auto at = text.find(":=");
  if (at == std::string::npos || (text.substr(at + 2) != "true" && text.substr(at + 2) != "false")) {
    throw std::invalid_argument("--extra-argument takes NAME:=true|false, not '" + text + "'");
  }
  return {text.substr(0, at), text.substr(at + 2) == "true"};
}

Container container_of(const std::vector<std::string> & args)
{
  Container container;
  for (size_t i = 1; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    if (args[i] == "--container" && container.components.empty() && has_value) {
      container.name = args[++i];
    } else if (args[i] == "--component") {
      if (i + 2 >= args.size()) {
        throw std::invalid_argument("--component needs a library and a class");
      }
      container.components.push_back(Component{args[i + 1], args[i + 2], false, {}, {}});
      i += 2;
    } else if (container.components.empty()) {
      throw std::invalid_argument("unexpected argument '" + args[i] + "' before the first --component");
    } else if (container.components.back().arguments.empty() && args[i] == "--launched") {
      container.components.back().launched = true;
    } else if (container.components.back().arguments.empty() && args[i] == "--extra-argument" && has_value) {
      container.components.back().extra_arguments.push_back(extra_argument(args[++i]));
    } else {
      container.components.back().arguments.push_back(args[i]);
    }
  }
  return container;
}

/// The logger of a node of this full name, as rclcpp names it: the namespace's parts and the name, joined by dots.
std::string logger_name(const std::string & full_name)
{
  const auto start = full_name.find_first_not_of('/');
  std::string name = start == std::string::npos ? "ComponentManager" : full_name.substr(start);
  for (auto & c : name) {
    if (c == '/') {
      c = '.';
    }
  }
  return name;
}

}  // namespace

int main(int argc, char * argv[])
{
  std::vector<std::string> args(argv, argv + argc);
  Container container = container_of(args);
  // The container's own context has no ROS arguments: each component's are its node's.
  const char * name = argv[0];
  rclcpp::init(1, &name);
  auto logger = rclcpp::get_logger(logger_name(container.name));
  auto launch_logger = rclcpp::get_logger("launch_ros.actions.load_composable_nodes");
  std::vector<rclcpp_components::NodeInstanceWrapper> nodes;
  std::set<std::string> loaded_libraries;
  rclcpp::executors::SingleThreadedExecutor executor;
  for (const auto & component : container.components) {
    // A library is loaded once per container, as its class_loader is made once per path.
    if (loaded_libraries.insert(component.library).second) {
      RCLCPP_INFO(logger, "Load Library: %s", component.library.c_str());
      if (dlopen(component.library.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
        std::fprintf(stderr, "Failed to load library: %s\n", dlerror());
        return 2;
      }
    }
    auto factory = rclcpp_components::find_node_factory(component.class_name);
    if (!factory) {
      std::fprintf(stderr, "Failed to find class with the requested plugin name '%s' in the loaded library\n", component.class_name.c_str());
      return 2;
    }
    RCLCPP_INFO(logger, "Found class: rclcpp_components::NodeFactoryTemplate<%s>", component.class_name.c_str());
    RCLCPP_INFO(logger, "Instantiate class: rclcpp_components::NodeFactoryTemplate<%s>", component.class_name.c_str());
    std::vector<std::string> node_args{"--ros-args"};
    node_args.insert(node_args.end(), component.arguments.begin(), component.arguments.end());
    rclcpp::NodeOptions options;
    options.use_global_arguments(false).arguments(component.arguments.empty() ? std::vector<std::string>{} : node_args);
    // What create_node_options reads of the extra arguments (each a bool: checked before the run).
    for (const auto & [option, value] : component.extra_arguments) {
      if (option == "use_intra_process_comms") {
        options.use_intra_process_comms(value);
      } else if (option == "forward_global_arguments") {
        options.use_global_arguments(value);
        if (value) {
          RCLCPP_WARN(
            logger,
            "forward_global_arguments is true by default in nodes, but is not recommended in a component manager. If true, this will cause "
            "this node's behavior to be influenced by global arguments, not only those targeted at this node.");
        }
      }
    }
    nodes.push_back(factory->create_node_instance(options));
    auto node = nodes.back().get_node_base_interface();
    executor.add_node(node);
    if (component.launched) {
      RCLCPP_INFO(launch_logger, "Loaded node '%s' in container '%s'", node->get_fully_qualified_name(), container.name.c_str());
    }
  }
  executor.spin();
  rclcpp::shutdown();
  return 0;
}
