import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { drainMicrotasks } from '../base/microtasks.js';
import { notRegularFile } from '../base/regularFile.js';
import { CallbackError, ExitSignal } from '../base/runErrors.js';
import { CppBuildError } from '../build/compiler.js';
import { buildCppProgram } from '../build/cppProgram.js';
import { isLoadError, loadFailure } from '../compat/loadErrors.js';
import type { JobOperations } from '../port/DirectPort.js';
import { emptyRosArguments, type RosArguments } from '../ros/RosArguments.js';
import { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';
import { JobModuleError } from './jobErrors.js';
import { isCppProgram, isPythonProgram } from './programFiles.js';
import type { ProgramStdin } from './programStdin.js';
import { type OnExit, type ProgramWatch, startSeparateProgram } from './separateProgram.js';
import { prepareToLoad } from './userCode.js';

const require = createRequire(import.meta.url);

/** Where a program runs: in the simulation's process, or in its own (docs/design.md#node-processes). */
export type ProgramProcess = 'in-process' | 'separate';

/** How a program starts: where it runs, what its end does, a Python program's interpreter and the job operations it may use. */
export interface ProgramStart {
  running?: ProgramProcess;
  onExit?: OnExit;
  python?: string | undefined;
  /** Where the user named the interpreter, as a line names the place: `--python`, `job.yaml:4: nodes[0].python:`. */
  pythonWhere?: string | undefined;
  job?: JobOperations;
  /**
   * What tells this entry of the program apart in the job (its entry's namespace and name):
   * keys its random streams with the file's name, so two robots running one script draw apart.
   */
  instance?: string;
  /** The names a job's crash faults give it (separate programs only). */
  faultNames?: readonly string[];
  /** Whether a C++ program's sleeps take sim time (the default) or none (the job's `sleeps`). */
  sleeps?: Sleeps;
  /** Told of each life's start and end (a separate program's; the job's events). */
  watch?: ProgramWatch;
  /** The install prefix of the job's workspace: a separate program gets its environment (AMENT_PREFIX_PATH, PYTHONPATH). */
  workspace?: string;
  /** What the program is called (in lines, and its random streams' key), when not its file's name: a standard node's `package/executable`. */
  name?: string;
  /** What a Python or C++ program reads on its standard input (none: end of file at once); an rclnodejs program has none. */
  stdin?: ProgramStdin;
}

/** How a C++ program's sleeps take sim time: `sim-time` (docs/design.md#sleeping-takes-sim-time) or `none` (rslcpp's semantics). */
export type Sleeps = 'sim-time' | 'none';

let instances = 0;

/** A dotted Python module name, as `python3 -m` takes one. */
const PYTHON_MODULE = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

/**
 * Runs a Python module as the program, as `python3 -m module args…` runs it (`rclsim exec -m
 * pytest …`): in its own process, with the working folder first on its path; its random streams
 * are keyed by the module's name.
 */
export function startPythonModule(simulation: Simulation, module: string, args: readonly string[], how: ProgramStart = {}): Program {
  const where = `-m ${module}`;
  if (!PYTHON_MODULE.test(module)) throw new JobModuleError(`${where}: not a Python module name`);
  const { onExit = { kind: 'fail' }, python, pythonWhere, job, workspace, stdin } = how;
  return startSeparateProgram(simulation, module, {
    name: module,
    key: module,
    args,
    jobArguments: emptyRosArguments(),
    where,
    path: module,
    onExit,
    pythonModule: module,
    ...(stdin === undefined ? {} : { stdin }),
    ...(workspace === undefined ? {} : { workspace }),
    ...(python === undefined ? {} : { python }),
    ...(pythonWhere === undefined ? {} : { pythonWhere }),
    ...(job === undefined ? {} : { job }),
  });
}

/**
 * Starts an unmodified rclnodejs program inside the simulation: in its own context, with
 * `process.argv` set to its arguments while its top-level code (and the promise continuations
 * that follow) run, so `rclnodejs.init()` sees its `--ros-args`. The same file may run several
 * times in one job: each start executes it afresh.
 */
export async function startProgram(
  simulation: Simulation,
  path: string,
  args: readonly string[] = [],
  jobArguments: RosArguments = emptyRosArguments(),
  where = path,
  how: ProgramStart = {},
): Promise<Program> {
  const { running = 'in-process', onExit = { kind: 'fail' }, python, pythonWhere, job, instance, faultNames, sleeps, workspace, stdin } = how;
  const file = resolve(path);
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined) throw new JobModuleError(`${where}: no such program ${path}`);
  if (!stats.isFile()) throw new JobModuleError(`${where === path ? path : `${where}: ${path}`}: ${notRegularFile(file)}; a program is a file`);
  // Interface packages next to the program (<dir>/<pkg>/msg/…) are found without being named.
  simulation.interfaces.addSource({ path: dirname(file) });
  const name = how.name ?? (relative(process.cwd(), file) || file);
  const key = `${how.name ?? basename(file)}${instance === undefined ? '' : `@${instance}`}`;
  // A C++ program is built first (the compiler's diagnostics, then one line, when it does not compile).
  // A C++ program runs in this process as a shared object unless it needs one of its own: asked
  // for, to run under RCLSIM_CPP_PREFIX's command (valgrind, an emulator), or to read a
  // workspace's environment (AMENT_PREFIX_PATH: here getenv reads rclsim's), or to read a job's
  // stdin: (here fd 0 is rclsim's, which exec's 'inherit' is anyway) (docs/cpp-process.md).
  const ownStdin = stdin !== undefined && stdin !== 'inherit';
  const cppInProcess =
    running === 'in-process' && onExit.kind === 'fail' && (process.env.RCLSIM_CPP_PREFIX ?? '').trim() === '' && workspace === undefined && !ownStdin;
  const cppProgram = isCppProgram(file) ? buildOrFail(file, simulation, where === path ? path : `${where}: ${path}`, cppInProcess) : undefined;
  // A Python program always runs in its own process (docs/design.md#python-programs); a C++ program in one, or in this one as a shared object.
  if (running === 'separate' || isPythonProgram(file) || cppProgram !== undefined) {
    return startSeparateProgram(simulation, file, {
      name,
      key,
      args,
      jobArguments,
      where,
      path,
      onExit,
      ...(workspace === undefined ? {} : { workspace }),
      ...(python === undefined ? {} : { python }),
      ...(pythonWhere === undefined ? {} : { pythonWhere }),
      ...(faultNames === undefined ? {} : { faultNames }),
      ...(how.watch === undefined ? {} : { watch: how.watch }),
      ...(cppProgram === undefined ? {} : { cppProgram, inProcess: cppInProcess }),
      ...(sleeps === 'none' ? { sleepsTakeNoTime: true } : {}),
      // An rclnodejs program reads stdin through process.stdin's events, at times the machine decides: it gets none.
      ...(stdin === undefined || !(isPythonProgram(file) || cppProgram !== undefined) ? {} : { stdin }),
      // A Python or C++ program may use the job's operations (finish, results, end hooks), as a component does.
      ...(job === undefined || !(isPythonProgram(file) || cppProgram !== undefined) ? {} : { job }),
    });
  }
  await prepareToLoad(file);
  const program = new Program(simulation, name, { byJob: false, jobArguments, key });
  const argv = process.argv;
  process.argv = [process.execPath, file, ...args];
  try {
    delete require.cache[file];
    const loading = simulation.loadProgram(program, () => import(`${pathToFileURL(file).href}?rclsim-program=${++instances}`));
    let settled = false;
    let failure: unknown;
    loading.then(
      () => (settled = true),
      (error: unknown) => {
        settled = true;
        failure = error;
      },
    );
    // A module body may await sim time at top level: it then never settles before the loop
    // runs. Once its code has run and it still waits after the microtasks drained, go on.
    while (!settled && !program.hasRunCode) await drainMicrotasks();
    await drainMicrotasks();
    if (failure !== undefined && !(failure instanceof ExitSignal)) {
      if (isLoadError(failure)) throw new JobModuleError(`${where}: cannot load program ${path}: ${loadFailure(failure)}`);
      throw new CallbackError(`program ${name}`, simulation.engine.nowAbs, failure);
    }
    if (!settled) {
      loading.catch((error: unknown) => simulation.engine.failCallback(`program ${name}`, simulation.engine.nowAbs, error));
    }
  } finally {
    process.argv = argv;
  }
  return program;
}

/** A C++ program's file built into a program; one that does not build is bad input, named where the job named it. */
function buildOrFail(file: string, simulation: Simulation, where: string, shared: boolean): string {
  try {
    return buildCppProgram(file, simulation.interfaces, shared);
  } catch (error) {
    if (error instanceof CppBuildError)
      throw new JobModuleError(error.message.startsWith(`${file}:`) ? `${where}${error.message.slice(file.length)}` : `${where}: ${error.message}`);
    throw error;
  }
}
