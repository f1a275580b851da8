/**
 * The order of one instant of the step loop (docs/design.md#the-step-loop), as data: Engine#runStep
 * runs INSTANT_PHASES in this order, and the events executor takes its next event from
 * EVENT_SOURCES in this order. Changing an order here changes every run; each rule has a test
 * (test/engine/ordering.test.ts, test/engine/executors.test.ts, test/python/executors.test.ts).
 */

export type InstantPhaseName = 'due-actions' | 'drain' | 'after-drain';

export interface InstantPhase {
  readonly name: InstantPhaseName;
  /** What runs in it. */
  readonly runs: string;
  /** Why it comes where it does. */
  readonly why: string;
}

export const INSTANT_PHASES: readonly InstantPhase[] = [
  {
    name: 'due-actions',
    runs: 'the scheduled actions due now, in (due time, insertion) order: delayed deliveries, wake-ups, the ends of callbacks that took time',
    why: "rslcpp delivers a delayed message at the start of its step, before the executor: what an action enqueues is ready for this instant's callbacks, and a thread a callback's end frees takes its turn now",
  },
  {
    name: 'drain',
    runs: "the callbacks ready now: the events executor's next event until none is left; with other executors, turns in declaration order (the events executor first), one callback each, until a whole round runs nothing",
    why: "rclcpp's spin_all over the EventsExecutor, as rslcpp drives it: everything ready at the instant runs before time moves; executors share the instant fairly, in the order the job declares them",
  },
  {
    name: 'after-drain',
    runs: 'the actions that wait for the drain (scheduleAt afterReady) become due: they run in a step of this same instant',
    why: "rclpy's wait with a timeout returns what is ready at its deadline, a wait of 0 what is ready now: its wake-up comes only once the callbacks ready then ran",
  },
];

export type EventSourceName = 'ready-fifo' | 'due-timers';

export interface EventSource {
  readonly name: EventSourceName;
  readonly why: string;
}

/** Where the events executor takes its next event: the first of these that has one. */
export const EVENT_SOURCES: readonly EventSource[] = [
  {
    name: 'ready-fifo',
    why: "rclcpp's EventsExecutor runs its queue of events first-in first-out (a message before the one published in its callback's wake: breadth before depth)",
  },
  {
    name: 'due-timers',
    why: "rclcpp's EventsExecutor as rslcpp drives it calls a due timer only once the queue is empty: the heap's root, ties by the heap's shape (TimersHeap)",
  },
];
