import { Engine } from '../engine/Engine.js';
import { EngineTimer, type TimerOwner } from '../engine/EngineTimer.js';
import { SKIPPED, type Executable } from '../engine/Executable.js';
import { Entity } from './Entity.js';
import type { Node } from './Node.js';

/**
 * rclnodejs's Timer, on the engine's timers heap. Periods are bigint nanoseconds; a timer
 * created at time c first fires at c + period, and missed periods are skipped.
 */
export class Timer extends Entity implements TimerOwner {
  /** Counts the node's timers, for the label. */
  readonly #index: number;
  readonly #state: EngineTimer;
  readonly #callback: () => unknown;

  /** `index` counts the node's timers: labels say "timer 0 of node /talker". */
  constructor(node: Node, period: bigint, callback: () => unknown, index: number) {
    super(node);
    this.#index = index;
    this.#callback = callback;
    if (period < 0n) throw new RangeError(`timer period must not be negative, got ${period} ns`);
    this.#state = new EngineTimer(Engine.checkDuration(period, `timer period ${period}`), this);
    this.engine.addTimer(this.#state);
  }

  get label(): string {
    return this.describe(`timer ${this.#index}`);
  }

  /** Runs the user callback; called by the engine when the timer fires. */
  run(): unknown {
    if (!this.mayRun()) return SKIPPED;
    return this.#callback();
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

  timerPeriod(): bigint {
    return this.period;
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
    this.#state.periodNs = Engine.checkDuration(BigInt(period), `timer period ${period}`);
  }

  override destroy(): void {
    super.destroy();
    this.engine.removeTimer(this.#state);
  }
}
