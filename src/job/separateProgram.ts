import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProgramBags } from '../bag/ProgramBags.js';
import { CallbackError, ExitSignal, formatSimTime } from '../base/runErrors.js';
import { VIRTUAL_CPUS } from '../base/virtualCpus.js';
import { fdWaitAddon, inprocessAddon } from '../build/inprocessAddon.js';
import { pythonEnvironment } from '../build/pythonClient.js';
import { workspaceEnvironment } from '../build/workspaceEnvironment.js';
import { SIMULATED_DISTRO } from '../client/distro.js';
import { DirectPort, type JobOperations } from '../port/DirectPort.js';
import { ProgramServer } from '../port/server/ProgramServer.js';
import { RemoteCallbackError, RemoteLoadError } from '../port/server/remoteErrors.js';
import type { AbnormalEnd } from '../port/server/ServerOptions.js';
import { InProcessLink } from '../port/wire/InProcessLink.js';
import { ProgramSocket } from '../port/wire/ProgramSocket.js';
import { SIMULATED_RMW } from '../ros/middleware.js';
import type { RosArguments } from '../ros/RosArguments.js';
import { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';
import { JobModuleError } from './jobErrors.js';
import { isPythonProgram } from './programFiles.js';
import { programHost } from './programHost.js';
import { type ProgramStdin, withStdin } from './programStdin.js';
import { type Respawn, respawnVerdict } from './respawn.js';

/** The entry of a separate program's process (program/programMain.ts). */
const PROGRAM_MAIN = fileURLToPath(new URL('../program/programMain.js', import.meta.url));

/**
 * What happens when a separate program exits with a code that is not 0, throws an error nothing
 * in it handles, or dies (docs/design.md#faults-stay-in-their-process): the run fails (`fail`), goes on without it
 * (`continue`), or starts it again after `delay` ns of sim time (`respawn`, launch's respawn).
 */
export type OnExit = { kind: 'fail' } | { kind: 'continue' } | Respawn;

/** A separate program: its name (in messages), key (of its random streams), arguments, where the job named it, and its on_exit. */
export interface SeparateStart {
  name: string;
  key: string;
  args: readonly string[];
  jobArguments: RosArguments;
  where: string;
  path: string;
  onExit: OnExit;
  /** A component of the job: its export, and the job whose operations it uses. */
  component?: { exportName: string; job: JobOperations };
  /** The job's operations a program may use (a Python program's rclsim module). */
  job?: JobOperations;
  /** The interpreter of a Python program (default python3). */
  python?: string;
  /** Where the user named it, as a line names the place: `--python`, `job.yaml:4: nodes[0].python:` (none: the default). */
  pythonWhere?: string;
  /** A Python program whatever its file's name (a package's executable whose `#!` line names python). */
  pythonScript?: boolean;
  /** The install prefix of a workspace whose environment the program gets, as a sourced install gives it (AMENT_PREFIX_PATH, PYTHONPATH). */
  workspace?: string;
  /** A Python module run as the program (`rclsim exec -m pytest`), as `python3 -m` runs it. */
  pythonModule?: string;
  /** A C++ program: the program the C++ build made of its file (build/cppProgram.ts). */
  cppProgram?: string;
  /** The C++ program is a shared object to run in rclsim's process (docs/cpp-process.md), not a process of its own. */
  inProcess?: boolean;
  /** A C++ program's sleeps take no sim time (the job's `sleeps: none`). */
  sleepsTakeNoTime?: boolean;
  /** A built package's executable: its workspace's lib folder, where its shared libraries are (as a sourced install has it on LD_LIBRARY_PATH). */
  libraryPath?: string;
  /** The names a job's crash faults give it (its entry's name, its script's file name). */
  faultNames?: readonly string[];
  /** Told when each life starts and ends, however it ends (a job's events: launch's OnProcessStart/OnProcessExit). */
  watch?: ProgramWatch;
  /** What its process reads on fd 0 (none: end of file at once). */
  stdin?: ProgramStdin;
}

/** Who is told of a program's lives: each start, and each end with the line that says how it ended. */
export interface ProgramWatch {
  started(program: Program): void;
  /** `code`: its exit code, or null when it died (AbnormalEnd.code). */
  ended(program: Program, line: string, code: number | null): void;
}

/**
 * The command a program is started with, before its own: the words of `variable` —
 * `RCLSIM_CPP_PREFIX` before a C++ program's path, `RCLSIM_NODE_PREFIX` before the Node that runs
 * a JavaScript one (as launch's `prefix`: `valgrind`, `gdb -ex run --args`, an emulator for a
 * program or a Node built for another CPU) — none when unset.
 */
function prefix(variable: 'RCLSIM_CPP_PREFIX' | 'RCLSIM_NODE_PREFIX'): string[] {
  return (process.env[variable] ?? '').split(/\s+/).filter((word) => word !== '');
}

/**
 * What a C++ program finds in its environment of the machine: UTC, and the CPU count, which a
 * library's constructor reads before the handshake (clients/cpp/src/cpu_count.cpp).
 */
const MACHINE_ENVIRONMENT = { TZ: 'UTC', RCLSIM_CPU_COUNT: String(VIRTUAL_CPUS) };

/**
 * How a program's process starts: Node with the rclnodejs client, or Python with the rclpy
 * client first on its path (build/pythonClient.ts's pythonEnvironment), or a C++ program; a
 * program run from a workspace with its environment, as from a sourced install.
 */
function programCommand(file: string, start: SeparateStart): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  const { pythonModule, cppProgram } = start;
  const env = start.workspace === undefined ? process.env : { ...process.env, ...workspaceEnvironment(start.workspace) };
  // A C++ program's main gets its arguments as its process's own, as under ros2 run.
  if (cppProgram !== undefined) {
    const { libraryPath } = start;
    const path = env.LD_LIBRARY_PATH;
    const libraries = libraryPath === undefined ? {} : { LD_LIBRARY_PATH: path ? `${libraryPath}${delimiter}${path}` : libraryPath };
    const [command, ...prefixArgs] = [...prefix('RCLSIM_CPP_PREFIX'), cppProgram];
    return { command: command!, args: [...prefixArgs, ...start.args], env: { ...env, ...libraries, ...MACHINE_ENVIRONMENT } };
  }
  if (!runsPython(file, start)) {
    const [command, ...prefixArgs] = [...prefix('RCLSIM_NODE_PREFIX'), process.execPath];
    return { command: command!, args: [...prefixArgs, PROGRAM_MAIN, file], env };
  }
  return {
    command: start.python ?? 'python3',
    args: ['-m', 'rclsim._main', ...(pythonModule === undefined ? [file] : ['--module', pythonModule])],
    env: pythonEnvironment(env),
  };
}

