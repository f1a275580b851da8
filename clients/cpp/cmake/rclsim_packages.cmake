# What rclsim's package configs define (src/build/cmakePrefix.ts writes one <pkg>Config.cmake per
# package, each calling rclsim_provide_package): the variables and imported targets that real
# ament packages define and that CMakeLists use, over rclsim's C++ client and message headers.

# The message headers and what they include (rclsim's support headers); C++17, as the client
# library itself is compiled. The same floating-point bits on every CPU come from rclsim's
# compiler, in every compile of every target (src/build/numericCompiler.ts).
if(NOT TARGET rclsim::messages)
  add_library(rclsim::messages INTERFACE IMPORTED GLOBAL)
  set_target_properties(rclsim::messages PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${RCLSIM_CLIENT_INCLUDE};${RCLSIM_MESSAGES_INCLUDE}"
    INTERFACE_COMPILE_FEATURES cxx_std_17
    INTERFACE_COMPILE_OPTIONS "-pthread"
    INTERFACE_LINK_OPTIONS "-pthread")
endif()

# The client library is built the first time a package finds one of rclsim's packages, not with the
# prefix: a workspace of plain CMake packages that find none does not wait minutes for it (nor, for
# a cross compiler, for a build of its own). The script gets CXX, CC and CXXFLAGS as `rclsim build`
# had them: by now CMake has set CC and CXX to the package's compilers (src/build/cppClientMain.ts).
if(NOT EXISTS "${RCLSIM_CLIENT_LIBRARY}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env ${RCLSIM_CLIENT_ENV} "${RCLSIM_NODE}" "${RCLSIM_CLIENT_SCRIPT}" "${RCLSIM_CLIENT_LIBRARY}"
    RESULT_VARIABLE _rclsim_client_built)
  if(NOT _rclsim_client_built EQUAL 0)
    message(FATAL_ERROR "rclsim's C++ client did not build (${RCLSIM_CLIENT_LIBRARY}): the lines above say why")
  endif()
  unset(_rclsim_client_built)
endif()

# The client library, linked whole into each executable (its definitions of libc's time and
# randomness functions must come before libc's). A shared library leaves its symbols to the
# executable that loads it: one copy of the client per process; the executable exports them all
# (-rdynamic), so that a library it opens with dlopen (class_loader's) finds them too.
if(NOT TARGET rclsim::client)
  add_library(rclsim::client INTERFACE IMPORTED GLOBAL)
  set(_rclsim_is_executable "$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>")
  set_target_properties(rclsim::client PROPERTIES
    INTERFACE_LINK_LIBRARIES
      "rclsim::messages;$<${_rclsim_is_executable}:-Wl,--whole-archive>;$<${_rclsim_is_executable}:${RCLSIM_CLIENT_LIBRARY}>;$<${_rclsim_is_executable}:-Wl,--no-whole-archive>;$<${_rclsim_is_executable}:-rdynamic>")
  unset(_rclsim_is_executable)
endif()

# The targets rosidl makes for an interface package (rosidl_generator_cpp, the type supports).
set(RCLSIM_INTERFACE_TARGET_SUFFIXES
  rosidl_generator_c rosidl_generator_cpp rosidl_typesupport_c rosidl_typesupport_cpp
  rosidl_typesupport_introspection_c rosidl_typesupport_introspection_cpp
  rosidl_typesupport_fastrtps_c rosidl_typesupport_fastrtps_cpp)

