import { nearestRank, type TimeStats } from '../rcl/timeStats.js';
import { TimeBins } from './TimeBins.js';

/** Histogram bins per decade, from 1 ns to 1,000 s (a value below 1 ns counts in the first). */
const PER_DECADE = 10;
export const HISTOGRAM_BINS = PER_DECADE * 12;

/** Pairs kept exactly over all series of a report (16 bytes each); past it, series are binned as they come. */
const KEPT_PAIRS = 6_000_000;

/** The statistics of a series' values, converted by `scale`. `exact`: percentiles from every value, else from the histogram. */
export type ValueSummary = TimeStats & { exact: boolean };

/** The lower edge of histogram bin `i`. */
export function binEdge(i: number): number {
  return 10 ** (i / PER_DECADE);
}

function binOf(value: number): number {
  if (value < 1) return 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(Math.log10(value) * PER_DECADE));
}

/** Pairs in a series' first block of kept pairs (time and value side by side); later blocks are as large as all before, up to BLOCK_PAIRS (64 KB). */
const FIRST_BLOCK_PAIRS = 32;
const BLOCK_PAIRS = 4_096;
const NO_BLOCK = new Float64Array(0);

/**
 * Values at sim times (a callback's duration at its start, a take's latency at the take), kept
 * exactly in blocks of typed arrays while the report's shared budget lasts: appending is all a
 * run pays per value (no array grown and copied, nothing for the garbage collector to move),
 * and bins, histograms and percentiles are computed once at the end. A series that finds the
 * budget spent is folded into TimeBins and a histogram, and bins from then on.
 */
export class TimedValues {
  count = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
  /** Full blocks of kept pairs, and the one being filled (`#filled` numbers of it used); each as large as all before (many series keep few). */
  #blocks: Float64Array[] | null = [];
  #block = NO_BLOCK;
  #filled = 0;
  #kept = 0;
  #bins: TimeBins | null = null;
  #histogram: number[] | null = null;
  #sorted: Float64Array | null = null;
  readonly #budget: { left: number };

  /** `budget` is shared by every series of a report (see budget()). */
  constructor(budget: { left: number }) {
    this.#budget = budget;
  }

  static budget(): { left: number } {
    return { left: KEPT_PAIRS };
  }

  add(time: number, value: number): void {
    this.count++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    if (this.#blocks !== null) {
      if (this.#budget.left > 0) {
        this.#budget.left--;
        let block = this.#block;
        if (this.#filled === block.length) {
          if (block !== NO_BLOCK) this.#blocks.push(block);
          block = this.#block = new Float64Array(2 * Math.min(BLOCK_PAIRS, Math.max(FIRST_BLOCK_PAIRS, this.#kept)));
          this.#filled = 0;
        }
        this.#kept++;
        block[this.#filled++] = time;
        block[this.#filled++] = value;
        return;
      }
      this.#fold();
    }
    this.#bins!.add(time, value);
    this.#histogram![binOf(value)]!++;
  }

  /** The finest bin width (ns) this series can give: any when exact. */
  get minWidth(): number {
    return this.#bins?.width ?? 0;
  }

  /** Per bin of `width` (a power-of-two multiple of 1 ms, at least minWidth): sum, count and maximum of the values. */
  bins(width: number): { sums: number[]; counts: number[]; maxima: number[] } {
    const bins = this.#bins ?? this.#binnedExact(width);
    bins.widenTo(width);
    return { sums: bins.sums, counts: bins.counts, maxima: bins.maxima };
  }

  /**
   * Counts per histogram bin (log scale, see binEdge). From the kept values sorted: each run of
   * equal values (a simulation's latencies repeat) is binned once.
   */
  histogram(): number[] {
    if (this.#histogram !== null) return this.#histogram;
    const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
    const sorted = this.#sortedValues();
    for (let i = 0; i < sorted.length; ) {
      const value = sorted[i]!;
      let next = i + 1;
      while (next < sorted.length && sorted[next] === value) next++;
      histogram[binOf(value)]! += next - i;
      i = next;
    }
    return histogram;
  }

  summary(scale: number): ValueSummary | null {
    if (this.count === 0) return null;
    const sorted = this.#blocks === null ? null : this.#sortedValues();
    return {
      count: this.count,
      min: this.min * scale,
      mean: (this.sum / this.count) * scale,
      p50: (sorted === null ? this.#histogramQuantile(0.5) : nearestRank(sorted, 0.5)) * scale,
      p99: (sorted === null ? this.#histogramQuantile(0.99) : nearestRank(sorted, 0.99)) * scale,
      max: this.max * scale,
      exact: sorted !== null,
    };
  }

  /**
   * The pairs kept exactly, in the order added, in one array (copied block by block: the
   * report's code runs once, cold, where a call per pair cost more than the copy).
   */
  #keptPairs(): Float64Array {
    const pairs = new Float64Array(2 * this.#kept);
    let at = 0;
    for (const block of this.#blocks!) {
      pairs.set(block, at);
      at += block.length;
    }
    pairs.set(this.#block.subarray(0, this.#filled), at);
    return pairs;
  }

  /**
   * The values kept exactly, sorted ascending: one copy serves the summary and the histogram.
   * Values already in order (a constant latency) are not sorted again: the sort costs ~12 ns a
   * value even then.
   */
  #sortedValues(): Float64Array {
    if (this.#sorted !== null && this.#sorted.length === this.#kept) return this.#sorted;
    const values = new Float64Array(this.#kept);
    let at = 0;
    let ordered = true;
    for (const block of [...this.#blocks!, this.#block.subarray(0, this.#filled)]) {
      for (let i = 1; i < block.length; i += 2) {
        const value = block[i]!;
        if (at > 0 && value < values[at - 1]!) ordered = false;
        values[at++] = value;
      }
    }
    this.#sorted = ordered ? values : values.sort();
    return this.#sorted;
  }

  /** The pairs kept exactly, binned from `width` on. */
  #binnedExact(width: number): TimeBins {
    const bins = new TimeBins(true);
    bins.widenTo(width);
    const pairs = this.#keptPairs();
    for (let i = 0; i < pairs.length; i += 2) bins.add(pairs[i]!, pairs[i + 1]!);
    return bins;
  }

  /** Bins what was kept and lets go of it. */
  #fold(): void {
    this.#histogram = this.histogram();
    this.#bins = this.#binnedExact(0);
    this.#budget.left += this.#kept;
    this.#kept = 0;
    this.#sorted = null;
    this.#blocks = null;
    this.#block = NO_BLOCK;
  }

  /** The upper edge of the histogram bin holding the q-quantile, within the observed extremes. */
  #histogramQuantile(q: number): number {
    const histogram = this.#histogram!;
    const rank = Math.ceil(q * this.count);
    let seen = 0;
    for (let i = 0; i < HISTOGRAM_BINS; i++) {
      seen += histogram[i]!;
      if (seen >= rank) return Math.min(Math.max(binEdge(i + 1), this.min), this.max);
    }
    return this.max;
  }
}
