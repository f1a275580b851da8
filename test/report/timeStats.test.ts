import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../src/base/SeededRandom.js';
import { nearestRank, timeStats } from '../../src/sim/timeStats.js';

describe('timeStats', () => {
  it('gives the nearest-rank percentiles, extremes and mean of every size, with ties, as sorting them all would', () => {
    const random = new SeededRandom(7);
    for (const count of [1, 2, 3, 99, 100, 101, 1_000, 54_321]) {
      // Few distinct values: many ties around each percentile.
      const values = Array.from({ length: count }, () => Math.floor(random.nextDouble() * (count < 100 ? 5 : 1_000)) * 1_000);
      const sorted = [...values].sort((a, b) => a - b);
      const stats = timeStats(values)!;
      assert.deepEqual(
        stats,
        {
          count,
          min: sorted[0],
          mean: values.reduce((sum, value) => sum + value, 0) / count,
          p50: nearestRank(sorted, 0.5),
          p99: nearestRank(sorted, 0.99),
          max: sorted[count - 1],
        },
        `${count} values`,
      );
    }
    assert.equal(timeStats([]), null);
  });

  it('takes the nearest rank: the smallest value with at least p of all at or below it', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    assert.equal(timeStats(hundred)!.p50, 50);
    assert.equal(timeStats(hundred)!.p99, 99);
    assert.equal(timeStats([10, 20])!.p50, 10);
    assert.equal(timeStats([10, 20])!.p99, 20);
  });

  it('leaves the values it is given as they were', () => {
    const values = [5, 3, 9, 1];
    timeStats(values);
    assert.deepEqual(values, [5, 3, 9, 1]);
  });
});
