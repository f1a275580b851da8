/** gz-math's RollingMean: the mean of the last `window` values pushed, summed from 0 in order (std::accumulate). */
export class RollingMean {
  readonly #window: number;
  readonly #values: number[] = [];

  constructor(window = 10) {
    this.#window = window;
  }

  /** Pushes a value and gives the mean with it. */
  push(value: number): number {
    this.#values.push(value);
    if (this.#values.length > this.#window) this.#values.shift();
    let sum = 0;
    for (const v of this.#values) sum += v;
    return sum / this.#values.length;
  }
}
