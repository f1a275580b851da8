import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Node } from '../../src/client/Node.js';
import type { JobHandle } from '../../src/job/JobHandle.js';
import { MS, repoRoot, SECOND, simulate, tempDir } from '../support/helpers.js';

/** A small graph with timers, a chain of topics, a service and async code. */
function graph(payload: string) {
  return (job: JobHandle): void => {
    const a = new Node('a');
    const b = new Node('b', 'ns');
    const out = a.createPublisher('std_msgs/msg/String', '/chain');
    const back = b.createPublisher('std_msgs/msg/String', '/back');
    let count = 0;
    b.createSubscription('std_msgs/msg/String', '/chain', (m) => back.publish(`${m.data}!`));
    a.createSubscription('std_msgs/msg/String', '/back', (m) => job.setResult('last', m.data));
    b.createService('std_srvs/srv/Trigger', '/ask', async () => ({ success: true, message: `${count}` }));
    const client = a.createClient('std_srvs/srv/Trigger', '/ask');
    a.createTimer(7n * MS, () => out.publish(`${payload}${count++}`));
    a.createTimer(11n * MS, async () => {
      const response = await client.sendRequestAsync({});
      job.setResult('answer', response.message);
    });
  };
}

describe('determinism', () => {
  it('gives the same fingerprint and results on every run, and runs do not leak into each other', async () => {
    const first = await simulate(graph('m'), { endAfter: SECOND });
    const second = await simulate(graph('m'), { endAfter: SECOND });
    assert.equal(first.summary.fingerprint, second.summary.fingerprint);
    assert.deepEqual(first.summary.results, second.summary.results);
    assert.equal(first.summary.callbacks, second.summary.callbacks);
    assert.equal(first.summary.messagesDelivered, 284);
  });

  it('changes the fingerprint when a message’s content changes', async () => {
    const base = await simulate(graph('m'), { endAfter: SECOND });
    const changed = await simulate(graph('n'), { endAfter: SECOND });
    assert.equal(base.summary.callbacks, changed.summary.callbacks);
    assert.notEqual(base.summary.fingerprint, changed.summary.fingerprint);
  });

  it('changes the fingerprint when one byte of a byte array changes, wherever it is', async () => {
    const image = (bytes: number[]) => (): void => {
      const node = new Node('camera');
      const pub = node.createPublisher('std_msgs/msg/UInt8MultiArray', 'bytes');
      node.createSubscription('std_msgs/msg/UInt8MultiArray', 'bytes', () => {});
      const timer = node.createTimer(MS, () => {
        pub.publish({ data: Uint8Array.from(bytes) });
        timer.cancel();
      });
    };
    const bytes = Array.from({ length: 11 }, (_, i) => i + 1);
    const fingerprint = async (setup: () => void) => (await simulate(setup, { endAfter: 10n * MS })).summary.fingerprint;
    const base = await fingerprint(image(bytes));
    assert.equal(await fingerprint(image(bytes)), base);
    const others = [
      await fingerprint(image(bytes.map((b, i) => (i === 0 ? 0 : b)))),
      await fingerprint(image(bytes.map((b, i) => (i === 5 ? 0 : b)))),
      await fingerprint(image(bytes.map((b, i) => (i === 10 ? 0 : b)))),
      await fingerprint(image([...bytes, 0])),
    ];
    assert.equal(new Set([base, ...others]).size, 5);
  });

  it('changes the fingerprint when callbacks run at other times', async () => {
    const timers = (periods: bigint[]) => (): void => {
      const node = new Node('n');
      for (const period of periods) node.createTimer(period, () => {});
    };
    const a = await simulate(timers([5n * MS, 6n * MS]), { endAfter: 30n * MS });
    const b = await simulate(timers([5n * MS, 6n * MS]), { endAfter: 30n * MS });
    const c = await simulate(timers([6n * MS, 5n * MS]), { endAfter: 30n * MS });
    assert.equal(a.summary.fingerprint, b.summary.fingerprint);
    assert.equal(a.summary.callbacks, c.summary.callbacks);
    assert.notEqual(a.summary.fingerprint, c.summary.fingerprint);
  });

  it('counts every publish and every service response in the fingerprint, whether or not anything receives it', async () => {
    const outputs = (command: number, sum: bigint) => (): void => {
      const node = new Node('driver');
      const cmd = node.createPublisher('std_msgs/msg/Float64', '/cmd_vel_unused');
      node.createService('example_interfaces/srv/AddTwoInts', '/add', () => ({ sum }));
      const client = node.createClient('example_interfaces/srv/AddTwoInts', '/add');
      const timer = node.createTimer(MS, () => {
        cmd.publish({ data: command });
        // The response differs, but nobody waits for it: the client's callback ignores it.
        client.sendRequest({ a: 1n, b: 2n }, () => {});
        timer.cancel();
      });
    };
    const fingerprint = async (setup: () => void) => (await simulate(setup, { endAfter: 10n * MS })).summary.fingerprint;
    const base = await fingerprint(outputs(1, 3n));
    assert.equal(await fingerprint(outputs(1, 3n)), base);
    assert.notEqual(await fingerprint(outputs(2, 3n)), base, 'an unsubscribed publish');
    assert.notEqual(await fingerprint(outputs(1, 4n)), base, 'a service response');
  });

  it('records and traces without changing the fingerprint, also of played bags', async () => {
    const dir = tempDir();
    const run = async (extra: (job: JobHandle) => Promise<void>, tracePath?: string) =>
      (
        await simulate(
          async (job) => {
            await extra(job);
            await job.play({ bag: join(repoRoot, '../shared/fixtures/rosbag2/mcap-talker/talker.mcap') });
            graph('m')(job);
          },
          { endAfter: 3n * SECOND, ...(tracePath === undefined ? {} : { tracePath }) },
        )
      ).summary.fingerprint;
    const plain = await run(async () => {});
    assert.equal(await run(async (job) => void (await job.record({ path: join(dir, 'all.mcap') }))), plain);
    assert.equal(await run(async (job) => void (await job.record({ path: join(dir, 'topic.mcap'), topics: ['/topic'] }))), plain);
    assert.equal(await run(async () => {}, join(dir, 'run.trace')), plain);
  });
});
