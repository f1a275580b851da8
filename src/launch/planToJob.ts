import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import { workspaceEnvironment } from '../build/workspaceEnvironment.js';
import { gazeboActions, type LaunchedWorld } from './gazeboActions.js';
import type { LaunchAction, LaunchPlan, PlanComposable, PlanContainer, PlanNode, PlanParameters, PlanProcess } from './launchPlan.js';
import { shellWords } from './shellWords.js';

/** A node entry of a job file, as launch made it (docs/job-files.md's keys). */
export interface LaunchedEntry {
  package: string;
  executable?: string;
  component?: string;
  container?: string;
  id?: string;
  origin: string;
  name?: string;
  namespace?: string;
  args?: string[];
  parameters?: Record<string, unknown>;
  remap?: Record<string, string>;
  on_exit?: 'continue' | 'respawn';
  respawn_delay?: string;
  respawn_max_retries?: number;
  start_after?: string;
  /** A component's: what of a LoadNode request's extra_arguments rclcpp_components' container reads. */
  extra_arguments?: Record<string, boolean>;
}

/** An action of a job's `events:` (docs/job-files.md "Events"). */
export type EventAction =
  | { log: string }
  | { error: string }
  | { shutdown: string }
  | { start: string }
  | { after: string; do: EventAction[] }
  | { ros2: string[]; id: string }
  | { change_state: { node: string; transition: number } };

/** What an event waits for: the run's start, a program's start or end, the run's end, a lifecycle transition. */
export type EventTrigger =
  | 'start'
  | 'shutdown'
  | { started: string }
  | { exited: string }
  | { stdout: string }
  | { stderr: string }
  | { transition: { node: string; from?: string; to?: string } };

export interface JobEvent {
  on: EventTrigger;
  origin: string;
  do: EventAction[];
}

/** What a launch file becomes in a job: its nodes and events, and the world its Gazebo runs, in the job file's words. */
export interface LaunchedJob {
  nodes: LaunchedEntry[];
  events: JobEvent[];
  world: LaunchedWorld | undefined;
  /** Processes that are neither a package's executable nor a ros2 command (`ExecuteProcess` of any other command): what cannot run. */
  commands: { origin: string; cmd: string[] }[];
  /** Lines about what launch would do and the run leaves out (OnProcessIO of a program). */
  warnings: string[];
}

/** Seconds, as a job file's duration, exact to the nanosecond launch's float gives. */
export function seconds(value: number): string {
  const ns = Math.round(value * 1e9);
  return ns % 1_000_000 === 0 ? `${ns / 1_000_000}ms` : `${ns}ns`;
}

/** `file:line`, the file relative to `base` when it lies below it. */
function originOf(action: { file: string; line: number }, base: string): string {
  const shown = relative(base, action.file);
  return `${shown.startsWith('..') || shown === '' ? action.file : shown}:${action.line}`;
}

/** A node's parameters as its ROS arguments, in launch_ros's order: files and values as given. */
function parameterArguments(parameters: PlanParameters): string[] {
  return parameters.flatMap((entry) => ('file' in entry ? ['--params-file', entry.file] : entry.values.flatMap(([name, yaml]) => ['-p', `${name}:=${yaml}`])));
}

/** A composable node's parameters: values as the entry's map (files are refused by the caller). */
function parameterValues(parameters: PlanParameters): Record<string, string> {
  const values: Record<string, string> = {};
  for (const entry of parameters) if ('values' in entry) for (const [name, yaml] of entry.values) values[name] = yaml;
  return values;
}

/**
 * The plan as a job's nodes and events. A process the run starts at once is an entry; one an
 * event or a timer starts is an entry with `start_after: event` (or the timer's period when
 * nothing but timers lies between it and the launch) and the event's `start` action.
 * `base`: the folder lines are named from; `install`: the install prefix package executables are in.
 */
