import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type Document, isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { cannotRun } from '../launch/cannotRun.js';
import { evaluateLaunch, LaunchError, type LaunchRequest } from '../launch/evaluateLaunch.js';
import type { LaunchPlan } from '../launch/launchPlan.js';
import { type EventAction, type LaunchedEntry, LaunchPlanError, planToJob } from '../launch/planToJob.js';
import { JobFileError } from './jobErrors.js';
import { packageComponent } from './packageComponents.js';
import { packageExecutable, preparedWorkspace } from './packageExecutables.js';

/** A job file's `launch:` (docs/job-files.md "Jobs on top of launch"). */
export interface LaunchKey {
  file: string;
  package?: string;
  arguments?: Record<string, string | number | boolean>;
}

/** What the command line adds to a launch: the workspace, skip patterns, where lines about what cannot run go. */
export interface LaunchOptions {
  workspace?: string | undefined;
  skip?: readonly string[];
  /** Told each line about what cannot run (before the run starts). */
  say?: (line: string) => void;
}

/** What evaluating a `launch:` asks: its file (a path from `dir`, or a name in its package's share folder) and its arguments as `name:=value`. */
export function launchRequest(key: LaunchKey, dir: string, install: string): LaunchRequest {
  return {
    ...(key.package === undefined ? { file: resolve(dir, key.file) } : { package: key.package, file: key.file }),
    arguments: Object.entries(key.arguments ?? {}).map(([name, value]) => `${name}:=${String(value)}`),
    install,
  };
}

/**
 * A job file with `launch:`, with the launch file evaluated into it: the launch's nodes before
 * the job's own, its events before the job's, `launch:` gone and `workspace:` absolute. The text
 * returned is the job that runs (`rclsim launch --print-job` prints it). Without `launch:`, the
 * text as it was. Bad input (the launch file's, or a process that cannot run) is a JobFileError.
 */
export function expandLaunch(text: string, path: string, options: LaunchOptions = {}): { text: string; workspace?: PreparedWorkspace } {
  // Duplicate keys are the job's to find, once, as it loads (sim/yamlSource.ts): yaml's own check compares every pair.
  const doc = parseDocument(text, { uniqueKeys: false });
  if (!isMap(doc.contents) || !doc.has('launch')) return { text };
  const key = doc.toJS().launch as LaunchKey;
  const dir = dirname(resolve(path));
  // As the job's own: --workspace (from the current folder), the job's workspace: (from its folder), else the current folder's.
  const named = options.workspace ?? (doc.has('workspace') ? resolve(dir, doc.get('workspace') as string) : undefined);
  const workspace = preparedWorkspace(named);
  let plan: LaunchPlan;
  try {
    plan = evaluateLaunch({ ...launchRequest(key, dir, workspace.install), ...(doc.has('python') ? { python: doc.get('python') as string } : {}) });
  } catch (error) {
    if (error instanceof LaunchError) throw new JobFileError(error.message);
    throw error;
  }
  let launched: ReturnType<typeof planToJob>;
  try {
    launched = planToJob(plan, dir, workspace.install);
  } catch (error) {
    if (error instanceof LaunchPlanError) throw new JobFileError(error.message);
    throw error;
  }
  const skip = [...(options.skip ?? []), ...(((doc.get('skip') as YAMLSeq | undefined)?.toJSON() as string[] | undefined) ?? [])];
  const verdict = cannotRun(launched.nodes, launched.commands, skip, (pkg, what) => {
    const found = 'executable' in what ? packageExecutable(workspace, pkg, what.executable) : packageComponent(workspace.install, pkg, what.component);
    return 'why' in found ? found.why : null;
  });
  for (const line of [...launched.warnings, ...verdict.lines]) (options.say ?? ((said) => process.stderr.write(`${said}\n`)))(line);
  if (verdict.refused > 0)
    throw new JobFileError(`${plan.file}: ${verdict.refused} of its processes cannot run here (listed above): --skip PATTERN (or skip: in a job) skips them`);
  const kept = withoutSkipped(launched.nodes, verdict.skipped);
  // What is skipped is not there: neither its start nor its end happens (rviz2's on_exit=Shutdown()).
  const gone = new Set(launched.nodes.flatMap((node) => (node.id === undefined || kept.some((entry) => entry.id === node.id) ? [] : [node.id])));
  const events = launched.events.flatMap((event) =>
    typeof event.on === 'object' && (('started' in event.on && gone.has(event.on.started)) || ('exited' in event.on && gone.has(event.on.exited)))
      ? []
      : [{ ...event, do: withoutStarts(event.do, gone) }],
  );
  // The workspace prepared here serves the run too: preparing it again reads every setup.py again.
  return {
    text: merged(doc, kept, events, launched.world, workspace.root ?? workspace.install),
    workspace,
  };
}

