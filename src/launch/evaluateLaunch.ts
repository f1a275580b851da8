import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { PYTHON_CLIENT } from '../build/pythonClient.js';
import type { LaunchPlan } from './launchPlan.js';

/** What `rclsim launch [PKG] FILE [name:=value …]` names, and where its packages are. */
export interface LaunchRequest {
  /** The package whose share folder holds `file` (`ros2 launch PKG FILE`), or none: `file` is a path. */
  package?: string;
  file: string;
  /** `name:=value`, as given. */
  arguments: string[];
  /** Install prefixes searched for packages, first first (AMENT_PREFIX_PATH). */
  prefixes: string[];
  /** The interpreter (default python3). */
  python?: string;
  /** Only the declared arguments (`--show-args`). */
  showArgs?: boolean;
}

/** A launch file that cannot be evaluated: one line naming the file and line (exit 2). */
export class LaunchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LaunchError';
  }
}

/**
 * Evaluates a launch file with the Python client's `launch` (`python3 -m rclsim._launch_plan`,
 * docs/launch-plan.md): what the launch file prints goes to stderr, a traceback's last frame
 * too, and a failure is a LaunchError with the evaluator's last line.
 */
export function evaluateLaunch(request: LaunchRequest): LaunchPlan {
  const python = request.python ?? 'python3';
  const scratch = mkdtempSync(join(tmpdir(), 'rclsim-launch-'));
  const out = join(scratch, 'plan.json');
  try {
    const { PYTHONPATH, AMENT_PREFIX_PATH } = process.env;
    const result = spawnSync(
      python,
      [
        '-m',
        'rclsim._launch_plan',
        '--out',
        out,
        ...(request.showArgs === true ? ['--show-args'] : []),
        ...(request.package === undefined ? [] : [request.package]),
        request.file,
        ...request.arguments,
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PYTHONPATH: PYTHONPATH ? `${PYTHON_CLIENT}${delimiter}${PYTHONPATH}` : PYTHON_CLIENT,
          AMENT_PREFIX_PATH: [...request.prefixes, ...(AMENT_PREFIX_PATH ? [AMENT_PREFIX_PATH] : [])].join(delimiter),
          PYTHONHASHSEED: '0',
          PYTHONDONTWRITEBYTECODE: '1',
          TZ: 'UTC',
        },
      },
    );
    if (result.error !== undefined)
      throw new LaunchError(
        `cannot evaluate ${request.file}: '${python}' is not a command this machine can run (launch files are evaluated with Python 3.10 or newer)`,
      );
    // What the launch file printed while evaluated: launch shows it, so does rclsim.
    if (result.stdout !== '') process.stderr.write(result.stdout);
    const said = result.stderr.trimEnd().split('\n');
    const last = said.pop() ?? '';
    if (said.length > 0) process.stderr.write(`${said.join('\n')}\n`);
    if (result.status === 2) throw new LaunchError(last);
    if (result.status !== 0) throw new Error(`the launch evaluator failed on ${request.file} (exit ${result.status ?? result.signal}): ${last}`);
    return JSON.parse(readFileSync(out, 'utf8')) as LaunchPlan;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
