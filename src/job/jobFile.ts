import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import { type Document, isMap, isScalar, isSeq, type Scalar, type Node as YamlNode } from 'yaml';
import { overwritesInput } from '../bag/bagPaths.js';
import type { PlayOptions } from '../bag/Player.js';
import type { RecordOptions } from '../bag/Recorder.js';
import { notRegularFile, readRegularFile } from '../base/regularFile.js';
import { EXACT_RANGE, MAX_TIME, PAST_MAX_TIME } from '../base/simTimeRange.js';
import { isCppProgram } from '../build/cppProgram.js';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { RCLC_DEFAULT_TIMEOUT } from '../engine/executors/RclcExecutor.js';
import { expandTopicName, normalizeNamespace, validateNodeName } from '../ros/names.js';
import { inferParameter } from '../ros/Parameter.js';
import { checkRemapRule, emptyRosArguments, type ParameterArgument, parseRosArguments, type RemapRule, type RosArguments } from '../ros/RosArguments.js';
import type { DelayRange } from '../sim/DelayDraws.js';
import type { EntityMatch } from '../sim/EntitySelector.js';
import type { ExecutionTimeRule } from '../sim/ExecutionTimes.js';
import type { ChainConfig } from '../sim/ExecutorMetrics.js';
import type { ExecutorConfig } from '../sim/Executors.js';
import { loadParamsFile, ParamsFileError, type ParamsRule } from '../sim/ParamsFile.js';
import type { YamlSource } from '../sim/yamlSource.js';
import { type CheckEntry, checksConfig } from './checksSection.js';
import { startComponent } from './components.js';
import { loadDelaysCsv } from './delaysCsv.js';
import { type DurationError, parseDuration } from './duration.js';
import { type FaultEntry, faultsConfig } from './faultsSection.js';
import type { JobDefinition } from './JobHandle.js';
import { JobFileError } from './jobErrors.js';
import { JobEvents, readEvents, startsEntry } from './jobEvents.js';
import { ENTRY_SCHEMAS, schema } from './jobSchema.js';
import { parseJobSource } from './jobSource.js';
import { validateJob, validatePlay, validateRecord } from './jobValidators.js';
import { expandLaunch, type LaunchOptions } from './launchSection.js';
import { type NetworkEntry, networkConfig, type SectionContext } from './networkSection.js';
import { packageComponent, startComponentContainer } from './packageComponents.js';
import { type PackageExecutable, packageExecutable, preparedWorkspace, programWorkspaceOf, startPackageExecutable } from './packageExecutables.js';
import { plainValues } from './plainValues.js';
import { type ProgramProcess, type Sleeps, startProgram } from './programs.js';
import { isPythonProgram, type OnExit } from './separateProgram.js';
import { type DistributionEntry, timeModelAt } from './timeModelEntry.js';
import { engineWorldConfig, isEngineWorld, type WorldEntry, worldConfig } from './worldSection.js';

const NODE_KEYS = [
  'script',
  'module',
  'export',
  'args',
  'name',
  'namespace',
  'parameters',
  'remap',
  'process',
  'on_exit',
  'respawn_delay',
  'respawn_max_retries',
  'python',
  'sleeps',
  'package',
  'executable',
  'component',
  'container',
  'id',
  'origin',
  'start_after',
];
/** rosbag2 play's default /clock rate (Hz) for `clock: true`. */
const DEFAULT_CLOCK_HZ = 40;
/** ROS time is a signed 64-bit count of nanoseconds. */
const RANGE_WHY = "rclsim's sim time is exact up to 2^53 ns (about 104 days) after the start";
const TOO_LONG = `is too long: ${RANGE_WHY}`;

// Generated from jobSchema.ts when rclsim is built: compiling the schemas at every run's start cost ~120 ms.
const validateEntry = { play: validatePlay, record: validateRecord };

type NodeEntry = {
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
};

interface JobFile {
  name?: string;
  workspace?: string;
  events?: { on: unknown; do: unknown[]; origin?: string }[];
  seed?: number;
  zero_copy?: boolean;
  strict_messages?: boolean;
  python?: string;
  sleeps?: Sleeps;
  start?: string | number;
  end?: { after?: string | number; idle?: boolean; when?: { topic: string; field?: string; equals?: unknown } };
  parameters?: unknown;
  params_files?: string[];
  remap?: Record<string, string>;
  delays?: Record<string, string | number | { min: string | number; max: string | number }>;
  delays_csv?: string;
  interfaces?: (string | { path: string; package?: string })[];
  play?: PlayEntry | PlayEntry[];
  record?: RecordEntry | RecordEntry[];
  nodes?: NodeEntry[];
  network?: NetworkEntry;
  world?: WorldEntry;
  report?: { world?: { scans_at?: (string | number)[] } };
  faults?: FaultEntry[];
  swarm?: boolean;
  checks?: CheckEntry[];
  executors?: ExecutorEntry[];
  chains?: (string[] | { name?: string; topics: string[] })[];
  execution_times?: { nodes?: string[]; kind?: string; topic?: string; time: string | number | DistributionEntry }[];
}

interface EntityMatchEntry {
  nodes?: string[];
  kind?: string;
  topic?: string;
}

