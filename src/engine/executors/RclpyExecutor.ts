import type { SeededRandom } from '../../base/SeededRandom.js';
import type { EngineTimer } from '../EngineTimer.js';
import type { Executable } from '../Executable.js';
import { EntitySet } from './EntitySet.js';
import { type CallbackGroup, dueTimers, pendingOf } from './Executor.js';
import { WaitResultExecutor } from './WaitResultExecutor.js';

/** Where an entity of a node comes in rclpy's walk of that node (executors.py 714–750); waitables come before every node's. */
const NODE_WALK: Readonly<Record<string, number>> = { timer: 0, subscription: 1, guard_condition: 2, client: 3, service: 4 };
const WAITABLE = -1;

/** One entry of a wait result: the entity, and whether it is a due timer taken from the heap (called when its turn comes). */
interface Ready {
  entity: Executable;
  fromHeap: boolean;
  /** Its place: waitables first, then node by node, kind by kind, by creation. */
  waitable: number;
  node: number;
  kind: number;
}

/**
 * rclpy's executors (Jazzy, rclpy 7.1, `rclpy/executors.py`) as a model: the
 * SingleThreadedExecutor (one thread) and the MultiThreadedExecutor (`threads` threads fed by one
 * generator). `_wait_for_ready_callbacks` (536–761) gathers the entities whose callback group can
 * execute (588–600; a group busy then keeps them out of this wait), waits, and then yields what
 * is ready in this order: every ready waitable, node by node (704–711: QoS event handlers, and
 * an action's services, clients and subscriptions, which rcl_action makes into one waitable);
 * then node by node (714): its timers (715–722), subscriptions (724–729), guard conditions
 * (731–736), clients (738–743) and services (745–750), each list in creation order (a node's
 * lists are Python lists). A subscription yielded takes one message. Each is checked again
 * when its turn comes: a timer canceled meanwhile (718, `is_timer_ready`) or an entity whose
 * group is now running a callback on another thread (`can_execute`) is passed over, and comes
 * back in a later wait while still ready. Only when the generator is spent does the executor
 * wait again (`wait_for_ready_callbacks`, 763–784). The generator outlives the spin that took
 * from it (`_cb_iter`, 774–784), and a callback runs while it is suspended at its yield (805–824):
 * so a node that does not spin — its executor's one thread is blocked in a callback that sleeps
 * or waits (the client stops its nodes meanwhile), or its spin returned — has its entries of the
 * wait result wait in place, to be taken in their turn once it spins again, and is in no new
 * wait until then (a due timer stays due, uncalled). The nodes come from a Python set (300–303),
 * i.e. in an order that depends on their addresses: here by creation, or in a permutation drawn
 * from the seed once per node (the order of a set changes only as nodes come and go).
 */
export class RclpyExecutor extends WaitResultExecutor {
  readonly #random: SeededRandom | null;
  /** Whether an entity is (part of) a waitable rather than one of a node's plain lists. */
  readonly #isWaitable: (entity: Executable) => boolean;
  /** Whether the entity's node spins (else what it has waits; see the class comment). */
  readonly #spins: (entity: Executable) => boolean;
  /** Each node's place in the executor's set of nodes (seeded: drawn when first seen). */
  readonly #nodePlaces = new Map<number, number>();
  /**
   * The current wait result, in the order the generator yields it, and how far it has been taken;
   * past that, entries of nodes that do not spin may wait before those not taken yet.
   */
  #result: Ready[] = [];
  #taken = 0;
  /** The program's tasks (coroutine callbacks under way, futures' done callbacks) as one callback, and whether some wait to go on. */
  #tasks: Executable | null = null;
  #tasksWaiting = false;
  /**
   * A callback ran since the tasks last did: its handler triggered the executor's guard condition
   * (executors.py 511–521), so the generator loops, and a loop begins with the tasks under way
   * (563–576), before it waits.
   */
  #callbackRan = false;
  /** The last turn took the tasks: the generator waits before it yields them again. */
  #tasksLast = false;
  /**
   * Entities whose custom group said no (CAN_EXECUTE): left out of the waits until another
   * callback of the executor ran, as rclpy leaves out of its wait set what `can_execute` refuses
   * (executors.py 588–594) until something else wakes it. Due timers stay in the heap meanwhile.
   */
  readonly #declined = new EntitySet();
  readonly #declinedTimers = new EntitySet();

  constructor(
    name: string,
    random: SeededRandom | null,
    call: (timer: EngineTimer) => boolean,
    groupOf: (entity: Executable) => CallbackGroup,
    isWaitable: (entity: Executable) => boolean,
    spins: (entity: Executable) => boolean,
  ) {
    super(name, call, 1, groupOf);
    this.#random = random;
    this.#isWaitable = isWaitable;
    this.#spins = spins;
  }

  /**
   * The program has tasks not done: `tasks` lets the next go on when the generator next loops
   * (executors.py 567–579: a pass begins with the tasks under way, newest first, one per yield).
   * `more`: the pass that yielded the last has another, yielded before the wait. `woke`: the
   * program triggered the executor's guard condition (create_task, a coroutine callback ended),
   * so the wait returns, and the next pass begins with the tasks.
   */
  tasksWaiting(tasks: Executable, how: TasksTurn): void {
    this.#tasks = tasks;
    this.#tasksWaiting = true;
    if (how.woke) this.#callbackRan = true;
    if (how.more) this.#result.splice(this.#taken, 0, tasksTurn(tasks));
  }

