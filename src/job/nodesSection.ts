import { basename } from 'node:path';
import type { Scalar } from 'yaml';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { parseRosArguments, type RosArguments } from '../ros/RosArguments.js';
import type { YamlSource } from '../sim/yamlSource.js';
import { nodeArguments } from './nodeArguments.js';
import { packageComponent } from './packageComponents.js';
import { type PackageExecutable, packageExecutable } from './packageExecutables.js';
import { isCppProgram, isPythonProgram } from './programFiles.js';
import type { ProgramStdin } from './programStdin.js';
import type { ProgramProcess, Sleeps } from './programs.js';
import { fieldPath, type JobFileContext, type Location } from './sectionContext.js';
import type { OnExit } from './separateProgram.js';

export type NodeEntry = {
  script?: string;
  module?: string;
  export?: string;
  args?: (string | number | boolean)[];
  name?: string;
  namespace?: string;
  remap?: Record<string, string>;
  process?: 'in-process' | 'separate';
  on_exit?: 'fail' | 'continue' | 'respawn';
  respawn_delay?: string | number;
  respawn_max_retries?: number;
  python?: string;
  sleeps?: Sleeps;
  package?: string;
  executable?: string;
  component?: string;
  container?: string;
  extra_arguments?: Record<string, boolean>;
  id?: string;
  origin?: string;
  start_after?: string | number;
  stdin?: { file: string } | { text: string };
};

/** A node entry, checked, with what starting its program takes. */
export interface NodeItem {
  entry: NodeEntry;
  /** Its command line, as the user wrote it. */
  args: string[];
  /** The file it runs: a script, a module, a package's executable or a component's library. */
  target: string;
  startAfter: bigint | 'event';
  /** What the entry says about its nodes (name, namespace, remaps, parameters) as ROS arguments. */
  jobArguments: RosArguments;
  where: string;
  onExit: OnExit;
  interpreter: string | undefined;
  interpreterWhere: string | undefined;
  running: ProgramProcess;
  sleeps: Sleeps | undefined;
  /** What its program reads on standard input (a file resolved against the job file's folder). */
  stdin: ProgramStdin | undefined;
}

/** The job's node entries, checked; each shared container by its first entry; the entries' ids, which events name. */
export interface NodesConfig {
  items: NodeItem[];
  containers: Map<string, number>;
  ids: Set<string>;
}

/**
 * The job's `nodes:`, checked: one kind of program each (a script, a module, a package's
 * executable or component), the keys that go with it, a process where the program needs one.
 * `job` gives the job-wide interpreter and sleeps; `workspace`, the packages' (when any is named).
 */