/** Whether the program is Python: a module, a script rclsim knows is one, a .py file. */
function runsPython(file: string, start: SeparateStart): boolean {
  return start.pythonModule !== undefined || start.pythonScript === true || isPythonProgram(file);
}

/**
 * Starts an unmodified rclnodejs program (or a component of the job) in its own process
 * (docs/design.md#node-processes): its code and the client live there, everything that decides
 * lives here; its top-level code (a component's construction) runs as its first callback before
 * this returns.
 */
export function startSeparateProgram(simulation: Simulation, file: string, start: SeparateStart): Program {
  const { program, runTopLevel } = launch(simulation, file, start, 1);
  try {
    runTopLevel();
  } catch (error) {
    // As in-process (programs.ts, components.ts): code that cannot load is bad input, a throw is its failure, process.exit() its end.
    if (error instanceof RemoteLoadError) {
      // A component's process says why in the words of components.ts.
      throw new JobModuleError(`${start.where}: ${start.component === undefined ? `cannot load program ${start.path}: ` : ''}${error.message}`);
    }
    if (error instanceof RemoteCallbackError) throw new CallbackError(describe(start), simulation.engine.nowAbs, error);
    if (!(error instanceof ExitSignal)) throw error;
  }
  return program;
}

/**
 * One life of the program: a process, a Program, its top-level run. A respawned program is a
 * new life, with fresh state; its random streams are keyed by its life too (`talker.js#2`), so
 * it does not draw again what its first life drew.
 */
