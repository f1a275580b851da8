import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as rclnodejs from '../../src/compat/index.js';
import { parseJobFile } from '../../src/job/jobFile.js';
import { loadJob } from '../../src/job/loadJob.js';
import { runJob } from '../../src/job/runJob.js';
import type { ExecutionTimeRule } from '../../src/sim/ExecutionTimes.js';
import type { ExecutorConfig } from '../../src/sim/Executors.js';
import { MS, repoRoot, simulate, tempDir } from '../support/helpers.js';

const STRING = 'std_msgs/msg/String';
const ms = (n: number): number => n * 1_000_000;
const fixed = (nodes: string[], n: number, kind?: string): ExecutionTimeRule => ({
  nodes,
  ...(kind === undefined ? {} : { kind }),
  time: { kind: 'fixed', ns: ms(n) },
});

/** Node `a`: timers t1, t2 every 10 ms (t1 publishes on /x); node `b` subscribes to /x. Returns who ran when (ms) and what the callback's clock read. */
async function pipeline(executionTimes: ExecutionTimeRule[], executors: ExecutorConfig[] = [], endMs = 10): Promise<string[]> {
  const ran: string[] = [];
  await simulate(
    () => {
      const a = rclnodejs.createNode('a');
      const b = rclnodejs.createNode('b');
      const x = a.createPublisher(STRING, '/x');
      const at = (node: rclnodejs.Node): number => Number(node.now().nanoseconds / MS);
      a.createTimer(10n * MS, () => {
        ran.push(`t1 ${at(a)}`);
        x.publish('m');
      });
      a.createTimer(10n * MS, () => ran.push(`t2 ${at(a)}`));
      b.createSubscription(STRING, '/x', (_m, info) => ran.push(`sub ${at(b)}, sent ${Number(info!.sourceTimestamp / MS)}`));
    },
    { endAfter: BigInt(endMs) * MS + 100n * MS, executionTimes, executors },
  );
  return ran.filter((line) => Number(line.split(' ')[1]!.replace(',', '')) < endMs + 10);
}

