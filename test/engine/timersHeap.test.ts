import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { TimersHeap } from '../../src/engine/TimersHeap.js';
import { cachedProgram } from '../support/cachedProgram.js';
import { needs, repoRoot } from '../support/helpers.js';

interface Item {
  key: number;
  id: number;
  heapIndex: number;
}

/** A tiny deterministic generator for the differential test (not Math.random). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

describe('TimersHeap (libstdc++ std::push_heap / pop_heap / make_heap)', () => {
  it('moves the hole to the right child when both children are equal', () => {
    const heap = new TimersHeap<Item>();
    for (const id of [1, 2, 3]) heap.push({ key: 10, id, heapIndex: 0 });
    heap.items[0]!.key = 20;
    heap.heapifyRoot();
    assert.deepEqual(
      heap.items.map((t) => t.id),
      [3, 2, 1],
    );
  });

  it('takes a lone left child at the bottom of an even-sized heap', () => {
    const heap = new TimersHeap<Item>();
    for (const id of [1, 2, 3, 4]) heap.push({ key: 10, id, heapIndex: 0 });
    heap.items[0]!.key = 15;
    heap.items[2]!.key = 12;
    heap.heapifyRoot();
    // Hole goes 0 -> 1 (left is earlier) -> 3 (lone left child), then 1 settles at index 3.
    assert.deepEqual(
      heap.items.map((t) => t.id),
      [2, 4, 3, 1],
    );
  });

  it('moves a parent down during sift-up only when it is strictly later', () => {
    const heap = new TimersHeap<Item>();
    heap.push({ key: 5, id: 1, heapIndex: 0 });
    heap.push({ key: 5, id: 2, heapIndex: 0 });
    assert.deepEqual(
      heap.items.map((t) => t.id),
      [1, 2],
    );
    heap.push({ key: 4, id: 3, heapIndex: 0 });
    assert.deepEqual(
      heap.items.map((t) => t.id),
      [3, 2, 1],
    );
  });

  it('matches libstdc++ on random operation sequences', needs('g++'), () => {
    const exe = cachedProgram('heap_reference', ['-O2', '-std=c++17'], [join(repoRoot, 'test/reference/heap_reference.cpp')]);
    const next = lcg(12345);
    const ops: string[] = [];
    const heap = new TimersHeap<Item>();
    let id = 0;
    for (let i = 0; i < 3000; i++) {
      const op = next() % 10;
      if (op < 4 || heap.size === 0) {
        const key = next() % 8;
        heap.push({ key, id: id++, heapIndex: 0 });
        ops.push(`push ${key}`);
      } else if (op < 8) {
        const key = heap.items[0]!.key + (next() % 4);
        heap.items[0]!.key = key;
        heap.heapifyRoot();
        ops.push(`root ${key}`);
      } else {
        const index = next() % heap.size;
        const key = next() % 8;
        heap.items[index]!.key = key;
        heap.makeHeap();
        ops.push(`set ${index} ${key}`);
      }
      ops.push('dump');
    }
    const expected = execFileSync(exe, { input: `${ops.join('\n')}\n`, maxBuffer: 1 << 28 })
      .toString()
      .trim()
      .split('\n');
    const actual: string[] = [];
    const replay = new TimersHeap<Item>();
    id = 0;
    for (const line of ops) {
      const [name, a, b] = line.split(' ');
      if (name === 'push') replay.push({ key: Number(a), id: id++, heapIndex: 0 });
      else if (name === 'root') {
        replay.items[0]!.key = Number(a);
        replay.heapifyRoot();
      } else if (name === 'set') {
        replay.items[Number(a)]!.key = Number(b);
        replay.makeHeap();
      } else actual.push(replay.items.map((t) => t.id).join(' '));
    }
    assert.equal(actual.length, expected.length);
    for (let i = 0; i < actual.length; i++) assert.equal(actual[i], expected[i], `heap differs after operation ${i}`);
  });

  it('knows where each timer is, so that later() moves the one whose key grew and remove() takes the one asked for', () => {
    const next = lcg(777);
    const heap = new TimersHeap<Item>();
    const alive: Item[] = [];
    for (let i = 0; i < 4000; i++) {
      const op = next() % 10;
      if (op < 4 || alive.length === 0) {
        const item = { key: next() % 50, id: i, heapIndex: -1 };
        heap.push(item);
        alive.push(item);
      } else if (op < 6) {
        heap.items[0]!.key += next() % 20;
        heap.heapifyRoot();
      } else if (op < 9) {
        const item = alive[next() % alive.length]!;
        item.key += 1 + (next() % 20);
        heap.later(item);
      } else {
        const [item] = alive.splice(next() % alive.length, 1);
        assert.equal(heap.remove(item!), true);
      }
      heap.items.forEach((item, at) => assert.equal(item.heapIndex, at, `index of timer ${item.id} after operation ${i}`));
      for (let at = 1; at < heap.size; at++) assert.ok(heap.items[(at - 1) >> 1]!.key <= heap.items[at]!.key, `heap order after operation ${i}`);
    }
    assert.equal(heap.size, alive.length);
  });
});
