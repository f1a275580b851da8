import { realRandomInt, wallClockNanoseconds } from '../client/escapeHatch.js';
import type { EngineObserver } from '../engine/Executable.js';

const MIB = 1 << 20;

/**
 * `--perturb`: after callbacks, at random, burn real time (up to 0.5 ms) and put pressure on the
 * garbage collector, so that a run whose results depend on wall-clock time, scheduling or
 * memory layout shows it. Uses real randomness on purpose: every run differs.
 */
export class Perturbation implements EngineObserver {
  #garbage: Uint8Array[] = [];
  #garbageBytes = 0;

  onCallback(): void {
    const roll = realRandomInt(0, 1000);
    if (roll < 100) {
      const until = wallClockNanoseconds() + BigInt(realRandomInt(0, 500_000));
      while (wallClockNanoseconds() < until);
    }
    if (roll < 10) {
      const chunk = new Uint8Array(realRandomInt(1, 9) * MIB).fill(roll);
      this.#garbage.push(chunk);
      this.#garbageBytes += chunk.length;
      if (this.#garbageBytes > 64 * MIB) {
        this.#garbage = [];
        this.#garbageBytes = 0;
      }
    }
  }
}
