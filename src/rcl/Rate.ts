import type { ScheduledAction } from '../engine/ScheduledActions.js';
import { RangeValidationError, TypeValidationError } from './errors.js';
import type { Simulation } from './Simulation.js';

/**
 * rclnodejs's Rate: `await rate.sleep()` resumes at the next tick of a periodic schedule that
 * started when the rate was created (created + k·period, the first tick after now). Ticks are
 * wake-ups, not timers on the heap, so a rate never changes the order of the nodes' timers.
 */
export class Rate {
  readonly #hz: number;
  readonly #period: bigint;
  readonly #origin: bigint;
  readonly #simulation: Simulation;
  #canceled = false;
  #pending: ScheduledAction | null = null;

  constructor(simulation: Simulation, hz: number) {
    if (typeof hz !== 'number') throw new TypeValidationError('hz', hz, 'number');
    if (!(hz > 0) || hz > 1000) throw new RangeValidationError('hz', hz, '0.0 < hz <= 1000');
    this.#hz = hz;
    this.#period = BigInt(Math.round(1e9 / hz));
    this.#simulation = simulation;
    this.#origin = simulation.engine.nowAbs;
  }

  get frequency(): number {
    return this.#hz;
  }

  sleep(): Promise<void> {
    if (this.#canceled) return Promise.reject(new Error('Rate has been cancelled.'));
    const engine = this.#simulation.engine;
    const elapsed = engine.nowAbs - this.#origin;
    const tick = this.#origin + (elapsed / this.#period + 1n) * this.#period;
    return new Promise((resolve) => {
      this.#pending = engine.scheduleAt(tick, () => {
        this.#pending = null;
        resolve();
        engine.requestYield();
      });
    });
  }

  cancel(): void {
    this.#canceled = true;
    if (this.#pending !== null) this.#simulation.engine.cancelAction(this.#pending);
    this.#pending = null;
  }

  isCanceled(): boolean {
    return this.#canceled;
  }
}