function launch(simulation: Simulation, file: string, start: SeparateStart, life: number): { program: Program; runTopLevel: () => void } {
  const { name, args, jobArguments } = start;
  const key = life === 1 ? start.key : `${start.key}#${life}`;
  const { component } = start;
  // A component's nodes run without spin(), as in-process.
  const language = start.cppProgram !== undefined ? 'cpp' : runsPython(file, start) ? 'python' : 'javascript';
  const program = new Program(simulation, name, { byJob: component !== undefined, jobArguments, key, language });
  const command = programCommand(file, start);
  const socket =
    start.inProcess === true
      ? loadInProcess(start)
      : withStdin(start.stdin, (stdin) =>
          ProgramSocket.spawn({ name, ...command, stdout: 'relay', stderr: 'relay', stdin, fdWait: fdWaitAddon(), sharedMemory: language === 'cpp' }),
        );
  if (socket instanceof ProgramSocket) {
    // An interpreter that is not there (python: or --python naming none) is bad input.
    if (socket.pid === undefined) throw new JobModuleError(`${start.where}: cannot start ${name}: '${command.command}' is not a command this machine can run`);
    simulation.programWatch.started(socket.pid);
    simulation.atExit(() => socket.close());
  }
  start.watch?.started(program);
  const onAbnormalEnd = (end: AbnormalEnd): never => {
    const { onExit } = start;
    start.watch?.ended(program, end.line, end.code);
    if (onExit.kind === 'fail') return end.fail();
    const verdict = onExit.kind === 'respawn' ? respawnVerdict(program, onExit, life, simulation.engine.nowAbs) : null;
    if (verdict?.kind === 'fail') {
      simulation.warn(`${end.line}; ${verdict.why}`);
      return end.fail(true);
    }
    socket.kill();
    if (socket instanceof ProgramSocket) socket.close();
    simulation.endProgram(program);
    if (onExit.kind === 'continue') {
      simulation.warn(`${end.line}; its nodes left the graph (on_exit: continue)`);
    } else if (verdict?.kind === 'stop') {
      simulation.warn(`${end.line}; ${verdict.why}`);
    } else {
      const at = simulation.engine.nowAbs + onExit.delay;
      simulation.warn(`${end.line}; it starts again at sim time ${formatSimTime(at)} (on_exit: respawn)`);
      program.respawnPending = true;
      simulation.engine.scheduleAfter(Number(onExit.delay), () => {
        program.respawnPending = false;
        respawn(simulation, file, start, life + 1);
      });
    }
    throw new ExitSignal(name, 0);
  };
  // With on_exit: fail, a hung callback ends the run (the supervisor's --callback-timeout); otherwise only its process.
  const callbackTimeoutMs = start.onExit.kind === 'fail' ? undefined : simulation.programWatch.callbackTimeoutMs;
  const endGraceMs = simulation.programWatch.callbackTimeoutMs;
  // A component's job, or the job's operations a Python program may use.
  const job = component?.job ?? start.job;
  const port = DirectPort.of(program, job ?? null);
  const server = new ProgramServer(programHost(simulation, program), port, socket, {
    onAbnormalEnd,
    bags: () => new ProgramBags(port.interfaces),
    world: () => simulation.worldHost,
    // launch respawns a process that ends with 0 too (launch/actions/execute_local.py, __on_process_exit).
    onExitZero: (line: string) =>
      start.onExit.kind === 'respawn' ? onAbnormalEnd({ line, code: 0, fail: () => simulation.exitProgram(program, 0) }) : start.watch?.ended(program, line, 0),
    ...(language === 'python' ? { onGoneBeforeHello: (how: string) => notPython(start, command.command, how) } : {}),
    ...(start.inProcess === true ? { onGoneBeforeHello: (how: string) => notLoaded(start, how) } : {}),
    ...(callbackTimeoutMs === undefined ? {} : { callbackTimeoutMs }),
    ...(endGraceMs === undefined ? {} : { endGraceMs }),
  });
  const thisLife = { program, running: () => server.running, crash: (how: string) => server.crash(how) };
  for (const faultName of start.faultNames ?? []) simulation.crashes?.started(faultName, thisLife);
  // A Python or C++ program's code goes on past the run's end, as rclpy's and rclcpp's do past Ctrl-C (spin returns).
  if (language !== 'javascript') simulation.atRunEnd(() => server.shutdown(), `program ${name}'s code after the run's end`);
  const welcome = {
    program: key,
    programName: name,
    argv: args,
    nowNs: simulation.engine.nowAbs,
    seed: simulation.seed,
    cpuCount: VIRTUAL_CPUS,
    rosDistro: SIMULATED_DISTRO,
    rmwImplementation: SIMULATED_RMW,
    interfaceFolders: simulation.interfaces.userSources().map((source) => ({ path: source.path, package: source.package ?? '' })),
    component: component?.exportName ?? '',
    strictMessages: simulation.strictMessages,
    sleepsTakeNoTime: start.sleepsTakeNoTime ?? false,
  };
  return { program, runTopLevel: () => simulation.loadProgram(program, () => server.serveTopLevel(welcome)) };
}

