import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_PACKAGES } from './pythonPackages.js';

/**
 * rclsim's own install prefix: the packages it provides as files (ros_gz_sim's and ros_gz_bridge's
 * launch files, which a robot's launch files include; turtlesim's multisim.launch.py), found after
 * every other prefix.
 */
export const RCLSIM_PREFIX = fileURLToPath(new URL('../../../assets/ros', import.meta.url));

/** `first` ahead of what `current` (a PATH-like variable) holds, each once (colcon's prepend-non-duplicate). */
function prepend(first: string, current: string | undefined): string {
  return [first, ...(current ?? '').split(delimiter).filter((entry) => entry !== '' && entry !== first)].join(delimiter);
}

/** `last` after what `current` holds, once. */
function append(last: string, current: string): string {
  return [...current.split(delimiter).filter((entry) => entry !== '' && entry !== last), last].join(delimiter);
}

/**
 * What a sourced install (`source install/setup.bash`) adds to a program's environment: the
 * install prefix on AMENT_PREFIX_PATH (ament_index's search path), its Python packages on
 * PYTHONPATH, its `bin` on PATH, each ahead of what `env` holds; rclsim's own prefix last.
 * rclsim's Python client goes ahead of PYTHONPATH where a Python program starts
 * (job/separateProgram.ts). colcon builds a package in its dependencies' environment too, so a
 * CMake custom command runs a Python package's script (generate_parameter_library_cpp).
 */
export function workspaceEnvironment(install: string, env: NodeJS.ProcessEnv = process.env): { AMENT_PREFIX_PATH: string; PYTHONPATH: string; PATH: string } {
  return {
    AMENT_PREFIX_PATH: append(RCLSIM_PREFIX, prepend(install, env.AMENT_PREFIX_PATH)),
    PYTHONPATH: prepend(join(install, SITE_PACKAGES), env.PYTHONPATH),
    PATH: prepend(join(install, 'bin'), env.PATH),
  };
}
