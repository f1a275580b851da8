import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { cachedFolder, contentKey } from './buildCache.js';
import { CPP_CLIENT, cppClientPlace } from './cppClient.js';
import { shippedCppMessages } from './cppMessages.js';

/** rclsim's CMake functions (ament_package, rosidl_generate_interfaces, …): clients/cpp/cmake. */
const CMAKE_FILES = join(CPP_CLIENT, 'cmake');
/** What rosidl_generate_interfaces runs to make a package's headers (interfaceHeadersMain.ts). */
const HEADERS_SCRIPT = fileURLToPath(new URL('./interfaceHeadersMain.js', import.meta.url));
/** What builds the C++ client when a package first finds one of rclsim's packages (cppClientMain.ts). */
const CLIENT_SCRIPT = fileURLToPath(new URL('./cppClientMain.js', import.meta.url));
/** The environment the client is built by (compiler.ts, numericCompiler.ts), passed on to CLIENT_SCRIPT as `rclsim build` has it. */
const CLIENT_ENV = ['CXX', 'CC', 'CXXFLAGS'];

/** Packages that only bring functions (or nothing a program links): ament's and rosidl's build tools. */
const TOOL_PACKAGES = [
  'ament_cmake',
  'ament_cmake_auto',
  'ament_cmake_core',
  'ament_cmake_gmock',
  'ament_cmake_gtest',
  'ament_cmake_pytest',
  'ament_cmake_python',
  'ament_cmake_ros',
  'ament_cmake_flake8',
  // ament_lint_common's linters, which some packages (laser_geometry) find and call directly
  // under BUILD_TESTING: their functions add tests rclsim does not run (rclsim_ament_tests.cmake).
  'ament_cmake_copyright',
  'ament_cmake_cppcheck',
  'ament_cmake_cpplint',
  'ament_cmake_lint_cmake',
  'ament_cmake_pep257',
  'ament_cmake_uncrustify',
  'ament_cmake_xmllint',
  // python_cmake_module and its PythonExtra (the Python interpreter a pytest runs with).
  'python_cmake_module',
  'PythonExtra',
  // ament_generate_version_header (clients/cpp/cmake/rclsim_ament_version_h.cmake).
  'ament_cmake_gen_version_h',
  'ament_lint_auto',
  'ament_lint_common',
  'launch_testing_ament_cmake',
  'rmw_implementation_cmake',
  'rosidl_cmake',
  'rosidl_default_generators',
  'rosidl_default_runtime',
  'ros_testing',
  // rclpy's CMake package: found by packages that install Python nodes beside C++ ones.
  'rclpy',
  // Gazebo's vendor packages (Jazzy on): each only finds the library it vendors, found next.
  'gz_cmake_vendor',
  'gz_common_vendor',
  'gz_math_vendor',
  'gz_msgs_vendor',
  'gz_plugin_vendor',
  'gz_sensors_vendor',
  'gz_sim_vendor',
  'gz_transport_vendor',
  'sdformat_vendor',
  // yaml-cpp's vendor package (navigation2's map_server): packages find yaml-cpp itself next.
  'yaml_cpp_vendor',
  // ament's module for finding Eigen3 (laser_geometry): Debian's Eigen3 config serves find_package(Eigen3).
  'eigen3_cmake_module',
  // ros_gz's packages a simulation package finds for their launch files (assets/ros holds those).
  'ros_gz',
  'ros_gz_bridge',
  'ros_gz_sim',
];
/**
 * Gazebo's libraries, by the names packages find them (unversioned, and versioned by Harmonic's
 * majors; Fortress's ignition-* names): rclsim runs Gazebo's systems itself, so a target linking
 * one is a Gazebo plugin that rclsim leaves out of the build (clients/cpp/cmake/rclsim_gazebo.cmake).
 */
const GAZEBO_LIBRARIES: [string, number][] = [
  ['gz-cmake', 3],
  ['gz-common', 5],
  ['gz-gui', 8],
  ['gz-math', 7],
  ['gz-msgs', 10],
  ['gz-physics', 7],
  ['gz-plugin', 2],
  ['gz-rendering', 8],
  ['gz-sensors', 8],
  ['gz-sim', 8],
  ['gz-transport', 13],
  ['gz-utils', 2],
  ['sdformat', 14],
];
const IGNITION_LIBRARIES: [string, number][] = [
  ['ignition-common', 4],
  ['ignition-gazebo', 6],
  ['ignition-math', 6],
  ['ignition-msgs', 8],
  ['ignition-plugin', 1],
  ['ignition-transport', 11],
];
/**
 * A Gazebo library's config names, `gz-sim` and `gz-sim8` (`sdformat14`, `ignition-gazebo6`), each
 * with the call its config makes.
 */