export function planToJob(plan: LaunchPlan, base: string, install: string): LaunchedJob {
  const nodes: LaunchedEntry[] = [];
  const events: JobEvent[] = [];
  const commands: LaunchedJob['commands'] = [];
  const atStart: EventAction[] = [];
  const ros2Ids = new Set<string>();
  const warnings: string[] = [];
  let startOrigin: string | null = null;
  /** Containers launched without components, by full name: what the first load into one gives its process. */
  const emptyContainers = new Map<string, Pick<LaunchedEntry, 'id' | 'on_exit' | 'respawn_delay' | 'respawn_max_retries'>>();

  /** The entries of a process; a `process` action's package run (`processRun`) comes with it. */
  const processEntry = (given: PlanNode | PlanProcess | PlanContainer, run?: PackageRun): LaunchedEntry[] => {
    const action = given.kind === 'node' ? (asContainer(given) ?? given) : given;
    const origin = originOf(action, base);
    const lifecycle: Pick<LaunchedEntry, 'on_exit' | 'respawn_delay' | 'respawn_max_retries'> = action.respawn
      ? {
          on_exit: 'respawn',
          ...(action.respawn_delay > 0 ? { respawn_delay: seconds(action.respawn_delay) } : {}),
          ...(action.respawn_max_retries >= 0 ? { respawn_max_retries: action.respawn_max_retries } : {}),
        }
      : // launch goes on when a process dies: it says so and the others run on.
        { on_exit: 'continue' };
    if (action.on_exit.length > 0) events.push({ on: { exited: action.id }, origin, do: action.on_exit.flatMap((inner) => eventActions(inner)) });
    if (action.kind === 'node') {
      const rosArguments = [...parameterArguments(action.parameters), ...action.remappings.flatMap(([from, to]) => ['-r', `${from}:=${to}`])];
      const args = [
        ...action.arguments,
        ...(action.ros_arguments.length > 0 ? ['--ros-args', ...action.ros_arguments] : []),
        ...(rosArguments.length > 0 ? ['--ros-args', ...rosArguments] : []),
      ];
      return [
        {
          package: action.package,
          executable: action.executable,
          id: action.id,
          origin,
          ...(action.name === null ? {} : { name: action.name }),
          ...(action.namespace === null ? {} : { namespace: action.namespace }),
          ...(args.length > 0 ? { args } : {}),
          ...lifecycle,
        },
      ];
    }
    if (action.kind === 'container') {
      const container = `${action.namespace === null || action.namespace === '/' ? '' : action.namespace}/${action.name}`;
      // A container started empty is the first LoadComposableNodes' to start: it carries the process's keys then.
      if (action.composable_nodes.length === 0) emptyContainers.set(container, { id: action.id, ...lifecycle });
      return action.composable_nodes.map((composable, i) => ({
        ...composableEntry(composable, container, base, warnings),
        ...(i === 0 ? { id: action.id, ...lifecycle } : {}),
      }));
    }
    return [{ ...runEntry(run!, origin), id: action.id, ...lifecycle }];
  };

  /** What an action does inside an event or a timer; the processes it starts become entries started by it. */
  const eventActions = (action: LaunchAction): EventAction[] => {
    switch (action.kind) {
      case 'node':
      case 'process':
      case 'container': {
        let run: PackageRun | undefined;
        if (action.kind === 'process') {
          const kind = processRun(action, base, install);
          if ('other' in kind) {
            commands.push({ origin: originOf(action, base), cmd: action.cmd });
            return [];
          }
          if ('ros2' in kind) {
            // A ros2 command is rclsim's own equivalent, an action of the event; its end is an event too.
            if (action.on_exit.length > 0)
              events.push({ on: { exited: action.id }, origin: originOf(action, base), do: action.on_exit.flatMap((inner) => eventActions(inner)) });
            ros2Ids.add(action.id);
            return [{ ros2: kind.ros2, id: action.id }];
          }
          run = kind.run;
        }
        // A shared container's process keys (start_after among them) are its first entry's.
        const entries = processEntry(action, run).map((entry, i) => (i === 0 ? { ...entry, start_after: 'event' } : entry));
        nodes.push(...entries);
        return [{ start: action.id }];
      }
      case 'timer':
        return [{ after: seconds(action.period), do: action.actions.flatMap((inner) => eventActions(inner)) }];
      case 'log':
        return [{ log: action.message }];
      case 'error':
        return [{ error: `${originOf(action, base)}: ${action.message}` }];
      case 'shutdown':
        return [{ shutdown: action.reason }];
      case 'change_state':
        return [{ change_state: { node: action.target, transition: action.transition } }];
      case 'load':
        throw new LaunchPlanError(
          `${originOf(action, base)}: LoadComposableNodes inside an event or a timer is not supported yet: load them where the container starts`,
        );
      default:
        handler(action);
        return [];
    }
  };

  /** A handler registers its event; its actions run when it happens. */
  const handler = (action: Extract<LaunchAction, { actions: LaunchAction[] }>): void => {
    const origin = originOf(action, base);
    const run = (): EventAction[] => action.actions.flatMap((inner) => eventActions(inner));
    switch (action.kind) {
      case 'on_process_start':
        events.push({ on: { started: action.target ?? '*' }, origin, do: run() });
        return;
      case 'on_process_exit':
        events.push({ on: { exited: action.target ?? '*' }, origin, do: run() });
        return;
      case 'on_process_io':
        events.push({ on: action.stream === 'stdout' ? { stdout: action.target ?? '*' } : { stderr: action.target ?? '*' }, origin, do: run() });
        return;
      case 'on_shutdown':
        events.push({ on: 'shutdown', origin, do: run() });
        return;
      case 'on_state_transition':
        if (action.target === null)
          throw new LaunchPlanError(
            `${origin}: OnStateTransition without target_lifecycle_node: rclsim hears the transitions of the lifecycle node a handler names`,
          );
        events.push({
          on: {
            transition: {
              node: action.target,
              ...(action.start_state === null ? {} : { from: action.start_state }),
              ...(action.goal_state === null ? {} : { to: action.goal_state }),
            },
          },
          origin,
          do: run(),
        });
        return;
      case 'timer':
        atStart.push(...eventActions(action));
        startOrigin ??= origin;
        return;
    }
  };

  /** Top-level: processes start with the run; a timer holding only processes (and timers) delays them; the rest runs at the start. */
  const topLevel = (action: LaunchAction, delay: number): void => {
    const kind = action.kind === 'process' ? processRun(action, base, install) : null;
    if (action.kind === 'node' || action.kind === 'container' || (action.kind === 'process' && kind !== null && 'run' in kind)) {
      nodes.push(
        ...processEntry(action, kind !== null && 'run' in kind ? kind.run : undefined).map((entry, i) =>
          delay > 0 && i === 0 ? { ...entry, start_after: seconds(delay) } : entry,
        ),
      );
    } else if (action.kind === 'process' && delay === 0 && kind !== null && 'other' in kind) {
      commands.push({ origin: originOf(action, base), cmd: action.cmd });
    } else if (action.kind === 'load') {
      const process = emptyContainers.get(action.target_container);
      emptyContainers.delete(action.target_container);
      nodes.push(
        ...action.composable_nodes.map((composable, i) => ({
          ...composableEntry(composable, action.target_container, base, warnings),
          ...(i === 0 && process !== undefined ? process : {}),
        })),
      );
    } else if (action.kind === 'timer' && action.actions.every((inner) => startsOnly(inner, base, install))) {
      for (const inner of action.actions) topLevel(inner, delay + action.period);
    } else if (delay > 0) {
      atStart.push({ after: seconds(delay), do: eventActions(action) });
      startOrigin ??= originOf(action, base);
    } else if ('actions' in action) {
      handler(action);
    } else {
      atStart.push(...eventActions(action));
      startOrigin ??= originOf(action, base);
    }
  };
  // Gazebo (gz sim, create, the bridges) is the job's world, not processes of its own.
  const prefixes = workspaceEnvironment(install).AMENT_PREFIX_PATH.split(delimiter);
  const gazebo = gazeboActions(plan.actions, prefixes, (action) => originOf(action, base));
  warnings.push(...gazebo.warnings);
  for (const action of gazebo.actions) topLevel(action, 0);
  if (atStart.length > 0) events.unshift({ on: 'start', origin: startOrigin ?? originOf({ file: plan.file, line: 1 }, base), do: atStart });
  // A program's output goes to the run's, not to handlers: OnProcessIO hears ros2 commands only.
  const heard = events.filter((event) => {
    const target =
      typeof event.on === 'object' && 'stdout' in event.on ? event.on.stdout : typeof event.on === 'object' && 'stderr' in event.on ? event.on.stderr : null;
    if (target === null || target === '*' || ros2Ids.has(target)) return true;
    warnings.push(`${event.origin}: warning: OnProcessIO of a node's process is left out: rclsim hands handlers the output of ros2 commands only`);
    return false;
  });
  return { nodes, events: heard, world: gazebo.world, commands, warnings };
}

