import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { NotStartedError, runStoppable, type StoppableEnd } from '../base/stoppableChild.js';
import { pythonEnvironment } from '../build/pythonClient.js';
import { workspaceEnvironment } from '../build/workspaceEnvironment.js';
import type { LaunchAction, LaunchPlan, PlanParameters } from './launchPlan.js';

/** What `rclsim launch [PKG] FILE [name:=value …]` names, and where its packages are. */
export interface LaunchRequest {
  /** The package whose share folder holds `file` (`ros2 launch PKG FILE`), or none: `file` is a path. */
  package?: string;
  file: string;
  /** `name:=value`, as given. */
  arguments: string[];
  /** The workspace's install prefix: its packages (AMENT_PREFIX_PATH) and its Python packages (PYTHONPATH: nav2's launch files import nav2_common), as a sourced install gives them. */
  install: string;
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
 * too, and a failure is a LaunchError with the evaluator's last line. The evaluator is a
 * stoppable child: SIGINT/SIGTERM to rclsim end it (and what it started) with InterruptedError.
 */
export function evaluateLaunch(request: LaunchRequest): LaunchPlan {
  const python = request.python ?? 'python3';
  const named = request.package === undefined ? request.file : `${request.file} of package ${request.package}`;
  const scratch = mkdtempSync(join(tmpdir(), 'rclsim-launch-'));
  const out = join(scratch, 'plan.json');
  try {
    let end: StoppableEnd;
    try {
      end = runStoppable(
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
          env: pythonEnvironment({ ...process.env, ...workspaceEnvironment(request.install) }),
          stdout: 'keep',
          stderr: 'keep',
          doing: `evaluating launch file ${named}`,
        },
      );
    } catch (error) {
      if (!(error instanceof NotStartedError)) throw error;
      throw new LaunchError(
        `cannot evaluate ${request.file}: '${python}' is not a command this machine can run (launch files are evaluated with Python 3.10 or newer)`,
      );
    }
    // What the launch file printed while evaluated: launch shows it, so does rclsim.
    if (end.stdout !== '') process.stderr.write(end.stdout);
    if (end.code === 2) {
      // Bad input: the evaluator's last line is the one line rclsim shows, after what came before it.
      const said = end.stderr.trimEnd().split('\n');
      const last = said.pop() ?? '';
      if (said.length > 0) process.stderr.write(`${said.join('\n')}\n`);
      throw new LaunchError(last);
    }
    if (end.stderr !== '') process.stderr.write(end.stderr.endsWith('\n') ? end.stderr : `${end.stderr}\n`);
    // Without a plan the launch file ended the evaluator itself (os._exit, a crash in a module it loaded).
    if (end.code !== 0 || !existsSync(out)) {
      const how = end.code === null ? `was killed by ${end.signal}` : `exited with code ${end.code}`;
      throw new LaunchError(`${named}: its evaluation ${how} before the launch file gave its launch description (os._exit or a crash in the launch file)`);
    }
    const plan = JSON.parse(readFileSync(out, 'utf8')) as LaunchPlan;
    keepWrittenFiles(plan.actions, (file) => file.startsWith(scratch + sep) || (dirname(file) === tmpdir() && basename(file).startsWith('tmp')));
    return plan;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Where parameter files a launch wrote are kept, each named by its content. */
const WRITTEN_FILES = join(tmpdir(), 'rclsim-launch-files');

/**
 * Parameter files the evaluation wrote (the evaluator's `ParameterFile(allow_substs=True)`, a
 * user substitution's temporary file such as nav2's RewrittenYaml) live in temporary folders
 * under names nobody chose (the evaluator's scratch folder; Python's tempfile, `tmp…` in the
 * system's temporary folder): each is kept under a name made of its content, so that the job a
 * launch gives is the same text every time and its files outlive the evaluation (--print-job).
 */
function keepWrittenFiles(actions: readonly LaunchAction[], written: (file: string) => boolean): void {
  const keep = (parameters: PlanParameters): void => {
    for (const entry of parameters) {
      if (!('file' in entry) || !written(entry.file)) continue;
      const text = readFileSync(entry.file);
      const kept = join(WRITTEN_FILES, `${createHash('sha256').update(text).digest('hex').slice(0, 20)}.yaml`);
      mkdirSync(WRITTEN_FILES, { recursive: true });
      // Written whole, then renamed: a run reading it while another evaluation writes it sees one whole file.
      const partial = `${kept}.${process.pid}.partial`;
      writeFileSync(partial, text);
      renameSync(partial, kept);
      entry.file = kept;
    }
  };
  for (const action of actions) {
    if ('parameters' in action) keep(action.parameters);
    if ('composable_nodes' in action) for (const composable of action.composable_nodes) keep(composable.parameters);
    if ('on_exit' in action) keepWrittenFiles(action.on_exit, written);
    if ('actions' in action) keepWrittenFiles(action.actions, written);
  }
}
