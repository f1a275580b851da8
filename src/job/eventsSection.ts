import { type Ros2Command, Ros2UsageError, readRos2Command } from './ros2Words.js';

// A job file's events: read and checked here, run by jobEvents.ts (loaded with the run).

/** What an event waits for (docs/job-files.md "Events"): the run's start or end, a program's start or end (`*`: any). */
export type EventTrigger =
  | { kind: 'start' }
  | { kind: 'shutdown' }
  | { kind: 'started' | 'exited'; id: string }
  /** A piece of a ros2 command's output (launch's OnProcessIO). */
  | { kind: 'stdout' | 'stderr'; id: string }
  /** A lifecycle node's transition (launch_ros's OnStateTransition): its fully qualified name, the labels it must go from and to. */
  | { kind: 'transition'; node: string; from?: string; to?: string };

/** What an event does, in order, at the sim time it happens. */
export type EventAction =
  | { kind: 'log'; text: string }
  /** The launch file fails at this point (a substitution in a handler's actions): launch's error line, then the run ends with exit code 2. */
  | { kind: 'error'; text: string }
  | { kind: 'shutdown'; reason: string }
  | { kind: 'start'; id: string }
  | { kind: 'after'; ns: bigint; actions: EventAction[] }
  /** launch_ros's ChangeState: a transition (lifecycle_msgs/msg/Transition's id) asked of a lifecycle node, by its fully qualified name. */
  | { kind: 'change_state'; node: string; transition: number }
  /** A ros2cli command (the words after `ros2`), run by rclsim's equivalent; with an id, its start and end are events. */
  | { kind: 'ros2'; words: string[]; command: Ros2Command; id?: string };

export interface JobEvent {
  on: EventTrigger;
  actions: EventAction[];
  /** Where it came from, for lines about it. */
  where: string;
}

type Location = (string | number)[];

/** How a job file's reader blames a field, and reads a duration. */
export interface EventsReader {
  fail(location: Location, message: string): never;
  duration(location: Location, value: string | number): bigint;
  /** Where the field at `location` is, as a line names it (`job.yaml:12`). */
  lineOf(location: Location): string;
}

/** The ids the `ros2` actions among `list` (and those they delay) give their commands. */
function commandIds(list: readonly unknown[]): string[] {
  return list.flatMap((item) => {
    const action = item as Record<string, unknown>;
    if ('ros2' in action && typeof action.id === 'string') return [action.id];
    return Array.isArray(action.do) ? commandIds(action.do) : [];
  });
}

/** A `ros2` action's words: scalars as their text (`-r 10`: YAML's 10 is the word '10'). */
function wordsOf(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const words = value.map((word) => (typeof word === 'string' ? word : typeof word === 'number' || typeof word === 'boolean' ? String(word) : null));
  return words.includes(null) ? null : (words as string[]);
}

/** A `ros2` action read: its command as ros2cli's argparse reads it, YAML values checked, or the line saying what is wrong. */
function ros2Action(action: Record<string, unknown>, at: Location, reader: EventsReader): EventAction {
  const words = wordsOf(action.ros2);
  if (words === null)
    return reader.fail(
      [...at, 'ros2'],
      'must be a list of words: the command line after ros2 (e.g. [topic, pub, --once, /chatter, std_msgs/msg/String, "{data: hi}"])',
    );
  if (action.id !== undefined && (typeof action.id !== 'string' || action.id === '')) reader.fail([...at, 'id'], 'must be a non-empty string');
  let command: Ros2Command;
  try {
    command = readRos2Command(words);
  } catch (error) {
    if (!(error instanceof Ros2UsageError)) throw error;
    return reader.fail([...at, 'ros2'], error.message);
  }
  return { kind: 'ros2', words, command, ...(action.id === undefined ? {} : { id: action.id as string }) };
}

const ACTIONS = ['log', 'error', 'shutdown', 'start', 'after', 'ros2', 'change_state'];