interface ExecutorEntry {
  name?: string;
  type: ExecutorConfig['type'];
  nodes: string[];
  order?: 'creation' | 'seeded';
  threads?: number;
  groups?: (EntityMatchEntry & { name: string; type: 'reentrant' | 'mutually_exclusive' })[];
  handles?: EntityMatchEntry[];
  trigger?: 'any' | 'all' | 'always' | { one: string };
  semantics?: 'rclcpp_executor' | 'let';
  period?: string | number;
  timeout?: string | number;
}

interface PlayEntry {
  bag: string;
  topics?: string[];
  remap?: Record<string, string>;
  start_offset?: string | number;
  window?: { from?: string | number; to?: string | number };
  timestamp?: 'received' | 'sent';
  clock?: boolean | number;
  host?: string;
}

interface RecordEntry {
  path: string;
  topics?: string[];
  compression?: 'none' | 'zstd' | 'lz4';
  host?: string;
}

/**
 * YAML job files (`rclsim run job.yaml`): a name, a seed, start and end, parameters, remappings,
 * per-topic delays, and the nodes — unmodified rclnodejs programs (`script`) or components
 * (`module` + `export`). Every error names the file, the line and the field. Paths are relative
 * to the job file. The format is documented in docs/job-files.md.
 */
export function loadJobFile(path: string, options: JobFileOptions = {}): JobDefinition {
  return parseJobFile(readJobFileText(path), path, options);
}

/** What the command line adds to a job file: the install prefix of its `package:` entries (`--workspace`), what of its launch to skip. */
export interface JobFileOptions extends LaunchOptions {
  workspace?: string | undefined;
}

/** A job file's text; one that cannot be read (missing, a FIFO or directory) is a JobFileError naming it. */
export function readJobFileText(path: string): string {
  try {
    return readRegularFile(path);
  } catch (error) {
    throw new JobFileError(`${path}: cannot read job file (${(error as Error).message})`);
  }
}

