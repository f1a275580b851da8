/**
 * How long the simulation's wait for a separate program's answer spins before it sleeps on the
 * rings' futex (wall ms), adapting as an adaptive mutex's: it doubles (from FLOOR_MS up to the
 * longest) while answers come within it and halves (to none below FLOOR_MS) while they come after
 * it. On a machine whose CPUs are all busy the program waits for one, and a spin takes the CPU it
 * needs: ros2_control's 1 kHz loop took 9.1 s of CPU to 1 s of sim time spinning 2 ms a wait, 3.5 s
 * adapting, at load 21–27 on 2 vCPUs (docs/performance.md). Wall time only: nothing it decides
 * reaches the simulation's results.
 */
export class AdaptiveSpin {
  static readonly FLOOR_MS = 0.02;
  readonly #longestMs: number;
  #ms: number;

  constructor(longestMs: number) {
    this.#longestMs = longestMs;
    this.#ms = longestMs;
  }

  /** The next wait's spin. */
  get ms(): number {
    return this.#ms;
  }

  /** A wait that spun `ms` ended `tookMs` after it began, with the answer (`answered`) or without. */
  waited(answered: boolean, tookMs: number): void {
    if (this.#longestMs === 0) return;
    const caught = answered && tookMs <= Math.max(this.#ms, AdaptiveSpin.FLOOR_MS);
    const next = caught ? Math.max(this.#ms * 2, AdaptiveSpin.FLOOR_MS) : this.#ms / 2;
    this.#ms = next < AdaptiveSpin.FLOOR_MS ? 0 : Math.min(next, this.#longestMs);
  }
}
