/** Bins a series may have before neighbours merge (the bound of every plot over time). */
export const MAX_BINS = 500;
/** The narrowest bin, ns. */
export const MIN_BIN_WIDTH = 1_000_000;

/**
 * Values over sim time in at most MAX_BINS bins of equal width: the width starts at 1 ms (or a
 * power-of-two multiple given) and doubles (neighbours merged) whenever a time falls past the
 * last bin, so a run of any length keeps a fixed amount of memory per series, without knowing
 * its length in advance. Each bin holds a sum, a count and, when asked for, a maximum.
 */
export class TimeBins {
  /** Bin width, ns. */
  width: number;
  /** Bins in use (the rest of the arrays is zero, or -Infinity for maxima). */
  length = 0;
  /** Per bin its sum and its count, side by side: one allocation, one cache line for both. */
  readonly #bins = new Float64Array(2 * MAX_BINS);
  readonly #maxima: Float64Array | null;

  constructor(withMaxima = false, width = MIN_BIN_WIDTH) {
    this.width = width;
    this.#maxima = withMaxima ? new Float64Array(MAX_BINS).fill(-Infinity) : null;
  }

  /** Adds `value` at `time` (ns from the start; earlier times count in the first bin). */
  add(time: number, value: number): void {
    let i = Math.floor(time / this.width);
    while (i >= MAX_BINS) {
      this.#merge();
      i = Math.floor(time / this.width);
    }
    if (i < 0) i = 0;
    if (i >= this.length) this.length = i + 1;
    const bins = this.#bins;
    bins[2 * i]! += value;
    bins[2 * i + 1]!++;
    const maxima = this.#maxima;
    if (maxima !== null && value > maxima[i]!) maxima[i] = value;
  }

  get sums(): number[] {
    return this.#used(this.#bins, 0, 2);
  }

  get counts(): number[] {
    return this.#used(this.#bins, 1, 2);
  }

  /** Per bin the largest value added (-Infinity: none); empty without maxima. */
  get maxima(): number[] {
    return this.#maxima === null ? [] : this.#used(this.#maxima, 0, 1);
  }

  #used(values: Float64Array, first: number, step: number): number[] {
    const out = new Array<number>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = values[first + step * i]!;
    return out;
  }

  /** Adds each bin's sum to `totals` (by bin). */
  addSumsTo(totals: number[]): void {
    const bins = this.#bins;
    for (let i = 0; i < this.length; i++) totals[i]! += bins[2 * i]!;
  }

  /**
   * Per bin its sum (or count) as a share of the largest, 0–255; a bin whose value is above
   * zero is at least 1.
   */
  shares(ofSums: boolean): Uint8Array {
    const bins = this.#bins;
    const first = ofSums ? 0 : 1;
    let peak = 0;
    for (let i = 0; i < this.length; i++) if (bins[first + 2 * i]! > peak) peak = bins[first + 2 * i]!;
    const shares = new Uint8Array(this.length);
    if (peak === 0) return shares;
    for (let i = 0; i < this.length; i++) {
      const value = bins[first + 2 * i]!;
      shares[i] = Math.max(value > 0 ? 1 : 0, Math.round((255 * value) / peak));
    }
    return shares;
  }

  /** Widens to `width` (a power-of-two multiple of this width): series plotted together share one. */
  widenTo(width: number): void {
    while (this.width < width) this.#merge();
  }

  #merge(): void {
    const bins = this.#bins;
    const maxima = this.#maxima;
    const half = Math.ceil(this.length / 2);
    for (let i = 0; i < half; i++) {
      bins[2 * i] = bins[4 * i]! + bins[4 * i + 2]!;
      bins[2 * i + 1] = bins[4 * i + 1]! + bins[4 * i + 3]!;
      if (maxima !== null) maxima[i] = Math.max(maxima[2 * i]!, maxima[2 * i + 1]!);
    }
    bins.fill(0, 2 * half);
    maxima?.fill(-Infinity, half);
    this.length = half;
    this.width *= 2;
  }
}