/** A process or a timer of processes: what a top-level timer can delay as entries of its own. */
function startsOnly(action: LaunchAction, base: string, install: string): boolean {
  if (action.kind === 'node' || action.kind === 'container') return action.on_exit.length === 0;
  if (action.kind === 'process') return 'run' in processRun(action, base, install) && action.on_exit.length === 0;
  return action.kind === 'timer' && action.actions.every((inner) => startsOnly(inner, base, install));
}

/**
 * The words after `ros2` of a process that runs ros2 (`ros2`, or a path ending in `/ros2`, as
 * FindExecutable gives it), or null. A command whose program word holds blanks was written for
 * a shell (`shell=True`, launch joins its words with spaces): it is split as a POSIX shell does.
 */
function ros2Words(cmd: readonly string[], origin: string): string[] | null {
  let words = [...cmd];
  if (/\s/.test(cmd[0] ?? '')) {
    try {
      words = shellWords(cmd.join(' '));
    } catch (error) {
      if (!/^\s*(\S*\/)?ros2(\s|$)/.test(cmd[0]!)) return null;
      throw new LaunchPlanError(`${origin}: ${cmd.join(' ')}: ${(error as Error).message}: rclsim runs ros2 commands without a shell`);
    }
  }
  const program = words[0] ?? '';
  return program === 'ros2' || program.endsWith('/ros2') ? words.slice(1) : null;
}

