import { log10, pow } from '../base/portableMath.js';
import type { TimeStats } from '../sim/timeStats.js';
import { TripleLog } from './TripleLog.js';

/** Histogram bins per decade, from 1 ns to 1,000 s (a value below 1 ns counts in the first). */
const PER_DECADE = 10;
export const HISTOGRAM_BINS = PER_DECADE * 12;

/** Runs of equal values kept exactly over all series (24 bytes each); past it, values are binned as their runs end. */
const KEPT_RUNS = 4_000_000;

/** The statistics of a series' values, converted by `scale`. `exact`: percentiles from every value, else from the histogram. */
export type ValueSummary = TimeStats & { exact: boolean };

/** The lower edge of histogram bin `i`. */
export function binEdge(i: number): number {
  return pow(10, i / PER_DECADE);
}

function binOf(value: number): number {
  if (value < 1) return 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(log10(value) * PER_DECADE));
}

/** A series' values once all are in: its kept runs by value (each value once), and what was binned past the budget. */
interface Finished {
  values: Float64Array;
  lengths: Float64Array;
  count: number;
  sum: number;
  min: number;
  max: number;
  /** Values binned as their runs ended, past the budget (null: none: the runs hold every value). */
  binned: Float64Array | null;
}

/**
 * The values of many series (a report's latencies, one series per topic), kept exactly as
 * runs of equal values: in a simulation a topic's latency repeats (a fixed delay, or none), so
 * a run of a million takes is one entry, and adding a value that repeats the last is one
 * comparison and one increment on 16 bytes per series. A run ends when another value comes;
 * ended runs are appended to one log for all series (sequential writes, whichever series they
 * are of) and sorted out once, at the end. Past the budget, ended runs are counted in a
 * log-scale histogram per series, and that series' percentiles come from it.
 */
export class LatencyValues {
  /** Per series its current run: value and length (0: none yet), side by side. */
  #current = new Float64Array(2 * 64);
  #series = 0;
  /** Ended runs: (series, value, length). */
  readonly #runs = new TripleLog();
  #runsLeft: number;
  /** Per series, what was binned past the budget: count, sum, min, max, then the histogram (null: nothing). */
  readonly #binned: (Float64Array | null)[] = [];
  #finished: Finished[] | null = null;

  constructor(keptRuns = KEPT_RUNS) {
    this.#runsLeft = keptRuns;
  }

  /** Adds a series: its number. */
  addSeries(): number {
    const series = this.#series++;
    if (2 * this.#series > this.#current.length) {
      const grown = new Float64Array(2 * this.#current.length);
      grown.set(this.#current);
      this.#current = grown;
    }
    this.#binned.push(null);
    return series;
  }

  /** Adds `value`, `count` times. */
  add(series: number, value: number, count = 1): void {
    const current = this.#current;
    const at = 2 * series;
    // A series' first value, when 0, continues the empty run of 0 it starts with.
    if (value === current[at]) current[at + 1]! += count;
    else {
      this.#endRun(series, current[at]!, current[at + 1]!);
      current[at] = value;
      current[at + 1] = count;
    }
  }

  #endRun(series: number, value: number, length: number): void {
    if (length === 0) return;
    if (this.#runsLeft === 0) {
      this.#bin(series, value, length);
      return;
    }
    this.#runsLeft--;
    this.#runs.push(series, value, length);
  }

  #bin(series: number, value: number, length: number): void {
    let binned = this.#binned[series];
    if (binned == null) {
      binned = this.#binned[series] = new Float64Array(4 + HISTOGRAM_BINS);
      binned[2] = Infinity;
      binned[3] = -Infinity;
    }
    binned[0]! += length;
    binned[1]! += value * length;
    if (value < binned[2]!) binned[2] = value;
    if (value > binned[3]!) binned[3] = value;
    binned[4 + binOf(value)]! += length;
  }