/** A shared container's process keys, which its first entry carries. */
const PROCESS_KEYS = ['id', 'on_exit', 'respawn_delay', 'respawn_max_retries', 'start_after'] as const;

/**
 * The entries not skipped. A container's process (its id, on_exit, start) rides on its first
 * component's entry: when that component is skipped, the container's next entry carries it.
 */
function withoutSkipped(entries: readonly LaunchedEntry[], skipped: ReadonlySet<LaunchedEntry>): LaunchedEntry[] {
  const kept: LaunchedEntry[] = [];
  const handed = new Map<string, Partial<LaunchedEntry>>();
  for (const entry of entries) {
    const container = entry.container;
    if (skipped.has(entry)) {
      if (container !== undefined && entry.id !== undefined)
        handed.set(container, Object.fromEntries(PROCESS_KEYS.flatMap((key) => (entry[key] === undefined ? [] : [[key, entry[key]]]))));
      continue;
    }
    const process = container === undefined ? undefined : handed.get(container);
    if (process !== undefined) handed.delete(container!);
    kept.push(process === undefined ? entry : { ...entry, ...process });
  }
  return kept;
}

/** `actions` without those that start an entry that is skipped. */
function withoutStarts(actions: readonly EventAction[], gone: ReadonlySet<string>): EventAction[] {
  return actions.flatMap((action): EventAction[] => {
    if ('start' in action) return gone.has(action.start) ? [] : [action];
    if ('after' in action) return [{ ...action, do: withoutStarts(action.do, gone) }];
    return [action];
  });
}

/**
 * The job's document with the launch's nodes and events before its own, and the world its Gazebo
 * runs. `nodes:` is there even when nothing of the launch runs as a node (a launch of ros2
 * commands, or whose processes were all skipped): the run then does what its events say, or ends.
 * The workspace is named when there is one: a launch of rclsim's standard nodes needs none (ros2
 * launch beside its file).
 */
function merged(doc: Document, nodes: object[], events: object[], world: object | undefined, workspace: string): string {
  if (world !== undefined) doc.set('world', withJobWorld(world, doc));
  doc.delete('launch');
  doc.delete('skip');
  if (existsSync(workspace)) doc.set('workspace', workspace);
  for (const [field, added] of [
    ['nodes', nodes],
    ['events', events],
  ] as const) {
    if (added.length === 0 && (field === 'events' || doc.has('nodes'))) continue;
    const own = doc.get(field) as YAMLSeq | undefined;
    const seq = doc.createNode(added) as YAMLSeq;
    // A composable node's parameter values are YAML text, as launch_ros gives them: typed here as YAML types them.
    for (const item of seq.items) {
      const parameters = isMap(item) ? item.get('parameters') : undefined;
      if (isMap(parameters))
        for (const pair of (parameters as YAMLMap).items) pair.value = parseDocument(String((pair.value as { value: unknown }).value)).contents;
    }
    if (isSeq(own)) seq.items.push(...own.items);
    doc.set(field, seq);
  }
  const text = doc.toString({ lineWidth: 0 });
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * The launch's world with what the job's `world:` adds: its options (contacts, ground_truth), its
 * spawns, bridges and resource paths after the launch's. One world per run: a job's own `sdf:`
 * beside a launch that starts Gazebo is one line.
 */
function withJobWorld(world: object, doc: Document): object {
  const own = doc.get('world');
  if (own === undefined) return world;
  const job = (isMap(own) ? own.toJSON() : {}) as Record<string, unknown>;
  const worldFile = ['sdf', 'sdf_string'].find((key) => key in job);
  if (worldFile !== undefined)
    throw new JobFileError(
      `world.${worldFile}: the launch file ${(doc.get('launch') as YAMLMap).get('file')} starts Gazebo with a world of its own: one world per run`,
    );
  const combined: Record<string, unknown> = { ...world };
  for (const [key, value] of Object.entries(job)) {
    const launched = combined[key];
    combined[key] = Array.isArray(launched) && Array.isArray(value) ? [...launched, ...value] : value;
  }
  return combined;
}