/** A package's executable, which rclsim runs as a node entry, and its arguments. */
interface PackageRun {
  pkg: string;
  executable: string;
  args: string[];
}

/**
 * What a launched process is to rclsim: a package's executable (`ros2 run PKG EXE …`, or the
 * executable's path in the install prefix, `<install>/lib/PKG/EXE`, what ExecutableInPackage
 * gives: ros2/demos' topic_monitor), a ros2 command it does itself (the words after `ros2`), or
 * another program, which it cannot run.
 */
function processRun(action: PlanProcess, base: string, install: string): { run: PackageRun } | { ros2: string[] } | { other: true } {
  const words = ros2Words(action.cmd, originOf(action, base));
  if (words !== null) {
    const [verb, pkg, executable, ...args] = words;
    return verb === 'run' && pkg !== undefined && executable !== undefined ? { run: { pkg, executable, args } } : { ros2: words };
  }
  const [program, ...args] = action.cmd;
  const inPrefix = program === undefined ? '' : relative(join(install, 'lib'), program);
  const parts = inPrefix.split(sep);
  return parts.length === 2 && !inPrefix.startsWith('..') && !isAbsolute(inPrefix) ? { run: { pkg: parts[0]!, executable: parts[1]!, args } } : { other: true };
}

/** A package's executable a process runs, as an entry. */
function runEntry(run: PackageRun, origin: string): LaunchedEntry {
  return { package: run.pkg, executable: run.executable, origin, ...(run.args.length > 0 ? { args: run.args } : {}) };
}

/** rclcpp_components' container executables: a `Node` of one is a container, as a ComposableNodeContainer is (LoadComposableNodes loads into it). */
const CONTAINER_EXECUTABLES = new Set(['component_container', 'component_container_mt', 'component_container_isolated']);

/**
 * A `Node(package='rclcpp_components', executable='component_container')` as the container it
 * starts: its node is named `ComponentManager` unless the launch names it (component_container.cpp's
 * ComponentManager), and LoadComposableNodes loads into it by that full name. null: another node.
 */
function asContainer(node: PlanNode): PlanContainer | null {
  if (node.package !== 'rclcpp_components' || !CONTAINER_EXECUTABLES.has(node.executable)) return null;
  const { kind: _kind, ros_arguments: _rosArguments, lifecycle: _lifecycle, ...common } = node;
  return { ...common, kind: 'container', name: node.name ?? 'ComponentManager', composable_nodes: [] };
}

/**
 * rclcpp_components' container reads these of a LoadNode request's extra_arguments, each a bool
 * (component_manager.cpp's create_node_options), and ignores any other.
 */
const EXTRA_ARGUMENTS = ['use_intra_process_comms', 'forward_global_arguments'];

/** What rclsim's container takes of a component's extra_arguments; one warning line for each it leaves out. */
function extraArguments(composable: PlanComposable, origin: string, warnings: string[]): Record<string, boolean> {
  const taken: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(composable.extra_arguments)) {
    if (!EXTRA_ARGUMENTS.includes(name)) {
      warnings.push(
        `${origin}: warning: extra argument '${name}' of ${composable.plugin} is left out, as rclcpp_components' container leaves it (it reads ${EXTRA_ARGUMENTS.join(' and ')})`,
      );
      continue;
    }
    if (typeof value !== 'boolean')
      throw new LaunchPlanError(`${origin}: extra argument '${name}' of ${composable.plugin} must be a boolean, as rclcpp_components' container requires`);
    taken[name] = value;
  }
  return taken;
}

function composableEntry(composable: PlanComposable, container: string, base: string, warnings: string[]): LaunchedEntry {
  const origin = originOf(composable, base);
  const files = composable.parameters.filter((entry) => 'file' in entry);
  if (files.length > 0)
    throw new LaunchPlanError(`${origin}: a composable node's parameter file (${(files[0] as { file: string }).file}) is not supported yet: give its values`);
  const parameters = parameterValues(composable.parameters);
  const extra = extraArguments(composable, origin, warnings);
  return {
    package: composable.package,
    component: composable.plugin,
    container,
    origin,
    ...(composable.name === null ? {} : { name: composable.name }),
    ...(composable.namespace === null ? {} : { namespace: composable.namespace }),
    ...(Object.keys(parameters).length > 0 ? { parameters } : {}),
    ...(composable.remappings.length > 0 ? { remap: Object.fromEntries(composable.remappings) } : {}),
    ...(Object.keys(extra).length > 0 ? { extra_arguments: extra } : {}),
  };
}

/** A plan rclsim cannot turn into a job: one line naming the launch file and line. */
export class LaunchPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LaunchPlanError';
  }
}
