import type { EngineTimer } from '../EngineTimer.js';
import type { Executable } from '../Executable.js';
import type { TimersHeap } from '../TimersHeap.js';

/**
 * An executor besides the engine's own events executor (docs/design.md#executors-and-execution-time): it holds its
 * nodes' timers, hears of their events, and when the engine gives it a turn it says which
 * callback one of its free threads runs next. The engine owns time and runs the callbacks.
 */
export interface Executor {
  readonly name: string;
  /** Its nodes' timers (the engine keeps them here instead of its own heap). */
  readonly timers: TimersHeap<EngineTimer>;
  /** How many threads it runs callbacks on (for utilization). */
  readonly threads: number;
  /** Sim time its threads spent in callbacks until `now`, summed over threads (ns). */
  busyTime(now: number): number;
  /** An entity of its nodes got an event (a message, a request, a trigger, …). */
  ready(entity: Executable): void;
  /** Whether a free thread of it would run something at `now`. */
  hasWork(now: number): boolean;
  /** When, after `now`, a timer of it falls due (Infinity: none); busy threads are the engine's actions. */
  nextTime(now: number): number;
  /** The callback a free thread runs at `now`, or null (no free thread, or nothing to run). */
  next(now: number): Executable | null;
  /**
   * The entity just picked ran nothing (SKIPPED): its node does not spin, it was destroyed, or
   * what it had was gone. An entity that still holds as much as before waits for its next event
   * (a node that starts spinning queues its held events again).
   */
  skipped(entity: Executable): void;
  /** The callback just picked runs from `now` until `end` (offsets): its thread (and exclusive group) are busy until then. */
  occupy(entity: Executable, now: number, end: number): void;
  /** Which of its threads (from 0) runs the callback next() picked last (a separate program's pool runs it there). */
  readonly thread: number;
}

/**
 * A callback group (rclcpp's CallbackGroup): callbacks of a mutually exclusive group never run
 * at the same time, those of a reentrant one may. Exclusion acts while a callback takes time.
 */
export interface CallbackGroup {
  readonly name: string;
  readonly exclusive: boolean;
  /** A callback of the group runs until then (an offset). */
  busyUntil: number;
  /** A group whose own code decides (a program's custom group): asked before each of its callbacks may run. */
  readonly mayRun?: (entity: Executable) => boolean;
}

/** The threads of an executor: when each is free again, and how long they were busy in all. */
export class Threads {
  #busyUntil: number[];
  /** Threads held by a callback that waits, and since when. */
  readonly #heldSince = new Map<number, number>();
  /** Sim time (ns) of the callbacks the threads ran, summed (to their ends). */
  #busyTime = 0;

  constructor(count: number) {
    this.#busyUntil = new Array<number>(count).fill(-Infinity);
  }

  get count(): number {
    return this.#busyUntil.length;
  }

  /** Now `count` threads: those added are free, those dropped stop counting once their callback ends. */
  resize(count: number): void {
    const busy = this.#busyUntil;
    if (count > busy.length) this.#busyUntil = busy.concat(new Array<number>(count - busy.length).fill(-Infinity));
    else if (count < busy.length) this.#busyUntil = busy.slice(0, count);
  }

  /** Whether one of them is free at `now`. */
  free(now: number): boolean {
    const busy = this.#busyUntil;
    for (let i = 0; i < busy.length; i++) if (busy[i]! <= now) return true;
    return false;
  }