export function parseJobFile(given: string, path: string, options: JobFileOptions = {}): JobDefinition {
  // A job on top of a launch file is parsed again with the launch evaluated into it (launchSection.ts).
  let source = parseJobSource(given, path);
  let launchedIn: PreparedWorkspace | undefined;
  if (isMap(source.doc.contents) && source.doc.has('launch')) {
    const launched = expandLaunch(given, path, options);
    launchedIn = launched.workspace;
    source = parseJobSource(launched.text, path);
  }
  const { doc, lineOf } = source;
  const at = (location: (string | number)[]): YamlNode | undefined => doc.getIn(location, true) as YamlNode | undefined;
  const fail = (location: (string | number)[], message: string, node = at(location)): never => {
    // An entry a launch file made is named by the launch file's line.
    const origin = location[0] === 'nodes' || location[0] === 'events' ? doc.getIn([location[0], location[1], 'origin']) : undefined;
    throw new JobFileError(`${typeof origin === 'string' ? origin : lineOf(node ?? doc.contents)}: ${fieldName(location)}${message}`);
  };

  // An empty document, or one that is only `~` or `null`.
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    throw new JobFileError(`${path}: the job file is empty (it needs 'nodes' or 'play')`);
  }
  const data = plainValues(doc) as JobFile;
  if (typeof data.seed === 'string') fail(['seed'], `must be an integer of at most ${Number.MAX_SAFE_INTEGER} in magnitude`);
  if (!validateJob(data)) {
    schemaError(chosenError(validateJob.errors!), doc, fail);
  }

  const dir = dirname(resolve(path));
  /** A path the job names, which must be there, as a file or a folder as the field wants. */
  const file = (location: (string | number)[], relative: string, kind: 'file' | 'folder' | 'either' = 'file'): string => {
    const absolute = resolve(dir, relative);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (stats === undefined) fail(location, `no such file '${relative}' (looked for ${absolute})`);
    if (kind === 'file' && stats!.isDirectory()) fail(location, `'${relative}' is a directory, not a file`);
    // A FIFO or device would hang the run that reads it.
    if (kind === 'file' && !stats!.isFile()) fail(location, `'${relative}' is ${notRegularFile(absolute)}`);
    if (kind === 'folder' && !stats!.isDirectory()) fail(location, `'${relative}' is a file, not a folder`);
    return absolute;
  };
  /** A duration of at most `limit` ns (default: what sim time can add to the start exactly); past it, `value` `beyond`. */
  const durationAt = (location: (string | number)[], value: string | number, limit = EXACT_RANGE, beyond = TOO_LONG): bigint => {
    let ns: bigint;
    try {
      ns = parseDuration(value);
    } catch (error) {
      return fail(location, (error as DurationError).message);
    }
    if (ns > limit) fail(location, `${String(value)} ${beyond}`);
    return ns;
  };
  const withLocation = <T>(location: (string | number)[], load: () => T): T => {
    try {
      return load();
    } catch (error) {
      if (error instanceof ParamsFileError || error instanceof TypeError) return fail(location, error.message);
      throw error;
    }
  };

  const parameterRules: ParamsRule[] = [
    ...(data.params_files ?? []).flatMap((f, i) => withLocation(['params_files', i], () => loadParamsFile(file(['params_files', i], f)))),
    ...(data.parameters === undefined ? [] : source.parameterRules()),
  ];
  const topicDelays = new Map<string, bigint>();
  if (data.delays_csv !== undefined) {
    for (const [topic, delay] of withLocation(['delays_csv'], () => loadDelaysCsv(file(['delays_csv'], data.delays_csv!)))) {
      if (delay > EXACT_RANGE) fail(['delays_csv'], `the delay of ${topic} is too long: ${RANGE_WHY}`);
      topicDelays.set(topic, delay);
    }
  }
  const topicDelayRanges = new Map<string, DelayRange>();
  for (const [topic, delay] of Object.entries(data.delays ?? {})) {
    if (!topic.startsWith('/')) fail(['delays', topic], `topic '${topic}' must be a fully qualified name (start with '/')`, keyNode(doc, ['delays'], topic));
    if (typeof delay !== 'object') {
      topicDelays.set(topic, durationAt(['delays', topic], delay));
      continue;
    }
    const range = { min: durationAt(['delays', topic, 'min'], delay.min), max: durationAt(['delays', topic, 'max'], delay.max) };
    if (range.max < range.min) fail(['delays', topic, 'max'], 'must be at least min');
    topicDelays.delete(topic);
    topicDelayRanges.set(topic, range);
  }

  const interfaces = (data.interfaces ?? []).map((entry, i) => {
    const source = typeof entry === 'string' ? { path: entry } : entry;
    const location = typeof entry === 'string' ? ['interfaces', i] : ['interfaces', i, 'path'];
    return { ...source, path: file(location, source.path, 'folder') };
  });

  const topicAt = (location: (string | number)[], topic: string): string => {
    try {
      return expandTopicName(topic, 'job', '/');
    } catch (error) {
      return fail(location, (error as Error).message);
    }
  };
  // A /clock period (rounded to ns) must be at least 1 ns and within the exact range.
  const clockRate = (location: (string | number)[], clock: true | number): number => {
    const hz = clock === true ? DEFAULT_CLOCK_HZ : clock;
    const period = Math.round(1e9 / hz);
    if (period < 1 || period > Number(EXACT_RANGE)) fail(location, `must be a /clock rate between ${1e9 / Number(EXACT_RANGE)} and 1e9 Hz, got ${hz}`);
    return hz;
  };
  const listed = <T>(key: 'play' | 'record', value: T | T[] | undefined): [T, (string | number)[]][] => {
    const entries: [T, (string | number)[]][] = value === undefined ? [] : Array.isArray(value) ? value.map((entry, i) => [entry, [key, i]]) : [[value, [key]]];
    for (const [entry, location] of entries) {
      if (!validateEntry[key](entry)) {
        const error = chosenError(validateEntry[key].errors!);
        schemaError({ ...error, instancePath: `/${location.join('/')}${error.instancePath}` }, doc, fail);
      }
    }
    return entries;
  };
  /** What the sections of other files (network, times, faults, checks) use to check values. */
  const sections: SectionContext = { fail, duration: (location, value) => durationAt(location, value), file, topic: topicAt };
  const engineWorld = data.world !== undefined && isEngineWorld(data.world) ? engineWorldConfig(data.world, sections) : undefined;
  const world = data.world === undefined || engineWorld !== undefined ? undefined : worldConfig(data.world, sections, process.env);
  const network = data.network === undefined ? undefined : networkConfig(data.network, sections, world);
  if (network !== undefined) {
    network.hosts.forEach((host, i) => {
      if (host.position.kind !== 'body') return;
      if (engineWorld !== undefined)
        fail(['network', 'hosts', i, 'position', 'body'], "a world's body: hosts ride the built-in world's bodies, not another engine's");
      if (world === undefined) fail(['network', 'hosts', i, 'position', 'body'], "a world's body, but the job has no 'world'");
    });
  }
  const hostAt = (location: (string | number)[], name: string): string => {
    if (network === undefined) return fail(location, "names a host, but the job has no 'network'");
    if (!network.hosts.some((host) => host.name === name)) fail(location, `no host named '${name}' (hosts: ${network.hosts.map((h) => h.name).join(', ')})`);
    return name;
  };
  const matchAt = (location: (string | number)[], match: EntityMatchEntry): EntityMatch => ({
    ...(match.nodes === undefined ? {} : { nodes: match.nodes }),
    ...(match.kind === undefined ? {} : { kind: match.kind }),
    ...(match.topic === undefined ? {} : { channel: topicAt([...location, 'topic'], match.topic) }),
  });
  const executorNames = new Set<string>();
  const executors: ExecutorConfig[] = (data.executors ?? []).map((entry, i) => {
    const name = entry.name ?? `${entry.type}_${i}`;
    if (executorNames.has(name)) fail(['executors', i, 'name'], `a second executor named '${name}'`);
    executorNames.add(name);
    const at = (key: string): (string | number)[] => ['executors', i, key];
    const common = { name, nodes: entry.nodes, order: entry.order ?? 'creation' };
    const only = (type: ExecutorConfig['type'], keys: (keyof ExecutorEntry)[]): void => {
      for (const key of keys) if (entry[key] !== undefined && entry.type !== type) fail(at(key), `applies to ${type} executors only, not ${entry.type}`);
    };
    only('multi_threaded', ['threads', 'groups']);
    only('rclc', ['handles', 'trigger', 'semantics', 'period', 'timeout']);
    if (entry.type === 'events' && entry.order !== undefined)
      fail(at('order'), 'applies to wait-set executors, not events (which runs events in arrival order)');
    switch (entry.type) {
      case 'events':
      case 'single_threaded':
        return { ...common, type: entry.type };
      case 'multi_threaded':
        return {
          ...common,
          type: entry.type,
          threads: entry.threads ?? fail(['executors', i], "a multi_threaded executor needs 'threads'"),
          groups: (entry.groups ?? []).map((group, g) => ({ ...matchAt([...at('groups'), g], group), name: group.name, type: group.type })),
        };
      case 'rclc': {
        const trigger = entry.trigger ?? 'any';
        const ns = (key: 'period' | 'timeout', value: string | number | undefined, fallback: number): number =>
          value === undefined ? fallback : Number(durationAt(at(key), value));
        return {
          ...common,
          type: entry.type,
          ...(entry.handles === undefined ? {} : { handles: entry.handles.map((match, h) => matchAt([...at('handles'), h], match)) }),
          trigger: typeof trigger === 'string' ? { kind: trigger } : { kind: 'one', channel: topicAt([...at('trigger'), 'one'], trigger.one) },
          semantics: entry.semantics ?? 'rclcpp_executor',
          period: ns('period', entry.period, 0),
          timeout: ns('timeout', entry.timeout, RCLC_DEFAULT_TIMEOUT),
        };
      }
    }
  });
  // A chain is its list of topics, or { name, topics }.
  const chains: ChainConfig[] = (data.chains ?? []).map((entry, i) => {
    const named = Array.isArray(entry) ? { topics: entry } : entry;
    const location = Array.isArray(entry) ? ['chains', i] : ['chains', i, 'topics'];
    return { name: named.name ?? `chain_${i}`, topics: named.topics.map((topic, k) => topicAt([...location, k], topic)) };
  });
  const executionTimes: ExecutionTimeRule[] = (data.execution_times ?? []).map((entry, i) => ({
    ...matchAt(['execution_times', i], entry),
    time: timeModelAt(['execution_times', i, 'time'], entry.time, sections),
  }));
  const plays: PlayOptions[] = listed('play', data.play).map(([entry, location]) => ({
    bag: file([...location, 'bag'], entry.bag, 'either'),
    ...(entry.topics === undefined ? {} : { topics: entry.topics }),
    ...(entry.remap === undefined ? {} : { remap: entry.remap }),
    ...(entry.start_offset === undefined ? {} : { startOffset: durationAt([...location, 'start_offset'], entry.start_offset) }),
    ...(entry.window === undefined
      ? {}
      : {
          window: {
            ...(entry.window.from === undefined ? {} : { from: durationAt([...location, 'window', 'from'], entry.window.from) }),
            ...(entry.window.to === undefined ? {} : { to: durationAt([...location, 'window', 'to'], entry.window.to) }),
          },
        }),
    ...(entry.timestamp === undefined ? {} : { timestamp: entry.timestamp }),
    ...(entry.clock === undefined || entry.clock === false ? {} : { clockHz: clockRate([...location, 'clock'], entry.clock) }),
    ...(entry.host === undefined ? {} : { host: hostAt([...location, 'host'], entry.host) }),
  }));
  const records: RecordOptions[] = listed('record', data.record).map(([entry, location]) => {
    const target = resolve(dir, entry.path);
    // Recording opens its files before a bag plays: onto a played bag, it would destroy the input.
    for (const play of plays) {
      const overwritten = overwritesInput(target, play.bag);
      if (overwritten !== undefined) fail([...location, 'path'], `would overwrite ${overwritten}, a file of the bag this job plays`);
    }
    return {
      path: target,
      ...(entry.topics === undefined ? {} : { topics: entry.topics }),
      ...(entry.compression === undefined ? {} : { compression: entry.compression }),
      ...(entry.host === undefined ? {} : { host: hostAt([...location, 'host'], entry.host) }),
    };
  });
  if (data.nodes === undefined && plays.length === 0 && data.world === undefined) fail([], `a job needs 'nodes', 'play' or 'world'`);

  // The job's workspace (docs/workspaces.md): --workspace, the job's `workspace:` (relative to the
  // job file), else the current folder when it has src/, else ./install. Prepared (its Python
  // packages laid out in its install prefix) when the job names one or runs a package's programs.
  const workspaceDir = options.workspace ?? (data.workspace === undefined ? undefined : file(['workspace'], data.workspace, 'folder'));
  const workspace =
    launchedIn ?? (workspaceDir !== undefined || (data.nodes ?? []).some((entry) => entry.package !== undefined) ? preparedWorkspace(workspaceDir) : undefined);
  // What the job's programs get of the workspace (its environment, its interface packages): the
  // prepared one's, else the current folder's as a sourced install gives it.
  const fromWorkspace = workspace ?? programWorkspaceOf();
  const environmentOf = fromWorkspace?.install;
  const executableAt = (location: (string | number)[], pkg: string, executable: string): PackageExecutable => {
    const found = packageExecutable(workspace!, pkg, executable);
    if ('why' in found) fail([...location, 'executable'], found.why);
    return found as PackageExecutable;
  };
  const componentAt = (location: (string | number)[], pkg: string, className: string): string => {
    const found = packageComponent(workspace!.install, pkg, className);
    if ('why' in found) fail([...location, 'component'], found.why);
    return (found as { library: string }).library;
  };
  /** The first entry of each shared container: the process's options go there. */
  const containers = new Map<string, number>();
  /** The entries' ids, which events name. */
  const ids = new Set<string>();
  const nodes = (data.nodes ?? []).map((entry, i) => {
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
        ? file([...location, 'script'], entry.script!)
        : file([...location, 'module'], entry.module!);
    const python = isPythonProgram(target);
    // A Python program always runs in its own process, with the entry's or the job's interpreter.
    if (python && entry.process === 'in-process')
      fail([...location, 'process'], `a Python program runs in a process of its own: leave out 'process' or make it 'separate'`);
    if (!python && entry.python !== undefined) fail([...location, 'python'], `'python' names the interpreter of a .py script`);
    // A package's executable (but a standard node) is a C++ program that rclsim build made.
    const cpp = (hasPackage && !standard) || isCppProgram(target);
    if (!cpp && entry.sleeps !== undefined) fail([...location, 'sleeps'], `'sleeps' says how a C++ program's sleeps take sim time`);
    const sleeps = entry.sleeps ?? (cpp ? data.sleeps : undefined);
    // A number or a boolean is the program's argument as written (`2.50`, `0x10`, `yes`), as a
    // shell would pass it: what YAML made of it is not what the user typed.
    const args = (entry.args ?? []).map((value, j) => (typeof value === 'string' ? value : ((at([...location, 'args', j]) as Scalar).source ?? String(value))));
    try {
      parseRosArguments(args);
    } catch (error) {
      fail([...location, 'args'], (error as Error).message);
    }
    const exit: OnExit =
      onExit === 'respawn'
        ? {
            kind: 'respawn',
            delay: entry.respawn_delay === undefined ? 0n : durationAt([...location, 'respawn_delay'], entry.respawn_delay),
            // As launch's: a negative number (the default) respawns without limit.
            maxRetries: entry.respawn_max_retries === undefined || entry.respawn_max_retries < 0 ? null : entry.respawn_max_retries,
          }
        : { kind: onExit };
    const interpreter = python ? (entry.python ?? data.python) : undefined;
    // Where it was named, for a line that blames it (separateProgram.ts).
    const interpreterField = entry.python !== undefined ? [...location, 'python'] : ['python'];
    const interpreterWhere = interpreter === undefined ? undefined : `${lineOf(at(interpreterField))}: ${fieldPath(interpreterField)}:`;
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
      entry.start_after === undefined ? 0n : entry.start_after === 'event' ? ('event' as const) : durationAt([...location, 'start_after'], entry.start_after);
    return {
      entry,
      args,
      target,
      startAfter,
      jobArguments: nodeArguments(source, location, entry, fail),
      where: entry.origin ?? lineOf(at(location)),
      onExit: exit,
      interpreter,
      interpreterWhere,
      running,
      sleeps,
    };
  });

  // A crash fault names a program by its entry's name, its script's file name (with or without
  // the extension), or a component by its export.
  const faultNamesOf = (entry: NodeEntry): string[] => {
    const names =
      entry.component !== undefined
        ? [entry.container ?? entry.component]
        : entry.executable !== undefined
          ? [entry.executable]
          : entry.script === undefined
            ? [entry.export ?? 'default']
            : [basename(entry.script), basename(entry.script).replace(/\.[^.]*$/, '')];
    return [...new Set([entry.name, ...names].filter((n) => n !== undefined))];
  };
  // Faults and checks reach the built-in world's sensors, wheels, bodies and contacts; another engine's world has none of those to them.
  const noWorld =
    world !== undefined
      ? null
      : engineWorld !== undefined
        ? "the job's world is another engine's, which faults and checks do not reach"
        : "the job has no 'world'";
  const faults =
    data.faults === undefined
      ? []
      : faultsConfig(data.faults, sections, {
          hosts: network === undefined ? null : network.hosts.map((host) => host.name),
          separate: (program) => {
            const found = nodes.find(({ entry }) => faultNamesOf(entry).includes(program));
            return found === undefined ? undefined : found.running === 'separate';
          },
          noWorld,
        });
  const checks =
    data.checks === undefined
      ? []
      : checksConfig(data.checks, sections, network === undefined ? null : network.hosts.map((host) => host.name), (i) => lineOf(at(['checks', i])), noWorld);
  // An entry that names its node (namespace and name, as launch_ros's LifecycleNode must) gives events that node.
  const nodeOf = new Map(
    nodes.flatMap(({ entry }) =>
      entry.id === undefined || entry.name === undefined
        ? []
        : [[entry.id, `${normalizeNamespace(entry.namespace ?? '/').replace(/\/$/, '')}/${entry.name}`] as const],
    ),
  );
  const events = readEvents(
    data.events ?? [],
    ids,
    { fail, duration: (location, value) => durationAt(location, value), lineOf: (location) => lineOf(at(location)) },
    nodeOf,
  );
  for (const [i, { entry }] of nodes.entries())
    if (entry.start_after === 'event' && !events.some((event) => startsEntry(event.actions, entry.id)))
      fail(
        ['nodes', i, 'start_after'],
        `no event starts it${entry.id === undefined ? ' (give it an id, and an event { start: id })' : ` (no event has { start: ${entry.id} })`}`,
      );
  const remaps = Object.entries(data.remap ?? {}).map(([from, to]) => {
    try {
      checkRemapRule(from, to);
    } catch (error) {
      fail(['remap', from], (error as Error).message);
    }
    return { node: null, from, to };
  });
  const end = data.end ?? {};
  const when = end.when === undefined ? undefined : { ...end.when, topic: topicAt(['end', 'when', 'topic'], end.when.topic) };
  return {
    name: data.name ?? basename(path).replace(/\.ya?ml$/, ''),
    ...(data.seed === undefined ? {} : { seed: data.seed }),
    ...(data.zero_copy === undefined ? {} : { zeroCopy: data.zero_copy }),
    ...(data.strict_messages === undefined ? {} : { strictMessages: data.strict_messages }),
    ...(data.start === undefined ? {} : { startTime: durationAt(['start'], data.start, MAX_TIME, PAST_MAX_TIME) }),
    ...(end.after === undefined ? {} : { endAfter: durationAt(['end', 'after'], end.after) }),
    parameterRules,
    remaps,
    topicDelays,
    ...(topicDelayRanges.size === 0 ? {} : { topicDelayRanges }),
    // The workspace's interface packages serve every program of the job, after the job's own folders.
    interfaces: fromWorkspace === undefined ? interfaces : [...interfaces, ...fromWorkspace.interfaceSources],
    ...(network === undefined ? {} : { network }),
    ...(world === undefined ? {} : { world }),
    ...(data.report?.world?.scans_at === undefined
      ? {}
      : { report: { world: { scansAt: data.report.world.scans_at.map((at, i) => durationAt(['report', 'world', 'scans_at', i], at)) } } }),
    ...(engineWorld === undefined ? {} : { engineWorld }),
    ...(executors.length === 0 ? {} : { executors }),
    ...(executionTimes.length === 0 ? {} : { executionTimes }),
    ...(chains.length === 0 ? {} : { chains }),
    ...(faults.length === 0 ? {} : { faults }),
    ...(data.swarm === undefined ? {} : { swarm: data.swarm }),
    ...(checks.length === 0 ? {} : { checks }),
    async setup(job) {
      /** What starts an entry, by its id: events start entries so. */
      const starts = new Map<string, () => void>();
      if (when !== undefined) {
        const equals = (doc.getIn(['end', 'when', 'equals']) as unknown) ?? undefined;
        job.endOnMessage(when.topic, (message) => when.field === undefined || sameValue(fieldAt(message, when.field), equals));
      }
      // Recorders first, so that they see what nodes publish while being built; then the bags,
      // which set the start time that nodes see from their first line and define the types
      // the bags carry.
      for (const options of records) await job.record(options);
      for (const options of plays) await job.play(options);
      const startedContainers = new Set<string>();
      const jobEvents = events.length === 0 ? null : new JobEvents(job, events, starts);
      /** Starts an entry's program now (a shared container: the first entry starts every component it loads). */
      const startEntry = async (item: (typeof nodes)[number]): Promise<void> => {
        const { entry, args, target, jobArguments, where, onExit, interpreter, interpreterWhere, running, sleeps } = item;
        const watch = entry.id === undefined || jobEvents === null ? {} : { watch: jobEvents.watch(entry.id) };
        if (entry.component !== undefined) {
          // A shared container starts at its first entry, with every component the job loads into it.
          if (entry.container !== undefined && startedContainers.has(entry.container)) return;
          const loaded =
            entry.container === undefined ? nodes.filter((node) => node.entry === entry) : nodes.filter((node) => node.entry.container === entry.container);
          if (entry.container !== undefined) startedContainers.add(entry.container);
          const named = entry.namespace !== undefined || entry.name !== undefined;
          const name = entry.container ?? `${entry.package}/${entry.component}${named ? `@${entry.namespace ?? ''}/${entry.name ?? ''}` : ''}`;
          startComponentContainer(
            job.simulation,
            workspace!,
            name,
            loaded.map((node) => ({
              className: node.entry.component!,
              library: node.target,
              nodeArguments: node.jobArguments,
              extraArguments: node.entry.extra_arguments ?? {},
              // launch_ros says each node it loaded ('Loaded node …'): an entry a launch file made.
              launched: node.entry.origin !== undefined,
            })),
            where,
            {
              onExit,
              job,
              ...watch,
              ...(sleeps === undefined ? {} : { sleeps }),
              ...(faults.length === 0 ? {} : { faultNames: [...new Set(loaded.flatMap((node) => faultNamesOf(node.entry)))] }),
            },
          );
        } else if (entry.package !== undefined) {
          const named = entry.namespace !== undefined || entry.name !== undefined;
          await startPackageExecutable(job.simulation, workspace!, entry.package, entry.executable!, args, jobArguments, where, {
            running,
            onExit,
            job,
            ...watch,
            ...(sleeps === undefined ? {} : { sleeps }),
            // Entries of one executable draw apart: told apart by namespace and name, else by id (launch's four data_publishers).
            ...(named ? { instance: `${entry.namespace ?? ''}/${entry.name ?? ''}` } : entry.id !== undefined ? { instance: entry.id } : {}),
            ...(faults.length === 0 ? {} : { faultNames: faultNamesOf(entry) }),
          });
        } else if (entry.script !== undefined) {
          // Entries of one script that the job tells apart (a namespace, a name, else an id) draw apart.
          const named = entry.namespace !== undefined || entry.name !== undefined;
          const instance = named ? `${entry.namespace ?? ''}/${entry.name ?? ''}` : entry.id;
          await startProgram(job.simulation, target, args, jobArguments, where, {
            running,
            ...(environmentOf === undefined ? {} : { workspace: environmentOf }),
            onExit,
            ...watch,
            python: interpreter,
            pythonWhere: interpreterWhere,
            job,
            ...(sleeps === undefined ? {} : { sleeps }),
            ...(instance === undefined ? {} : { instance }),
            ...(faults.length === 0 ? {} : { faultNames: faultNamesOf(entry) }),
          });
        } else
          await startComponent(job, target, entry.export ?? 'default', jobArguments, where, running, onExit, faults.length === 0 ? [] : faultNamesOf(entry));
      };
      /**
       * Starts an entry during the run: time does not move on until its program is loaded (an
       * in-process program's import is real I/O, a separate one's start a handshake), so it
       * starts at this sim time however long that takes, on every machine. The run is held open
       * meanwhile: a program still loading is not yet one the run could see as done.
       */
      const startDuringRun = (node: (typeof nodes)[number]): void => {
        const engine = job.simulation.engine;
        const release = job.simulation.holdOpen();
        let loading: Promise<void> | null = null;
        const hook = (): Promise<void> | null => loading;
        engine.beforeAdvance.push(hook);
        loading = startEntry(node)
          .catch((error: unknown) => engine.fail(error))
          .finally(() => {
            loading = null;
            engine.beforeAdvance.splice(engine.beforeAdvance.indexOf(hook), 1);
            release();
          });
      };
      for (const node of nodes) {
        if (node.entry.id !== undefined) starts.set(node.entry.id, () => startDuringRun(node));
      }
      jobEvents?.start();
      for (const [i, node] of nodes.entries()) {
        // A shared container starts when its first entry does, with every component loaded into it.
        if (node.entry.container !== undefined && containers.get(node.entry.container) !== i) continue;
        if (node.startAfter === 0n) await startEntry(node);
        else if (node.startAfter !== 'event') {
          // launch's TimerAction: the program starts that long after the start, and the run waits for it.
          const release = job.simulation.holdOpen();
          job.simulation.engine.scheduleAfter(Number(node.startAfter), () => {
            release();
            startDuringRun(node);
          });
        }
      }
    },
  };
}

