import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as rclnodejs from '../../src/compat/index.js';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { ExecutionTimeRule } from '../../src/sim/ExecutionTimes.js';
import type { ExecutorConfig } from '../../src/sim/Executors.js';
import { at, MS, repoRoot, runCli, simulate, tempDir, writeTemp } from '../support/helpers.js';

const STRING = 'std_msgs/msg/String';
const fixed = (ms: number, nodes: string[]): ExecutionTimeRule => ({ nodes, time: { kind: 'fixed', ns: ms * 1e6 } });
const rclc = (options: Partial<Extract<ExecutorConfig, { type: 'rclc' }>> = {}): ExecutorConfig => ({
  name: 'micro',
  type: 'rclc',
  nodes: ['n'],
  order: 'creation',
  trigger: { kind: 'any' },
  semantics: 'rclcpp_executor',
  period: 0,
  timeout: 1e9,
  ...options,
});

/** Node `p` (events executor) publishes what `plan` says at the given ms; node `n` subscribes to /a and /b (depth `depth`). */
async function feed(
  executors: ExecutorConfig[],
  plan: Record<number, [string, string][]>,
  options: { endMs: number; depth?: number; onA?: (publishB: (text: string) => void) => void; times?: ExecutionTimeRule[] } = { endMs: 30 },
): Promise<string[]> {
  const ran: string[] = [];
  await simulate(
    () => {
      const p = rclnodejs.createNode('p');
      const n = rclnodejs.createNode('n');
      const publishers: Record<string, rclnodejs.Publisher<typeof STRING>> = {
        '/a': p.createPublisher(STRING, '/a', { qos: 10 }),
        '/b': p.createPublisher(STRING, '/b', { qos: 10 }),
      };
      for (const [ms, messages] of Object.entries(plan)) {
        at(p, Number(ms), () => {
          for (const [topic, text] of messages) publishers[topic]!.publish(text);
        });
      }
      const clock = (): number => Number(n.now().nanoseconds / MS);
      const fromA = n.createPublisher(STRING, '/b', { qos: 10 });
      n.createSubscription(STRING, '/a', { qos: options.depth ?? 10 }, (m) => {
        ran.push(`${m.data}@${clock()}`);
        options.onA?.((text) => fromA.publish(text));
      });
      n.createSubscription(STRING, '/b', { qos: options.depth ?? 10 }, (m) => ran.push(`${m.data}@${clock()}`));
    },
    { endAfter: BigInt(options.endMs) * MS, executors, executionTimes: options.times ?? [] },
  );
  return ran;
}

