import quickselect from 'quickselect';

/** min/mean/p50/p99/max of a set of durations, ns (nearest-rank percentiles); null when empty. */
export interface TimeStats {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

/** The statistics of `values` (left as they are): percentiles by selection (linear), not by sorting them all. */
export function timeStats(values: ArrayLike<number>): TimeStats | null {
  const count = values.length;
  if (count === 0) return null;
  const copy = Float64Array.from(values);
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    const value = copy[i]!;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const median = rankOf(count, 0.5);
  const high = rankOf(count, 0.99);
  // Typed arrays index as arrays do (the library's type asks for one).
  const selectable = copy as unknown as number[];
  quickselect(selectable, median);
  const p50 = copy[median]!;
  // Everything from the median on is at least it: the 99th percentile is among those.
  quickselect(selectable, high, median);
  return { count, min, mean: sum / count, p50, p99: copy[high]!, max };
}

/** The nearest-rank p-quantile of values sorted ascending (not empty). */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  return sorted[rankOf(sorted.length, p)]!;
}

/** The index of the nearest-rank p-quantile among `count` values sorted ascending. */
function rankOf(count: number, p: number): number {
  return Math.min(count - 1, Math.max(0, Math.ceil(p * count) - 1));
}