/** What a node entry says about its nodes, as ROS arguments: name, namespace, remaps, parameters. */
function nodeArguments(
  { doc, lineOf }: YamlSource,
  location: (string | number)[],
  entry: NodeEntry,
  fail: (location: (string | number)[], message: string) => never,
): RosArguments {
  const args = emptyRosArguments();
  const remaps: RemapRule[] = [];
  const valid = (field: string[], check: () => unknown): void => {
    try {
      check();
    } catch (error) {
      fail([...location, ...field], (error as Error).message);
    }
  };
  if (entry.name !== undefined) {
    valid(['name'], () => validateNodeName(entry.name!));
    remaps.push({ node: null, from: '__node', to: entry.name });
  }
  if (entry.namespace !== undefined) {
    valid(['namespace'], () => normalizeNamespace(entry.namespace!));
    remaps.push({ node: null, from: '__ns', to: entry.namespace });
  }
  for (const [from, to] of Object.entries(entry.remap ?? {})) {
    valid(['remap', from], () => checkRemapRule(from, to));
    remaps.push({ node: null, from, to });
  }
  args.remaps = remaps;
  const parameters = doc.getIn([...location, 'parameters'], true) as YamlNode | undefined;
  if (parameters !== undefined) {
    const field = (name: string): (string | number)[] => [...location, 'parameters', ...name.split('.')];
    args.parameters = flattenParameters(
      parameters,
      '',
      (name, why) => fail(field(name), why),
      (name, value) => `${lineOf(value)} (${fieldPath(field(name))})`,
    );
  }
  return args;
}

