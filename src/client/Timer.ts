import type { NodePort, TimerInfo, TimerTarget } from '../port/NodePort.js';
import { Entity } from './Entity.js';

export type { TimerInfo };

/** A program's timer callback: on Jazzy it gets the call's TimerInfo. */
export type TimerCallback = (info: TimerInfo) => unknown;

/**
 * rclnodejs's Timer as a client of the node port: the timer is on the simulation's heap, its
 * callback runs here. Periods are bigint nanoseconds; a callback that takes an argument gets the
 * call's TimerInfo, as rclnodejs passes it on Jazzy.
 */
export class Timer extends Entity implements TimerTarget {
  readonly #port: NodePort;
  #callback: TimerCallback;
  /** Whether the callback takes the TimerInfo (kept, as fire() is on the path of every firing). */
  #wantsInfo: boolean;
  readonly loggerName: string;
  #onReset: ((resets: number) => unknown) | null = null;
  #unseenResets = 0;

  constructor(port: NodePort, callback: TimerCallback, loggerName: string) {
    super();
    this.#port = port;
    this.#callback = callback;
    this.#wantsInfo = callback.length > 0;
    this.loggerName = loggerName;
  }

  /** Once the simulation made it: its id (what the port names it by). */
  created(id: number): this {
    this.setId(id);
    return this;
  }

  /** rclnodejs's `timer.callback`, which programs may replace. */
  get callback(): TimerCallback {
    return this.#callback;
  }

  set callback(callback: TimerCallback) {
    this.#callback = callback;
    this.#wantsInfo = callback.length > 0;
  }

  /** What the port calls when the timer fires: the user's callback as a method of the timer, as rclnodejs calls it. */
  fire(info: () => TimerInfo): unknown {
    return this.#wantsInfo ? this.#callback(info()) : (this.#callback as () => unknown)();
  }

  get period(): bigint {
    return this.#port.timerState(this.id).period;
  }

  /** A getter in rclnodejs's Timer (its typings call it a method; programs that run use the getter). */
  get timerPeriod(): bigint {
    return this.period;
  }

  getNextCallTime(): bigint {
    return this.#port.entityOp(this.id, 'nextCallTime', []) as bigint;
  }

  /** rcl_timer_call_with_info: the timer counts as called now (its callback does not run). */
  callTimerWithInfo(): TimerInfo {
    this.assertAlive('call timer');
    return this.#port.entityOp(this.id, 'callTimerWithInfo', []) as TimerInfo;
  }

  /**
   * rcl_timer_set_on_reset_callback: `callback(resets)` after each reset; resets before it was
   * set are reported at once.
   */
  setOnResetCallback(callback: (resets: number) => unknown): void {
    this.#onReset = callback;
    if (this.#unseenResets > 0) {
      const resets = this.#unseenResets;
      this.#unseenResets = 0;
      callback(resets);
    }
  }

  clearOnResetCallback(): void {
    this.#onReset = null;
  }

  isReady(): boolean {
    return this.#port.entityOp(this.id, 'isReady', []) as boolean;
  }

  isCanceled(): boolean {
    return this.#port.timerState(this.id).canceled;
  }

  cancel(): void {
    this.assertAlive('cancel timer');
    this.#port.cancelTimer(this.id);
  }

  reset(): void {
    this.assertAlive('reset timer');
    this.#port.resetTimer(this.id);
    if (this.#onReset === null) this.#unseenResets++;
    else this.#onReset(1);
  }

  timeSinceLastCall(): bigint {
    return this.#port.now() - this.#port.timerState(this.id).lastCall;
  }

  timeUntilNextCall(): bigint {
    return this.#port.timerState(this.id).nextCall - this.#port.now();
  }

  /** rcl_timer_exchange_period: the next call time stays as it is. */
  changeTimerPeriod(period: bigint): void {
    this.assertAlive('change timer period');
    this.#port.entityOp(this.id, 'changeTimerPeriod', [BigInt(period)]);
  }
}
