import { delimiter, join } from 'node:path';
import { SITE_PACKAGES } from './pythonPackages.js';

/** `first` ahead of what `current` (a PATH-like variable) holds, each once (colcon's prepend-non-duplicate). */
function prepend(first: string, current: string | undefined): string {
  return [first, ...(current ?? '').split(delimiter).filter((entry) => entry !== '' && entry !== first)].join(delimiter);
}

/**
 * What a sourced install (`source install/setup.bash`) adds to a program's environment: the
 * install prefix on AMENT_PREFIX_PATH (ament_index's search path), its Python packages on
 * PYTHONPATH, both ahead of what `env` holds. rclsim's Python client goes ahead of PYTHONPATH
 * where a Python program starts (job/separateProgram.ts).
 */
export function workspaceEnvironment(install: string, env: NodeJS.ProcessEnv = process.env): { AMENT_PREFIX_PATH: string; PYTHONPATH: string } {
  return { AMENT_PREFIX_PATH: prepend(install, env.AMENT_PREFIX_PATH), PYTHONPATH: prepend(join(install, SITE_PACKAGES), env.PYTHONPATH) };
}
