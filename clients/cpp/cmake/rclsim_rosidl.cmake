# rclsim's rosidl_generate_interfaces: a package's own .msg/.srv/.action/.idl files get C++
# headers from rclsim's generator (the one the simulation's CDR comes from), at configure time;
# they are installed as rosidl installs them (share/<pkg>/msg/…, include/<pkg>/<pkg>/msg/…) and
# listed in the ament index (rosidl_interfaces), where a run finds the package's definitions.

# rosidl_generate_interfaces(target files... [DEPENDENCIES deps...] [LIBRARY_NAME name]
# [SKIP_INSTALL] [ADD_LINTER_TESTS] [SKIP_GROUP_MEMBERSHIP_CHECK]): a file is relative to the
# package (`msg/Foo.msg`) or `folder:relative/path`.
function(rosidl_generate_interfaces target)
  cmake_parse_arguments(ARG "ADD_LINTER_TESTS;SKIP_INSTALL;SKIP_GROUP_MEMBERSHIP_CHECK" "LIBRARY_NAME" "DEPENDENCIES" ${ARGN})
  set(pkg ${PROJECT_NAME})
  set(definitions "${CMAKE_CURRENT_BINARY_DIR}/rclsim_rosidl/interfaces")
  set(headers "${CMAKE_CURRENT_BINARY_DIR}/rclsim_rosidl/include")
  file(REMOVE_RECURSE "${definitions}" "${headers}")
  set(index "")
  foreach(file ${ARG_UNPARSED_ARGUMENTS})
    if(file MATCHES "^(.+):(.+)$" AND NOT IS_ABSOLUTE "${file}")
      set(base "${CMAKE_MATCH_1}")
      set(relative "${CMAKE_MATCH_2}")
    elseif(IS_ABSOLUTE "${file}")
      get_filename_component(name "${file}" NAME)
      get_filename_component(folder "${file}" DIRECTORY)
      get_filename_component(kind "${folder}" NAME)
      get_filename_component(base "${folder}" DIRECTORY)
      set(relative "${kind}/${name}")
    else()
      set(base "${CMAKE_CURRENT_SOURCE_DIR}")
      set(relative "${file}")
    endif()
    get_filename_component(name "${relative}" NAME)
    get_filename_component(folder "${relative}" DIRECTORY)
    get_filename_component(kind "${folder}" NAME)
    if(NOT kind MATCHES "^(msg|srv|action)$")
      message(FATAL_ERROR "rosidl_generate_interfaces(${target}): ${file} is not in a msg, srv or action folder")
    endif()
    if(NOT EXISTS "${base}/${relative}")
      message(FATAL_ERROR "rosidl_generate_interfaces(${target}): no file ${base}/${relative}")
    endif()
    # A copy per file: a change to one configures again (and the headers are made anew).
    configure_file("${base}/${relative}" "${definitions}/${pkg}/${kind}/${name}" COPYONLY)
    list(APPEND index "${kind}/${name}")
    if(NOT ARG_SKIP_INSTALL)
      install(FILES "${base}/${relative}" DESTINATION share/${pkg}/${kind})
    endif()
  endforeach()
  # The install prefixes of the dependencies (share/<dep>/cmake/ is three folders down): where
  # the generator reads their definitions; rclsim's own packages it knows already.
  set(prefixes "")
  foreach(dep ${ARG_DEPENDENCIES})
    if(NOT ${dep}_FOUND)
      message(FATAL_ERROR "rosidl_generate_interfaces(${target}): the dependency '${dep}' was not found: call find_package(${dep} REQUIRED) before")
    endif()
    if(${dep}_DIR)
      get_filename_component(prefix "${${dep}_DIR}/../../.." ABSOLUTE)
      list(APPEND prefixes "${prefix}")
    endif()
  endforeach()
  execute_process(
    COMMAND "${RCLSIM_NODE}" "${RCLSIM_HEADERS_SCRIPT}" "${headers}" "${pkg}" "${definitions}" ${prefixes}
    RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "rosidl_generate_interfaces(${target}): rclsim made no C++ headers of ${pkg}'s interfaces (above: why)")
  endif()

  foreach(suffix ${RCLSIM_INTERFACE_TARGET_SUFFIXES})
    add_library(${target}__${suffix} INTERFACE)
    target_include_directories(${target}__${suffix} INTERFACE "$<BUILD_INTERFACE:${headers}>" "$<INSTALL_INTERFACE:include/${pkg}>")
    target_link_libraries(${target}__${suffix} INTERFACE rclsim::messages)
    foreach(dep ${ARG_DEPENDENCIES})
      if(TARGET ${dep}::${dep}__${suffix})
        target_link_libraries(${target}__${suffix} INTERFACE ${dep}::${dep}__${suffix})
      endif()
    endforeach()
  endforeach()
  # rosidl's own target of the generation, which other targets may depend on.
  add_custom_target(${target} ALL)
  if(NOT ARG_SKIP_INSTALL)
    install(DIRECTORY "${headers}/" DESTINATION include/${pkg})
  endif()
  set_property(GLOBAL APPEND PROPERTY RCLSIM_INTERFACES ${index})
  set_property(GLOBAL APPEND PROPERTY RCLSIM_INTERFACE_DEPENDENCIES ${ARG_DEPENDENCIES})
  # As rosidl's: who finds the package finds the interface packages its interfaces use.
  ament_export_dependencies(${ARG_DEPENDENCIES})
endfunction()

# rosidl_get_typesupport_target(var target typesupport): the target of the package's own
# interfaces in that type support, for target_link_libraries.
function(rosidl_get_typesupport_target var target typesupport)
  if(NOT TARGET ${target}__${typesupport})
    message(FATAL_ERROR "rosidl_get_typesupport_target(): no type support '${typesupport}' for '${target}': call rosidl_generate_interfaces(${target} …) first")
  endif()
  set(${var} ${target}__${typesupport} PARENT_SCOPE)
endfunction()

# rosidl_target_interfaces(target interface_target typesupport): the deprecated form of the same.
function(rosidl_target_interfaces target interface_target typesupport)
  rosidl_get_typesupport_target(support ${interface_target} ${typesupport})
  target_link_libraries(${target} ${support})
endfunction()
