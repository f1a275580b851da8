import type { EngineTimer } from '../EngineTimer.js';
import type { Executable } from '../Executable.js';
import type { SeededRandom } from '../SeededRandom.js';
import { TimersHeap } from '../TimersHeap.js';

/** What an executor needs of an entity besides running it: how many events it could run now. */
interface Waiting extends Executable {
  pendingEvents?(): number;
}

/** The kinds a wait result lists, in the order an rclcpp executor takes them. */
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
 * rclcpp's SingleThreadedExecutor (Jazzy, rclcpp 28.3.3) as a model. When it has nothing left
 * to run it waits: the wait result holds every entity ready at that moment — timers due, then
 * subscriptions with a message, services with a request, clients with a response, waitables
 * (guard conditions, QoS events) — and it runs them one at a time, timers first, each entity
 * once (`Executor::get_next_ready_executable`, executor.cpp 753–874: a subscription executed
 * takes one message, `execute_subscription`), a timer being called (rcl_timer_call: its next
 * call moves on) when its turn comes, skipped if it was canceled meanwhile (executor.cpp
 * 785–789). Only when the result is exhausted does it wait again (`get_next_executable`,
 * executor.cpp 876–894; `SingleThreadedExecutor::spin`): what became ready meanwhile waits for
 * the next wait result. Within a kind rclcpp follows its wait set, whose entities come from
 * unordered maps keyed by handle addresses (executor_entities_collection.hpp), i.e. in no
 * predictable order: here by creation, or in a permutation drawn from the seed.
 */
export class WaitSetExecutor {
  readonly name: string;
  /** Its nodes' timers (the engine keeps them here instead of its own heap). */
  readonly timers = new TimersHeap<EngineTimer>();
  readonly #random: SeededRandom | null;
  /** Calls a timer when its turn comes (rcl_timer_call); false when it was canceled. */
  readonly #call: (timer: EngineTimer) => boolean;
  /** Entities that got an event since they were last found idle, in arrival order. */
  readonly #candidates = new Set<Waiting>();
  /** The current wait result, in the order it is taken, and how far it has been taken. */
  #result: Executable[] = [];
  #timersInResult = 0;
  #taken = 0;
  /** Its thread runs a callback until then (an offset; execution times). */
  busyUntil = -Infinity;

  constructor(name: string, random: SeededRandom | null, call: (timer: EngineTimer) => boolean) {
    this.name = name;
    this.#random = random;
    this.#call = call;
  }

  /** An entity of its nodes got an event (a message, a request, a trigger, …). */
  ready(entity: Executable): void {
    this.#candidates.add(entity);
  }

  /** Whether it would run something at `now`. */
  hasWork(now: number): boolean {
    if (this.#taken < this.#result.length) return true;
    const top = this.timers.top;
    if (top !== undefined && top.key <= now) return true;
    for (const entity of this.#candidates) if (pendingOf(entity) > 0) return true;
    return false;
  }

  /** When its next timer is due (Infinity: none). */
  get nextTime(): number {
    return this.timers.top?.key ?? Infinity;
  }

  /** The next callback to run at `now`, or null when it has nothing to do (it waits). */
  next(now: number): Executable | null {
    const picked = this.#pick();
    if (picked !== null || !this.#wait(now)) return picked;
    return this.#pick();
  }

  #pick(): Executable | null {
    while (this.#taken < this.#result.length) {
      const index = this.#taken++;
      const entity = this.#result[index]!;
      if (index < this.#timersInResult && !this.#call(entity as EngineTimer)) continue;
      return entity;
    }
    return null;
  }

  /** Takes a new wait result; false when nothing is ready. */
  #wait(now: number): boolean {
    const result: Executable[] = dueTimers(this.timers.items, now);
    this.#timersInResult = result.length;
    this.#order(result);
    if (this.#candidates.size > 0) {
      const byKind: Waiting[][] = [[], [], [], []];
      for (const entity of this.#candidates) {
        const pending = pendingOf(entity);
        if (pending > 0) byKind[rankOf(entity) - 1]!.push(entity);
        // Found idle, or a bare event that runs once: it comes back with its next event.
        if (pending === 0 || entity.pendingEvents === undefined) this.#candidates.delete(entity);
      }
      for (const entities of byKind) if (entities.length > 0) result.push(...this.#order(entities));
    }
    this.#result = result;
    this.#taken = 0;
    return this.#result.length > 0;
  }

  /** Sorts entities of one kind into the order the wait set gives them. */
  #order<T extends Executable>(entities: T[]): T[] {
    if (entities.length < 2) return entities;
    entities.sort((a, b) => a.entityId - b.entityId);
    const random = this.#random;
    if (random !== null) {
      // Fisher–Yates from the executor's own stream: the orders a real process could take.
      for (let i = entities.length - 1; i > 0; i--) {
        const j = Math.floor(random.nextDouble() * (i + 1));
        const held = entities[i]!;
        entities[i] = entities[j]!;
        entities[j] = held;
      }
    }
    return entities;
  }
}

/** The timers of a heap due at `now`: a walk that stops below every timer not due (heap order). */
function dueTimers(heap: readonly EngineTimer[], now: number): EngineTimer[] {
  const due: EngineTimer[] = [];
  const stack = heap.length > 0 && heap[0]!.key <= now ? [0] : [];
  while (stack.length > 0) {
    const i = stack.pop()!;
    due.push(heap[i]!);
    const left = 2 * i + 1;
    if (left < heap.length && heap[left]!.key <= now) stack.push(left);
    if (left + 1 < heap.length && heap[left + 1]!.key <= now) stack.push(left + 1);
  }
  return due;
}

/** Events an entity could run now; a bare executable (a held timer queued again) counts once. */
function pendingOf(entity: Waiting): number {
  return entity.pendingEvents === undefined ? 1 : entity.pendingEvents();
}
