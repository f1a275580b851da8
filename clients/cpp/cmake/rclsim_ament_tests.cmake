# rclsim's launch_testing_ament_cmake, rmw_implementation_cmake, ament_cmake_pytest and the
# environment hooks: what a package's CMakeLists calls around its tests and its install, so
# that it configures unchanged (BUILD_TESTING on by default). rclsim runs no tests.

# call_for_each_rmw_implementation(macro): calls the macro once per rmw implementation the
# machine has (ament's: with rmw_implementation and target_suffix set); rclsim has none to
# test against, so it calls it for none.
macro(call_for_each_rmw_implementation)
endmacro()
macro(get_available_rmw_implementations var)
  set(${var} "")
endmacro()

# add_launch_test(file [TARGET name] …) and ament_add_pytest_test(name file …): not run.
macro(add_launch_test)
  message(STATUS "rclsim: add_launch_test(${ARGV0}) is not run: rclsim runs no tests")
endmacro()
macro(ament_add_pytest_test)
  message(STATUS "rclsim: ament_add_pytest_test(${ARGV0}) is not run: rclsim runs no tests")
endmacro()
macro(ament_flake8)
endmacro()
# ament_lint_common's linters called directly (laser_geometry): each adds a test, none runs here.
macro(ament_copyright)
endmacro()
macro(ament_cppcheck)
endmacro()
macro(ament_cpplint)
endmacro()
macro(ament_lint_cmake)
endmacro()
macro(ament_pep257)
endmacro()
macro(ament_uncrustify)
endmacro()
macro(ament_xmllint)
endmacro()

# ament_environment_hooks(files…): scripts a sourced install runs; rclsim's runs set what they
# would (the workspace's lib/ on LD_LIBRARY_PATH, docs/cpp-packages.md), so none is installed.
macro(ament_environment_hooks)
endmacro()
set(ament_cmake_package_templates_ENVIRONMENT_HOOK_LIBRARY_PATH "library_path.sh")