function flattenParameters(
  node: YamlNode,
  prefix: string,
  fail: (name: string, why: string) => never,
  where: (name: string, value: YamlNode) => string,
): ParameterArgument[] {
  if (!isMap(node)) return fail(prefix.replace(/\.$/, ''), 'parameters must be a mapping of names to values');
  return node.items.flatMap((pair) => {
    const name = `${prefix}${isScalar(pair.key) ? String(pair.key.value) : ''}`;
    const value = pair.value as YamlNode;
    if (isMap(value)) return flattenParameters(value, `${name}.`, fail, where);
    const plain = isSeq(value) ? value.items.map((item) => (isScalar(item) ? item.value : undefined)) : isScalar(value) ? value.value : undefined;
    try {
      return [{ node: null, parameter: inferParameter(name, plain), source: where(name, value) }];
    } catch (error) {
      return fail(name, (error as Error).message);
    }
  });
}

/**
 * The schema error a job file's line names: a failed duration (anyOf) is clearer than its first
 * alternative's complaint, but a mapping given where a duration or a mapping goes (a
 * distribution) is wrong inside: the error of a field in it (a negative sigma, an unknown
 * distribution, a mean that is no duration), or its unknown key, says what.
 */
function chosenError(errors: readonly ErrorObject[]): ErrorObject {
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  if (anyOfs.length === 0) return errors[0]!;
  const outer = anyOfs.reduce((a, b) => (b.instancePath.length < a.instancePath.length ? b : a));
  const inside = errors.filter((e) => e.instancePath.startsWith(`${outer.instancePath}/`));
  if (inside.length > 0) return chosenError(inside);
  return errors.find((e) => ['additionalProperties', 'enum'].includes(e.keyword) && e.instancePath === outer.instancePath) ?? outer;
}