  /** Every series' values sorted out; no value is added after it (the first call of the methods below makes it). */
  #finish(): Finished[] {
    if (this.#finished !== null) return this.#finished;
    for (let series = 0; series < this.#series; series++) {
      this.#endRun(series, this.#current[2 * series]!, this.#current[2 * series + 1]!);
      this.#current[2 * series + 1] = 0;
    }
    const blocks = this.#runs.blocks();
    const counts = new Int32Array(this.#series);
    for (const block of blocks) for (let i = 0; i < block.length; i += 3) counts[block[i]!]!++;
    const runs = Array.from(counts, (count) => ({ values: new Float64Array(count), lengths: new Float64Array(count), filled: 0 }));
    for (const block of blocks) {
      for (let i = 0; i < block.length; i += 3) {
        const run = runs[block[i]!]!;
        run.values[run.filled] = block[i + 1]!;
        run.lengths[run.filled++] = block[i + 2]!;
      }
    }
    this.#finished = runs.map((run, series) => {
      const { values, lengths } = byValue(run.values, run.lengths);
      const binned = this.#binned[series] ?? null;
      let count = binned?.[0] ?? 0;
      let sum = binned?.[1] ?? 0;
      for (let i = 0; i < values.length; i++) {
        count += lengths[i]!;
        sum += values[i]! * lengths[i]!;
      }
      const min = Math.min(values[0] ?? Infinity, binned?.[2] ?? Infinity);
      const max = Math.max(values[values.length - 1] ?? -Infinity, binned?.[3] ?? -Infinity);
      return { values, lengths, count, sum, min, max, binned: binned?.subarray(4) ?? null };
    });
    return this.#finished;
  }

  count(series: number): number {
    return this.#finish()[series]!.count;
  }

  /**
   * Counts per histogram bin (log scale, see binEdge) of `series`, or of all series: kept runs
   * binned once per value, and what was binned past the budget.
   */
  histogram(series?: number): number[] {
    const finished = this.#finish();
    const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
    for (const { values, lengths, binned } of series === undefined ? finished : [finished[series]!]) {
      for (let i = 0; i < values.length; i++) histogram[binOf(values[i]!)]! += lengths[i]!;
      if (binned !== null) for (let i = 0; i < HISTOGRAM_BINS; i++) histogram[i]! += binned[i]!;
    }
    return histogram;
  }

  summary(series: number, scale: number): ValueSummary | null {
    const finished = this.#finish()[series]!;
    if (finished.count === 0) return null;
    const exact = finished.binned === null;
    const quantile = (q: number): number => (exact ? nearestRank(finished, q) : this.#histogramQuantile(series, q));
    return {
      count: finished.count,
      min: finished.min * scale,
      mean: (finished.sum / finished.count) * scale,
      p50: quantile(0.5) * scale,
      p99: quantile(0.99) * scale,
      max: finished.max * scale,
      exact,
    };
  }

  /** The upper edge of the histogram bin holding the q-quantile, within the observed extremes. */
  #histogramQuantile(series: number, q: number): number {
    const { count, min, max } = this.#finish()[series]!;
    const histogram = this.histogram(series);
    const rank = Math.ceil(q * count);
    let seen = 0;
    for (let i = 0; i < HISTOGRAM_BINS; i++) {
      seen += histogram[i]!;
      if (seen >= rank) return Math.min(Math.max(binEdge(i + 1), min), max);
    }
    return max;
  }
}

/** The nearest-rank q-quantile of a series whose runs hold every value. */
function nearestRank({ values, lengths, count }: Finished, q: number): number {
  const rank = Math.min(count, Math.max(1, Math.ceil(q * count)));
  let seen = 0;
  for (let i = 0; i < values.length; i++) {
    seen += lengths[i]!;
    if (seen >= rank) return values[i]!;
  }
  return values[values.length - 1]!;
}

/**
 * A series' runs by value: each distinct value once, with the lengths of its runs summed (runs
 * of one value often alternate with others). The values are sorted as a typed array (a
 * comparator per pair costs far more), and each run finds its place by binary search.
 */
function byValue(values: Float64Array, lengths: Float64Array): { values: Float64Array; lengths: Float64Array } {
  const sorted = Float64Array.from(values).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i]!;
  const unique = sorted.slice(0, distinct);
  const summed = new Float64Array(distinct);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let low = 0;
    let high = distinct - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (unique[middle]! < value) low = middle + 1;
      else high = middle;
    }
    summed[low]! += lengths[i]!;
  }
  return { values: unique, lengths: summed };
}
