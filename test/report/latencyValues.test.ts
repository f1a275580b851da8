import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../src/base/SeededRandom.js';
import { binEdge, HISTOGRAM_BINS, LatencyValues } from '../../src/report/LatencyValues.js';
import { nearestRank } from '../../src/sim/timeStats.js';

/** The histogram bin of `value` as its definition says: the last edge at or below it (the first bin below 1). */
function binByEdges(value: number): number {
  let bin = 0;
  while (bin + 1 < HISTOGRAM_BINS && binEdge(bin + 1) <= value) bin++;
  return bin;
}

function histogramOf(values: number[]): number[] {
  const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const value of values) histogram[binByEdges(value)]!++;
  return histogram;
}

describe('LatencyValues', () => {
  it('summarizes and bins each series as sorting and binning its values would: runs of equal values, values spread over decades, interleaved series', () => {
    const random = new SeededRandom(11);
    // A simulation's latencies repeat (a fixed delay, none); some are drawn; one series starts at 0.
    const make = [
      (i: number) => (i % 3 === 0 ? 0 : i % 3 === 1 ? 20_000_000 : Math.floor(10 ** (random.nextDouble() * 9))),
      (i: number) => Math.floor(i / 10) * 1_000,
      () => 2_000_000,
      (i: number) => (i < 500 ? 0 : 7),
    ];
    for (const count of [1, 2, 7, 100, 5_000]) {
      const values = make.map(() => [] as number[]);
      const latencies = new LatencyValues();
      make.forEach(() => latencies.addSeries());
      for (let i = 0; i < count; i++) {
        make.forEach((f, s) => {
          const value = f(i);
          values[s]!.push(value);
          latencies.add(s, value);
        });
      }
      values.forEach((list, s) => {
        const sorted = [...list].sort((a, b) => a - b);
        assert.deepEqual(latencies.histogram(s), histogramOf(list), `histogram of series ${s}, ${count} values`);
        assert.deepEqual(
          latencies.summary(s, 1e-9),
          {
            count,
            min: sorted[0]! * 1e-9,
            mean: (list.reduce((sum, value) => sum + value, 0) / count) * 1e-9,
            p50: nearestRank(sorted, 0.5) * 1e-9,
            p99: nearestRank(sorted, 0.99) * 1e-9,
            max: sorted[count - 1]! * 1e-9,
            exact: true,
          },
          `summary of series ${s}, ${count} values`,
        );
      });
      assert.deepEqual(latencies.histogram(), histogramOf(values.flat()), 'all series together');
    }
  });

  it('bins values once its budget of runs is spent: the same histogram, count, mean and extremes, percentiles from the histogram', () => {
    const values = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 5_000 : 1_000 * i));
    const kept = new LatencyValues();
    const binned = new LatencyValues(100);
    for (const latencies of [kept, binned]) {
      latencies.addSeries();
      for (const value of values) latencies.add(0, value);
    }
    assert.deepEqual(binned.histogram(0), kept.histogram(0));
    const { p50: _p50, p99: _p99, exact, ...rest } = binned.summary(0, 1)!;
    const { p50: _keptP50, p99: _keptP99, exact: keptExact, ...keptRest } = kept.summary(0, 1)!;
    assert.deepEqual(rest, keptRest);
    assert.equal(exact, false);
    assert.equal(keptExact, true);
  });

  it('takes a value added many times at once as that many values', () => {
    const once = new LatencyValues();
    const many = new LatencyValues();
    for (const latencies of [once, many]) latencies.addSeries();
    for (const [value, count] of [
      [3_000, 4],
      [0, 1_000],
      [3_000, 2],
      [7, 1],
    ] as const) {
      for (let i = 0; i < count; i++) once.add(0, value);
      many.add(0, value, count);
    }
    assert.deepEqual(many.summary(0, 1), once.summary(0, 1));
    assert.deepEqual(many.histogram(0), once.histogram(0));
  });

  it('has nothing to say of a series without values', () => {
    const latencies = new LatencyValues();
    latencies.addSeries();
    assert.equal(latencies.summary(0, 1), null);
    assert.equal(latencies.count(0), 0);
  });
});