# <pkg>_FOUND, _INCLUDE_DIRS, _LIBRARIES, _TARGETS, _DEFINITIONS and <pkg>::<pkg> for a package
# rclsim provides: `tool` (ament_cmake, rosidl_default_generators, …: functions only), `client`
# (rclcpp and its kin: the client library), `interface` (a shipped interface package: headers).
macro(rclsim_provide_package pkg kind)
  set(${pkg}_FOUND TRUE)
  # ament_cmake_ros makes add_library() shared unless told otherwise, as its build_shared_libs.cmake
  # does (diagnostic_updater's library, linked into navigation2's shared libraries, relies on it).
  if("${pkg}" STREQUAL "ament_cmake_ros")
    option(BUILD_SHARED_LIBS "add_library() makes shared libraries unless a library says STATIC" ON)
  endif()
  # yaml_cpp_vendor stands for the machine's yaml-cpp, by the target name yaml-cpp 0.8 exports
  # (packages link yaml-cpp::yaml-cpp; Debian 12's 0.7 names it yaml-cpp).
  if("${pkg}" STREQUAL "yaml_cpp_vendor")
    find_package(yaml-cpp REQUIRED)
    if(NOT TARGET yaml-cpp::yaml-cpp)
      add_library(yaml-cpp::yaml-cpp INTERFACE IMPORTED GLOBAL)
      set_target_properties(yaml-cpp::yaml-cpp PROPERTIES INTERFACE_LINK_LIBRARIES yaml-cpp)
    endif()
  endif()
  # python_cmake_module's PythonExtra: the interpreter (PYTHON_EXECUTABLE) a package's pytest names.
  if("${pkg}" STREQUAL "PythonExtra")
    find_program(PYTHON_EXECUTABLE python3 REQUIRED)
    set(PythonExtra_EXECUTABLE "${PYTHON_EXECUTABLE}")
    set(PYTHON_EXECUTABLE_DEBUG "${PYTHON_EXECUTABLE}")
  endif()
  set(${pkg}_DEFINITIONS "")
  set(${pkg}_INCLUDE_DIRS "")
  set(${pkg}_LIBRARIES "")
  set(${pkg}_TARGETS "")
  if("${kind}" STREQUAL "client")
    if(NOT TARGET ${pkg}::${pkg})
      add_library(${pkg}::${pkg} INTERFACE IMPORTED GLOBAL)
      set_target_properties(${pkg}::${pkg} PROPERTIES INTERFACE_LINK_LIBRARIES rclsim::client)
    endif()
    # rclcpp_components' own targets (a component library links rclcpp_components::component).
    if("${pkg}" STREQUAL "rclcpp_components")
      foreach(_rclsim_target component component_manager)
        if(NOT TARGET rclcpp_components::${_rclsim_target})
          add_library(rclcpp_components::${_rclsim_target} INTERFACE IMPORTED GLOBAL)
          set_target_properties(rclcpp_components::${_rclsim_target} PROPERTIES INTERFACE_LINK_LIBRARIES rclsim::client)
        endif()
      endforeach()
    endif()
    set(${pkg}_INCLUDE_DIRS "${RCLSIM_CLIENT_INCLUDE};${RCLSIM_MESSAGES_INCLUDE}")
    set(${pkg}_LIBRARIES ${pkg}::${pkg})
    set(${pkg}_TARGETS ${pkg}::${pkg})
    # rclcpp_components' library of the component machinery, which packages link by name.
    if("${pkg}" STREQUAL "rclcpp_components" AND NOT TARGET rclcpp_components::component)
      add_library(rclcpp_components::component INTERFACE IMPORTED GLOBAL)
      set_target_properties(rclcpp_components::component PROPERTIES INTERFACE_LINK_LIBRARIES rclsim::client)
    endif()
    # The packages their configs find too (ament_export_dependencies), which CMakeLists then name
    # without finding them: rclcpp's rcl, rcutils, rmw, rcpputils, libstatistics_collector (whose
    # headers ros2_control's hardware_interface includes through rclcpp); rclcpp_components' class_loader;
    # pluginlib's ament_index_cpp, class_loader; message_filters' rclcpp, rcutils, std_msgs.
    if("${pkg}" STREQUAL "rclcpp")
      set(_rclsim_exported rcl rcutils rmw rcpputils libstatistics_collector)
    elseif("${pkg}" STREQUAL "rclcpp_components")
      set(_rclsim_exported class_loader rclcpp)
    elseif("${pkg}" STREQUAL "tf2")
      set(_rclsim_exported geometry_msgs rcutils)
    elseif("${pkg}" STREQUAL "tf2_ros")
      set(_rclsim_exported tf2 tf2_msgs geometry_msgs rclcpp)
    elseif("${pkg}" STREQUAL "tf2_geometry_msgs")
      set(_rclsim_exported tf2 tf2_ros geometry_msgs)
    elseif("${pkg}" STREQUAL "tf2_eigen")
      set(_rclsim_exported tf2 tf2_ros geometry_msgs Eigen3)
    elseif("${pkg}" STREQUAL "tf2_sensor_msgs")
      set(_rclsim_exported tf2 tf2_ros sensor_msgs Eigen3)
    elseif("${pkg}" STREQUAL "pluginlib")
      set(_rclsim_exported ament_index_cpp class_loader rcutils rcpputils)
    elseif("${pkg}" STREQUAL "message_filters")
      set(_rclsim_exported rclcpp rcutils std_msgs)
    else()
      set(_rclsim_exported "")
    endif()
    foreach(_rclsim_dep ${_rclsim_exported})
      if(NOT ${_rclsim_dep}_FOUND)
        find_package(${_rclsim_dep} REQUIRED)
      endif()
    endforeach()
    # pluginlib's also exports tinyxml2_vendor and TinyXML2 (ros/pluginlib CMakeLists.txt), so a
    # package that finds TinyXML2 after it gets the vendor's module and TinyXML2_LIBRARIES
    # (hardware_interface links them); here when the workspace has tinyxml2_vendor.
    if("${pkg}" STREQUAL "pluginlib" AND NOT TinyXML2_FOUND)
      find_package(tinyxml2_vendor QUIET)
      if(tinyxml2_vendor_FOUND)
        find_package(TinyXML2 QUIET)
      endif()
    endif()
    unset(_rclsim_exported)
    unset(_rclsim_dep)
    # tf2_geometry_msgs links orocos-kdl, whose target orocos_kdl_vendor's extras make carry
    # Eigen3::Eigen (ros2/geometry2 jazzy tf2_geometry_msgs/CMakeLists.txt,
    # ros2/orocos_kdl_vendor orocos_kdl_vendor-extras.cmake): what links it includes <Eigen/…>
    # (nav2_map_server through nav2_util). Here without failing where Eigen is not installed.
    if("${pkg}" STREQUAL "tf2_geometry_msgs" AND NOT TARGET Eigen3::Eigen)
      find_package(Eigen3 QUIET)
    endif()
    # tf2_eigen's and tf2_sensor_msgs' headers include Eigen's: their targets carry Debian's Eigen3::Eigen.
    if("${pkg}" STREQUAL "tf2_eigen" OR "${pkg}" STREQUAL "tf2_sensor_msgs"
        OR ("${pkg}" STREQUAL "tf2_geometry_msgs" AND TARGET Eigen3::Eigen))
      set_target_properties(${pkg}::${pkg} PROPERTIES INTERFACE_LINK_LIBRARIES "rclsim::client;Eigen3::Eigen")
      set(${pkg}_INCLUDE_DIRS "${RCLSIM_CLIENT_INCLUDE};${RCLSIM_MESSAGES_INCLUDE};${EIGEN3_INCLUDE_DIRS}")
    endif()
  elseif("${kind}" STREQUAL "interface")
    rclsim_interface_targets(${pkg} "" "")
    # sensor_msgs' library of its hand-written headers (point_cloud2_iterator.hpp …), which
    # packages link by name; here the headers are rclsim's client's.
    if("${pkg}" STREQUAL "sensor_msgs" AND NOT TARGET sensor_msgs::sensor_msgs_library)
      add_library(sensor_msgs::sensor_msgs_library INTERFACE IMPORTED GLOBAL)
      set_target_properties(sensor_msgs::sensor_msgs_library PROPERTIES INTERFACE_LINK_LIBRARIES rclsim::messages)
    endif()
  endif()
