import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ddmin, type FirstFailing } from '../../src/sweep/deltaDebugging.js';

/** A batch test from a predicate on one set, testing the candidates in order until one fails, counting the tests. */
function counted(fails: (set: readonly number[]) => boolean): { test: FirstFailing<number>; tests: () => number } {
  let tests = 0;
  return {
    test: async (candidates) => {
      for (let i = 0; i < candidates.length; i++) {
        tests++;
        if (fails(candidates[i]!)) return i;
      }
      return -1;
    },
    tests: () => tests,
  };
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const containsAll = (needed: readonly number[]) => (set: readonly number[]) => needed.every((item) => set.includes(item));

describe('ddmin: delta debugging to a 1-minimal failing subset', () => {
  it('finds exactly the three items a failure needs among 100, in a few dozen tests', async () => {
    const { test, tests } = counted(containsAll([3, 17, 42]));
    assert.deepEqual(await ddmin(range(100), test), [3, 17, 42]);
    // ddmin's bound for a failure needing k items is about k²·log n tests; sequentially far fewer are made.
    assert.ok(tests() <= 120, `${tests()} tests`);
  });

  it('finds one item alone, and keeps the order of the items', async () => {
    const { test, tests } = counted(containsAll([64]));
    assert.deepEqual(await ddmin(range(100), test), [64]);
    assert.ok(tests() <= 20, `${tests()} tests`);
    assert.deepEqual(await ddmin([9, 1, 7, 3], counted(containsAll([7, 9])).test), [9, 7]);
  });

  it('returns a set of one, or none, as it is, testing nothing', async () => {
    const { test, tests } = counted(() => true);
    assert.deepEqual(await ddmin([5], test), [5]);
    assert.deepEqual(await ddmin([], test), []);
    assert.equal(tests(), 0);
  });

  it('keeps the whole set when every item is needed, and the result is 1-minimal where several subsets fail', async () => {
    assert.deepEqual(await ddmin(range(6), counted(containsAll(range(6))).test), range(6));
    // Fails with {1, 2} or with {5, 8, 9}: one of them, and no item of it can go.
    const fails = (set: readonly number[]): boolean => containsAll([1, 2])(set) || containsAll([5, 8, 9])(set);
    const result = await ddmin(range(12), counted(fails).test);
    assert.ok(fails(result));
    for (const item of result) assert.ok(!fails(result.filter((other) => other !== item)), `${result} without ${item} still fails`);
  });

  it('tests no set twice, and takes the first failing candidate by position whatever the test does first', async () => {
    const seen = new Set<string>();
    const result = await ddmin(range(40), async (candidates) => {
      for (const set of candidates) {
        assert.ok(!seen.has(set.join(',')), `${set} tested twice`);
        seen.add(set.join(','));
      }
      // Every candidate is tested at once, as on a pool; the answer is by position.
      const failing = candidates.map(containsAll([7, 30]));
      return failing.indexOf(true);
    });
    assert.deepEqual(result, [7, 30]);
  });
});
