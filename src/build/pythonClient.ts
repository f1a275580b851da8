import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The rclpy-shaped client (docs/design.md#python-programs): `rclpy`, `rclsim`, `ament_index_python` and the interface packages' importer. */
export const PYTHON_CLIENT = fileURLToPath(new URL('../../../clients/python', import.meta.url));

/** The client's commands (`xacro`), which launch files run by name: `Command(['xacro ', file])`, `FindExecutable(name='xacro')`. */
export const PYTHON_CLIENT_BIN = join(PYTHON_CLIENT, 'bin');

/**
 * The environment of a Python process rclsim starts (a program, the setup.py reader, the launch
 * evaluator): `env` with rclsim's Python client first on PYTHONPATH and its commands first on
 * PATH, ahead of a ROS 2 installation's (its `import xacro` is the client's too); PYTHONHASHSEED
 * fixed, so a set's order of strings does not change from run to run; unbuffered output; the
 * time zone, which local times depend on, fixed.
 */
export function pythonEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...env,
    PYTHONPATH: ahead(PYTHON_CLIENT, env.PYTHONPATH),
    PATH: ahead(PYTHON_CLIENT_BIN, env.PATH),
    PYTHONHASHSEED: '0',
    PYTHONUNBUFFERED: '1',
    TZ: 'UTC',
  };
}

function ahead(first: string, path: string | undefined): string {
  return path ? `${first}${delimiter}${path}` : first;
}