endmacro()

# The imported targets of an interface package whose headers are in `include` (none: in rclsim's
# message headers), each giving the headers and those of the interface packages `deps` (found
# before), and the package's variables.
macro(rclsim_interface_targets pkg include deps)
  set(${pkg}_FOUND TRUE)
  set(${pkg}_INCLUDE_DIRS "${include};${RCLSIM_CLIENT_INCLUDE};${RCLSIM_MESSAGES_INCLUDE}")
  list(REMOVE_ITEM ${pkg}_INCLUDE_DIRS "")
  set(${pkg}_TARGETS "")
  foreach(_rclsim_suffix ${RCLSIM_INTERFACE_TARGET_SUFFIXES})
    list(APPEND ${pkg}_TARGETS ${pkg}::${pkg}__${_rclsim_suffix})
  endforeach()
  list(APPEND ${pkg}_TARGETS ${pkg}::${pkg})
  foreach(_rclsim_target ${${pkg}_TARGETS})
    if(NOT TARGET ${_rclsim_target})
      add_library(${_rclsim_target} INTERFACE IMPORTED GLOBAL)
      set(_rclsim_links rclsim::messages)
      foreach(_rclsim_dep ${deps})
        if(TARGET ${_rclsim_dep}::${_rclsim_dep}__rosidl_typesupport_cpp)
          list(APPEND _rclsim_links ${_rclsim_dep}::${_rclsim_dep}__rosidl_typesupport_cpp)
        endif()
      endforeach()
      set_target_properties(${_rclsim_target} PROPERTIES INTERFACE_LINK_LIBRARIES "${_rclsim_links}")
      if(NOT "${include}" STREQUAL "")
        set_target_properties(${_rclsim_target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${include}")
      endif()
    endif()
  endforeach()
  set(${pkg}_LIBRARIES ${${pkg}_TARGETS})
  unset(_rclsim_suffix)
  unset(_rclsim_target)
  unset(_rclsim_links)
  unset(_rclsim_dep)
endmacro()
