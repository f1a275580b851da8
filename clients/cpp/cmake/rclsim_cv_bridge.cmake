include_guard(GLOBAL)

# cv_bridge as rclsim provides it: rclsim's own, header-only (clients/cpp/include/cv_bridge/, in
# the client's include folder), over the machine's OpenCV (Debian's libopencv-dev). Its config
# finds what upstream's exports (OpenCV, sensor_msgs, rclcpp), so a package that finds cv_bridge
# may use ${OpenCV_LIBS} without finding OpenCV itself.
macro(rclsim_provide_cv_bridge)
  find_package(OpenCV QUIET COMPONENTS core imgproc imgcodecs)
  if(NOT OpenCV_FOUND)
    message(FATAL_ERROR "cv_bridge needs OpenCV, which this machine does not have (apt-get install libopencv-dev)")
  endif()
  foreach(_rclsim_dep sensor_msgs rclcpp)
    if(NOT ${_rclsim_dep}_FOUND)
      find_package(${_rclsim_dep} REQUIRED)
    endif()
  endforeach()
  unset(_rclsim_dep)
  if(NOT TARGET cv_bridge::cv_bridge)
    rclsim_provide_package(cv_bridge client)
    set_property(TARGET cv_bridge::cv_bridge APPEND PROPERTY INTERFACE_LINK_LIBRARIES
      opencv_core opencv_imgproc opencv_imgcodecs sensor_msgs::sensor_msgs)
  else()
    rclsim_provide_package(cv_bridge client)
  endif()
  list(APPEND cv_bridge_INCLUDE_DIRS ${OpenCV_INCLUDE_DIRS})
endmacro()