function gazeboNames([name, major]: [string, number]): [string, string][] {
  const names = name.startsWith('ignition-') ? [`${name}${major}`] : [name, `${name}${major}`];
  return names.map((pkg) => [pkg, `rclsim_provide_gazebo(${pkg} ${major})`]);
}
/**
 * The client libraries: rclsim's one C++ client library stands for each, and for the parts of
 * the layers below rclcpp that programs include (rcl, rcutils, rmw, rcpputils), class_loader and
 * pluginlib (clients/cpp/src/class_loader/),
 * ament_index_cpp (clients/cpp/src/ament_index_cpp/), libstatistics_collector's moving-average
 * statistics (clients/cpp/src/libstatistics_collector/), message_filters (headers only), and tf2, tf2_ros,
 * tf2_geometry_msgs, tf2_eigen, tf2_sensor_msgs (clients/cpp/src/tf2*, the headers; docs/tf2.md),
 * rosbag2_cpp, rosbag2_storage and rosbag2_transport (clients/cpp/src/rosbag2_cpp/: docs/bags.md),
 * and rslcpp (its job API, docs/cpp.md).
 */
const CLIENT_PACKAGES = [
  'ament_index_cpp',
  'class_loader',
  'libstatistics_collector',
  'message_filters',
  'pluginlib',
  'rcl',
  'rclcpp',
  'rclcpp_action',
  'rclcpp_components',
  'rclcpp_lifecycle',
  'rcpputils',
  'rcutils',
  'rmw',
  'rosbag2_cpp',
  'rosbag2_storage',
  'rosbag2_transport',
  'rslcpp',
  'tf2',
  'tf2_eigen',
  'tf2_geometry_msgs',
  'tf2_ros',
  'tf2_sensor_msgs',
];

/** A CMake quoted argument holding `text` as it is. */
function cmakeString(text: string): string {
  return `"${text.replace(/[\\"$]/g, (c) => `\\${c}`)}"`;
}

/**
 * rclsim's CMake prefix (for CMAKE_PREFIX_PATH), made once per content in the cache: a
 * `share/<pkg>/cmake/<pkg>Config.cmake` for ament's tools, rclcpp and its kin, and every shipped
 * interface package, each defining what the real one defines that packages use, over the C++
 * client library and the message headers; `share/rclsim/cmake/` holds what they share.
 */
export function cmakePrefix(): string {
  const messages = shippedCppMessages();
  // Named, not built: a package that finds one of rclsim's packages builds it (rclsim_packages.cmake).
  const client = cppClientPlace(messages);
  const cmakeFiles = readdirSync(CMAKE_FILES)
    .filter((file) => file.endsWith('.cmake'))
    .sort();
  const interfaces = new InterfaceRegistry().packageNames(true);
  // What the client's key is made of from the environment, for the script that builds it from
  // within a package's configure, where CMake has set CC and CXX to the package's compilers.
  const clientEnv = CLIENT_ENV.map((name) => (process.env[name] === undefined ? `--unset=${name}` : `${name}=${process.env[name]}`));
  const settings = [
    ['RCLSIM_CLIENT_LIBRARY', client.library],
    ['RCLSIM_CLIENT_INCLUDE', client.include],
    ['RCLSIM_MESSAGES_INCLUDE', messages.folder],
    ['RCLSIM_NODE', process.execPath],
    ['RCLSIM_HEADERS_SCRIPT', HEADERS_SCRIPT],
    ['RCLSIM_CLIENT_SCRIPT', CLIENT_SCRIPT],
    ['RCLSIM_CLIENT_ENV', clientEnv.join(';')],
  ];
  const config = [
    "# rclsim's CMake prefix (src/build/cmakePrefix.ts): what every package config here includes.",
    ...settings.map(([name, value]) => `set(${name} ${cmakeString(value!)})`),
    'set(rclsim_FOUND TRUE)',
    ...cmakeFiles.map((file) => `include("\${CMAKE_CURRENT_LIST_DIR}/${file}")`),
    '',
  ].join('\n');
  const provide =
    (kind: string) =>
    (pkg: string): [string, string] => [pkg, `rclsim_provide_package(${pkg} ${kind})`];
  const packages: [string, string][] = [
    ...TOOL_PACKAGES.map(provide('tool')),
    ...CLIENT_PACKAGES.map(provide('client')),
    ...interfaces.map(provide('interface')),
    ...[...GAZEBO_LIBRARIES, ...IGNITION_LIBRARIES].flatMap(gazeboNames),
    // rclsim's cv_bridge, header-only over the machine's OpenCV (clients/cpp/cmake/rclsim_cv_bridge.cmake).
    ['cv_bridge', 'rclsim_provide_cv_bridge()'],
  ];
  // The packages it provides are part of its content: a package added makes a new prefix.
  const key = contentKey([
    client.key,
    messages.key,
    config,
    JSON.stringify(packages),
    ...cmakeFiles.flatMap((file) => [file, readFileSync(join(CMAKE_FILES, file))]),
  ]);
  return cachedFolder('cmake-prefix', key, (into) => {
    const own = join(into, 'share/rclsim/cmake');
    mkdirSync(own, { recursive: true });
    for (const file of cmakeFiles) copyFileSync(join(CMAKE_FILES, file), join(own, file));
    writeFileSync(join(own, 'rclsimConfig.cmake'), config);
    for (const [pkg, call] of packages) {
      const folder = join(into, 'share', pkg, 'cmake');
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, `${pkg}Config.cmake`),
        `# ${pkg} as rclsim provides it (src/build/cmakePrefix.ts)\ninclude("\${CMAKE_CURRENT_LIST_DIR}/../../rclsim/cmake/rclsimConfig.cmake")\n${call}\n`,
      );
    }
  });
}
