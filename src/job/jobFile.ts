import { basename } from 'node:path';
import { isMap, isScalar } from 'yaml';
import { readRegularFile } from '../base/regularFile.js';
import { MAX_TIME, PAST_MAX_TIME } from '../base/simTimeRange.js';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { normalizeNamespace } from '../ros/names.js';
import { checkRemapRule } from '../ros/RosArguments.js';
import { loadParamsFile, type ParamsRule } from '../sim/ParamsFile.js';
import { type PlayEntry, playsConfig, type RecordEntry, recordsConfig } from './bagsSection.js';
import { type CheckEntry, checksConfig } from './checksSection.js';
import { delaysConfig } from './delaysSection.js';
import { readEvents, startsEntry } from './eventsSection.js';
import { type ChainEntry, chainsConfig, type ExecutionTimeEntry, type ExecutorEntry, executionTimesConfig, executorsConfig } from './executorsSection.js';
import { type FaultEntry, faultsConfig } from './faultsSection.js';
import type { JobDefinition } from './JobHandle.js';
import { JobFileError } from './jobErrors.js';
import { parseJobSource } from './jobSource.js';
import { validateJob } from './jobValidators.js';
import { expandLaunch, type LaunchOptions } from './launchSection.js';
import { type NetworkEntry, networkConfig } from './networkSection.js';
import { faultNamesOf, type NodeEntry, nodesConfig } from './nodesSection.js';
import { preparedWorkspace, programWorkspaceOf } from './packageExecutables.js';
import { plainValues } from './plainValues.js';
import type { Sleeps } from './programs.js';
import { ros2RunEntries } from './ros2Run.js';
import { failSchema } from './schemaErrors.js';
import { given, jobFileContext } from './sectionContext.js';
import { engineWorldConfig, isEngineWorld, type WorldEntry, worldConfig } from './worldSection.js';

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
  chains?: ChainEntry[];
  execution_times?: ExecutionTimeEntry[];
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

/**
 * Parses a job file's text (read from `path`) into a job: each section is checked by its own
 * file (`*Section.ts`, with sectionContext.ts's errors at a field), and its setup starts what the
 * job runs (startEntries.ts).
 */
