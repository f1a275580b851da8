# pluginlib's CMake function, as pluginlib's own (pluginlib_export_plugin_description_file.cmake
# and its ament_package hook): the plugin description file installed into share/<pkg>/, and
# the ament index's <base_package>__pluginlib__plugin/<pkg> naming it, which
# pluginlib::ClassLoader("<base_package>", …) reads (clients/cpp/include/pluginlib/).

# pluginlib_export_plugin_description_file(base_package relative_file)
function(pluginlib_export_plugin_description_file category relative_file)
  set(path "${CMAKE_CURRENT_SOURCE_DIR}/${relative_file}")
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "Given plugin description file '${path}' does not exist")
  endif()
  get_filename_component(relative_dir "${relative_file}" DIRECTORY)
  install(FILES "${relative_file}" DESTINATION "share/${PROJECT_NAME}/${relative_dir}")
  set_property(GLOBAL APPEND PROPERTY RCLSIM_PLUGINLIB_CATEGORIES "${category}")
  set_property(GLOBAL APPEND_STRING PROPERTY "RCLSIM_PLUGINLIB_CONTENT_${category}" "share/${PROJECT_NAME}/${relative_file}\n")
endfunction()

# ament_package()'s part: one index file per base package, its lines in the order of the calls.
function(rclsim_pluginlib_register_descriptions)
  get_property(categories GLOBAL PROPERTY RCLSIM_PLUGINLIB_CATEGORIES)
  if(categories)
    list(REMOVE_DUPLICATES categories)
  endif()
  foreach(category ${categories})
    get_property(content GLOBAL PROPERTY "RCLSIM_PLUGINLIB_CONTENT_${category}")
    ament_index_register_resource("${category}__pluginlib__plugin" CONTENT "${content}")
  endforeach()
endfunction()
