/** min/mean/p50/p99/max of a set of durations, ns (nearest-rank percentiles); null when empty. */
export interface TimeStats {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export function timeStats(values: ArrayLike<number>): TimeStats | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    min: sorted[0]!,
    mean: sum / sorted.length,
    p50: nearestRank(sorted, 0.5),
    p99: nearestRank(sorted, 0.99),
    max: sorted[sorted.length - 1]!,
  };
}

/** The nearest-rank p-quantile of values sorted ascending (not empty). */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
