import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const pythonFixtures = join(repoRoot, 'test/fixtures/python');

describe("Python programs: the program's threads take turns, deterministically, in sim time", needs('python3'), () => {
  it('interleaves a spinning thread, a main loop at a Rate, a queue worker, a threading.Timer and Event waits the same way on every run', () => {
    const dir = tempDir();
    copyFileSync(join(pythonFixtures, 'threads.py'), join(dir, 'threads.py'));
    const first = runCli(['exec', 'threads.py', '--json'], dir, 60_000);
    assert.equal(first.status, 0, first.stderr);
    // At each instant: the thread whose wait ended first goes on first; threads woken by what it
    // did (a queue's worker) follow in the order they began to wait, before the simulation's next
    // run (the spinning thread's subscription).
    assert.deepEqual(first.stdout.split('\n').slice(0, 13), [
      '50ms MainThread: event set within 50 ms: False',
      '50ms MainThread: sent 0',
      '50ms worker: works on 0',
      '50ms spinner: heard 0',
      '150ms timer: timer fires',
      '150ms MainThread: sent 1',
      '150ms worker: works on 1',
      '150ms spinner: heard 1',
      '250ms MainThread: sent 2',
      '250ms worker: works on 2',
      '250ms spinner: heard 2',
      '350ms MainThread: event set: True',
      '350ms worker: done',
    ]);
    const summary = lastJsonLine(first.stdout);
    assert.equal(summary.endReason, 'finished');
    const verified = runCli(['verify', 'threads.py', '--program', '--runs', '2', '--perturb'], dir, 60_000);
    assert.equal(verified.status, 0, verified.stdout + verified.stderr);
  });

  it('keeps the program alive while a thread that is not a daemon spins after the main code ended, as the interpreter waits for it', () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'kept.py',
      [
        'import threading',
        'import rclpy',
        'rclpy.init()',
        "node = rclpy.create_node('kept')",
        "node.create_timer(0.5, lambda: node.get_logger().info('tick'))",
        'threading.Thread(target=rclpy.spin, args=(node,)).start()',
      ].join('\n'),
    );
    const result = runCli(['exec', 'kept.py', '--until', '1.2s', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      result.stderr.split('\n').filter((line) => line.includes('tick')),
      ['[INFO] [0.500000000] [kept]: tick', '[INFO] [1.000000000] [kept]: tick'],
    );
    assert.equal(lastJsonLine(result.stdout).endReason, 'end-time');
  });
});