function schemaError(error: ErrorObject, doc: Document, fail: (location: (string | number)[], message: string, node?: YamlNode) => never): never {
  const location = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replaceAll('~1', '/').replaceAll('~0', '~')));
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const allowed = location[0] === 'nodes' ? NODE_KEYS : Object.keys(propertiesAt([...location, key]));
      return fail([...location, key], `unknown key (expected one of: ${allowed.join(', ')})`, keyNode(doc, location, key));
    }
    case 'required':
      return fail(location, `missing '${String(error.params.missingProperty)}'`);
    case 'type':
      if (Array.isArray(error.params.type))
        return fail(location, error.params.type.includes('object') ? 'must be a mapping, or a list of mappings' : `must be ${alternatives(error.params.type)}`);
      return fail(location, `must be ${articled(String(error.params.type))}`);
    case 'anyOf':
      return fail(
        location,
        location[0] === 'interfaces'
          ? "must be a folder, or { path, package } for a folder whose name is not the package's"
          : location[location.length - 1] === 'clock'
            ? 'must be true, false, or a /clock rate in Hz'
            : location[location.length - 1] === 'time' && location[0] === 'execution_times'
              ? 'must be a duration, or { distribution: uniform (min, max), normal (mean, sd) or lognormal (median, sigma), min?, max? }'
              : location[location.length - 1] === 'position'
                ? 'must be [x, y] or [x, y, z] (metres), { topic, initial? } (a pose topic), or { waypoints: [{ at, position }, …] }'
                : location[0] === 'delays' && location.length === 2
                  ? 'must be a duration (e.g. 20ms), or { min, max } for a delay drawn per message'
                  : 'must be a duration (e.g. 100ms, 2.5s, or integer nanoseconds)',
      );
    case 'enum':
      return fail(location, `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`);
    default:
      return fail(location, error.message ?? 'is not valid');
  }
}