/**
 * A Python program's interpreter that ended before the client's Hello did not run rclsim's
 * client (a shim that fails, /bin/false, a Python too old for it): bad input, named where the
 * user gave it; what the program itself does after its Hello is its own failure.
 */
function notPython(start: SeparateStart, interpreter: string, how: string): never {
  const named = start.pythonWhere === undefined ? `${start.where}: ${interpreter} (the default interpreter)` : `${start.pythonWhere} ${interpreter}`;
  throw new JobModuleError(
    `${named}: did not start rclsim's Python client for ${start.name} (${how} before its handshake); name a Python 3.10 or newer that runs here`,
  );
}

/**
 * A C++ program loaded into this process from a copy of its own (a second load of one file would
 * share the first's statics: two entries of one program, a sweep's worker running the job again).
 * What its client reads of the machine before its handshake is the process's environment here:
 * the virtual CPU count and UTC, as a program of its own process is given (programCommand), set
 * in the C environment by the addon (on a command thread, process.env is a copy getenv never sees).
 */
function loadInProcess(start: SeparateStart): InProcessLink {
  const copy = join(mkdtempSync(join(tmpdir(), 'rclsim-program-')), 'program.so');
  copyFileSync(start.cppProgram!, copy);
  const machine = Object.entries(MACHINE_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
  return new InProcessLink(start.name, inprocessAddon(), copy, [start.cppProgram!, ...start.args], machine);
}

/** A C++ program that could not be loaded into this process (a library it needs is not there): bad input, one line, in the loader's words. */
function notLoaded(start: SeparateStart, how: string): never {
  throw new JobModuleError(`${start.where}: cannot load program ${start.path} into rclsim's process: ${how.replace(/^could not start: /, '')}`);
}

/** A later life: what its top-level code does wrong now is the run's failure (or its on_exit), not bad input. */
function respawn(simulation: Simulation, file: string, start: SeparateStart, life: number): void {
  try {
    launch(simulation, file, start, life).runTopLevel();
  } catch (error) {
    if (error instanceof ExitSignal) return;
    simulation.engine.failCallback(describe(start), simulation.engine.nowAbs, error);
  }
}

/** How failures name it: `program talker.js`, `component nodes.ts#NodeA`. */
function describe(start: SeparateStart): string {
  return `${start.component === undefined ? 'program' : 'component'} ${start.name}`;
}
