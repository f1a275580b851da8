import type { NodePort } from '../port/NodePort.js';
import { RangeValidationError, TypeValidationError } from '../ros/rclErrors.js';

/**
 * rclnodejs's Rate: `await rate.sleep()` resumes at the next tick of a periodic schedule that
 * started when the rate was created (created + k·period, the first tick after now). Ticks are
 * wake-ups, not timers on the heap, so a rate never changes the order of the nodes' timers.
 */
export class Rate {
  readonly #port: NodePort;
  readonly #hz: number;
  readonly #period: bigint;
  readonly #origin: bigint;
  #canceled = false;
  #pending: number | null = null;

  constructor(port: NodePort, hz: number) {
    if (typeof hz !== 'number') throw new TypeValidationError('hz', hz, 'number');
    if (!(hz > 0) || hz > 1000) throw new RangeValidationError('hz', hz, '0.0 < hz <= 1000');
    this.#port = port;
    this.#hz = hz;
    this.#period = BigInt(Math.round(1e9 / hz));
    this.#origin = port.now();
  }

  get frequency(): number {
    return this.#hz;
  }

  sleep(): Promise<void> {
    if (this.#canceled) return Promise.reject(new Error('Rate has been cancelled.'));
    const elapsed = this.#port.now() - this.#origin;
    const tick = this.#origin + (elapsed / this.#period + 1n) * this.#period;
    return new Promise((resolve) => {
      this.#pending = this.#port.wakeAt(
        tick,
        () => {
          this.#pending = null;
          resolve();
          this.#port.resume();
        },
        false,
      );
    });
  }

  /** A sleep under way never ends, as in rclnodejs. */
  cancel(): void {
    this.#canceled = true;
    if (this.#pending !== null) this.#port.cancelWake(this.#pending);
    this.#pending = null;
  }

  isCanceled(): boolean {
    return this.#canceled;
  }
}