describe('multi_threaded executor', () => {
  /** Node `m`: timer tB every 15 ms. Node `n`: timers tA, tA2 every 10 ms, subscriptions sA (/a) and sR (/r); `p` publishes /a and /r at 10 ms. */
  async function threaded(executor: ExecutorConfig, times: ExecutionTimeRule[], endMs = 20): Promise<string[]> {
    const ran: string[] = [];
    await simulate(
      () => {
        const p = rclnodejs.createNode('p');
        const m = rclnodejs.createNode('m');
        const n = rclnodejs.createNode('n');
        const clock = (): number => Number(n.now().nanoseconds / MS);
        const a = p.createPublisher(STRING, '/a');
        const r = p.createPublisher(STRING, '/r');
        at(p, 10, () => {
          a.publish('a');
          r.publish('r');
        });
        m.createTimer(15n * MS, () => ran.push(`tB@${clock()}`));
        n.createTimer(10n * MS, () => ran.push(`tA@${clock()}`));
        n.createTimer(10n * MS, () => ran.push(`tA2@${clock()}`));
        n.createSubscription(STRING, '/a', () => ran.push(`sA@${clock()}`));
        n.createSubscription(STRING, '/r', () => ran.push(`sR@${clock()}`));
      },
      { endAfter: BigInt(endMs) * MS, executors: [executor], executionTimes: times },
    );
    return ran;
  }
  const twoThreads: ExecutorConfig = {
    name: 'mt',
    type: 'multi_threaded',
    nodes: ['m', 'n'],
    order: 'creation',
    threads: 2,
    groups: [{ name: 'R', type: 'reentrant', channel: '/r' }],
  };

  it('with zero execution times runs in the single_threaded order (the threads share one wait result)', async () => {
    const single: ExecutorConfig = { name: 'st', type: 'single_threaded', nodes: ['m', 'n'], order: 'creation' };
    const expected = await threaded(single, [], 30);
    assert.deepEqual(expected, ['tA@10', 'tA2@10', 'sA@10', 'sR@10', 'tB@15', 'tA@20', 'tA2@20', 'tB@30', 'tA@30', 'tA2@30']);
    assert.deepEqual(await threaded(twoThreads, [], 30), expected);
  });

  it('threads run callbacks at once; a busy mutually exclusive group keeps its timers in the wait result and clears its other entities', async () => {
    // 10 ms: thread 1 takes tA (n's default group, exclusive, busy until 15); thread 2 passes over
    // tA2 (kept), clears sA and takes sR (reentrant group R). 15 ms: thread 1 takes the kept tA2
    // before any new wait; thread 2 waits anew: tB, then sA — which runs when the group is free.
    assert.deepEqual(await threaded(twoThreads, [fixed(5, ['m', 'n'])]), ['tA@10', 'sR@10', 'tA2@15', 'tB@15', 'sA@20']);
    // One thread: one callback at a time, in the wait result's order.
    const one = { ...twoThreads, threads: 1 };
    assert.deepEqual(await threaded(one, [fixed(5, ['m', 'n'])]), ['tA@10', 'tA2@15', 'sA@20']);
  });

  it('a subscription passed over for its busy group is cleared from the wait result: it comes back after what the next wait puts first', async () => {
    // 10 ms: thread 1 runs tA (n's group busy until 15); thread 2 passes over and clears sA. At
    // 15 a new wait lists the due timer tB before sA; a result that had kept sA would run it first.
    const ran: string[] = [];
    await simulate(
      () => {
        const p = rclnodejs.createNode('p');
        const m = rclnodejs.createNode('m');
        const n = rclnodejs.createNode('n');
        const clock = (): number => Number(n.now().nanoseconds / MS);
        const a = p.createPublisher(STRING, '/a');
        at(p, 10, () => {
          a.publish('a');
        });
        m.createTimer(15n * MS, () => ran.push(`tB@${clock()}`));
        n.createTimer(10n * MS, () => ran.push(`tA@${clock()}`));
        n.createSubscription(STRING, '/a', () => ran.push(`sA@${clock()}`));
      },
      {
        endAfter: 15n * MS,
        executors: [{ ...twoThreads, groups: [] }],
        executionTimes: [{ nodes: ['n'], kind: 'timer', time: { kind: 'fixed', ns: 5e6 } }],
      },
    );
    assert.deepEqual(ran, ['tA@10', 'tB@15', 'sA@15']);
  });

  it('reentrant groups let one entity run on two threads at once; the default group does not', async () => {
    const ran: Record<string, string[]> = {};
    for (const type of ['reentrant', 'mutually_exclusive'] as const) {
      const executor: ExecutorConfig = {
        name: 'mt',
        type: 'multi_threaded',
        nodes: ['n'],
        order: 'creation',
        threads: 2,
        groups: [{ name: 'G', type, nodes: ['n'] }],
      };
      ran[type] = await feed(
        [executor],
        {
          10: [
            ['/a', 'a1'],
            ['/a', 'a2'],
          ],
        },
        { endMs: 30, times: [fixed(5, ['n'])] },
      );
    }
    assert.deepEqual(ran, { reentrant: ['a1@10', 'a2@10'], mutually_exclusive: ['a1@10', 'a2@15'] });
  });
});

describe('executors and nodes that do not spin', () => {
  it('an entity of a node that does not spin yet is not ready until the node spins: the run goes on, and its messages run then', () => {
    const dir = tempDir();
    for (const type of ['single_threaded', 'multi_threaded, threads: 2', 'rclc']) {
      const job = writeTemp(
        dir,
        'job.yaml',
        `end: { after: 1.7s }\nexecutors:\n  - { type: ${type}, nodes: [late] }\nnodes:\n  - script: ${join(repoRoot, 'test/fixtures/programs/late-spin.cjs')}\n`,
      );
      const result = runCli(['run', job], repoRoot, 60_000);
      assert.equal(result.status, 0, `${type}: ${result.stderr}`);
      assert.match(result.stdout, /^heard early at 1050\n(timer at 1050\n)?timer at 1200\ntimer at 1600\n/, type);
    }
  });
});

