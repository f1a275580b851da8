import { resolve } from 'node:path';
import { parseDuration } from '../../job/duration.js';
import type { JobDefinition } from '../../job/JobHandle.js';
import { loadJob } from '../../job/loadJob.js';
import { preparedWorkspace, programWorkspaceOf } from '../../job/packageExecutables.js';
import { emptyRosArguments, parseRosArguments } from '../../ros/RosArguments.js';
import { LAUNCH_JOB_PATH } from '../commands/launch.js';
import { refuseCollision } from '../outputCollisions.js';
import { namesPackage } from './packageRun.js';
import type { RunCommandOptions } from './runAndReport.js';
import { runFiles } from './runFiles.js';

/** What `rclsim run` or `rclsim exec` was asked to run: a plain value, handed to the run's thread. */
export interface RunRequest {
  command: 'run' | 'exec' | 'launch';
  /** The job file or module (run), the program (exec), or the job a launch runs as (its text). */
  target: string;
  /** The program's own arguments (exec). */
  args: string[];
  options: RunCommandOptions & {
    until?: string;
    process?: 'in-process' | 'separate';
    python?: string;
    module?: string;
    interfaces?: string[];
    /** The workspace of packages' executables (`exec pkg exe`, a job's `package:` entries): docs/workspaces.md. */
    workspace?: string;
    /** What of a launch not to run (`launch --skip`). */
    skip?: string[];
  };
}

/**
 * The job a request describes, loaded when called (inside the run's thread). An output that is
 * one of the run's inputs or another output is refused (OutputCollisionError) before the run
 * opens anything: after the job is read, before its programs load.
 */
export function jobOf(request: RunRequest): () => Promise<JobDefinition> {
  const { target, args, options } = request;
  // --start and --until over the job's own start: and end.after.
  const timing = {
    ...(options.start === undefined ? {} : { startTime: parseDuration(options.start) }),
    ...(options.until === undefined ? {} : { endAfter: parseDuration(options.until) }),
  };
  const refuseCollisions = (): void => {
    const { inputs, outputs } = runFiles(request);
    refuseCollision(outputs, inputs);
  };
  if (request.command === 'run' || request.command === 'launch') {
    return async () => {
      // A launch runs as the job file its command line makes (its text is the target).
      const job =
        request.command === 'launch'
          ? (await import('../../job/jobFile.js')).parseJobFile(target, resolve(LAUNCH_JOB_PATH), { workspace: options.workspace, skip: options.skip ?? [] })
          : await loadJob(target, { workspace: options.workspace });
      refuseCollisions();
      return { ...job, ...timing };
    };
  }
  if (options.module === undefined && namesPackage(target, args)) {
    const [executable, ...programArgs] = args as [string, ...string[]];
    return async () => {
      parseRosArguments(programArgs);
      refuseCollisions();
      const workspace = preparedWorkspace(options.workspace);
      return {
        name: `${target} ${executable}`,
        ...timing,
        interfaces: (options.interfaces ?? []).map((folder) => ({ path: resolve(folder) })),
        setup: async (job) => {
          const { startPackageExecutable } = await import('../../job/startPackageExecutable.js');
          await startPackageExecutable(job.simulation, workspace, target, executable, programArgs, emptyRosArguments(), `${target} ${executable}`, {
            job,
            stdin: 'inherit',
            ...(options.python === undefined ? {} : { python: options.python, pythonWhere: '--python' }),
          });
        },
      };
    };
  }
  return async () => {
    parseRosArguments(args);
    refuseCollisions();
    const { module } = options;
    // A program run from a workspace gets its environment and interface packages, as under a sourced install (nothing is laid out: that is for packages' executables).
    const fromWorkspace = programWorkspaceOf(options.workspace);
    const workspace = fromWorkspace?.install === undefined ? {} : { workspace: fromWorkspace.install };
    // The interpreter --python names, and where a line that blames it names it.
    const python = options.python === undefined ? {} : { python: options.python, pythonWhere: '--python' };
    // As ros2 run, the program reads rclsim's own stdin: the terminal, or what is piped in (docs/cli.md).
    const stdin = 'inherit';
    return {
      name: module === undefined ? target : `-m ${module}`,
      ...timing,
      interfaces: [...(options.interfaces ?? []).map((folder) => ({ path: resolve(folder) })), ...(fromWorkspace?.interfaceSources ?? [])],
      setup: async (job) => {
        // What starts programs loads with the run, after the request was found good.
        const { startProgram, startPythonModule } = await import('../../job/programs.js');
        if (module !== undefined) startPythonModule(job.simulation, module, args, { ...python, ...workspace, job, stdin });
        else
          await startProgram(job.simulation, target, args, undefined, target, {
            running: options.process ?? 'in-process',
            ...python,
            ...workspace,
            job,
            stdin,
          });
      },
    };
  };
}
