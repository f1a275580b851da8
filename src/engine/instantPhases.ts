import { promiseEvents } from '../base/promiseActivity.js';
import type { Executable } from './Executable.js';
import type { Step } from './Step.js';

/**
 * The order of one instant of the step loop (docs/design.md#the-step-loop), as data: Step#run runs
 * INSTANT_PHASES in this order, each doing what its `run` does, and the events executor takes
 * its next event from EVENT_SOURCES in this order. The data says the order, what each part does
 * and why (as Shadow's event order does); the Engine around it only moves time. Changing an order
 * here changes every run; each rule has a test (test/engine/ordering.test.ts,
 * test/engine/executors.test.ts, test/python/executors.test.ts, test/engine/instantPhases.test.ts).
 */

export type InstantPhaseName = 'due-actions' | 'drain' | 'after-drain';

export interface InstantPhase {
  readonly name: InstantPhaseName;
  /** What runs in it. */
  readonly runs: string;
  /** Why it comes where it does. */
  readonly why: string;
  /** Runs (or goes on with) the phase at the step's now; false to yield to promise continuations first (it is called again). */
  readonly run: (step: Step) => boolean;
}

export const INSTANT_PHASES: readonly InstantPhase[] = [
  {
    name: 'due-actions',
    runs: 'the scheduled actions due now, in (due time, insertion) order: delayed deliveries, wake-ups, the ends of callbacks that took time',
    why: "rslcpp delivers a delayed message at the start of its step, before the executor: what an action enqueues is ready for this instant's callbacks, and a thread a callback's end frees takes its turn now",
    run: runDueActions,
  },
  {
    name: 'drain',
    runs: "the callbacks ready now: the events executor's next event until none is left; with other executors, turns in declaration order (the events executor first), one callback each, until a whole round runs nothing",
    why: "rclcpp's spin_all over the EventsExecutor, as rslcpp drives it: everything ready at the instant runs before time moves; executors share the instant fairly, in the order the job declares them",
    // The events executor alone drains without turns: the common case, and the hot loop.
    run: (step) => (step.executors.length > 0 || step.durationOf !== null ? drainTurns(step) : drainEvents(step)),
  },
  {
    name: 'after-drain',
    runs: 'the actions that wait for the drain (scheduleAt afterReady) become due: they run in a step of this same instant',
    why: "rclpy's wait with a timeout returns what is ready at its deadline, a wait of 0 what is ready now: its wake-up comes only once the callbacks ready then ran",
    run: (step) => {
      step.actions.drained();
      return true;
    },
  },
];

export type EventSourceName = 'ready-fifo' | 'due-timers';

export interface EventSource {
  readonly name: EventSourceName;
  readonly why: string;
  /** Its next event, taken from it (undefined: none now). */
  readonly take: (step: Step) => Executable | undefined;
}

/** Where the events executor takes its next event: the first of these that has one. */
export const EVENT_SOURCES: readonly EventSource[] = [
  {
    name: 'ready-fifo',
    why: "rclcpp's EventsExecutor runs its queue of events first-in first-out (a message before the one published in its callback's wake: breadth before depth)",
    take: (step) => step.fifo.shift(),
  },
  {
    name: 'due-timers',
    why: "rclcpp's EventsExecutor as rslcpp drives it calls a due timer only once the queue is empty: the heap's root, ties by the heap's shape (TimersHeap)",
    take: (step) => step.timers.callDue(),
  },
];

function runDueActions(step: Step): boolean {
  const actions = step.actions;
  for (let action = actions.takeDue(); action !== undefined; action = actions.takeDue()) {
    const promises = promiseEvents();
    action.run();
    if (promiseEvents() !== promises) step.needsYield = true;
    if (step.needsYield) return false;
  }
  return true;
}

/** The drain with the events executor alone: its next event until none is left. */
function drainEvents(step: Step): boolean {
  for (let entity = nextEvent(step); entity !== null; entity = nextEvent(step)) {
    step.execute(entity);
    if (step.needsYield) return false;
  }
  return true;
}

// One call site per source, in EVENT_SOURCES's order: each sees one function, which V8 inlines
// into the drain with the FIFO's shift and the timers' callDue. A loop's one call site sees both
// and inlines neither (node --trace-turbo-inlining; npm run costs engine: 5429 → 5350 instructions per callback).
const [FIRST_SOURCE, SECOND_SOURCE] = EVENT_SOURCES as readonly [EventSource, EventSource];

/** The events executor's next event: from the first of EVENT_SOURCES that has one. */
function nextEvent(step: Step): Executable | null {
  return FIRST_SOURCE.take(step) ?? SECOND_SOURCE.take(step) ?? null;
}

/**
 * The drain with other executors: turns in declaration order (the events executor first),
 * one callback each, until a whole round finds nothing to run. Returns false to yield to
 * promise continuations; called again, it goes on with the next turn.
 */
function drainTurns(step: Step): boolean {
  const executors = step.executors;
  const now = step.clock.now;
  let idleTurns = 0;
  while (idleTurns <= executors.length) {
    const turn = step.turn;
    step.turn = turn === executors.length ? 0 : turn + 1;
    const executor = turn === 0 ? null : executors[turn - 1]!;
    // A thread still running a callback that takes time takes no turn.
    const entity = executor === null ? (step.eventsBusyUntil > now ? null : nextEvent(step)) : executor.next(now);
    if (entity === null) {
      idleTurns++;
      continue;
    }
    idleTurns = 0;
    const callbacks = step.runner.callbacks;
    step.executeTimed(entity, executor);
    if (executor !== null && step.runner.callbacks === callbacks) executor.skipped(entity);
    if (step.needsYield) return false;
  }
  return true;
}
