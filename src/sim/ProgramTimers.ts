import { type Executable, SKIPPED } from '../engine/Executable.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';
import type { Program } from './Program.js';
import type { Simulation } from './Simulation.js';

/** The JavaScript timers a program has. */
export type TimerKind = 'setTimeout' | 'setInterval' | 'setImmediate';
const TIMEOUT_MAX = 2 ** 31 - 1;

/**
 * A JavaScript timer inside a simulation, shaped like Node's Timeout/Immediate. When it is due
 * (at the start of the step of its sim time) it queues one event on the ready FIFO, so its
 * callback runs in the same deterministic order as every other callback; an immediate queues
 * its event at once. Intervals repeat `delay` after each run.
 */
export class Timeout implements Executable {
  readonly nodeId = -1;
  readonly entityId: number;
  readonly kind: string;
  readonly owner: string;
  readonly channel = '';
  readonly digestLo = 0;
  readonly digestHi = 0;
  /** The program that created the timer: `rclnodejs` calls inside its callback belong to it. */
  readonly program: Program;
  readonly scope: Program;
  readonly #timers: VirtualTimers;
  readonly #kind: TimerKind;
  /**
   * The callback, under Node's name for it: called as `timer._onTimeout(…)`, as Node's timers
   * call it, a logger's caller frame reads `Timeout._onTimeout` (a function without a name of
   * its own) whether the program runs here or in its own process.
   */
  readonly _onTimeout: (...args: unknown[]) => unknown;
  readonly #args: unknown[];
  readonly #delayNs: number;
  #action: ScheduledAction | null = null;
  #active = true;
  #refed = true;
  /** Whether it counts in its program's pendingTimers (scheduled, ref'd, not an immediate). */
  #keepsAlive = false;

  constructor(timers: VirtualTimers, kind: TimerKind, callback: (...args: unknown[]) => unknown, args: unknown[], delayNs: number, program: Program) {
    this.#timers = timers;
    this.#kind = kind;
    this._onTimeout = callback;
    this.#args = args;
    this.#delayNs = delayNs;
    this.program = program;
    this.scope = program;
    this.entityId = program.simulation.nextEntityId();
    this.kind = kind;
    this.owner = program.name;
  }

  /** How a line names it: by its program and the program's nodes alive when it is read. */
  get label(): string {
    return `${this.kind} callback of ${this.program.describe()}`;
  }

  /** Puts the timer on its schedule (a delay from now), or queues an immediate now. */
  schedule(): void {
    const engine = this.program.simulation.engine;
    if (this.#kind === 'setImmediate') engine.enqueue(this);
    else this.#action = engine.scheduleAfter(this.#delayNs, () => engine.enqueue(this), !this.#refed);
    this.#keepAlive(this.#refed && this.#kind !== 'setImmediate');
  }

  execute(): unknown {
    if (!this.#active) return SKIPPED;
    this.#action = null;
    if (this.#kind === 'setInterval') this.schedule();
    else this.#finished();
    return this._onTimeout(...this.#args);
  }

  cancel(): void {
    if (this.#action !== null) this.program.simulation.engine.cancelAction(this.#action);
    this.#action = null;
    this.#finished();
  }

  #finished(): void {
    this.#active = false;
    this.#keepAlive(false);
    this.#timers.forget(this);
  }

  /** Counts the timer in its program's pendingTimers, or stops counting it. */
  #keepAlive(keeps: boolean): void {
    if (keeps === this.#keepsAlive) return;
    this.#keepsAlive = keeps;
    this.program.pendingTimers += keeps ? 1 : -1;
  }

  /** Keeps the simulation going while the timer is pending (the default). */
  ref(): this {
    this.#refed = true;
    if (this.#action !== null) {
      this.program.simulation.engine.setWeak(this.#action, false);
      this.#keepAlive(true);
    }
    return this;
  }

  /** The simulation may end idle while only unref'd timers are pending, as Node's process does. */
  unref(): this {
    this.#refed = false;
    if (this.#action !== null) this.program.simulation.engine.setWeak(this.#action, true);
    this.#keepAlive(false);
    return this;
  }

  hasRef(): boolean {
    return this.#refed;
  }

  /** Restarts the countdown from now, as Node's timeout.refresh() does. */
  refresh(): this {
    if (this.#active && this.#action !== null) {
      this.program.simulation.engine.cancelAction(this.#action);
      this.schedule();
    }
    return this;
  }

  close(): this {
    this.cancel();
    return this;
  }

  [Symbol.toPrimitive](): number {
    return this.entityId;
  }
}

/**
 * setTimeout & co. on sim time: the simulation's side of every program's JavaScript timers —
 * an in-process program's globals call it directly (compat/VirtualGlobals), a separate
 * program's through the node port, with a callback that runs in its process.
 */
export class VirtualTimers {
  readonly #simulation: Simulation;
  readonly #byId = new Map<number, Timeout>();

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  setTimeout = (callback: (...args: unknown[]) => unknown, delay?: number, ...args: unknown[]): Timeout => this.#start('setTimeout', callback, delay, args);

  setInterval = (callback: (...args: unknown[]) => unknown, delay?: number, ...args: unknown[]): Timeout => this.#start('setInterval', callback, delay, args);

  setImmediate = (callback: (...args: unknown[]) => unknown, ...args: unknown[]): Timeout => this.#start('setImmediate', callback, 0, args);

  clear = (timer: unknown): void => {
    if (timer instanceof Timeout) timer.cancel();
    else if (typeof timer === 'number' || typeof timer === 'string') this.#byId.get(Number(timer))?.cancel();
  };

  /** Cancels every pending timer of a program that exited. */
  cancelAll(program: Program): void {
    for (const timer of [...this.#byId.values()]) if (timer.program === program) timer.cancel();
  }

  forget(timer: Timeout): void {
    this.#byId.delete(timer.entityId);
  }

  #start(kind: TimerKind, callback: (...args: unknown[]) => unknown, delay: number | undefined, args: unknown[]): Timeout {
    if (typeof callback !== 'function') {
      throw new TypeError(`The "callback" argument must be of type function. Received ${typeof callback}`);
    }
    return this.start(kind, callback, delay, args, this.#simulation.currentProgram());
  }

  /** A timer of `program`, started now (Node's rule: a delay that is not in [1, 2^31 - 1] ms becomes 1 ms). */
  start(kind: TimerKind, callback: (...args: unknown[]) => unknown, delay: number | undefined, args: unknown[], program: Program): Timeout {
    let ms = Number(delay);
    if (!(ms >= 1 && ms <= TIMEOUT_MAX)) ms = 1;
    const timer = new Timeout(this, kind, callback, args, Math.round(ms * 1e6), program);
    if (timer.program.exited) return timer;
    this.#byId.set(timer.entityId, timer);
    timer.schedule();
    return timer;
  }
}
