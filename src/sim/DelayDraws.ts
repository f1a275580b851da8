import type { SeededRandom } from '../base/SeededRandom.js';

/** A delay drawn for every message, uniformly between `min` and `max` (ns). */
export interface DelayRange {
  min: bigint;
  max: bigint;
}

/** Draws a topic's message delays from its own stream of the seed. */
export class DelayDraws {
  readonly #min: number;
  readonly #span: number;
  readonly #random: SeededRandom;

  constructor(min: number, max: number, random: SeededRandom) {
    this.#min = min;
    this.#span = max - min;
    this.#random = random;
  }

  next(): number {
    return this.#min + Math.floor(this.#random.nextDouble() * (this.#span + 1));
  }
}
