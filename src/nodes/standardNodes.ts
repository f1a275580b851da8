import { fileURLToPath } from 'node:url';

/**
 * The standard nodes built into rclsim, by package and executable: each an rclnodejs program of
 * this folder (`<package>/<executable>.js` once built), run as `ros2 run` would run upstream's.
 */
const STANDARD_NODES: Readonly<Record<string, readonly string[]>> = {
  joint_state_publisher: ['joint_state_publisher'],
  robot_state_publisher: ['robot_state_publisher'],
  tf2_ros: ['static_transform_publisher', 'tf2_echo', 'tf2_monitor'],
  tf2_tools: ['view_frames'],
  turtlesim: ['turtlesim_node', 'mimic', 'draw_square'],
};

/**
 * The standard nodes that are Python programs of rclsim's Python client instead, by
 * `<package>/<executable>`: the tf2 tools, which need a tf2 buffer (the client's has the C++
 * core's bits).
 */
const PYTHON_STANDARD_NODES: Readonly<Record<string, string>> = {
  'tf2_ros/tf2_echo': 'tf2_echo.py',
  'tf2_ros/tf2_monitor': 'tf2_monitor.py',
  'tf2_tools/view_frames': 'view_frames.py',
};

/** The packages rclsim has standard nodes of, sorted. */
export function standardPackages(): string[] {
  return Object.keys(STANDARD_NODES).sort();
}

/** The executables rclsim has of `pkg`, sorted; undefined when it has no such package. */
export function standardExecutables(pkg: string): string[] | undefined {
  const executables = Object.hasOwn(STANDARD_NODES, pkg) ? STANDARD_NODES[pkg] : undefined;
  return executables === undefined ? undefined : [...executables].sort();
}

/** The program file of a standard node, or undefined when rclsim has none of that package and executable. */
export function standardNode(pkg: string, executable: string): string | undefined {
  if (standardExecutables(pkg)?.includes(executable) !== true) return undefined;
  const python = PYTHON_STANDARD_NODES[`${pkg}/${executable}`];
  if (python !== undefined) return fileURLToPath(new URL(`../../../clients/python/rclsim/standard_nodes/${python}`, import.meta.url));
  return fileURLToPath(new URL(`./${pkg}/${executable}.js`, import.meta.url));
}
