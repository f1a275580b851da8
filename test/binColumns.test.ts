import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../src/engine/SeededRandom.js';
import { BinColumns } from '../src/report/BinColumns.js';
import { TimeBins } from '../src/report/TimeBins.js';

/** Sums or counts of a TimeBins up to its last used bin, padded with zeros to `length`. */
function padded(values: number[], length: number): number[] {
  return [...values, ...new Array<number>(length - values.length).fill(0)];
}

describe('BinColumns', () => {
  it('bins each series as a TimeBins of its own would, through merges, series added late, and times out of order', () => {
    const random = new SeededRandom(3);
    const columns = new BinColumns();
    const own: TimeBins[] = [];
    let time = 0;
    for (let i = 0; i < 20_000; i++) {
      // Series appear as a run goes; times mostly grow (a run's order), now and then one from earlier.
      const series = Math.floor(random.nextDouble() * Math.min(40, 1 + i / 100));
      time += Math.floor(random.nextDouble() * 3_000_000);
      const at = random.nextDouble() < 0.01 ? Math.floor(random.nextDouble() * time) : time;
      const value = Math.floor(random.nextDouble() * 1_000);
      while (own.length <= series) own.push(new TimeBins());
      own[series]!.add(at, value);
      columns.add(series, at, value);
    }
    const width = Math.max(columns.width, ...own.map((bins) => bins.width)) * 2;
    columns.widenTo(width);
    assert.ok(columns.width === width && columns.length > 100, `${columns.length} bins of ${columns.width} ns`);
    own.forEach((bins, series) => {
      bins.widenTo(width);
      assert.deepEqual(columns.values(series, true), padded(bins.sums, columns.length), `sums of series ${series}`);
      assert.deepEqual(columns.values(series, false), padded(bins.counts, columns.length), `counts of series ${series}`);
      const shares = columns.shares(series, true);
      assert.equal(shares.length, bins.length, `series ${series} is drawn up to its last bin`);
      const peak = Math.max(...bins.sums);
      bins.sums.forEach((sum, i) => assert.equal(shares[i], Math.max(bins.counts[i]! > 0 && sum > 0 ? 1 : 0, Math.round((255 * sum) / peak))));
    });
  });

  it('counts times before the start in the first bin, and starts at a given width', () => {
    const columns = new BinColumns(64_000_000);
    columns.add(0, -5, 1);
    columns.add(0, 63_999_999, 2);
    columns.add(1, 64_000_000, 3);
    assert.deepEqual(columns.values(0, true), [3, 0]);
    assert.deepEqual(columns.values(1, false), [0, 1]);
  });
});