/** The properties of the mapping that holds the field at `location`. */
function propertiesAt(location: (string | number)[]): Record<string, unknown> {
  let node: { properties?: Record<string, unknown>; items?: unknown } = schema as never;
  let path = location.slice(0, -1);
  const entryKey = path[0];
  if (entryKey === 'play' || entryKey === 'record') {
    node = ENTRY_SCHEMAS[entryKey] as never;
    path = path.slice(typeof path[1] === 'number' ? 2 : 1);
  }
  // A field that is a duration or a mapping (anyOf) has the mapping's keys.
  const mapping = (at: typeof node & { anyOf?: (typeof node)[] }): typeof node => at.anyOf?.find((alternative) => alternative.properties) ?? at;
  for (const part of path) {
    node = mapping((typeof part === 'number' ? node.items : node.properties?.[part]) as typeof node);
  }
  return node.properties ?? {};
}

function keyNode(doc: Document, location: (string | number)[], key: string): YamlNode | undefined {
  const map = (location.length === 0 ? doc.contents : doc.getIn(location, true)) as YamlNode | undefined;
  if (!map || !isMap(map)) return undefined;
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key)?.key as YamlNode | undefined;
}

function fieldName(location: (string | number)[]): string {
  return location.length === 0 ? '' : `${fieldPath(location)}: `;
}

/** A field as written in messages: `nodes[0].parameters.rate`. */
function fieldPath(location: (string | number)[]): string {
  return location.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

function articled(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `a string, a number or a boolean`. */
function alternatives(types: readonly string[]): string {
  const each = types.map(articled);
  return each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} or ${each.at(-1)!}`;
}

function fieldAt(message: unknown, path: string): unknown {
  let value = message;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/** Equality for end conditions: numbers and bigints compare by value. */
function sameValue(actual: unknown, expected: unknown): boolean {
  const numeric = (v: unknown): boolean => typeof v === 'number' || typeof v === 'bigint';
  if (numeric(actual) && numeric(expected)) return actual === expected;
  return actual === expected;
}
