import { formatSimTime } from '../base/runErrors.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import type { Program } from '../sim/Program.js';
import type { JobHandle } from './JobHandle.js';
import type { ProgramWatch } from './separateProgram.js';

/** What an event's actions may say of it: `${event.returncode}`, `${event.reason}` (launch's LocalSubstitution('event.…')). */
type EventFacts = Record<string, string>;

function withFacts(text: string, facts: EventFacts): string {
  return text.replace(/\$\{event\.(\w+)\}/g, (whole, name: string) => facts[name] ?? whole);
}

/** What an event waits for (docs/job-files.md "Events"): the run's start or end, a program's start or end (`*`: any). */
export type EventTrigger = { kind: 'start' } | { kind: 'shutdown' } | { kind: 'started' | 'exited'; id: string };

/** What an event does, in order, at the sim time it happens. */
export type EventAction =
  | { kind: 'log'; text: string }
  | { kind: 'shutdown'; reason: string }
  | { kind: 'start'; id: string }
  | { kind: 'after'; ns: bigint; actions: EventAction[] };

export interface JobEvent {
  on: EventTrigger;
  actions: EventAction[];
  /** Where it came from, for lines about it. */
  where: string;
}

/**
 * A job's events at run time (launch's event handlers, timers and Shutdown): each runs its
 * actions when its trigger happens, after what is running at that sim time, in the order the
 * events are listed. While an action waits (a delay), the run does not end for want of programs.
 */
export class JobEvents {
  readonly #job: JobHandle;
  readonly #events: readonly JobEvent[];
  readonly #starts: ReadonlyMap<string, () => void>;
  /** Why the run was shut down (a shutdown action's reason), for OnShutdown's `${event.reason}`. */
  #reason = '';

  constructor(job: JobHandle, events: readonly JobEvent[], starts: ReadonlyMap<string, () => void>) {
    this.#job = job;
    this.#events = events;
    this.#starts = starts;
    // launch's OnShutdown: its actions run as the run ends, whatever ended it.
    job.onEnd(() =>
      this.#run(
        this.#actionsOn((on) => on.kind === 'shutdown'),
        { reason: this.#reason },
        true,
      ),
    );
  }

  /** The run starts: its `on: start` events run (before the nodes start, as launch's own actions come first). */
  start(): void {
    this.#happened((on) => on.kind === 'start', true);
  }

  /** Watches the lives of the entry with this id. */
  watch(id: string): ProgramWatch {
    const named = (kind: 'started' | 'exited') => (on: EventTrigger) => on.kind === kind && (on.id === id || on.id === '*');
    return {
      started: (_program: Program) => this.#happened(named('started'), false),
      // launch's ProcessExited.returncode (None when it died: rclsim does not say which signal here).
      ended: (_program: Program, _line: string, code: number | null) =>
        this.#happened(named('exited'), false, { returncode: code === null ? 'None' : String(code) }),
    };
  }

  /** Runs the actions of the events `matching` says happened: now (`now`), or once what runs at this sim time is done. */
  #happened(matching: (on: EventTrigger) => boolean, now: boolean, facts: EventFacts = {}): void {
    const actions = this.#actionsOn(matching);
    if (actions.length === 0) return;
    if (now) this.#run(actions, facts);
    else this.#later(0n, actions, facts);
  }

  #actionsOn(matching: (on: EventTrigger) => boolean): EventAction[] {
    return this.#events.filter((event) => matching(event.on)).flatMap((event) => event.actions);
  }

  #later(ns: bigint, actions: readonly EventAction[], facts: EventFacts): void {
    const release = this.#job.simulation.holdOpen();
    this.#job.simulation.engine.scheduleAfter(Number(ns), () => {
      release();
      this.#run(actions, facts);
    });
  }

  /** Runs actions in order; once the run is finishing, no more (but those of the run's end: `ending`). */
  #run(actions: readonly EventAction[], facts: EventFacts, ending = false): void {
    const simulation = this.#job.simulation;
    for (const action of actions) {
      if (this.#job.finished && !ending) return;
      // As the run ends, only what is said is left to do.
      if (ending && action.kind !== 'log') continue;
      switch (action.kind) {
        case 'log':
          // launch's LogInfo: its logger is launch.user.
          simulation.logOutput.log(LoggingSeverity.INFO, 'launch.user', withFacts(action.text, facts), simulation.engine.nowAbs);
          break;
        case 'shutdown':
          simulation.logOutput.log(
            LoggingSeverity.INFO,
            'launch',
            `shutting down at sim time ${formatSimTime(simulation.engine.nowAbs)}${action.reason === '' ? '' : `: ${action.reason}`}; the run ends with exit code 0`,
            simulation.engine.nowAbs,
          );
          this.#reason = action.reason;
          this.#job.finish(0);
          break;
        case 'start':
          this.#starts.get(action.id)!();
          break;
        case 'after':
          this.#later(action.ns, action.actions, facts);
          break;
      }
    }
  }
}