export function nodesConfig(
  entries: readonly NodeEntry[],
  context: JobFileContext,
  source: YamlSource,
  job: { python?: string | undefined; sleeps?: Sleeps | undefined },
  workspace: PreparedWorkspace | undefined,
): NodesConfig {
  const { fail, duration } = context;
  const executableAt = (location: Location, pkg: string, executable: string): PackageExecutable => {
    const found = packageExecutable(workspace!, pkg, executable);
    if ('why' in found) fail([...location, 'executable'], found.why);
    return found as PackageExecutable;
  };
  const componentAt = (location: Location, pkg: string, className: string): string => {
    const found = packageComponent(workspace!.install, pkg, className);
    if ('why' in found) fail([...location, 'component'], found.why);
    return (found as { library: string }).library;
  };
  /** The first entry of each shared container: the process's options go there. */
  const containers = new Map<string, number>();
  /** The entries' ids, which events name. */
  const ids = new Set<string>();
  const items = entries.map((entry, i): NodeItem => {
    const location = ['nodes', i];
    const hasScript = entry.script !== undefined;
    const hasPackage = entry.package !== undefined || entry.executable !== undefined || entry.component !== undefined;
    if ([hasScript, entry.module !== undefined, hasPackage].filter(Boolean).length !== 1)
      fail(
        location,
        `give exactly one of 'script' (a program), 'module' (a component) or 'package' with 'executable' (a built program) or 'component' (a plugin class it registered)`,
      );
    if (hasPackage && (entry.package === undefined || (entry.executable === undefined) === (entry.component === undefined)))
      fail(
        [...location, entry.package === undefined ? (entry.executable === undefined ? 'component' : 'executable') : 'package'],
        `'package' goes with either 'executable' (as ros2 run names it) or 'component' (a plugin class, as ros2 component load names it)`,
      );
    if (entry.container !== undefined && entry.component === undefined)
      fail([...location, 'container'], `'container' names the process a 'component' is loaded into`);
    if (entry.extra_arguments !== undefined && entry.component === undefined)
      fail([...location, 'extra_arguments'], `'extra_arguments' are a 'component' node's options, as ros2 component load's -e`);
    if (entry.component !== undefined && entry.args !== undefined)
      fail([...location, 'args'], `a component has no command line: its node takes 'name', 'namespace', 'parameters' and 'remap'`);
    const firstOfContainer = entry.container === undefined ? undefined : containers.get(entry.container);
    if (entry.container !== undefined && firstOfContainer === undefined) containers.set(entry.container, i);
    if (firstOfContainer !== undefined)
      for (const key of ['on_exit', 'respawn_delay', 'respawn_max_retries', 'sleeps', 'process'] as const)
        if (entry[key] !== undefined)
          fail([...location, key], `'${key}' is the process's: give it on the first entry of container ${entry.container} (nodes[${firstOfContainer}])`);
    if (entry.module === undefined && entry.export !== undefined) fail([...location, 'export'], `'export' belongs to a 'module' node`);
    const executable = hasPackage && entry.executable !== undefined ? executableAt(location, entry.package!, entry.executable) : undefined;
    // A standard node is an rclnodejs program: in-process unless the entry says otherwise.
    const standard = executable?.kind === 'standard';
    if (hasPackage && !standard && entry.process === 'in-process')
      fail([...location, 'process'], `a package's executable runs in a process of its own: leave out 'process' or make it 'separate'`);
    const onExit = entry.on_exit ?? 'fail';
    if (onExit !== 'fail' && entry.process === 'in-process')
      fail([...location, 'on_exit'], `on_exit: ${onExit} needs the program in a process of its own: leave out 'process' or make it 'separate'`);
    for (const key of ['respawn_delay', 'respawn_max_retries'] as const)
      if (entry[key] !== undefined && onExit !== 'respawn') fail([...location, key], `'${key}' goes with on_exit: respawn`);
    const target = hasPackage
      ? entry.component !== undefined
        ? componentAt(location, entry.package!, entry.component)
        : executable!.path
      : hasScript
        ? context.file([...location, 'script'], entry.script!)
        : context.file([...location, 'module'], entry.module!);
    const python = isPythonProgram(target);
    // A Python program always runs in its own process, with the entry's or the job's interpreter.
    if (python && entry.process === 'in-process')
      fail([...location, 'process'], `a Python program runs in a process of its own: leave out 'process' or make it 'separate'`);
    if (!python && entry.python !== undefined) fail([...location, 'python'], `'python' names the interpreter of a .py script`);
    // A package's executable (but a standard node) is a C++ program that rclsim build made.
    const cpp = (hasPackage && !standard) || isCppProgram(target);
    if (!cpp && entry.sleeps !== undefined) fail([...location, 'sleeps'], `'sleeps' says how a C++ program's sleeps take sim time`);
    const sleeps = entry.sleeps ?? (cpp ? job.sleeps : undefined);
    // Python and C++ programs read fd 0 as they run, in their turn; an rclnodejs program (a standard
    // node's too) reads process.stdin's events, at times the machine decides; a container is many nodes' process.
    if (entry.stdin !== undefined && (entry.component !== undefined || !(python || cpp)))
      fail(
        [...location, 'stdin'],
        entry.component !== undefined
          ? `a component's container has no standard input: give 'stdin' to a program`
          : `an rclnodejs program reads standard input through process.stdin's events, which come when the machine decides, not the simulation: give 'stdin' to a Python or C++ program`,
      );
    const stdin: ProgramStdin | undefined =
      entry.stdin === undefined ? undefined : 'file' in entry.stdin ? { file: context.file([...location, 'stdin', 'file'], entry.stdin.file) } : entry.stdin;
    // A number or a boolean is the program's argument as written (`2.50`, `0x10`, `yes`), as a
    // shell would pass it: what YAML made of it is not what the user typed.
    const args = (entry.args ?? []).map((value, j) =>
      typeof value === 'string' ? value : ((context.at([...location, 'args', j]) as Scalar).source ?? String(value)),
    );
    try {
      parseRosArguments(args);
    } catch (error) {
      fail([...location, 'args'], (error as Error).message);
    }
    const exit: OnExit =
      onExit === 'respawn'
        ? {
            kind: 'respawn',
            delay: entry.respawn_delay === undefined ? 0n : duration([...location, 'respawn_delay'], entry.respawn_delay),
            // As launch's: a negative number (the default) respawns without limit.
            maxRetries: entry.respawn_max_retries === undefined || entry.respawn_max_retries < 0 ? null : entry.respawn_max_retries,
          }
        : { kind: onExit };
    const interpreter = python ? (entry.python ?? job.python) : undefined;
    // Where it was named, for a line that blames it (separateProgram.ts).
    const interpreterField = entry.python !== undefined ? [...location, 'python'] : ['python'];
    const interpreterWhere = interpreter === undefined ? undefined : `${context.lineOf(interpreterField)}: ${fieldPath(interpreterField)}:`;
    // on_exit: continue or respawn implies a process of its own, as a Python program always has one.
    const running: ProgramProcess = python || (hasPackage && !standard) ? 'separate' : (entry.process ?? (exit.kind === 'fail' ? 'in-process' : 'separate'));
    if (entry.id !== undefined) {
      if (ids.has(entry.id)) fail([...location, 'id'], `another entry has id '${entry.id}'`);
      ids.add(entry.id);
    }
    if (entry.start_after !== undefined && entry.container !== undefined && firstOfContainer !== undefined)
      fail(
        [...location, 'start_after'],
        `'start_after' is the process's: give it on the first entry of container ${entry.container} (nodes[${firstOfContainer}])`,
      );
    const startAfter =
      entry.start_after === undefined ? 0n : entry.start_after === 'event' ? ('event' as const) : duration([...location, 'start_after'], entry.start_after);
    return {
      entry,
      args,
      target,
      startAfter,
      jobArguments: nodeArguments(source, location, entry, fail),
      where: entry.origin ?? context.lineOf(location),
      onExit: exit,
      interpreter,
      interpreterWhere,
      running,
      sleeps,
      stdin,
    };
  });
  return { items, containers, ids };
}

/**
 * The names a crash fault may give an entry's program: the entry's name, its script's file name
 * (with or without the extension), or a component's container or class, a module's export.
 */
export function faultNamesOf(entry: NodeEntry): string[] {
  const names =
    entry.component !== undefined
      ? [entry.container ?? entry.component]
      : entry.executable !== undefined
        ? [entry.executable]
        : entry.script === undefined
          ? [entry.export ?? 'default']
          : [basename(entry.script), basename(entry.script).replace(/\.[^.]*$/, '')];
  return [...new Set([entry.name, ...names].filter((n) => n !== undefined))];
}
