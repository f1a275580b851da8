import { realSetTimeout, wallClock } from '../base/realTime.js';
import type { Engine } from '../engine/Engine.js';

/** Longest wait between looks at the clock (and reports of the time reached). */
const TICK_MS = 20;

/**
 * Paces a run at `rate` × real time (rclsim run --rate): before time moves to the next step,
 * waits until as much wall time has passed since the first step as the sim time between them
 * takes at that rate. A step that falls behind runs at once; the run catches up. Every TICK_MS
 * of wall time (also while it waits) it tells `onTime` the sim time reached (an offset), so a
 * live view's clock moves smoothly between steps. Pacing decides only when a step runs, never
 * what happens in it.
 */
export class Pacer {
  readonly #engine: Engine;
  readonly #rate: number;
  readonly #onTime: (offset: number) => void;
  #wallStart = NaN;
  #simStart = 0;
  /** When onTime was last told (wall ms): at most every TICK_MS, however fast steps come. */
  #told = -Infinity;

  constructor(engine: Engine, rate: number, onTime: (offset: number) => void = () => {}) {
    this.#engine = engine;
    this.#rate = rate;
    this.#onTime = onTime;
  }

  /** The engine's pace hook. */
  readonly pace = (next: number): Promise<void> | null => {
    const now = wallClock();
    if (Number.isNaN(this.#wallStart)) {
      this.#wallStart = now;
      this.#simStart = this.#engine.now;
    }
    if (now - this.#told >= TICK_MS) {
      this.#told = now;
      this.#onTime(this.#engine.now);
    }
    const due = this.#wallStart + (next - this.#simStart) / 1e6 / this.#rate;
    return due - now < 1 ? null : this.#waitUntil(due, next);
  };

  async #waitUntil(due: number, next: number): Promise<void> {
    for (;;) {
      const left = due - wallClock();
      if (left <= 0) return;
      await new Promise((resolve) => realSetTimeout(resolve, Math.min(left, TICK_MS)));
      this.#told = wallClock();
      const reached = this.#simStart + (this.#told - this.#wallStart) * 1e6 * this.#rate;
      this.#onTime(Math.min(Math.floor(reached), next));
    }
  }
}