/** A job file's `events:`, checked against the ids its entries and its `ros2` actions give (`*`: any). */
export function readEvents(
  entries: readonly { on: unknown; do: unknown[]; origin?: string }[],
  entryIds: ReadonlySet<string>,
  reader: EventsReader,
  /** Each entry's node by its id, fully qualified, when the entry names it (a lifecycle node's). */
  nodeOf: ReadonlyMap<string, string> = new Map(),
  /** The ids of the world's spawns (a launch's create or spawn_entity.py): what a trigger may name too. */
  spawnIds: readonly string[] = [],
): JobEvent[] {
  const ids = new Set([...entryIds, ...spawnIds, ...entries.flatMap((entry) => commandIds(entry.do))]);
  // A trigger names an entry or a command; a start, an entry.
  const known = (location: Location, id: string, trigger: boolean): string => {
    const among = trigger ? ids : entryIds;
    if ((trigger && id === '*') || among.has(id)) return id;
    return reader.fail(location, `no node entry has id '${id}'${among.size === 0 ? '' : ` (ids: ${[...among].join(', ')})`}`);
  };
  /** A lifecycle node an event names by its entry's id: the entry must name its node. */
  const lifecycleNode = (location: Location, id: string): string => {
    known(location, id, false);
    return (
      nodeOf.get(id) ?? reader.fail(location, `entry '${id}' gives no name: a lifecycle node's transitions are its node's (give the entry name and namespace)`)
    );
  };
  const commands = new Set(entries.flatMap((entry) => commandIds(entry.do)));
  /** A program's start or end, or a ros2 command's output: a program's output goes to rclsim's, not to events. */
  const processTrigger = (on: Record<string, string>, location: Location): EventTrigger => {
    const kind = (['started', 'exited', 'stdout', 'stderr'] as const).find((key) => key in on)!;
    const id = on[kind]!;
    if ((kind === 'stdout' || kind === 'stderr') && id !== '*' && entryIds.has(id) && !commands.has(id))
      reader.fail(
        [...location, kind],
        `'${id}' is a program: a program's output is not handed to events, only a ros2 command's (an action { ros2: [words], id })`,
      );
    return { kind, id: known([...location, kind], id, true) };
  };
  const actions = (location: Location, list: readonly unknown[]): EventAction[] =>
    list.map((item, i) => {
      const at = [...location, i];
      const action = item as Record<string, unknown>;
      const keys = Object.keys(action);
      const kind = keys.find((key) => ACTIONS.includes(key));
      const allowed = kind === 'after' ? ['after', 'do'] : kind === 'ros2' ? ['ros2', 'id'] : kind === undefined ? [] : [kind];
      const extra = keys.find((key) => !allowed.includes(key));
      if (kind === undefined || extra !== undefined)
        reader.fail(
          at,
          `an action is one of { log: text }, { error: text }, { shutdown: reason }, { start: id }, { after: duration, do: [actions] }, { ros2: [words], id? }, { change_state: { node: id, transition: n } }${extra === undefined ? '' : ` (not '${extra}')`}`,
        );
      const value = action[kind!];
      if (kind === 'ros2') return ros2Action(action, at, reader);
      if (kind === 'change_state') {
        const asked = value as { node?: unknown; transition?: unknown } | null;
        if (asked === null || typeof asked !== 'object' || typeof asked.node !== 'string' || !Number.isInteger(asked.transition))
          reader.fail([...at, kind], 'must be { node: id, transition: n } (n: a lifecycle_msgs/msg/Transition id, 1 configure … 4 deactivate)');
        return { kind, node: lifecycleNode([...at, kind, 'node'], asked!.node as string), transition: asked!.transition as number };
      }
      if (kind === 'after') {
        if (!Array.isArray(action.do)) reader.fail([...at, 'do'], 'must be a list of actions');
        return { kind, ns: reader.duration([...at, 'after'], value as string | number), actions: actions([...at, 'do'], action.do as unknown[]) };
      }
      if (typeof value !== 'string') reader.fail([...at, kind!], 'must be a string');
      if (kind === 'start') return { kind, id: known([...at, kind], value as string, false) };
      return kind === 'log' || kind === 'error' ? { kind, text: value as string } : { kind: 'shutdown', reason: value as string };
    });
  return entries.map((entry, i) => {
    const transition =
      typeof entry.on === 'object' && entry.on !== null && 'transition' in entry.on
        ? (entry.on as { transition: { node: string; from?: string; to?: string } }).transition
        : undefined;
    const on: EventTrigger =
      entry.on === 'start' || entry.on === 'shutdown'
        ? { kind: entry.on }
        : transition !== undefined
          ? {
              kind: 'transition',
              node: lifecycleNode(['events', i, 'on', 'transition', 'node'], transition.node),
              ...(transition.from === undefined ? {} : { from: transition.from }),
              ...(transition.to === undefined ? {} : { to: transition.to }),
            }
          : processTrigger(entry.on as Record<string, string>, ['events', i, 'on']);
    return { on, actions: actions(['events', i, 'do'], entry.do), where: entry.origin ?? reader.lineOf(['events', i]) };
  });
}

/** Whether the actions (or those they delay) start the entry with this id. */
export function startsEntry(actions: readonly EventAction[], id: string | undefined): boolean {
  return actions.some((action) => (action.kind === 'start' && action.id === id) || (action.kind === 'after' && startsEntry(action.actions, id)));
}
