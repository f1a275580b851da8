import { formatSimTime } from '../base/runErrors.js';
import type { EndReason } from '../engine/Engine.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import type { Program } from '../sim/Program.js';
import type { EventAction, EventTrigger, JobEvent } from './eventsSection.js';
import type { JobHandle } from './JobHandle.js';
import { LifecycleLink } from './lifecycleLink.js';
import { Ros2Commands } from './ros2Commands.js';
import type { ProgramWatch } from './separateProgram.js';

/** What an event's actions may say of it: `${event.returncode}`, `${event.reason}`, `${event.text}`, `${event.goal_state}` (launch's LocalSubstitution('event.…')). */
type EventFacts = Record<string, string>;

/** Python's str methods a handler function may apply to an event's text (docs/launch-plan.md), in the run. */
const FILTERS: Record<string, (text: string) => string> = {
  strip: (text) => text.replace(/^\s+|\s+$/g, ''),
  lstrip: (text) => text.replace(/^\s+/, ''),
  rstrip: (text) => text.replace(/\s+$/, ''),
  lower: (text) => text.toLowerCase(),
  upper: (text) => text.toUpperCase(),
};

function withFacts(text: string, facts: EventFacts): string {
  return text.replace(/\$\{event\.(\w+)((?:\|\w+)*)\}/g, (whole, name: string, filters: string) => {
    const fact = facts[name];
    if (fact === undefined) return whole;
    return filters
      .split('|')
      .slice(1)
      .reduce((value, filter) => FILTERS[filter]?.(value) ?? value, fact);
  });
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
  readonly #ros2: Ros2Commands;
  readonly #lifecycle: LifecycleLink;
  /** Why the run was shut down (a shutdown action's reason), for OnShutdown's `${event.reason}`. */
  #reason: string | undefined;

  constructor(job: JobHandle, events: readonly JobEvent[], starts: ReadonlyMap<string, () => void>) {
    this.#job = job;
    this.#events = events;
    this.#starts = starts;
    this.#ros2 = new Ros2Commands(job);
    this.#lifecycle = new LifecycleLink(job);
    // launch_ros hears a lifecycle node's transitions from its start on: so do its handlers.
    const watched = new Set(events.flatMap((event) => (event.on.kind === 'transition' ? [event.on.node] : [])));
    for (const node of [...watched].sort())
      this.#lifecycle.watch(node, (from, to) =>
        this.#happened((on) => on.kind === 'transition' && on.node === node && (on.from ?? from) === from && (on.to ?? to) === to, false, {
          // launch_ros's StateTransition event: start_state and goal_state are the labels.
          start_state: from,
          goal_state: to,
        }),
      );
    // launch's OnShutdown: its actions run as the run ends, whatever ended it.
    job.onEnd(() =>
      this.#run(
        this.#actionsOn((on) => on.kind === 'shutdown'),
        { reason: this.#reason ?? endReasonOf(job.endReason) },
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
    return {
      started: (_program: Program) => this.#happened(named(id, 'started'), false),
      // launch's ProcessExited.returncode (None when it died: rclsim does not say which signal here).
      ended: (_program: Program, _line: string, code: number | null) =>
        this.#happened(named(id, 'exited'), false, { returncode: code === null ? 'None' : String(code) }),
    };
  }

  /** The launch process that spawned a model (create, spawn_entity.py) exits with 0 once the model is in the world, as upstream's do. */
  spawned(id: string): void {
    this.#happened(named(id, 'exited'), false, { returncode: '0' });
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
        case 'error': {
          // launch_service.py: it logs the exception, then shuts down with that line as the reason.
          const line = `Caught exception in launch (see debug for traceback): ${withFacts(action.text, facts)}`;
          simulation.logOutput.log(LoggingSeverity.ERROR, 'launch', line, simulation.engine.nowAbs);
          this.#reason = line;
          this.#job.finish(2);
          break;
        }
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
        case 'change_state':
          this.#lifecycle.changeState(action.node, action.transition);
          break;
        case 'ros2': {
          const id = action.id;
          this.#ros2.run(action.command, {
            started: () => id !== undefined && this.#happened(named(id, 'started'), false),
            ended: (code) => id !== undefined && this.#happened(named(id, 'exited'), false, { returncode: String(code) }),
            output: (stream, text) => id !== undefined && this.#happened(named(id, stream), false, { text }),
            awaited: id !== undefined && this.#events.some((event) => named(id, 'exited')(event.on)),
          });
          break;
        }
      }
    }
  }
}

/**
 * launch's reason for a shutdown it was not asked for (launch_service.py): a run that reaches its
 * end time stops as a user stops ros2 launch, with Ctrl-C; one whose programs are all done (or
 * with nothing left to do) is idle.
 */
function endReasonOf(reason: EndReason | null): string {
  return reason === 'end-time' || reason === 'max-time' ? 'ctrl-c (SIGINT)' : 'idle';
}

/** Whether a trigger names the start or end of the entry (or command) with this id. */
function named(id: string, kind: 'started' | 'exited' | 'stdout' | 'stderr'): (on: EventTrigger) => boolean {
  return (on) => on.kind === kind && (on.id === id || on.id === '*');
}
