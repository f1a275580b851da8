import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as rclnodejs from '../../src/compat/index.js';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { EntityMetrics, RunMetrics } from '../../src/sim/ExecutorMetrics.js';
import type { ExecutorConfig } from '../../src/sim/Executors.js';
import { at, lastJsonLine, MS, runCli, simulate, tempDir, writeTemp } from '../support/helpers.js';

const STRING = 'std_msgs/msg/String';
const single: ExecutorConfig = { name: 'st', type: 'single_threaded', nodes: ['n'], order: 'creation' };
const ms = (value: number): number => value * 1e6;

function entity(metrics: RunMetrics, node: string, kind: string): EntityMetrics {
  return metrics.entities.find((e) => e.node === node && e.kind === kind)!;
}

describe('executor metrics', () => {
  it('response and waiting times from ready to start and end, timer overruns, utilization of the run so far', async () => {
    // n (single-threaded): a 10 ms timer taking 4 ms, a subscription to /a taking 25 ms; p publishes /a at 10 ms.
    const { summary } = await simulate(
      () => {
        const p = rclnodejs.createNode('p');
        const n = rclnodejs.createNode('n');
        const a = p.createPublisher(STRING, '/a');
        at(p, 10, () => {
          a.publish('a');
        });
        n.createTimer(10n * MS, () => {});
        n.createSubscription(STRING, '/a', () => {});
      },
      {
        endAfter: 45n * MS,
        executors: [single],
        executionTimes: [
          { nodes: ['n'], kind: 'timer', time: { kind: 'fixed', ns: ms(4) } },
          { nodes: ['n'], kind: 'subscription', time: { kind: 'fixed', ns: ms(25) } },
        ],
      },
    );
    const metrics = summary.metrics!;
    // Timer: due 10 ran 10–14; due 20 ran 39–43 (after 30, when the next period was due: an overrun); due 40 ran 43–47.
    const timer = entity(metrics, '/n', 'timer');
    assert.deepEqual([timer.activations, timer.timerOverruns, timer.executor], [3, 1, 'st']);
    assert.deepEqual(timer.waitingTime, { count: 3, min: 0, mean: ms(22 / 3), p50: ms(3), p99: ms(19), max: ms(19) });
    assert.deepEqual(timer.responseTime, { count: 3, min: ms(4), mean: ms(34 / 3), p50: ms(7), p99: ms(23), max: ms(23) });
    // Subscription: the message arrived at 10, ran 14–39.
    const subscription = entity(metrics, '/n', 'subscription');
    assert.deepEqual([subscription.activations, subscription.waitingTime!.max, subscription.responseTime!.max, subscription.channel], [1, ms(4), ms(29), '/a']);
    // 37 ms of callbacks, 2 of them after the end at 45 ms.
    const st = metrics.executors.find((e) => e.name === 'st')!;
    assert.deepEqual([st.type, st.threads, st.busyTime, st.utilization], ['single_threaded', 1, ms(35), 35 / 45]);
    assert.deepEqual(metrics.executors[0], { name: 'events', type: 'events', threads: 1, busyTime: 0, utilization: 0 });
  });

  it('messages overwritten in a KEEP_LAST buffer before the callback took them', async () => {
    const { summary } = await simulate(
      () => {
        const p = rclnodejs.createNode('p');
        const n = rclnodejs.createNode('n');
        const a = p.createPublisher(STRING, '/a', { qos: 10 });
        at(p, 10, () => {
          for (const text of ['1', '2', '3']) a.publish(text);
        });
        n.createSubscription(STRING, '/a', { qos: 1 }, () => {});
      },
      { endAfter: 20n * MS, executors: [single] },
    );
    const subscription = entity(summary.metrics!, '/n', 'subscription');
    assert.deepEqual([subscription.activations, subscription.overwritten], [1, 2]);
  });

  it('chains: end-to-end latency through the callbacks that took and sent each message, by subscription or by a timer reading the latest', async () => {
    // /a at 10 ms → n (5 ms) → /b at 15 → m keeps it; m's 4 ms timer publishes /c from the latest /b.
    const { summary } = await simulate(
      () => {
        const p = rclnodejs.createNode('p');
        const n = rclnodejs.createNode('n');
        const m = rclnodejs.createNode('m');
        const a = p.createPublisher(STRING, '/a');
        at(p, 10, () => {
          a.publish('a');
        });
        const b = n.createPublisher(STRING, '/b');
        n.createSubscription(STRING, '/a', (message) => b.publish(message));
        const c = m.createPublisher(STRING, '/c');
        let latest: unknown = null;
        m.createSubscription(STRING, '/b', (message) => {
          latest = message;
        });
        m.createTimer(4n * MS, () => {
          if (latest !== null) c.publish(latest as { data: string });
        });
      },
      {
        endAfter: 24n * MS,
        executors: [single],
        executionTimes: [{ nodes: ['n'], time: { kind: 'fixed', ns: ms(5) } }],
        chains: [{ name: 'abc', topics: ['/a', '/b', '/c'] }],
      },
    );
    // /c at 16, 20 and 24 ms, all from the /a message sent at 10.
    assert.deepEqual(summary.metrics!.chains, [
      { name: 'abc', topics: ['/a', '/b', '/c'], latency: { count: 3, min: ms(6), mean: ms(10), p50: ms(10), p99: ms(14), max: ms(14) } },
    ]);
  });

  it('job files: `chains:` as lists of topics or { name, topics }, checked with file, line and field', () => {
    const dir = tempDir();
    const job = writeTemp(dir, 'job.yaml', 'nodes: []\nchains:\n  - [/scan, /path]\n  - { name: control, topics: [/path, /cmd_vel] }\n');
    assert.deepEqual(parseJobFile(readFileSync(job, 'utf8'), job).chains, [
      { name: 'chain_0', topics: ['/scan', '/path'] },
      { name: 'control', topics: ['/path', '/cmd_vel'] },
    ]);
    const bad = writeTemp(dir, 'bad.yaml', 'nodes: []\nchains:\n  - { name: short, topics: [/scan] }\n');
    assert.throws(() => parseJobFile(readFileSync(bad, 'utf8'), bad), /bad\.yaml:3: chains\[0\]/);
  });

  it('examples/executors: the control loop misses deadlines in one thread and none in four; --metrics writes CSV or JSON', () => {
    const dir = tempDir();
    const csv = join(dir, 'metrics.csv');
    const result = runCli(['run', 'examples/executors/job.yaml', '--json', '--metrics', csv]);
    assert.equal(result.status, 0, result.stderr);
    const metrics = (lastJsonLine(result.stdout) as { metrics: RunMetrics }).metrics;
    const controller = (ns: string): EntityMetrics => metrics.entities.find((e) => e.node === `/${ns}/controller` && e.kind === 'timer')!;
    assert.ok(controller('single').timerOverruns > 500, `single-threaded overruns: ${controller('single').timerOverruns}`);
    assert.equal(controller('multi').timerOverruns, 0);
    assert.ok(controller('single').waitingTime!.p99 > 10 * controller('multi').waitingTime!.p99);
    const [single, multi] = metrics.chains;
    assert.ok(single!.latency!.p99 > multi!.latency!.p99, 'the single-threaded chain is slower');
    const rows = readFileSync(csv, 'utf8').trim().split('\n');
    assert.match(rows[0]!, /^scope,name,node,kind,channel,entity,executor,activations,response_count,response_min_ns,/);
    assert.ok(rows.some((row) => row.startsWith('executor,container_mt,,multi_threaded,')));
    assert.ok(rows.some((row) => row.startsWith('chain,single,,,/single/camera/image /single/obstacles /single/path /single/cmd_vel,')));
    const json = join(dir, 'metrics.json');
    assert.equal(runCli(['run', 'examples/executors/job.yaml', '--metrics', json]).status, 0);
    assert.deepEqual(JSON.parse(readFileSync(json, 'utf8')), metrics);
  });
});
