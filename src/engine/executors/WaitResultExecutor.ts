import type { EngineTimer } from '../EngineTimer.js';
import type { Executable } from '../Executable.js';
import { TimersHeap } from '../TimersHeap.js';
import { EntitySet } from './EntitySet.js';
import { type CallbackGroup, type Executor, nextTimerTime, pendingOf, Threads } from './Executor.js';

/**
 * What rclcpp's and rclpy's wait-set executors share: threads, the entities that got events since
 * they were last found idle, each entity's callback group, and a free thread's turn — the next
 * entity of the current wait result, or, when that is spent, of a new one. How a wait result is
 * made and walked is each executor's own.
 */
export abstract class WaitResultExecutor implements Executor {
  readonly name: string;
  readonly timers = new TimersHeap<EngineTimer>();
  protected readonly threadPool: Threads;
  /** Calls a timer when its turn comes (rcl_timer_call); false when it was canceled. */
  protected readonly call: (timer: EngineTimer) => boolean;
  /** Entities that got an event since they were last found idle, in arrival order. */
  protected readonly candidates = new EntitySet();
  /** An entity's callback group; null where a group never excludes anything (one thread of rclcpp's). */
  protected readonly groupOf: ((entity: Executable) => CallbackGroup) | null;
  /** By entity id (dense in a run: an array lookup, where a map would hash the entity). */
  readonly #groups: (CallbackGroup | undefined)[] = [];
  /** What the entity last handed out held then (see skipped). */
  #pendingAtPick = 0;
  /** The entity next() handed out last, and the thread that runs it. */
  #picked: Executable | null = null;
  #thread = 0;
  /** Threads held by waiting callbacks, by entity id (-1: tasks), innermost last. */
  readonly #held = new Map<number, number[]>();

  constructor(name: string, call: (timer: EngineTimer) => boolean, threads: number, groupOf: ((entity: Executable) => CallbackGroup) | null) {
    this.name = name;
    this.call = call;
    this.threadPool = new Threads(threads);
    this.groupOf = groupOf;
  }

  get threads(): number {
    return this.threadPool.count;
  }

  busyTime(now: number): number {
    return this.threadPool.busyTime(now);
  }

  /** The program spins its nodes with an executor of this many threads (a MultiThreadedExecutor's pool). */
  setThreads(count: number): void {
    this.threadPool.resize(count);
  }

  /**
   * A callback of `entity` (null: the program's tasks) waits on a thread (`on`), or ended after it
   * waited: its thread, and its mutually exclusive group, stay busy meanwhile.
   */
  hold(entityId: number | null, on: boolean, now: number): void {
    const key = entityId ?? -1;
    const group = entityId === null ? undefined : this.ranGroupOf(entityId);
    if (on) {
      // The callback's own thread, when it is free (its callback took no time).
      const thread = this.threadPool.hold(entityId !== null && entityId === this.#picked?.entityId ? this.#thread : -1, now);
      // No thread free: the callback's own is busy for its execution time, and stays so.
      if (thread < 0) return;
      let threads = this.#held.get(key);
      if (threads === undefined) this.#held.set(key, (threads = []));
      threads.push(thread);
      if (group?.exclusive) group.busyUntil = Infinity;
      return;
    }
    const thread = this.#held.get(key)?.pop();
    if (thread === undefined) return;
    this.threadPool.release(thread, now);
    if (group !== undefined && group.busyUntil === Infinity) group.busyUntil = now;
  }

  /** hold() for a callback this executor ran (a wait in another executor's callback holds nothing here). */
  holdIfRan(entityId: number, on: boolean, now: number): void {
    if (this.ranGroupOf(entityId) !== undefined) this.hold(entityId, on, now);
  }

  ready(entity: Executable): void {
    this.candidates.add(entity);
  }

  abstract hasWork(now: number): boolean;

  nextTime(now: number): number {
    return nextTimerTime(this.timers, this.threadPool, now);
  }

  next(now: number): Executable | null {
    if (!this.threadPool.free(now)) return null;
    let picked = this.pick(now);
    if (picked === null && this.waitAgain(now)) picked = this.pick(now);
    if (picked !== null) {
      this.#pendingAtPick = pendingOf(picked);
      this.#picked = picked;
      this.#thread = this.threadPool.take(now);
    }
    return picked;
  }

  get thread(): number {
    return this.#thread;
  }

  /** The next entity of the current wait result a free thread may take at `now`, or null when it is spent. */
  protected abstract pick(now: number): Executable | null;

  /** Takes a new wait result; false when nothing is ready. */
  protected abstract waitAgain(now: number): boolean;

  skipped(entity: Executable): void {
    if (pendingOf(entity) >= this.#pendingAtPick) this.candidates.delete(entity);
  }

  occupy(entity: Executable, now: number, end: number): void {
    this.threadPool.occupy(this.#thread, now, end);
    if (this.groupOf === null) return;
    const group = this.groupFor(entity);
    if (group.exclusive) group.busyUntil = end;
  }

  /** Whether a thread may run the entity's callback at `now`: its group is not running another that excludes it. */
  protected takeable(entity: Executable, now: number): boolean {
    if (this.groupOf === null) return true;
    const group = this.groupFor(entity);
    return !group.exclusive || group.busyUntil <= now;
  }

  /** The group of an entity whose callback this executor ran (undefined: none yet). */
  protected ranGroupOf(entityId: number): CallbackGroup | undefined {
    return this.#groups[entityId];
  }

  protected groupFor(entity: Executable): CallbackGroup {
    const id = entity.entityId;
    let group = this.#groups[id];
    if (group === undefined) {
      // Filled up to the id one by one: an array written far past its end turns into a slow dictionary.
      while (this.#groups.length < id) this.#groups.push(undefined);
      this.#groups[id] = group = this.groupOf!(entity);
    }
    return group;
  }
}