  hasWork(now: number): boolean {
    if (!this.threadPool.free(now)) return false;
    if (this.#tasksWaiting && this.#callbackRan) return true;
    const result = this.#result;
    for (let i = this.#taken; i < result.length; i++) {
      const entity = result[i]!.entity;
      if (this.#spins(entity) && this.takeable(entity, now)) return true;
    }
    const top = this.timers.top;
    if (top !== undefined && top.key <= now) for (const timer of dueTimers(this.timers.items, now)) if (this.#eligible(timer, now)) return true;
    for (const entity of this.candidates.items) if (pendingOf(entity) > 0 && this.#spins(entity) && this.takeable(entity, now)) return true;
    return false;
  }

  /** A due timer a wait would take: its node spins, its group lets it, and its custom group did not refuse it since the last callback. */
  #eligible(timer: Executable, now: number): boolean {
    return this.#spins(timer) && this.takeable(timer, now) && !this.#declinedTimers.has(timer);
  }

  protected pick(now: number): Executable | null {
    const result = this.#result;
    for (let i = this.#taken; i < result.length; ) {
      const { entity, fromHeap } = result[i]!;
      if (!this.#spins(entity)) {
        i++;
        continue;
      }
      // Out of the result: at its front, or from behind entries that wait.
      if (i === this.#taken) this.#taken = ++i;
      else result.splice(i, 1);
      if (!this.takeable(entity, now)) {
        // Not yielded in this wait; still ready, it is in the next (a due timer stays due in the heap).
        if (!fromHeap) this.candidates.add(entity);
        continue;
      }
      const mayRun = entity === this.#tasks ? undefined : this.groupFor(entity).mayRun;
      if (mayRun !== undefined && !mayRun(entity)) {
        (fromHeap ? this.#declinedTimers : this.#declined).add(entity);
        continue;
      }
      if (fromHeap && !this.call(entity as EngineTimer)) continue;
      if (entity !== this.#tasks) this.#ran();
      return entity;
    }
    return null;
  }

  /** A callback runs: what custom groups refused is looked at again from the next wait. */
  #ran(): void {
    this.#callbackRan = true;
    for (const entity of this.#declined.items) this.candidates.add(entity);
    this.#declined.retain(none);
    this.#declinedTimers.retain(none);
  }

  /** Takes a new wait result (or, first, the tasks under way); false when nothing is ready. */
  protected waitAgain(now: number): boolean {
    if (this.#tasksDue() && !this.#tasksLast) return this.#takeTasks();
    this.#tasksLast = false;
    const result: Ready[] = [];
    for (const timer of dueTimers(this.timers.items, now)) if (this.#eligible(timer, now)) result.push(this.#ready(timer, true));
    this.candidates.retain((entity) => {
      const count = (entity as Executable & { pendingEvents?(): number }).pendingEvents;
      const pending = count === undefined ? 1 : count.call(entity);
      if (pending === 0) return false;
      // A busy group, or a node that does not spin, keeps its entities out of this wait: they stay candidates for the next.
      if (!this.#spins(entity) || !this.takeable(entity, now)) return true;
      result.push(this.#ready(entity, false));
      // A bare event (a held timer queued again) runs once; one with a buffer may hold more.
      return count !== undefined;
    });
    result.sort(inWalkOrder);
    // A wait that found nothing returned for the guard condition: the generator loops to its tasks.
    if (result.length === 0 && this.#tasksDue()) return this.#takeTasks();
    this.#follow(result);
    return result.length > 0;
  }

  /** Whether the generator's next pass begins with the tasks: some are under way, and a callback ran or the guard condition was triggered since they last went on. */
  #tasksDue(): boolean {
    return this.#tasksWaiting && this.#callbackRan;
  }

  /** A pass begins with the tasks under way: the first goes on (the program says if the pass has more). */
  #takeTasks(): boolean {
    this.#tasksWaiting = false;
    this.#callbackRan = false;
    this.#tasksLast = true;
    this.#follow([tasksTurn(this.#tasks!)]);
    return true;
  }

  /** The next result: what is left of the last one (of nodes that do not spin: pick took the rest) keeps its place before it. */
  #follow(result: Ready[]): void {
    const left = this.#result;
    this.#result = this.#taken === left.length ? result : left.slice(this.#taken).concat(result);
    this.#taken = 0;
  }

  #ready(entity: Executable, fromHeap: boolean): Ready {
    const waitable = this.#isWaitable(entity);
    return { entity, fromHeap, waitable: waitable ? 0 : 1, node: this.#nodePlace(entity.nodeId), kind: waitable ? WAITABLE : (NODE_WALK[entity.kind] ?? 5) };
  }

  #nodePlace(nodeId: number): number {
    if (this.#random === null) return nodeId;
    let place = this.#nodePlaces.get(nodeId);
    if (place === undefined) {
      place = this.#random.nextDouble();
      this.#nodePlaces.set(nodeId, place);
    }
    return place;
  }
}

const none = (): boolean => false;

/** The program's tasks as an entry of a wait result: yielded before the wait's entities. */
function tasksTurn(tasks: Executable): Ready {
  return { entity: tasks, fromHeap: false, waitable: 0, node: 0, kind: 0 };
}

/** What a Python program's Done says of its tasks (RclpyExecutor#tasksWaiting). */
export interface TasksTurn {
  more: boolean;
  woke: boolean;
}

/** Waitables first, then node by node, kind by kind; ties (equal draws) by node and then by creation. */
function inWalkOrder(a: Ready, b: Ready): number {
  return a.waitable - b.waitable || a.node - b.node || a.entity.nodeId - b.entity.nodeId || a.kind - b.kind || a.entity.entityId - b.entity.entityId;
}
