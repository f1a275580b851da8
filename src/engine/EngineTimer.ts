import type { Executable } from './Executable.js';
import type { Executor } from './executors/Executor.js';

/** The entity a timer runs when it fires (the rcl Timer). */
export interface TimerOwner {
  readonly nodeId: number;
  readonly entityId: number;
  readonly label: string;
  readonly owner: string;
  readonly scope: object;
  readonly executor?: Executor | null;
  run(): unknown;
}

/**
 * The engine-side state of a timer, following rcl's timer: a period, the next call time, the
 * last call time and a canceled flag. Times are offsets in nanoseconds from the engine's base
 * (the start time). A timer created before the start keeps its exact absolute times in
 * `preStartNext`/`preStartLastCall` until it first fires (see Engine#start).
 */
export class EngineTimer implements Executable {
  /** Heap key: the next call time, or +Infinity while canceled so it sinks in the heap. */
  key = 0;
  heapIndex = 0;
  nextCall = 0;
  lastCall = 0;
  /** The call time the firing being run was due at (an offset): a timer callback's TimerInfo. */
  dueAt = 0;
  periodNs: number;
  canceled = false;
  preStartNext: bigint | null = null;
  preStartLastCall: bigint | null = null;
  inHeap = false;
  readonly digestLo = 0;
  readonly digestHi = 0;
  readonly channel = '';
  readonly kind = 'timer';
  readonly nodeId: number;
  readonly entityId: number;
  readonly scope: object;
  /** The rcl timer this state belongs to. */
  readonly entity: TimerOwner;
  /** The executor whose heap holds it, when not the engine's own (Timers#move changes it). */
  executor: Executor | null;

  constructor(periodNs: number, owner: TimerOwner) {
    this.periodNs = periodNs;
    this.entity = owner;
    this.nodeId = owner.nodeId;
    this.entityId = owner.entityId;
    this.scope = owner.scope;
    this.executor = owner.executor ?? null;
  }

  get label(): string {
    return this.entity.label;
  }

  get owner(): string {
    return this.entity.owner;
  }

  execute(): unknown {
    return this.entity.run();
  }
}
