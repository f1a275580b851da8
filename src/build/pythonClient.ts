import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The rclpy-shaped client (DESIGN.md "Python programs"): `rclpy`, `rclsim`, `ament_index_python` and the interface packages' importer. */
export const PYTHON_CLIENT = fileURLToPath(new URL('../../../clients/python', import.meta.url));

/**
 * The environment of a Python process rclsim starts (a program, the setup.py reader, the launch
 * evaluator): `env` with rclsim's Python client first on PYTHONPATH, ahead of a ROS 2
 * installation's; PYTHONHASHSEED fixed, so a set's order of strings does not change from run to
 * run; unbuffered output; the time zone, which local times depend on, fixed.
 */
export function pythonEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const path = env.PYTHONPATH;
  return { ...env, PYTHONPATH: path ? `${PYTHON_CLIENT}${delimiter}${path}` : PYTHON_CLIENT, PYTHONHASHSEED: '0', PYTHONUNBUFFERED: '1', TZ: 'UTC' };
}
