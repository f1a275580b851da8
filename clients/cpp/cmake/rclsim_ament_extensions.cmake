# ament_cmake_core's extension points (ament_register_extension, ament_execute_extensions), as
# upstream's: each registered "package:file" is included from that package's <pkg>_DIR when its
# extension point runs. A point with nothing registered (ament_lint_auto's, here: rclsim runs no
# linters) does nothing — backward_ros calls it after ament_lint_auto_find_test_dependencies().
macro(ament_register_extension extension_point package_name cmake_filename)
  list(APPEND AMENT_EXTENSIONS_${extension_point} "${package_name}:${cmake_filename}")
endmacro()

macro(ament_execute_extensions extension_point)
  foreach(_rclsim_extension ${AMENT_EXTENSIONS_${extension_point}})
    string(REPLACE ":" ";" _rclsim_parts "${_rclsim_extension}")
    list(LENGTH _rclsim_parts _rclsim_length)
    if(NOT _rclsim_length EQUAL 2)
      message(FATAL_ERROR "ament_execute_extensions(${extension_point}): registered extension '${_rclsim_extension}' is not package:file")
    endif()
    list(GET _rclsim_parts 0 _rclsim_package)
    list(GET _rclsim_parts 1 _rclsim_file)
    if(NOT EXISTS "${${_rclsim_package}_DIR}/${_rclsim_file}")
      message(FATAL_ERROR "ament_execute_extensions(${extension_point}): registered extension '${${_rclsim_package}_DIR}/${_rclsim_file}' does not exist")
    endif()
    include("${${_rclsim_package}_DIR}/${_rclsim_file}")
  endforeach()
endmacro()