export function parseJobFile(text: string, path: string, options: JobFileOptions = {}): JobDefinition {
  // A job on top of a launch file is parsed again with the launch evaluated into it (launchSection.ts).
  let source = parseJobSource(text, path);
  let launchedIn: PreparedWorkspace | undefined;
  if (isMap(source.doc.contents) && source.doc.has('launch')) {
    const launched = expandLaunch(text, path, options);
    launchedIn = launched.workspace;
    source = parseJobSource(launched.text, path);
  }
  const { doc } = source;
  const context = jobFileContext(source, path);
  const { fail, duration, file } = context;

  // An empty document, or one that is only `~` or `null`.
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    throw new JobFileError(`${path}: the job file is empty (it needs 'nodes' or 'play')`);
  }
  ros2RunEntries(context);
  const data = plainValues(doc) as JobFile;
  if (typeof data.seed === 'string') fail(['seed'], `must be an integer of at most ${Number.MAX_SAFE_INTEGER} in magnitude`);
  if (!validateJob(data)) failSchema(validateJob.errors!, context);

  const parameterRules: ParamsRule[] = [
    ...(data.params_files ?? []).flatMap((f, i) => context.loaded(['params_files', i], () => loadParamsFile(file(['params_files', i], f)))),
    ...(data.parameters === undefined ? [] : source.parameterRules()),
  ];
  const { topicDelays, topicDelayRanges } = delaysConfig(data.delays_csv, data.delays, context);
  const interfaces = (data.interfaces ?? []).map((entry, i) => {
    const source = typeof entry === 'string' ? { path: entry } : entry;
    const location = typeof entry === 'string' ? ['interfaces', i] : ['interfaces', i, 'path'];
    return { ...source, path: file(location, source.path, 'folder') };
  });
  const engineWorld = data.world !== undefined && isEngineWorld(data.world) ? engineWorldConfig(data.world, context) : undefined;
  const world = data.world === undefined || engineWorld !== undefined ? undefined : worldConfig(data.world, context, process.env);
  const network = data.network === undefined ? undefined : networkConfig(data.network, context, world);
  if (network !== undefined) {
    network.hosts.forEach((host, i) => {
      if (host.position.kind !== 'body') return;
      if (engineWorld !== undefined)
        fail(['network', 'hosts', i, 'position', 'body'], "a world's body: hosts ride the built-in world's bodies, not another engine's");
      if (world === undefined) fail(['network', 'hosts', i, 'position', 'body'], "a world's body, but the job has no 'world'");
    });
  }
  const hosts = network === undefined ? null : network.hosts.map((host) => host.name);
  const executors = executorsConfig(data.executors ?? [], context);
  const chains = chainsConfig(data.chains ?? [], context);
  const executionTimes = executionTimesConfig(data.execution_times ?? [], context);
  const plays = playsConfig(data.play, context, hosts);
  const records = recordsConfig(data.record, context, hosts, plays);
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
  const nodes = nodesConfig(data.nodes ?? [], context, source, data, workspace);

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
      : faultsConfig(data.faults, context, {
          hosts,
          separate: (program) => {
            const found = nodes.items.find(({ entry }) => faultNamesOf(entry).includes(program));
            return found === undefined ? undefined : found.running === 'separate';
          },
          noWorld,
        });
  const checks = data.checks === undefined ? [] : checksConfig(data.checks, context, hosts, (i) => context.lineOf(['checks', i]), noWorld);
  // An entry that names its node (namespace and name, as launch_ros's LifecycleNode must) gives events that node.
  const nodeOf = new Map(
    nodes.items.flatMap(({ entry }) =>
      entry.id === undefined || entry.name === undefined
        ? []
        : [[entry.id, `${normalizeNamespace(entry.namespace ?? '/').replace(/\/$/, '')}/${entry.name}`] as const],
    ),
  );
  const spawnIds = (world?.spawns ?? []).flatMap((spawn) => (spawn.id === undefined ? [] : [spawn.id]));
  const events = readEvents(data.events ?? [], nodes.ids, context, nodeOf, spawnIds);
  for (const [i, { entry }] of nodes.items.entries())
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
  const when = end.when === undefined ? undefined : { ...end.when, topic: context.topic(['end', 'when', 'topic'], end.when.topic) };
  return {
    name: data.name ?? basename(path).replace(/\.ya?ml$/, ''),
    ...given('seed', data.seed),
    ...given('zeroCopy', data.zero_copy),
    ...given('strictMessages', data.strict_messages),
    ...given('startTime', data.start, (start) => duration(['start'], start, MAX_TIME, PAST_MAX_TIME)),
    ...given('endAfter', end.after, (after) => duration(['end', 'after'], after)),
    parameterRules,
    remaps,
    topicDelays,
    ...(topicDelayRanges.size === 0 ? {} : { topicDelayRanges }),
    // The workspace's interface packages serve every program of the job, after the job's own folders.
    interfaces: fromWorkspace === undefined ? interfaces : [...interfaces, ...fromWorkspace.interfaceSources],
    ...given('network', network),
    ...given('world', world),
    ...given('report', data.report?.world?.scans_at, (scansAt) => ({
      world: { scansAt: scansAt.map((at, i) => duration(['report', 'world', 'scans_at', i], at)) },
    })),
    ...given('engineWorld', engineWorld),
    ...(executors.length === 0 ? {} : { executors }),
    ...(executionTimes.length === 0 ? {} : { executionTimes }),
    ...(chains.length === 0 ? {} : { chains }),
    ...(faults.length === 0 ? {} : { faults }),
    ...given('swarm', data.swarm),
    ...(checks.length === 0 ? {} : { checks }),
    async setup(job) {
      if (when !== undefined) {
        const equals = (doc.getIn(['end', 'when', 'equals']) as unknown) ?? undefined;
        job.endOnMessage(when.topic, (message) => when.field === undefined || sameValue(fieldAt(message, when.field), equals));
      }
      // Recorders first, so that they see what nodes publish while being built; then the bags,
      // which set the start time that nodes see from their first line and define the types
      // the bags carry.
      for (const options of records) await job.record(options);
      for (const options of plays) await job.play(options);
      // What starts programs loads with the run: a job refused as it is read never loads it.
      const { startEntries } = await import('./startEntries.js');
      await startEntries(job, nodes, { workspace, environmentOf: fromWorkspace?.install, events, faulted: faults.length > 0 });
      const { startGzRos2ControlHosts } = await import('./gzRos2ControlHost.js');
      startGzRos2ControlHosts(job, workspace);
    },
  };
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
