# ament_cmake_python's functions, as its documentation and source describe them: a Python package
# or module of a CMake package installed into the prefix's Python folder, which a workspace's
# programs have on PYTHONPATH (src/build/pythonPackages.ts: lib/python3/site-packages).

set(PYTHON_INSTALL_DIR "lib/python3/site-packages")

# ament_get_python_install_dir(var): that folder, relative to the install prefix.
function(ament_get_python_install_dir var)
  set(${var} "${PYTHON_INSTALL_DIR}" PARENT_SCOPE)
endfunction()

# A name installed twice into the one Python folder is an error, as ament's.
function(rclsim_python_name_once kind name)
  get_property(installed GLOBAL PROPERTY RCLSIM_PYTHON_INSTALLED)
  if(name IN_LIST installed)
    message(FATAL_ERROR "${kind}() a Python module file or package with the same name '${name}' has been installed before")
  endif()
  set_property(GLOBAL APPEND PROPERTY RCLSIM_PYTHON_INSTALLED "${name}")
endfunction()

# ament_python_install_package(name [PACKAGE_DIR dir] [VERSION v] [SETUP_CFG f] [DESTINATION d]
# [SCRIPTS_DESTINATION d] [SKIP_COMPILE]): the folder `name` (or PACKAGE_DIR) beside the
# CMakeLists, with its __init__.py, installed as <DESTINATION>/<name>. With SCRIPTS_DESTINATION,
# the console_scripts entry points of the package's setup.cfg/setup.py go there (controller_manager's
# spawner into lib/controller_manager): the CMake function names the folder in
# <build>/rclsim_python_scripts/<name>, and rclsim build writes them after the install as it writes
# an ament_python package's (src/build/pythonPackages.ts). No egg-info is written; nothing is
# compiled to bytecode.
function(ament_python_install_package name)
  cmake_parse_arguments(ARG "SKIP_COMPILE" "PACKAGE_DIR;VERSION;SETUP_CFG;DESTINATION;SCRIPTS_DESTINATION" "" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ament_python_install_package() called with unused arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_PACKAGE_DIR)
    set(ARG_PACKAGE_DIR "${name}")
  endif()
  get_filename_component(folder "${ARG_PACKAGE_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_LIST_DIR}")
  if(NOT EXISTS "${folder}/__init__.py")
    message(FATAL_ERROR "ament_python_install_package() the Python package folder '${folder}' doesn't contain an '__init__.py' file")
  endif()
  if(NOT ARG_DESTINATION)
    set(ARG_DESTINATION "${PYTHON_INSTALL_DIR}")
  endif()
  file(REMOVE "${CMAKE_BINARY_DIR}/rclsim_python_scripts/${name}")
  if(ARG_SCRIPTS_DESTINATION)
    file(WRITE "${CMAKE_BINARY_DIR}/rclsim_python_scripts/${name}" "${ARG_SCRIPTS_DESTINATION}")
  endif()
  install(DIRECTORY "${folder}/" DESTINATION "${ARG_DESTINATION}/${name}"
    PATTERN "*.pyc" EXCLUDE PATTERN "__pycache__" EXCLUDE)
  rclsim_python_name_once(ament_python_install_package "${name}")
endfunction()

# ament_python_install_module(file [DESTINATION_SUFFIX s] [SKIP_COMPILE]): one .py file.
function(ament_python_install_module file)
  cmake_parse_arguments(ARG "SKIP_COMPILE" "DESTINATION_SUFFIX" "" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ament_python_install_module() called with unused arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  get_filename_component(path "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_LIST_DIR}")
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "ament_python_install_module() the file '${path}' doesn't exist")
  endif()
  set(destination "${PYTHON_INSTALL_DIR}")
  if(ARG_DESTINATION_SUFFIX)
    set(destination "${destination}/${ARG_DESTINATION_SUFFIX}")
  endif()
  install(FILES "${path}" DESTINATION "${destination}")
  get_filename_component(name "${path}" NAME)
  rclsim_python_name_once(ament_python_install_module "${name}")
endfunction()
