# ament_cmake_gen_version_h's ament_generate_version_header(target [HEADER_PATH p] [INSTALL_PATH p]
# [SKIP_INSTALL]), as upstream documents it (ament/ament_cmake, ament_generate_version_header.cmake):
# <PROJECT>_VERSION_MAJOR, _MINOR, _PATCH, _STR and _GTE(major, minor, patch) from package.xml's
# <version>, in ${PROJECT_NAME}/version.h by default, includable from the target and installed
# below include/${PROJECT_NAME}. Written at configure time (file(CONFIGURE) rewrites it only when it
# changes), configured again when package.xml changes.
function(ament_generate_version_header target)
  cmake_parse_arguments(ARG "SKIP_INSTALL" "HEADER_PATH;INSTALL_PATH" "" ${ARGN})
  if(NOT ARG_HEADER_PATH)
    set(ARG_HEADER_PATH "${PROJECT_NAME}/version.h")
  endif()
  if(NOT ARG_INSTALL_PATH)
    set(ARG_INSTALL_PATH "include/${PROJECT_NAME}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "A non-imported target called '${target}' must exist")
  endif()
  set(manifest "${CMAKE_CURRENT_SOURCE_DIR}/package.xml")
  file(READ "${manifest}" text)
  if(NOT text MATCHES "<version[^>]*>[ \t\r\n]*(([0-9]+)\\.([0-9]+)\\.([0-9]+))[ \t\r\n]*</version>")
    message(FATAL_ERROR "${manifest}: <version> must be of format MAJOR.MINOR.PATCH")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${manifest}")
  string(TOUPPER "${PROJECT_NAME}" P)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/ament_generate_version_header/${target}")
  file(CONFIGURE OUTPUT "${dir}/${ARG_HEADER_PATH}" @ONLY CONTENT "\
#ifndef ${P}__VERSION_H_
#define ${P}__VERSION_H_

#define ${P}_VERSION_MAJOR (${CMAKE_MATCH_2})
#define ${P}_VERSION_MINOR (${CMAKE_MATCH_3})
#define ${P}_VERSION_PATCH (${CMAKE_MATCH_4})
#define ${P}_VERSION_STR \"${CMAKE_MATCH_1}\"
#define ${P}_VERSION_GTE(major, minor, patch) ( \\
  (major) != ${P}_VERSION_MAJOR ? (major) < ${P}_VERSION_MAJOR \\
  : (minor) != ${P}_VERSION_MINOR ? (minor) < ${P}_VERSION_MINOR \\
  : (patch) <= ${P}_VERSION_PATCH)

#endif  // ${P}__VERSION_H_
")
  get_target_property(type "${target}" TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    set(keyword INTERFACE)
  else()
    set(keyword PUBLIC)
  endif()
  target_include_directories("${target}" ${keyword} "$<BUILD_INTERFACE:${dir}>" "$<INSTALL_INTERFACE:${ARG_INSTALL_PATH}>")
  if(NOT ARG_SKIP_INSTALL)
    get_filename_component(folder "${ARG_HEADER_PATH}" DIRECTORY)
    install(FILES "${dir}/${ARG_HEADER_PATH}" DESTINATION "${ARG_INSTALL_PATH}/${folder}")
  endif()
endfunction()
