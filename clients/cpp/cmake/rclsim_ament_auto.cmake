# rclsim's ament_cmake_auto: the package's build dependencies from its package.xml, found and
# linked to each target it adds, which it also installs.

# find_package (QUIET) of each dependency package.xml names in the tags `tags` (a regex
# alternative) that rclsim or the workspace has, each found one (but ament's build tools) in `out`.
macro(rclsim_auto_find_dependencies tags out)
  file(READ "${CMAKE_CURRENT_SOURCE_DIR}/package.xml" _rclsim_auto_manifest)
  string(REGEX MATCHALL "<(${tags})>[^<]+</" _rclsim_auto_tags "${_rclsim_auto_manifest}")
  set(${out} "")
  foreach(_rclsim_auto_tag ${_rclsim_auto_tags})
    string(REGEX REPLACE "^<[a-z_]+>[ \t\r\n]*([^< \t\r\n]+)[ \t\r\n]*</$" "\\1" _rclsim_auto_dep "${_rclsim_auto_tag}")
    find_package(${_rclsim_auto_dep} QUIET)
    if(${_rclsim_auto_dep}_FOUND AND NOT _rclsim_auto_dep MATCHES "^ament_cmake")
      list(APPEND ${out} ${_rclsim_auto_dep})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES ${out})
  unset(_rclsim_auto_manifest)
  unset(_rclsim_auto_tags)
  unset(_rclsim_auto_tag)
  unset(_rclsim_auto_dep)
endmacro()

# ament_auto_find_build_dependencies(): each <depend>, <build_depend>, <buildtool_depend> and
# <build_export_depend>, in ${PROJECT_NAME}_FOUND_BUILD_DEPENDS.
macro(ament_auto_find_build_dependencies)
  rclsim_auto_find_dependencies("depend|build_depend|buildtool_depend|build_export_depend" ${PROJECT_NAME}_FOUND_BUILD_DEPENDS)
endmacro()

# ament_auto_find_test_dependencies(): each <test_depend>, in ${PROJECT_NAME}_FOUND_TEST_DEPENDS
# (pal_statistics calls it in its BUILD_TESTING block).
macro(ament_auto_find_test_dependencies)
  rclsim_auto_find_dependencies("test_depend" ${PROJECT_NAME}_FOUND_TEST_DEPENDS)
endmacro()

function(rclsim_auto_target target)
  if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/include")
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>" "$<INSTALL_INTERFACE:include>")
  endif()
  if(${PROJECT_NAME}_FOUND_BUILD_DEPENDS)
    ament_target_dependencies(${target} PUBLIC ${${PROJECT_NAME}_FOUND_BUILD_DEPENDS})
  endif()
  set_property(GLOBAL APPEND PROPERTY RCLSIM_AUTO_TARGETS ${target})
endfunction()

# ament_auto_add_executable(target [NO_TARGET_LINK_LIBRARIES] sources...): linked with the
# libraries ament_auto_add_library added before, unless told not to.
function(ament_auto_add_executable target)
  cmake_parse_arguments(ARG "WIN32;MACOSX_BUNDLE;EXCLUDE_FROM_ALL;NO_TARGET_LINK_LIBRARIES" "" "DIRECTORIES" ${ARGN})
  add_executable(${target} ${ARG_UNPARSED_ARGUMENTS})
  rclsim_auto_target(${target})
  get_property(libraries GLOBAL PROPERTY RCLSIM_AUTO_LIBRARIES)
  if(libraries AND NOT ARG_NO_TARGET_LINK_LIBRARIES)
    target_link_libraries(${target} PUBLIC ${libraries})
  endif()
endfunction()

# ament_auto_add_library(target [STATIC|SHARED|MODULE] sources...)
function(ament_auto_add_library target)
  cmake_parse_arguments(ARG "STATIC;SHARED;MODULE;EXCLUDE_FROM_ALL;NO_TARGET_LINK_LIBRARIES" "" "DIRECTORIES" ${ARGN})
  set(type "")
  foreach(kind STATIC SHARED MODULE)
    if(ARG_${kind})
      set(type ${kind})
    endif()
  endforeach()
  add_library(${target} ${type} ${ARG_UNPARSED_ARGUMENTS})
  rclsim_auto_target(${target})
  set_property(GLOBAL APPEND PROPERTY RCLSIM_AUTO_LIBRARIES ${target})
endfunction()

# ament_auto_package([INSTALL_TO_SHARE folders...]): installs what ament_auto_add_* made, the
# include folder and the folders named, then ament_package(). As ament_cmake_auto's (Jazzy,
# ament_auto_package.cmake), the libraries (but interface ones) are exported: the package's
# <pkg>_LIBRARIES name them, which pal_statistics' users (hardware_interface) link.
function(ament_auto_package)
  cmake_parse_arguments(ARG "" "" "INSTALL_TO_SHARE;INSTALL_TO_PATH" ${ARGN})
  get_property(targets GLOBAL PROPERTY RCLSIM_AUTO_TARGETS)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      install(TARGETS ${target} DESTINATION lib/${PROJECT_NAME})
    else()
      install(TARGETS ${target} ARCHIVE DESTINATION lib LIBRARY DESTINATION lib RUNTIME DESTINATION bin)
      if(NOT type STREQUAL "INTERFACE_LIBRARY")
        ament_export_libraries(${target})
      endif()
    endif()
  endforeach()
  if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/include")
    install(DIRECTORY include/ DESTINATION include)
    ament_export_include_directories(include)
  endif()
  foreach(folder ${ARG_INSTALL_TO_SHARE})
    install(DIRECTORY ${folder} DESTINATION share/${PROJECT_NAME})
  endforeach()
  ament_export_dependencies(${${PROJECT_NAME}_FOUND_BUILD_DEPENDS})
  ament_package()
endfunction()

# ament_auto_add_gtest and ament_auto_add_gmock(target sources…): test targets, made but not built
# (rclsim builds no tests: rclsim_skipped_test).
macro(ament_auto_add_gtest)
  rclsim_skipped_test(ament_auto_add_gtest ${ARGN})
endmacro()
macro(ament_auto_add_gmock)
  rclsim_skipped_test(ament_auto_add_gmock ${ARGN})
endmacro()