  /** Sim time the threads spent in callbacks until `now` (a callback still running counts up to now). */
  busyTime(now: number): number {
    let ahead = 0;
    for (const until of this.#busyUntil) if (until > now && until !== Infinity) ahead += until - now;
    let held = 0;
    for (const since of this.#heldSince.values()) held += now - since;
    return this.#busyTime - ahead + held;
  }

  /**
   * The thread that takes the next callback at `now` (-1: none is free): of the free ones, the one
   * free the longest, the first of those free as long. So threads take callbacks that take no
   * time in turn, as rclcpp's threads take the executor's wait mutex one after another; which
   * free thread it is changes nothing the threads' count decides.
   */
  take(now: number): number {
    const busy = this.#busyUntil;
    let chosen = -1;
    for (let i = 0; i < busy.length; i++) if (busy[i]! <= now && (chosen < 0 || busy[i]! < busy[chosen]!)) chosen = i;
    // Free again at once, unless the callback takes time (occupy): taken last, it is taken again last.
    if (chosen >= 0) busy[chosen] = now;
    return chosen;
  }

  /** `thread` (if free, else the one take() would give) is held from `now` until released (a callback that waits); which one (-1: none is free). */
  hold(thread: number, now: number): number {
    const busy = this.#busyUntil;
    const held = thread >= 0 && thread < busy.length && busy[thread]! <= now ? thread : this.take(now);
    if (held >= 0) {
      busy[held] = Infinity;
      this.#heldSince.set(held, now);
    }
    return held;
  }

  /** A held thread is free at `now`. */
  release(thread: number, now: number): void {
    const since = this.#heldSince.get(thread);
    if (since === undefined) return;
    this.#heldSince.delete(thread);
    if (thread < this.#busyUntil.length) this.#busyUntil[thread] = now;
    this.#busyTime += now - since;
  }

  /** `thread` (as take() gave it) runs a callback from `now` until `end`; held meanwhile (its callback waits), the one take() gives. */
  occupy(thread: number, now: number, end: number): void {
    const busy = this.#busyUntil;
    const runs = thread >= 0 && thread < busy.length && busy[thread] !== Infinity ? thread : this.take(now);
    if (runs < 0) return;
    busy[runs] = end;
    this.#busyTime += end - now;
  }
}

/** Events an entity could run now; a bare executable (a held timer queued again) counts once. */
export function pendingOf(entity: Executable): number {
  const waiting = entity as Executable & { pendingEvents?(): number };
  return waiting.pendingEvents === undefined ? 1 : waiting.pendingEvents();
}

/** The heap places a walk has yet to visit (one walk at a time; kept, so that walks allocate nothing). */
const toVisit: number[] = [];

/** Appends the timers of a heap due at `now` to `due`: a walk that stops below every timer not due (heap order). */
export function dueTimers(heap: readonly EngineTimer[], now: number, due: Executable[] = []): Executable[] {
  if (heap.length === 0 || heap[0]!.key > now) return due;
  let count = 0;
  toVisit[count++] = 0;
  while (count > 0) {
    const i = toVisit[--count]!;
    due.push(heap[i]!);
    const left = 2 * i + 1;
    if (left < heap.length && heap[left]!.key <= now) toVisit[count++] = left;
    if (left + 1 < heap.length && heap[left + 1]!.key <= now) toVisit[count++] = left + 1;
  }
  return due;
}

/**
 * When, after `now`, a timer of an executor falls due (Infinity: none). While timers are due and
 * every thread is busy, the end of a callback is a step where all of this is looked at again;
 * with a thread free, only due timers a busy group holds back need a look below them.
 */
export function nextTimerTime(timers: TimersHeap<EngineTimer>, threads: Threads, now: number): number {
  const top = timers.top;
  if (top === undefined || top.key > now) return top?.key ?? Infinity;
  if (!threads.free(now)) return Infinity;
  return nextKeyAfter(timers.items, now);
}

/** The earliest key after `now` in a heap: the top, or below the timers already due. */
export function nextKeyAfter(heap: readonly EngineTimer[], now: number): number {
  if (heap.length === 0) return Infinity;
  if (heap[0]!.key > now) return heap[0]!.key;
  let next = Infinity;
  let count = 0;
  toVisit[count++] = 0;
  while (count > 0) {
    const i = toVisit[--count]!;
    const key = heap[i]!.key;
    if (key > now) {
      if (key < next) next = key;
      continue;
    }
    const left = 2 * i + 1;
    if (left < heap.length) toVisit[count++] = left;
    if (left + 1 < heap.length) toVisit[count++] = left + 1;
  }
  return next;
}
