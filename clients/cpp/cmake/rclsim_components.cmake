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
# [RESOURCE_INDEX index]): recorded as above; rclsim makes no executable of it.
function(rclcpp_components_register_node target)
  cmake_parse_arguments(ARG "" "PLUGIN;EXECUTABLE;EXECUTOR;RESOURCE_INDEX" "" ${ARGN})
  if(NOT ARG_PLUGIN)
    message(FATAL_ERROR "rclcpp_components_register_node(${target}): PLUGIN names the class")
  endif()
  rclcpp_components_register_nodes(${target} "${ARG_PLUGIN}")
  if(ARG_EXECUTABLE)
    message(STATUS "rclsim: rclcpp_components_register_node(${target}): no executable ${ARG_EXECUTABLE} is made (rclsim runs no component container yet)")
  endif()
endfunction()
