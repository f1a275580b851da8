import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as rclnodejs from '../../src/compat/index.js';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { ExecutorConfig } from '../../src/sim/Executors.js';
import { lastJsonLine, MS, repoRoot, runCli, simulate, tempDir, writeTemp } from '../support/helpers.js';

const STRING = 'std_msgs/msg/String';
const singleThreaded = (nodes: string[], order: 'creation' | 'seeded' = 'creation'): ExecutorConfig => ({ name: 'st', type: 'single_threaded', nodes, order });

/**
 * Node `a`: timer t1 publishes two messages on /x, timer t2 one on /y, both every 10 ms; node
 * `b` subscribes to both. Returns what ran at the first tick, in order.
 */
async function firstTick(executors: ExecutorConfig[], seed = 0): Promise<string[]> {
  const ran: string[] = [];
  await simulate(
    () => {
      const a = rclnodejs.createNode('a');
      const b = rclnodejs.createNode('b');
      const x = a.createPublisher(STRING, '/x', { qos: 10 });
      const y = a.createPublisher(STRING, '/y', { qos: 10 });
      a.createTimer(10n * MS, () => {
        ran.push('t1');
        x.publish('x1');
        x.publish('x2');
      });
      a.createTimer(10n * MS, () => {
        ran.push('t2');
        y.publish('y1');
      });
      b.createSubscription(STRING, '/x', (m) => ran.push(`sx ${m.data}`));
      b.createSubscription(STRING, '/y', (m) => ran.push(`sy ${m.data}`));
    },
    { endAfter: 10n * MS, executors, seed },
  );
  return ran;
}

