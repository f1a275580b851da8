# rclsim's rclcpp_components: a component class is recorded in the install prefix's ament index
# (share/ament_index/resource_index/rclcpp_components/<pkg>: `Class;lib/libtarget.so` lines), as
# rclcpp_components records it; ament_package() writes the lines.

# rclcpp_components_register_nodes(target classes...)
function(rclcpp_components_register_nodes target)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "rclcpp_components_register_nodes(): '${target}' is not a target")
  endif()
  foreach(class ${ARGN})
    set_property(GLOBAL APPEND PROPERTY RCLSIM_COMPONENTS "${class}|${target}")
  endforeach()
endfunction()

# rclcpp_components_register_node(target PLUGIN class EXECUTABLE name [EXECUTOR executor]
# [RESOURCE_INDEX index]): recorded as above, and an executable `name` made as rclcpp_components'
# node_main.cpp.in makes it: the ROS arguments given to the node's options, the class's node
# added to an executor of the kind named (SingleThreadedExecutor by default) and spun. It links
# the component's library itself (no class_loader): the library registers its class on loading.
function(rclcpp_components_register_node target)
  cmake_parse_arguments(ARG "" "PLUGIN;EXECUTABLE;EXECUTOR;RESOURCE_INDEX" "" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "rclcpp_components_register_node() called with unused arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_PLUGIN)
    message(FATAL_ERROR "rclcpp_components_register_node macro requires a PLUGIN argument for target ${target}")
  endif()
  if(NOT ARG_EXECUTABLE)
    message(FATAL_ERROR "rclcpp_components_register_node macro requires a EXECUTABLE argument for target ${target}")
  endif()
  rclcpp_components_register_nodes(${target} "${ARG_PLUGIN}")
  set(executor SingleThreadedExecutor)
  if(ARG_EXECUTOR)
    set(executor ${ARG_EXECUTOR})
  endif()
  set(component ${ARG_PLUGIN})
  set(node ${ARG_EXECUTABLE})
  set(library "lib${target}.so")
  set(main "${PROJECT_BINARY_DIR}/rclcpp_components/node_main_${node}.cpp")
  file(CONFIGURE OUTPUT "${main}" @ONLY CONTENT [=[
// rclcpp_components_register_node(): @node@ runs @component@ (rclsim's clients/cpp/cmake/rclsim_components.cmake)
#include <memory>
#include <string>
#include <vector>

#include "rclcpp/rclcpp.hpp"
#include "rclcpp_components/register_node_macro.hpp"

using namespace rclcpp::executors;
using namespace rclcpp::experimental::executors;

int main(int argc, char * argv[])
{
  auto args = rclcpp::init_and_remove_ros_arguments(argc, argv);
  rclcpp::Logger logger = rclcpp::get_logger("@node@");
  @executor@ exec;
  rclcpp::NodeOptions options;
  options.arguments(args);
  auto node_factory = rclcpp_components::find_node_factory("@component@");
  if (!node_factory) {
    RCLCPP_ERROR(logger, "Class %s not found in library %s",
      "rclcpp_components::NodeFactoryTemplate<@component@>", "@library@");
    return 1;
  }
  {
    rclcpp_components::NodeInstanceWrapper node_wrapper = node_factory->create_node_instance(options);
    rclcpp::node_interfaces::NodeBaseInterface::SharedPtr node = node_wrapper.get_node_base_interface();
    exec.add_node(node);
    exec.spin();
    exec.remove_node(node_wrapper.get_node_base_interface());
  }
  rclcpp::shutdown();
  return 0;
}
]=])
  add_executable(${node} "${main}")
  # Linked even though main names none of its symbols: loading it registers the class.
  target_link_libraries(${node} "-Wl,--no-as-needed" ${target} rclcpp::rclcpp rclcpp_components::component)
  install(TARGETS ${node} DESTINATION lib/${PROJECT_NAME})
endfunction()
