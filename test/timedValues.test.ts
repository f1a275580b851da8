import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../src/engine/SeededRandom.js';
import { binEdge, HISTOGRAM_BINS, TimedValues } from '../src/report/TimedValues.js';
import { nearestRank } from '../src/rcl/timeStats.js';

/** The histogram bin of `value` as its definition says: the last edge at or below it (the first bin below 1). */
function binByEdges(value: number): number {
  let bin = 0;
  while (bin + 1 < HISTOGRAM_BINS && binEdge(bin + 1) <= value) bin++;
  return bin;
}

describe('TimedValues', () => {
  it('summarizes and bins kept values as sorting and binning each of them would, also in long runs of equal values', () => {
    const random = new SeededRandom(11);
    // Runs of equal latencies (a simulation's repeat), zeros, and values spread over decades; and values that come in order.
    const mixed = (count: number): number[] => Array.from({ length: count }, (_, i) => (i % 3 === 0 ? 0 : i % 3 === 1 ? 20_000_000 : Math.floor(10 ** (random.nextDouble() * 9))));
    const rising = (count: number): number[] => Array.from({ length: count }, (_, i) => Math.floor(i / 10) * 1_000);
    for (const [count, make] of [[1, mixed], [2, mixed], [7, mixed], [100, mixed], [5_000, mixed], [1_000, rising]] as const) {
      const values = make(count);
      const series = new TimedValues(TimedValues.budget());
      values.forEach((value, i) => series.add(i * 1_000, value));
      const sorted = [...values].sort((a, b) => a - b);
      const expected = new Array<number>(HISTOGRAM_BINS).fill(0);
      for (const value of values) expected[binByEdges(value)]!++;
      assert.deepEqual(series.histogram(), expected, `histogram of ${count}`);
      assert.deepEqual(
        series.summary(1e-9),
        {
          count,
          min: sorted[0]! * 1e-9,
          mean: (values.reduce((sum, value) => sum + value, 0) / count) * 1e-9,
          p50: nearestRank(sorted, 0.5) * 1e-9,
          p99: nearestRank(sorted, 0.99) * 1e-9,
          max: sorted[count - 1]! * 1e-9,
          exact: true,
        },
        `summary of ${count}`,
      );
    }
  });

  it('gives the same histogram once the budget is spent (values binned as they come) as when every value is kept', () => {
    const values = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 5_000 : 1_000 * i));
    const kept = new TimedValues(TimedValues.budget());
    const binned = new TimedValues({ left: 100 });
    values.forEach((value, i) => {
      kept.add(i, value);
      binned.add(i, value);
    });
    assert.deepEqual(binned.histogram(), kept.histogram());
    assert.equal(binned.summary(1)!.exact, false);
    assert.equal(binned.summary(1)!.count, 300);
  });
});
