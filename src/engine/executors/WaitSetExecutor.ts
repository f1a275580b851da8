import type { SeededRandom } from '../../base/SeededRandom.js';
import { truncate } from '../../base/truncate.js';
import type { EngineTimer } from '../EngineTimer.js';
import type { Executable } from '../Executable.js';
import { type CallbackGroup, dueTimers, pendingOf } from './Executor.js';
import { WaitResultExecutor } from './WaitResultExecutor.js';

/** An entity that can say how many events it could run now (a bare executable runs once). */
type Waiting = Executable & { pendingEvents?(): number };

/** The kinds a wait result lists after timers, in the order an rclcpp executor takes them. */
const SUBSCRIPTION = 1;
const SERVICE = 2;
const CLIENT = 3;
const WAITABLE = 4;

function rankOf(entity: Executable): number {
  switch (entity.kind) {
    case 'subscription':
      return SUBSCRIPTION;
    case 'service':
      return SERVICE;
    case 'client':
      return CLIENT;
    default:
      return WAITABLE;
  }
}

/** How the entities of one kind are ordered in a wait result. */
export type SnapshotOrder = 'creation' | 'seeded';

/**
 * rclcpp's wait-set executors (Jazzy, rclcpp 28.3.3) as a model: the SingleThreadedExecutor
 * (one thread) and the MultiThreadedExecutor (`threads` threads sharing one wait result,
 * multi_threaded_executor.cpp 81–120). A free thread takes the next entity of the current wait
 * result (`Executor::get_next_ready_executable`, executor.cpp 753–874): timers first, then
 * subscriptions, services, clients, waitables (guard conditions, QoS events), each entity once —
 * a subscription taken takes one message. A timer is called (rcl_timer_call: its next call
 * moves on) when taken, and skipped if it was canceled meanwhile (785–789). An entity whose
 * mutually exclusive callback group is running a callback on another thread is passed over: a
 * timer stays in the result for later (773–778), any other entity is cleared from it (803–807;
 * `next_ready_subscription` clears what it returns) and comes back in a later wait result while
 * it is still ready. Only when the result holds nothing a thread may take does it wait again
 * (`get_next_executable`, 876–894); the new result holds everything ready at that moment. A
 * group is free again when its callback returns (`execute_any_executable`, 485). Within a kind
 * rclcpp follows its wait set, whose entities come from unordered maps keyed by handle
 * addresses (executor_entities_collection.hpp), i.e. in no predictable order: here by creation,
 * or in a permutation drawn from the seed.
 */
export class WaitSetExecutor extends WaitResultExecutor {
  readonly #random: SeededRandom | null;
  /** The current wait result in the order it is taken (null: taken), and how far it has been taken. */
  #result: (Executable | null)[] = [];
  #timersInResult = 0;
  /** The first timer of the result not yet taken (timers passed over stay). */
  #firstTimer = 0;
  #taken = 0;

  constructor(
    name: string,
    random: SeededRandom | null,
    call: (timer: EngineTimer) => boolean,
    threads = 1,
    groupOf: ((entity: Executable) => CallbackGroup) | null = null,
  ) {
    // With one thread a group never excludes anything.
    super(name, call, threads, threads > 1 ? groupOf : null);
    this.#random = random;
  }

  hasWork(now: number): boolean {
    if (!this.threadPool.free(now)) return false;
    const result = this.#result;
    for (let i = this.#firstTimer; i < this.#timersInResult; i++) {
      const timer = result[i];
      if (timer && this.takeable(timer, now)) return true;
    }
    for (let i = Math.max(this.#taken, this.#timersInResult); i < result.length; i++) if (this.takeable(result[i]!, now)) return true;
    const top = this.timers.top;
    if (top !== undefined && top.key <= now) {
      // With one thread nothing is held back: a due timer is work.
      if (this.groupOf === null) return true;
      for (const timer of dueTimers(this.timers.items, now)) if (this.takeable(timer, now)) return true;
    }
    for (const entity of this.candidates.items) if (pendingOf(entity) > 0 && this.takeable(entity, now)) return true;
    return false;
  }

  protected pick(now: number): Executable | null {
    const result = this.#result;
    for (let i = this.#firstTimer; i < this.#timersInResult; i++) {
      const timer = result[i];
      if (!timer || !this.takeable(timer, now)) continue;
      result[i] = null;
      while (this.#firstTimer < this.#timersInResult && result[this.#firstTimer] === null) this.#firstTimer++;
      if (this.call(timer as EngineTimer)) return timer;
    }
    while (this.#taken < result.length) {
      const entity = result[this.#taken++]!;
      if (this.takeable(entity, now)) return entity;
    }
    return null;
  }

  protected waitAgain(now: number): boolean {
    const result = this.#result;
    truncate(result);
    dueTimers(this.timers.items, now, result as Executable[]);
    this.#timersInResult = result.length;
    this.#order(result, 0, result.length);
    if (this.candidates.size > 0) {
      // Kind by kind, in the order the wait set lists them.
      const first = result.length;
      this.candidates.retain(this.#keepReady);
      if (result.length - first > 1) this.#byKind(result, first);
    }
    this.#firstTimer = 0;
    this.#taken = this.#timersInResult;
    return result.length > 0;
  }

  /** Puts a ready candidate in the wait result; keeps it a candidate while it may have more (a field: one function for every wait). */
  readonly #keepReady = (entity: Executable): boolean => {
    const count = (entity as Waiting).pendingEvents;
    const pending = count === undefined ? 1 : count.call(entity);
    if (pending > 0) this.#result.push(entity);
    // Found idle, or a bare event that runs once: it comes back with its next event.
    return pending > 0 && count !== undefined;
  };

  /** Puts `entities[first…]` kind by kind (a counting sort, keeping their order within a kind), each kind in wait-set order. */
  #byKind(entities: (Executable | null)[], first: number): void {
    const starts = [0, 0, 0, 0, 0];
    for (let i = first; i < entities.length; i++) starts[rankOf(entities[i]!)]!++;
    if (starts.some((count) => count === entities.length - first)) {
      this.#order(entities, first, entities.length);
      return;
    }
    for (let rank = 1, at = first; rank <= WAITABLE; rank++) {
      const count = starts[rank]!;
      starts[rank] = at;
      at += count;
    }
    const ready = entities.slice(first);
    const next = starts.slice();
    for (const entity of ready) entities[next[rankOf(entity!)]!++] = entity;
    for (let rank = 1; rank <= WAITABLE; rank++) this.#order(entities, starts[rank]!, rank === WAITABLE ? entities.length : starts[rank + 1]!);
  }

  /**
   * Puts `entities[from, to)` (one kind) in the order the wait set gives them: by creation, or a
   * permutation drawn from the executor's stream (Fisher–Yates) — of the order they came in,
   * which is itself reproducible, so it needs no sorting first.
   */
  #order(entities: (Executable | null)[], from: number, to: number): void {
    if (to - from < 2) return;
    const random = this.#random;
    if (random === null) {
      const sorted = entities.slice(from, to).sort((a, b) => a!.entityId - b!.entityId);
      for (let i = 0; i < sorted.length; i++) entities[from + i] = sorted[i]!;
      return;
    }
    for (let i = to - 1; i > from; i--) {
      const j = from + Math.floor(random.nextDouble() * (i - from + 1));
      const held = entities[i]!;
      entities[i] = entities[j]!;
      entities[j] = held;
    }
  }
}