describe('executors', () => {
  it('events (the default): each message as it arrives, before the next due timer', async () => {
    assert.deepEqual(await firstTick([]), ['t1', 'sx x1', 'sx x2', 't2', 'sy y1']);
  });

  it('single_threaded: a wait result of ready timers first, then subscriptions, one message each; what became ready meanwhile waits for the next', async () => {
    assert.deepEqual(await firstTick([singleThreaded(['a', 'b'])]), ['t1', 't2', 'sx x1', 'sy y1', 'sx x2']);
  });

  it('single_threaded: within a wait result subscriptions, then services, clients and guard conditions (executor.cpp’s order)', async () => {
    const ran: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('n');
        const publisher = node.createPublisher(STRING, '/x');
        // Created in the reverse of the order they run in.
        const guard = node.createGuardCondition(() => ran.push('guard'));
        const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add');
        node.createService('example_interfaces/srv/AddTwoInts', 'add', (request, response) => {
          const { a } = request as { a: bigint };
          ran.push(`service ${a}`);
          (response as rclnodejs.ServiceResponse).send({ sum: a });
        });
        node.createSubscription(STRING, '/x', (m) => ran.push(`subscription ${m.data}`));
        node.createTimer(10n * MS, () => {
          ran.push('timer');
          if (ran.length > 1) return;
          client.sendRequest({ a: 1n, b: 0n }, (response: { sum: bigint }) => ran.push(`client ${response.sum}`));
          publisher.publish('m');
          guard.trigger();
        });
      },
      { endAfter: 15n * MS, executors: [singleThreaded(['n'])] },
    );
    // The service's response is ready only after the service ran: the next wait result has the client.
    assert.deepEqual(ran, ['timer', 'subscription m', 'service 1', 'guard', 'client 1']);
  });

  it('single_threaded: a timer of the wait result that a callback cancels before its turn does not run (rcl_timer_call fails)', async () => {
    const ran: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('n');
        let second: rclnodejs.Timer | undefined;
        node.createTimer(10n * MS, () => {
          ran.push(`first at ${Number(node.now().nanoseconds / MS)}`);
          second?.cancel();
        });
        second = node.createTimer(10n * MS, () => ran.push('second'));
      },
      { endAfter: 30n * MS, executors: [singleThreaded(['n'])] },
    );
    assert.deepEqual(ran, ['first at 10', 'first at 20', 'first at 30']);
  });

  it('order: seeded permutes each kind of a wait result by the seed, reproducibly; creation keeps creation order', async () => {
    const order = async (order: 'creation' | 'seeded', seed: number): Promise<string> => {
      const ran: string[] = [];
      await simulate(
        () => {
          const node = rclnodejs.createNode('n');
          for (let i = 0; i < 6; i++) node.createTimer(10n * MS, () => ran.push(`t${i}`));
        },
        { endAfter: 10n * MS, executors: [singleThreaded(['n'], order)], seed },
      );
      return ran.join(' ');
    };
    assert.equal(await order('creation', 1), 't0 t1 t2 t3 t4 t5');
    const seeded: string[] = [];
    for (const seed of [1, 1, 2, 3, 4]) seeded.push(await order('seeded', seed));
    assert.equal(seeded[0], seeded[1], 'the same seed, the same order');
    assert.ok(new Set(seeded).size >= 3, `orders by seed: ${seeded.join(' | ')}`);
    for (const run of seeded) assert.deepEqual(run.split(' ').sort(), ['t0', 't1', 't2', 't3', 't4', 't5']);
  });

  it('executors take turns at an instant, one callback each, the events executor first; nodes no executor names stay in it', async () => {
    const ran: string[] = [];
    await simulate(
      () => {
        const plain = rclnodejs.createNode('plain');
        const first = rclnodejs.createNode('first');
        const second = rclnodejs.createNode('second');
        for (const [node, name] of [
          [plain, 'p'],
          [first, 'f'],
          [second, 's'],
        ] as const) {
          for (let i = 1; i <= 3; i++) node.createTimer(10n * MS, () => ran.push(`${name}${i}`));
        }
      },
      {
        endAfter: 10n * MS,
        executors: [
          { name: 'one', type: 'single_threaded', nodes: ['first'], order: 'creation' },
          { name: 'two', type: 'single_threaded', nodes: ['/second'], order: 'creation' },
        ],
      },
    );
    // The events executor's own order of equal timers is its heap's (libstdc++ pop_heap: p1, p3, p2).
    assert.deepEqual(ran, ['p1', 'f1', 's1', 'p3', 'f2', 's2', 'p2', 'f3', 's3']);
  });

  it('job files: `executors:` with node patterns, checked like every key; unmodified programs run under it', () => {
    const dir = tempDir();
    const examples = join(repoRoot, 'examples/talker-listener');
    const job = writeTemp(
      dir,
      'job.yaml',
      `name: st
end: { after: 2s }
executors:
  - { name: main, type: single_threaded, nodes: [talker, listener], order: seeded }
nodes:
  - script: ${examples}/talker.js
  - script: ${examples}/listener.js
`,
    );
    assert.deepEqual(parseJobFile(readFileSync(job, 'utf8'), job).executors, [
      { name: 'main', type: 'single_threaded', nodes: ['talker', 'listener'], order: 'seeded' },
    ]);
    const result = runCli(['run', job]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^I heard: \[Hello World: 3\]/m);
    const bad = writeTemp(
      dir,
      'bad.yaml',
      'nodes: []\nexecutors:\n  - { type: single_threaded, nodes: [a] }\n  - { name: single_threaded_0, type: single_threaded, nodes: [b] }\n',
    );
    assert.throws(() => parseJobFile(readFileSync(bad, 'utf8'), bad), /bad\.yaml:4: executors\[1\]\.name: a second executor named 'single_threaded_0'/);
  });

  it('explore: the rslcpp benchmark takes many orders and ends differently with them, each seed reproducible; an order-insensitive job ends one way', () => {
    const result = runCli(['explore', 'examples/synthetic-benchmark/job.ts', '--runs', '8', '--json']);
    assert.equal(result.status, 0, result.stderr);
    const report = lastJsonLine(result.stdout) as {
      runs: number;
      outcomes: { outcome: { results: Record<string, string> }; seeds: number[] }[];
      fingerprints: number;
      divergence: string;
    };
    assert.equal(report.runs, 8);
    assert.ok(report.outcomes.length >= 6, `${report.outcomes.length} distinct outcomes of 8`);
    assert.ok(report.fingerprints >= report.outcomes.length);
    assert.match(report.divergence, /^first divergence at record \d+, sim time 10\.000000000s/);
    // Under the events executor the benchmark ends with rslcpp's reference value; here not.
    assert.ok(report.outcomes.every((o) => o.outcome.results.combined !== '7448837717382456148'));
    const third = report.outcomes.find((o) => o.seeds.includes(3))!;
    const again = runCli(['run', 'examples/synthetic-benchmark/job.ts', '--seeded-order', '--seed', '3', '--json']);
    assert.deepEqual((lastJsonLine(again.stdout).results as Record<string, string>).combined, third.outcome.results.combined);

    const talk = runCli(['explore', 'examples/talker-listener/job.yaml', '--runs', '4', '--json']);
    const calm = lastJsonLine(talk.stdout) as { outcomes: unknown[]; fingerprints: number; divergence: string | null };
    assert.deepEqual([calm.outcomes.length, calm.fingerprints, calm.divergence], [1, 1, null]);
  });

  it('delay ranges: each message on the topic waits a delay drawn from the range, by the seed — what explore varies besides the order', () => {
    const dir = tempDir();
    const examples = join(repoRoot, 'examples/talker-listener');
    const job = writeTemp(
      dir,
      'job.yaml',
      `name: jitter
end: { after: 5100ms }
delays:
  /chatter: { min: 10ms, max: 30ms }
nodes:
  - script: ${examples}/talker.js
  - script: ${examples}/listener.js
`,
    );
    const transit = (seed: number): number[] => {
      const result = runCli(['run', job, '--seed', String(seed)]);
      assert.equal(result.status, 0, result.stderr);
      return [...result.stdout.matchAll(/\((\d+(?:\.\d+)?) ms in transit\)/g)].map((m) => Number(m[1]));
    };
    const first = transit(1);
    assert.equal(first.length, 10);
    assert.ok(
      first.every((ms) => ms >= 10 && ms <= 30),
      first.join(', '),
    );
    assert.ok(new Set(first).size > 5, 'each message draws its own');
    assert.deepEqual(transit(1), first);
    assert.notDeepEqual(transit(2), first);
    const bad = writeTemp(dir, 'bad.yaml', 'nodes: []\ndelays:\n  /chatter: { min: 30ms, max: 10ms }\n');
    assert.throws(() => parseJobFile(readFileSync(bad, 'utf8'), bad), /bad\.yaml:3: delays\.\/chatter\.max: must be at least min/);
  });
});
