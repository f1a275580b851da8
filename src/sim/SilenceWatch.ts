import type { Engine } from '../engine/Engine.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';

/**
 * A period of silence on one publisher or subscription, as Fast DDS times its QoS deadline and
 * liveliness lease: the period starts with the first sample (written, received, or a liveliness
 * assertion), every later sample starts it again, and a period that ends without one fires the
 * watch — for a deadline the next period starts right away (`repeat`), for a lease the watch
 * waits for the next sample. One weak scheduled action per watch: a sample only moves the due
 * time, which the action reads when it fires, so samples cost no rescheduling.
 */
export class SilenceWatch {
  readonly #engine: Engine;
  readonly #period: number;
  readonly #repeat: boolean;
  readonly #fired: (count: number) => void;
  /** When the current period ends, in ns of sim time; null before the first sample. */
  #due: bigint | null = null;
  #action: ScheduledAction | null = null;
  #count = 0;
  #silent = false;

  constructor(engine: Engine, period: number, repeat: boolean, fired: (count: number) => void) {
    this.#engine = engine;
    this.#period = period;
    this.#repeat = repeat;
    this.#fired = fired;
  }

  /** A sample now. True when it ends a silence the watch fired for (a lease regained). */
  sample(): boolean {
    this.#due = this.#engine.nowAbs + BigInt(this.#period);
    if (this.#action === null) this.#arm(this.#due);
    const ended = this.#silent;
    this.#silent = false;
    return ended;
  }

  /** Whether the last period ended without a sample (and none came since). */
  get silent(): boolean {
    return this.#silent;
  }

  stop(): void {
    if (this.#action !== null) this.#engine.cancelAction(this.#action);
    this.#action = null;
  }

  #arm(at: bigint): void {
    // Weak: a watch looks at the run; it does not keep it going.
    this.#action = this.#engine.scheduleAt(at, () => this.#fire(), true);
  }

  #fire(): void {
    const now = this.#engine.nowAbs;
    if (this.#due! > now) {
      this.#arm(this.#due!);
      return;
    }
    this.#count++;
    this.#silent = true;
    if (this.#repeat) {
      this.#due = now + BigInt(this.#period);
      this.#arm(this.#due);
    } else {
      this.#action = null;
    }
    this.#fired(this.#count);
  }
}
