import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../src/base/SeededRandom.js';
import { BinColumns, MAX_BINS, MIN_BIN_WIDTH } from '../../src/report/BinColumns.js';

/** Values of ids at times, as a run adds them: time never goes back. */
function events(ids: number, count: number, span: number, seed = 3): { id: number; time: number; value: number }[] {
  const random = new SeededRandom(seed);
  const times = Array.from({ length: count }, () => Math.floor(random.nextDouble() * span)).sort((a, b) => a - b);
  return times.map((time) => ({ id: Math.floor(random.nextDouble() * ids), time, value: 1 + Math.floor(random.nextDouble() * 1000) }));
}

function add(bins: BinColumns, list: ReturnType<typeof events>): void {
  for (const { id, time, value } of list) {
    const at = bins.at(time) + id;
    bins.plane(0)[at]! += value;
    const maxima = bins.plane(1);
    if (value > maxima[at]!) maxima[at] = value;
  }
}

/** Per id, sums and maxima in bins of `width`, computed from the values one by one. */
function expected(list: ReturnType<typeof events>, ids: number, width: number, bins: number): { sums: number[][]; maxima: number[][] } {
  const sums = Array.from({ length: ids }, () => new Array<number>(bins).fill(0));
  const maxima = Array.from({ length: ids }, () => new Array<number>(bins).fill(0));
  for (const { id, time, value } of list) {
    const bin = Math.floor(time / width);
    sums[id]![bin]! += value;
    maxima[id]![bin] = Math.max(maxima[id]![bin]!, value);
  }
  return { sums, maxima };
}

describe('BinColumns', () => {
  it('bins values by time and id as binning each value would, widening (merging neighbours) as time passes its last bin', () => {
    const list = events(37, 20_000, 3e9);
    const bins = new BinColumns(MIN_BIN_WIDTH, ['sum', 'max']);
    bins.hold(36);
    add(bins, list);
    // 3 s in at most 500 bins from 1 ms: 8 ms.
    assert.equal(bins.width, 8 * MIN_BIN_WIDTH);
    assert.ok(bins.columns <= MAX_BINS);
    const ids = Array.from({ length: 37 }, (_, i) => i);
    for (const width of [bins.width, 4 * bins.width]) {
      const count = bins.binsOf(width);
      const { sums, maxima } = expected(list, 37, width, count);
      assert.deepEqual(
        bins.series(ids, 0, width, count).map((series) => [...series]),
        sums,
        `sums in bins of ${width}`,
      );
      assert.deepEqual(
        bins.series(ids, 1, width, count).map((series) => [...series]),
        maxima,
        `maxima in bins of ${width}`,
      );
      assert.deepEqual(
        [...bins.total(0, width, count)],
        sums.reduce((total, row) => total.map((sum, i) => sum + row[i]!)),
      );
    }
    const { sums, peaks } = bins.totals(0, 37);
    const columns = expected(list, 37, bins.width, bins.binsOf(bins.width)).sums;
    assert.deepEqual(
      [...sums],
      ids.map((id) => list.filter((event) => event.id === id).reduce((sum, event) => sum + event.value, 0)),
    );
    assert.deepEqual(
      [...peaks],
      ids.map((id) => Math.max(...columns[id]!)),
    );
  });

  it('totals each id over every column and finds its largest, with an odd and an even number of columns', () => {
    for (const [span, columns] of [
      [375e6, 375],
      [376e6, 376],
    ] as const) {
      const list = events(30, 8_000, span, 13);
      const bins = new BinColumns(MIN_BIN_WIDTH, ['sum', 'max']);
      bins.hold(29);
      add(bins, list);
      bins.at(span - 1);
      assert.equal(bins.columns, columns);
      const ids = Array.from({ length: 30 }, (_, i) => i);
      const binned = expected(list, 30, bins.width, columns).sums;
      const { sums, peaks } = bins.totals(0, 30);
      assert.deepEqual(
        [...sums],
        ids.map((id) => binned[id]!.reduce((sum, value) => sum + value, 0)),
        `sums of ${columns} columns`,
      );
      assert.deepEqual(
        [...peaks],
        ids.map((id) => Math.max(...binned[id]!)),
        `peaks of ${columns} columns`,
      );
    }
  });

  it('keeps what it holds when ids are added as it goes, and has fewer, wider bins with very many ids', () => {
    const early = events(10, 2_000, 1e9, 5);
    const late = events(100_000, 20_000, 1e9, 7).map((event) => ({ ...event, time: event.time + 1e9 }));
    const bins = new BinColumns(MIN_BIN_WIDTH, ['sum', 'max']);
    bins.hold(9);
    add(bins, early);
    assert.equal(bins.capped, false);
    bins.hold(99_999);
    add(bins, late);
    assert.equal(bins.capped, true, '100,000 ids: at most 16 M values a plane');
    assert.ok(bins.columns * 100_000 <= 2 ** 24, `${bins.columns} columns of 100,000 ids`);
    const ids = [0, 3, 9, 1_234, 99_999];
    const count = bins.binsOf(bins.width);
    const { sums } = expected(
      [...early, ...late].filter((event) => ids.includes(event.id)),
      100_000,
      bins.width,
      count,
    );
    assert.deepEqual(
      bins.series(ids, 0, bins.width, count).map((series) => [...series]),
      ids.map((id) => sums[id]),
    );
  });

  it("gives each id's bins as shares of its busiest, 0–255, at least 1 where there is anything", () => {
    const list = events(20, 5_000, 1e9, 11);
    const bins = new BinColumns(MIN_BIN_WIDTH, ['sum', 'max']);
    bins.hold(19);
    add(bins, list);
    const ids = [0, 2, 5, 19];
    for (const width of [bins.width, 8 * bins.width]) {
      const count = bins.binsOf(width);
      const { sums } = expected(list, 20, width, count);
      const shares = ids.flatMap((id) => {
        const peak = Math.max(...sums[id]!);
        return sums[id]!.map((sum) => (sum === 0 ? 0 : Math.max(1, Math.round((255 * sum) / peak))));
      });
      assert.deepEqual([...bins.shares(ids, 0, width, count)], shares, `bins of ${width}`);
      if (width === bins.width)
        assert.deepEqual([...bins.shares(ids, 0, width, count, bins.totals(0, 20).peaks)], shares, 'with the peaks of the columns given');
    }
  });
});