type Location = (string | number)[];

/** How a job file's reader blames a field, and reads a duration. */
export interface EventsReader {
  fail(location: Location, message: string): never;
  duration(location: Location, value: string | number): bigint;
  /** Where the field at `location` is, as a line names it (`job.yaml:12`). */
  lineOf(location: Location): string;
}

/** A job file's `events:`, checked against the ids its entries give (`*`: any entry). */
export function readEvents(entries: readonly { on: unknown; do: unknown[]; origin?: string }[], ids: ReadonlySet<string>, reader: EventsReader): JobEvent[] {
  const known = (location: Location, id: string, star: boolean): string => {
    if ((star && id === '*') || ids.has(id)) return id;
    return reader.fail(location, `no node entry has id '${id}'${ids.size === 0 ? '' : ` (ids: ${[...ids].join(', ')})`}`);
  };
  const actions = (location: Location, list: readonly unknown[]): EventAction[] =>
    list.map((item, i) => {
      const at = [...location, i];
      const action = item as Record<string, unknown>;
      const keys = Object.keys(action);
      const kind = keys.find((key) => ['log', 'shutdown', 'start', 'after'].includes(key));
      const allowed = kind === 'after' ? ['after', 'do'] : kind === undefined ? [] : [kind];
      const extra = keys.find((key) => !allowed.includes(key));
      if (kind === undefined || extra !== undefined)
        reader.fail(
          at,
          `an action is one of { log: text }, { shutdown: reason }, { start: id }, { after: duration, do: [actions] }${extra === undefined ? '' : ` (not '${extra}')`}`,
        );
      const value = action[kind];
      if (kind === 'after') {
        if (!Array.isArray(action.do)) reader.fail([...at, 'do'], 'must be a list of actions');
        return { kind, ns: reader.duration([...at, 'after'], value as string | number), actions: actions([...at, 'do'], action.do as unknown[]) };
      }
      if (typeof value !== 'string') reader.fail([...at, kind], 'must be a string');
      if (kind === 'start') return { kind, id: known([...at, kind], value as string, false) };
      return kind === 'log' ? { kind, text: value as string } : { kind: 'shutdown', reason: value as string };
    });
  return entries.map((entry, i) => {
    const on: EventTrigger =
      entry.on === 'start' || entry.on === 'shutdown'
        ? { kind: entry.on }
        : 'started' in (entry.on as object)
          ? { kind: 'started', id: known(['events', i, 'on', 'started'], (entry.on as { started: string }).started, true) }
          : { kind: 'exited', id: known(['events', i, 'on', 'exited'], (entry.on as { exited: string }).exited, true) };
    return { on, actions: actions(['events', i, 'do'], entry.do), where: entry.origin ?? reader.lineOf(['events', i]) };
  });
}

/** Whether the actions (or those they delay) start the entry with this id. */
export function startsEntry(actions: readonly EventAction[], id: string | undefined): boolean {
  return actions.some((action) => (action.kind === 'start' && action.id === id) || (action.kind === 'after' && startsEntry(action.actions, id)));
}
