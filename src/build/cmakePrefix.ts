import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { cachedFolder, contentKey } from './buildCache.js';
import { CPP_CLIENT, cppClient } from './cppClient.js';
import { shippedCppMessages } from './cppMessages.js';

/** rclsim's CMake functions (ament_package, rosidl_generate_interfaces, …): clients/cpp/cmake. */
const CMAKE_FILES = join(CPP_CLIENT, 'cmake');
/** What rosidl_generate_interfaces runs to make a package's headers (interfaceHeadersMain.ts). */
const HEADERS_SCRIPT = fileURLToPath(new URL('./interfaceHeadersMain.js', import.meta.url));

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
  'ament_lint_auto',
  'ament_lint_common',
  'launch_testing_ament_cmake',
  'rmw_implementation_cmake',
  'rosidl_cmake',
  'rosidl_default_generators',
  'rosidl_default_runtime',
  'ros_testing',
];
/**
 * The client libraries: rclsim's one C++ client library stands for each, and for the parts of
 * the layers below rclcpp that programs include (rcl, rcutils, rmw, rcpputils, class_loader),
 * ament_index_cpp (clients/cpp/src/ament_index_cpp/), message_filters (headers only), and tf2, tf2_ros,
 * tf2_geometry_msgs (clients/cpp/src/tf2*, docs/tf2.md).
 */
const CLIENT_PACKAGES = [
  'ament_index_cpp',
  'class_loader',
  'message_filters',
  'rcl',
  'rclcpp',
  'rclcpp_action',
  'rclcpp_components',
  'rclcpp_lifecycle',
  'rcpputils',
  'rcutils',
  'rmw',
  'tf2',
  'tf2_geometry_msgs',
  'tf2_ros',
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
  const client = cppClient(messages);
  const cmakeFiles = readdirSync(CMAKE_FILES)
    .filter((file) => file.endsWith('.cmake'))
    .sort();
  const interfaces = new InterfaceRegistry().packageNames(true);
  const settings = [
    ['RCLSIM_CLIENT_LIBRARY', client.library],
    ['RCLSIM_CLIENT_INCLUDE', client.include],
    ['RCLSIM_MESSAGES_INCLUDE', messages.folder],
    ['RCLSIM_NODE', process.execPath],
    ['RCLSIM_HEADERS_SCRIPT', HEADERS_SCRIPT],
  ];
  const config = [
    "# rclsim's CMake prefix (src/build/cmakePrefix.ts): what every package config here includes.",
    ...settings.map(([name, value]) => `set(${name} ${cmakeString(value!)})`),
    'set(rclsim_FOUND TRUE)',
    ...cmakeFiles.map((file) => `include("\${CMAKE_CURRENT_LIST_DIR}/${file}")`),
    '',
  ].join('\n');
  const kinds: [string, string][] = [
    ...TOOL_PACKAGES.map((pkg): [string, string] => [pkg, 'tool']),
    ...CLIENT_PACKAGES.map((pkg): [string, string] => [pkg, 'client']),
    ...interfaces.map((pkg): [string, string] => [pkg, 'interface']),
  ];
  // The packages it provides are part of its content: a package added makes a new prefix.
  const key = contentKey([
    client.key,
    messages.key,
    config,
    JSON.stringify(kinds),
    ...cmakeFiles.flatMap((file) => [file, readFileSync(join(CMAKE_FILES, file))]),
  ]);
  return cachedFolder('cmake-prefix', key, (into) => {
    const own = join(into, 'share/rclsim/cmake');
    mkdirSync(own, { recursive: true });
    for (const file of cmakeFiles) copyFileSync(join(CMAKE_FILES, file), join(own, file));
    writeFileSync(join(own, 'rclsimConfig.cmake'), config);
    for (const [pkg, kind] of kinds) {
      const folder = join(into, 'share', pkg, 'cmake');
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, `${pkg}Config.cmake`),
        `# ${pkg} as rclsim provides it (src/build/cmakePrefix.ts)\ninclude("\${CMAKE_CURRENT_LIST_DIR}/../../rclsim/cmake/rclsimConfig.cmake")\nrclsim_provide_package(${pkg} ${kind})\n`,
      );
    }
  });
}