describe('rclc executor', () => {
  it('runs the handles with data in handle order, one message each per spin (handles: the job’s order)', async () => {
    const plan: Record<number, [string, string][]> = {
      10: [
        ['/a', 'a1'],
        ['/a', 'a2'],
        ['/b', 'b1'],
      ],
    };
    assert.deepEqual(await feed([rclc()], plan), ['a1@10', 'b1@10', 'a2@10']);
    assert.deepEqual(await feed([rclc({ handles: [{ channel: '/b' }, { channel: '/a' }] })], plan), ['b1@10', 'a1@10', 'a2@10']);
  });

  it('trigger all waits until every handle has data; one: <topic> until that one has; any and always at once', async () => {
    const plan: Record<number, [string, string][]> = { 10: [['/a', 'a1']], 20: [['/b', 'b1']] };
    assert.deepEqual(await feed([rclc({ trigger: { kind: 'all' } })], plan), ['a1@20', 'b1@20']);
    assert.deepEqual(await feed([rclc({ trigger: { kind: 'one', channel: '/b' } })], plan), ['a1@20', 'b1@20']);
    assert.deepEqual(await feed([rclc({ trigger: { kind: 'one', channel: '/a' } })], plan), ['a1@10']);
    assert.deepEqual(await feed([rclc({ trigger: { kind: 'any' } })], plan), ['a1@10', 'b1@20']);
    assert.deepEqual(await feed([rclc({ trigger: { kind: 'always' } })], plan), ['a1@10', 'b1@20']);
  });

  it('semantics let takes every handle’s input before the first callback; rclcpp_executor takes each just before its callback', async () => {
    // /a's callback publishes b2 on /b (depth 1), which evicts b1 unless it was taken already.
    const plan: Record<number, [string, string][]> = {
      10: [
        ['/a', 'a1'],
        ['/b', 'b1'],
      ],
    };
    const options = { endMs: 30, depth: 1, onA: (publishB: (text: string) => void) => publishB('b2') };
    assert.deepEqual(await feed([rclc({ semantics: 'rclcpp_executor' })], plan, options), ['a1@10', 'b2@10']);
    assert.deepEqual(await feed([rclc({ semantics: 'let' })], plan, options), ['a1@10', 'b1@10', 'b2@10']);
  });

  it('period: one spin per period, whose wait ends at the first ready handle', async () => {
    const plan: Record<number, [string, string][]> = { 1: [['/a', 'a1']], 4: [['/a', 'a2']], 7: [['/a', 'a3']], 25: [['/a', 'a4']] };
    // Spins start at 0, 10, 20, 30: the first waits until 1 ms; at 20 nothing is ready until 25.
    assert.deepEqual(await feed([rclc({ period: 10e6 })], plan, { endMs: 40 }), ['a1@1', 'a2@10', 'a3@20', 'a4@30']);
    assert.deepEqual(await feed([rclc()], plan, { endMs: 40 }), ['a1@1', 'a2@4', 'a3@7', 'a4@25']);
    // A wait that times out ends the spin: the executor sleeps until the next invocation time.
    const late: Record<number, [string, string][]> = { 7: [['/a', 'a1']] };
    assert.deepEqual(await feed([rclc({ period: 10e6, timeout: 5e6 })], late, { endMs: 20 }), ['a1@10']);
    assert.deepEqual(await feed([rclc({ period: 10e6 })], late, { endMs: 20 }), ['a1@7']);
  });

  it('warns of an executor that ran no node, and of an rclc trigger on a topic none of its handles has', async () => {
    const { summary } = await simulate(
      () => {
        rclnodejs.createNode('n').createSubscription(STRING, '/a', () => {});
      },
      {
        endAfter: 10n * MS,
        executors: [rclc({ trigger: { kind: 'one', channel: '/b' } }), { name: 'spare', type: 'single_threaded', nodes: ['nobody'], order: 'creation' }],
      },
    );
    assert.deepEqual(summary.warnings, [
      "executor 'micro' has no handle on /b: its trigger { one: /b } never held",
      "executor 'spare' ran no node: its patterns (nobody) matched none",
    ]);
  });

  it('job files: multi_threaded and rclc keys, checked with file, line and field', () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'job.yaml',
      `nodes: []
executors:
  - { name: mt, type: multi_threaded, threads: 4, nodes: [planner], groups: [{ name: cam, type: reentrant, topic: /image }] }
  - { name: micro, type: rclc, nodes: [sensor], handles: [{ topic: /imu }, { kind: timer }], trigger: { one: /imu }, semantics: let, period: 10ms }
`,
    );
    assert.deepEqual(parseJobFile(readFileSync(job, 'utf8'), job).executors, [
      {
        name: 'mt',
        nodes: ['planner'],
        order: 'creation',
        type: 'multi_threaded',
        threads: 4,
        groups: [{ channel: '/image', name: 'cam', type: 'reentrant' }],
      },
      {
        name: 'micro',
        nodes: ['sensor'],
        order: 'creation',
        type: 'rclc',
        handles: [{ channel: '/imu' }, { kind: 'timer' }],
        trigger: { kind: 'one', channel: '/imu' },
        semantics: 'let',
        period: 10e6,
        timeout: 1e9,
      },
    ]);
    const bad = (text: string): string => {
      const file = writeTemp(dir, 'bad.yaml', `nodes: []\nexecutors:\n${text}`);
      try {
        parseJobFile(readFileSync(file, 'utf8'), file);
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    assert.match(bad('  - { type: multi_threaded, nodes: [a] }\n'), /bad\.yaml:3: executors\[0\]: a multi_threaded executor needs 'threads'/);
    assert.match(
      bad('  - { type: single_threaded, nodes: [a], trigger: all }\n'),
      /bad\.yaml:3: executors\[0\]\.trigger: applies to rclc executors only, not single_threaded/,
    );
    assert.match(bad('  - { type: rclc, nodes: [a], semantics: fifo }\n'), /bad\.yaml:3: executors\[0\]\.semantics/);
  });
});
