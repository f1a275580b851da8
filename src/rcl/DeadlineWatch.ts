import type { Engine } from '../engine/Engine.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';

/**
 * The DDS deadline of one publisher or subscription, as Fast DDS keeps it: the period starts
 * with the first sample written (or received), every later sample starts it again, and each
 * period that ends without one is a missed deadline — counted, reported, and the next period
 * starts right away. One weak scheduled action per watch: a sample only moves the due time,
 * which the action reads when it fires, so writing costs no rescheduling.
 */
export class DeadlineWatch {
  readonly #engine: Engine;
  readonly #period: number;
  readonly #missed: (totalCount: number) => void;
  /** When the current period ends, in ns of sim time; null before the first sample. */
  #due: bigint | null = null;
  #action: ScheduledAction | null = null;
  #misses = 0;

  constructor(engine: Engine, period: number, missed: (totalCount: number) => void) {
    this.#engine = engine;
    this.#period = period;
    this.#missed = missed;
  }

  /** A sample was written or received now. */
  sample(): void {
    this.#due = this.#engine.nowAbs + BigInt(this.#period);
    if (this.#action === null) this.#arm(this.#due);
  }

  stop(): void {
    if (this.#action !== null) this.#engine.cancelAction(this.#action);
    this.#action = null;
    this.#due = null;
  }

  #arm(at: bigint): void {
    // Weak: a deadline watches the run; it does not keep it going.
    this.#action = this.#engine.scheduleAt(at, () => this.#fire(), true);
  }

  #fire(): void {
    const now = this.#engine.nowAbs;
    if (this.#due! > now) {
      this.#arm(this.#due!);
      return;
    }
    this.#misses++;
    this.#due = now + BigInt(this.#period);
    this.#arm(this.#due);
    this.#missed(this.#misses);
  }
}
