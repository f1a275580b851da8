import { checkDuration } from '../base/simTimeRange.js';
import { EngineTimer, type TimerOwner } from '../engine/EngineTimer.js';
import { type Executable, SKIPPED } from '../engine/Executable.js';
import type { Executor } from '../engine/executors/Executor.js';
import { Entity } from './Entity.js';
import type { Node } from './Node.js';

/** What a timer callback gets on Jazzy (rcl_timer_call_with_info): when the call was due, when it ran. */
export interface TimerInfo {
  expectedCallTime: bigint;
  actualCallTime: bigint;
}

/**
 * What a timer's firing calls: `info` makes the call's TimerInfo, asked only by a callback that
 * takes it (most do not, and an object of two bigints per firing is most of what one allocates).
 * An object with a method, not a closure: the client's timer itself, so that a firing reads one
 * object where a closure would add two (the function and its scope), on the path of every firing.
 */
export interface TimerTarget {
  fire(info: () => TimerInfo): unknown;
}

/**
 * A timer in the simulation (rclnodejs's is client/Timer.ts), on the engine's timers heap. Periods are bigint nanoseconds; a timer
 * created at time c first fires at c + period, and missed periods are skipped.
 */
export class Timer extends Entity implements TimerOwner {
  /** Counts the node's timers, for the label. */
  readonly #index: number;
  readonly #state: EngineTimer;
  readonly #target: TimerTarget;
  /** What the callback is given to make its TimerInfo: made once, as run() is on the path of every firing. */
  readonly #info = (): TimerInfo => this.#callInfo();

  /**
   * `index` counts the node's timers: labels say "timer 0 of node /talker". Without `autostart`
   * the timer starts canceled, until reset() (rcl_timer_init2).
   */
  constructor(node: Node, period: bigint, target: TimerTarget, index: number, autostart = true) {
    super(node);
    this.#index = index;
    this.#target = target;
    if (period < 0n) throw new RangeError(`timer period must not be negative, got ${period} ns`);
    this.#state = new EngineTimer(checkDuration(period, `timer period ${period}`), this);
    this.#state.canceled = !autostart;
    this.engine.addTimer(this.#state);
  }

  get label(): string {
    return this.describe(`timer ${this.#index}`);
  }

  run(): unknown {
    if (!this.mayRun()) return SKIPPED;
    return this.#target.fire(this.#info);
  }

  /** The TimerInfo of the call being run: when it was due, and now. */
  #callInfo(): TimerInfo {
    const engine = this.engine;
    return { expectedCallTime: engine.toAbsolute(this.#state.dueAt), actualCallTime: engine.nowAbs };
  }

  override get executable(): Executable {
    return this.#state;
  }

  /** A held timer runs once when its node spins, however many periods it missed. */
  override pendingEvents(): number {
    return 1;
  }

  get period(): bigint {
    return BigInt(this.#state.periodNs);
  }

  getNextCallTime(): bigint {
    return this.engine.timerNextCall(this.#state);
  }

  /** rcl_timer_call_with_info: the timer counts as called now (its callback does not run). */
  callTimerWithInfo(): TimerInfo {
    this.assertAlive('call timer');
    if (this.#state.canceled) throw new Error('Timer is canceled');
    const engine = this.engine;
    return { expectedCallTime: engine.callTimerNow(this.#state), actualCallTime: engine.nowAbs };
  }

  isReady(): boolean {
    const engine = this.engine;
    return !this.#state.canceled && engine.timerNextCall(this.#state) <= engine.nowAbs;
  }

  isCanceled(): boolean {
    return this.#state.canceled;
  }

  cancel(): void {
    this.assertAlive('cancel timer');
    this.engine.cancelTimer(this.#state);
    // A call held while its node did not spin is dropped: an executor that spins the node later
    // finds the timer canceled (rcl_timer_call answers RCL_RET_TIMER_CANCELED) and runs nothing.
    this.node.unpark(this);
  }

  reset(): void {
    this.assertAlive('reset timer');
    this.engine.resetTimer(this.#state);
  }

  timeSinceLastCall(): bigint {
    const engine = this.engine;
    return engine.nowAbs - engine.timerLastCall(this.#state);
  }

  timeUntilNextCall(): bigint {
    const engine = this.engine;
    return engine.timerNextCall(this.#state) - engine.nowAbs;
  }

  /** rcl_timer_exchange_period: the next call time stays as it is. */
  changeTimerPeriod(period: bigint): void {
    this.assertAlive('change timer period');
    this.#state.periodNs = checkDuration(BigInt(period), `timer period ${period}`);
  }

  override _runIn(executor: Executor): void {
    super._runIn(executor);
    this.engine.moveTimer(this.#state, executor);
  }

  override destroy(): void {
    super.destroy();
    this.engine.removeTimer(this.#state);
  }
}