describe('execution times', () => {
  it('a callback runs its code when it starts, holds its thread for its duration, and its effects happen when it ends', async () => {
    // Events executor: t1 takes 3 ms; what it publishes arrives at 13 ms; t2, due at 10 ms, waits for the thread.
    assert.deepEqual(await pipeline([fixed(['a'], 3, 'timer')]), ['t1 10', 'sub 13, sent 10', 't2 13']);
  });

  it('single_threaded: the wait result runs one callback after another, the next wait comes when the last ends', async () => {
    assert.deepEqual(
      await pipeline([fixed(['a'], 2, 'timer'), fixed(['b'], 1)], [{ name: 'st', type: 'single_threaded', nodes: ['a', 'b'], order: 'creation' }]),
      [
        't1 10',
        't2 12',
        // t1's message arrived at 12 ms, during t2: it waits for the next wait result, at 14 ms.
        'sub 14, sent 10',
      ],
    );
  });

  it('executors run side by side: a long callback of one does not hold the other', async () => {
    assert.deepEqual(
      await pipeline([fixed(['a'], 5, 'timer')], [{ name: 'reader', type: 'single_threaded', nodes: ['b'], order: 'creation' }]),
      // a's thread runs t1 then t2; b's own thread takes the message the moment it arrives (its
      // turn comes after the events executor's at that instant).
      ['t1 10', 't2 15', 'sub 15, sent 10'],
    );
  });

  it('with every duration zero, each executor runs in its zero-time order: the rslcpp benchmark ends as without execution times', async () => {
    const job = await loadJob(join(repoRoot, 'examples/synthetic-benchmark/job.ts'));
    const plain = await runJob(job, {});
    const zero = await runJob({ ...job, executionTimes: [{ nodes: ['*'], time: { kind: 'fixed', ns: 0 } }] }, {});
    assert.equal(zero.fingerprint, plain.fingerprint);
    assert.equal(String(zero.results.combined), '7448837717382456148');
  });

  it('draws each entity’s durations from its own stream: another node’s draws never change them; another seed does', async () => {
    const arrivals = async (withOther: boolean, seed: number): Promise<number[]> => {
      const times: number[] = [];
      await simulate(
        () => {
          if (withOther) {
            const other = rclnodejs.createNode('other');
            other.createTimer(3n * MS, () => {});
          }
          const a = rclnodejs.createNode('a');
          const b = rclnodejs.createNode('b');
          const x = a.createPublisher(STRING, '/x');
          a.createTimer(10n * MS, () => x.publish('m'));
          b.createSubscription(STRING, '/x', () => times.push(Number(b.now().nanoseconds) / 1e6));
        },
        {
          endAfter: 110n * MS,
          seed,
          executionTimes: [{ nodes: ['*'], kind: 'timer', time: { kind: 'uniform', min: ms(1), max: ms(4) } }],
          executors: [{ name: 'other', type: 'single_threaded', nodes: ['other'], order: 'creation' }],
        },
      );
      return times;
    };
    const alone = await arrivals(false, 1);
    assert.equal(alone.length, 10);
    alone.forEach((t, i) => assert.ok(t > 10 * (i + 1) + 1 - 1e-9 && t < 10 * (i + 1) + 4 + 1e-9, `arrival ${t}`));
    assert.deepEqual(await arrivals(true, 1), alone);
    assert.notDeepEqual(await arrivals(false, 2), alone);
  });

  it('a rule that gave no callback its time is a warning (a relative topic in a namespaced graph, a misspelt node)', async () => {
    const { summary } = await simulate(
      () => {
        const node = rclnodejs.createNode('n', '/robot');
        const publisher = node.createPublisher('std_msgs/msg/String', 'scan');
        node.createSubscription('std_msgs/msg/String', 'scan', () => {});
        node.createTimer(10n * MS, () => publisher.publish('s'));
      },
      {
        endAfter: 20n * MS,
        executionTimes: [
          { kind: 'timer', time: { kind: 'fixed', ns: ms(1) } },
          { channel: '/scan', time: { kind: 'fixed', ns: ms(1) } },
          { channel: '/robot/scan', time: { kind: 'fixed', ns: ms(1) } },
        ],
      },
    );
    assert.deepEqual(summary.warnings, ['execution_times[1] matched no callback that ran (its nodes, kind and topic; a relative topic is resolved from /)']);
  });

  it('job files: `execution_times:` rules, fixed or distributions, checked with file, line and field', () => {
    const dir = tempDir();
    const parse = (yaml: string): unknown => parseJobFile(`nodes: []\nexecution_times:\n${yaml}`, join(dir, 'job.yaml')).executionTimes;
    assert.deepEqual(
      parse('  - { nodes: [planner], kind: timer, time: 2ms }\n  - { topic: scan, time: { distribution: normal, mean: 2ms, sd: 500us, max: 4ms } }\n'),
      [
        { nodes: ['planner'], kind: 'timer', time: { kind: 'fixed', ns: 2e6 } },
        { channel: '/scan', time: { kind: 'normal', mean: 2e6, sd: 5e5, min: 0, max: 4e6 } },
      ],
    );
    assert.throws(
      () => parse('  - { time: { distribution: uniform, min: 1ms } }\n'),
      /job\.yaml:3: execution_times\[0\]\.time: a uniform distribution needs 'max'/,
    );
    assert.throws(() => parse('  - { time: fast }\n'), /job\.yaml:3: execution_times\[0\]\.time: invalid duration 'fast'/);
    assert.throws(() => parse('  - { time: [1ms] }\n'), /job\.yaml:3: execution_times\[0\]\.time: must be a duration, or \{ distribution: uniform/);
    assert.throws(() => parse('  - { kind: timers, time: 1ms }\n'), /job\.yaml:3: execution_times\[0\]\.kind: must be one of: timer, subscription/);
  });
});
