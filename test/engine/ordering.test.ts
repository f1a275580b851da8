import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LivelockError } from '../../src/base/runErrors.js';
import { Node } from '../../src/client/Node.js';
import { QoS } from '../../src/ros/QoS.js';
import { MS, SECOND, simulate } from '../support/helpers.js';

const STRING = 'std_msgs/msg/String';
const keepLast = (depth: number) => ({ qos: new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, depth) });

describe('step loop ordering rules', () => {
  it('runs ready events first-in first-out: breadth before depth', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const a = node.createPublisher(STRING, 'a');
        const b = node.createPublisher(STRING, 'b');
        const c = node.createPublisher(STRING, 'c');
        node.createSubscription(STRING, 'a', (m) => {
          order.push(`a:${m.data}`);
          c.publish('from-a');
        });
        node.createSubscription(STRING, 'b', (m) => order.push(`b:${m.data}`));
        node.createSubscription(STRING, 'c', (m) => order.push(`c:${m.data}`));
        const timer = node.createTimer(10n * MS, () => {
          a.publish('1');
          b.publish('2');
          timer.cancel();
        });
      },
      { endAfter: SECOND },
    );
    // c (published while running a) waits behind b, which was queued before it.
    assert.deepEqual(order, ['a:1', 'b:2', 'c:from-a']);
  });

  it('delivers one message to its subscriptions in subscription creation order', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const late = new Node('late');
        const early = new Node('early');
        const pub = early.createPublisher(STRING, '/x');
        late.createSubscription(STRING, '/x', () => order.push('late node, first subscription'));
        early.createSubscription(STRING, '/x', () => order.push('early node, second subscription'));
        pub.publish('m');
      },
      { endAfter: MS },
    );
    assert.deepEqual(order, ['late node, first subscription', 'early node, second subscription']);
  });

  it('runs continuations of promises a callback left behind before time advances', async () => {
    const order: string[] = [];
    await simulate(
      (job) => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'later');
        node.createSubscription(STRING, 'later', (m) => order.push(`${m.data}@${job.now() / MS}`));
        const timer = node.createTimer(5n * MS, () => {
          timer.cancel();
          void Promise.resolve()
            .then(() => Promise.resolve())
            .then(() => pub.publish('from a continuation'));
        });
        node.createTimer(6n * MS, () => order.push(`next timer@${job.now() / MS}`));
      },
      { endAfter: 10n * MS },
    );
    assert.deepEqual(order, ['from a continuation@5', 'next timer@6']);
  });

  it('runs the continuations a callback left behind right after it, as Node does after each native callback', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        // One message, four subscriptions: their callbacks run in one instant, in creation order.
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 't');
        node.createSubscription(STRING, 't', () => {
          order.push('first');
          void Promise.resolve()
            .then(() => Promise.resolve())
            .then(() => order.push('continuation of first'));
        });
        node.createSubscription(STRING, 't', () => order.push('second'));
        node.createSubscription(STRING, 't', () => queueMicrotask(() => order.push('microtask of third')));
        node.createSubscription(STRING, 't', () => order.push('fourth'));
        const timer = node.createTimer(5n * MS, () => {
          timer.cancel();
          pub.publish('go');
        });
      },
      { endAfter: 5n * MS },
    );
    assert.deepEqual(order, ['first', 'continuation of first', 'second', 'microtask of third', 'fourth']);
  });

  it('drains the ready FIFO before the next ready timer', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'x');
        node.createSubscription(STRING, 'x', (m) => order.push(`sub:${m.data}`));
        node.createTimer(10n * MS, () => {
          order.push('t1');
          pub.publish('t1');
        });
        node.createTimer(10n * MS, () => order.push('t2'));
      },
      { endAfter: 10n * MS },
    );
    assert.deepEqual(order, ['t1', 'sub:t1', 't2']);
  });

  it('breaks ties between equal timers by libstdc++ heap shape, not creation order', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        for (const name of ['T1', 'T2', 'T3']) node.createTimer(10n * MS, () => order.push(name));
      },
      { endAfter: 30n * MS },
    );
    assert.deepEqual(order, ['T1', 'T3', 'T2', 'T1', 'T2', 'T3', 'T1', 'T3', 'T2']);
  });

  it('pushes timers in node construction order, then creation order', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const first = new Node('first');
        const second = new Node('second');
        second.createTimer(10n * MS, () => order.push('second'));
        first.createTimer(10n * MS, () => order.push('first'));
      },
      { endAfter: 10n * MS },
    );
    assert.deepEqual(order, ['first', 'second']);
  });

  it('fires a timer built before the start once at the start, then skips missed periods', async () => {
    const times: bigint[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        node.createTimer(3n * SECOND, () => times.push(node.now().nanoseconds));
      },
      { startTime: 10n * SECOND, endAfter: 6n * SECOND },
    );
    assert.deepEqual(times, [10n * SECOND, 12n * SECOND, 15n * SECOND]);
  });

  it('keeps exact times for a start far beyond 2^53 ns (an epoch start)', async () => {
    const start = 1_600_000_000_123_456_789n;
    const times: bigint[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        node.createTimer(7n * MS, () => times.push(node.now().nanoseconds));
      },
      { startTime: start, endAfter: 10n * MS },
    );
    const firstAfter = (start / (7n * MS) + 1n) * 7n * MS;
    assert.deepEqual(
      times,
      [start, firstAfter, firstAfter + 7n * MS].filter((t) => t <= start + 10n * MS),
    );
  });

  it('delivers delayed messages at the start of their step, equal due times in insertion order', async () => {
    const order: string[] = [];
    await simulate(
      (job) => {
        const node = new Node('n');
        const slow = node.createPublisher(STRING, 'slow');
        const fast = node.createPublisher(STRING, 'fast');
        node.createSubscription(STRING, 'slow', (m) => order.push(`slow:${m.data}@${job.now() / MS}`));
        node.createSubscription(STRING, 'fast', (m) => order.push(`fast:${m.data}@${job.now() / MS}`));
        let tick = 0;
        node.createTimer(10n * MS, () => {
          tick++;
          order.push(`timer${tick}@${job.now() / MS}`);
          if (tick === 1) slow.publish('first');
          if (tick === 2) fast.publish('second');
        });
      },
      {
        endAfter: 30n * MS,
        topicDelays: new Map([
          ['/slow', 20n * MS],
          ['/fast', 10n * MS],
        ]),
      },
    );
    // Both are due at 30 ms: slow was scheduled first. Deliveries precede the timer due then.
    assert.deepEqual(order, ['timer1@10', 'timer2@20', 'slow:first@30', 'fast:second@30', 'timer3@30']);
  });

  it('skips the events of messages evicted by KEEP_LAST', async () => {
    const received: string[] = [];
    const { summary } = await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'x', keepLast(1));
        node.createSubscription(STRING, 'x', keepLast(1), (m) => received.push(m.data as string));
        const timer = node.createTimer(10n * MS, () => {
          pub.publish('1');
          pub.publish('2');
          pub.publish('3');
          timer.cancel();
        });
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(received, ['3']);
    assert.equal(summary.callbacks, 2);
  });

  it('keeps every message with KEEP_ALL', async () => {
    const received: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const keepAll = { qos: new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_ALL) };
        const pub = node.createPublisher(STRING, 'x', keepAll);
        node.createSubscription(STRING, 'x', keepAll, (m) => received.push(m.data as string));
        const timer = node.createTimer(10n * MS, () => {
          for (const text of ['1', '2', '3']) pub.publish(text);
          timer.cancel();
        });
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(received, ['1', '2', '3']);
  });

  it('replays a TRANSIENT_LOCAL publisher’s last depth messages to late TRANSIENT_LOCAL subscriptions', async () => {
    const late: string[] = [];
    const volatile: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const latched = new QoS(
          QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
          2,
          QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
          QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
        );
        const pub = node.createPublisher(STRING, 'map', { qos: latched });
        for (const text of ['1', '2', '3']) pub.publish(text);
        node.createTimer(10n * MS, () => {
          node.createSubscription(STRING, 'map', { qos: latched }, (m) => late.push(m.data as string));
          node.createSubscription(STRING, 'map', keepLast(10), (m) => volatile.push(m.data as string));
        });
      },
      { endAfter: 15n * MS },
    );
    assert.deepEqual(late, ['2', '3']);
    assert.deepEqual(volatile, []);
  });

  it('does not deliver between incompatible QoS and warns once', async () => {
    const received: string[] = [];
    const { summary } = await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'x', { qos: QoS.profileSensorData });
        node.createSubscription(STRING, 'x', { qos: QoS.profileDefault }, (m) => received.push(m.data as string));
        node.createTimer(10n * MS, () => pub.publish('lost'));
      },
      { endAfter: 50n * MS },
    );
    assert.deepEqual(received, []);
    assert.equal(summary.warnings.length, 1);
    assert.match(summary.warnings[0]!, /incompatible QoS on topic \/x.*RELIABILITY/);
  });

  it('runs promise continuations of async callbacks before time advances, at fixed positions', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        node.createService('std_srvs/srv/Trigger', 'svc', async () => {
          order.push('service');
          return { success: true, message: 'ok' };
        });
        const client = node.createClient('std_srvs/srv/Trigger', 'svc');
        node.createTimer(10n * MS, async () => {
          order.push(`timer@${node.now().nanoseconds / MS}`);
          const response = await client.sendRequestAsync({});
          order.push(`response:${response.message}@${node.now().nanoseconds / MS}`);
        });
      },
      { endAfter: 20n * MS },
    );
    assert.deepEqual(order, ['timer@10', 'service', 'response:ok@10', 'timer@20', 'service', 'response:ok@20']);
  });

  it('checks finish only at the top of a step: the rest of the instant still runs', async () => {
    const order: string[] = [];
    const { summary } = await simulate(
      (job) => {
        const node = new Node('n');
        node.createTimer(10n * MS, () => {
          order.push('finisher');
          job.finish(7);
        });
        node.createTimer(10n * MS, () => order.push('same instant'));
        node.createTimer(11n * MS, () => order.push('later'));
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(order, ['finisher', 'same instant']);
    assert.equal(summary.exitCode, 7);
    assert.equal(summary.endReason, 'finished');
    assert.equal(summary.endTime, 10n * MS);
  });

  it('ends idle when nothing is scheduled, and at the end time otherwise', async () => {
    const idle = await simulate(() => {
      const node = new Node('n');
      const timer = node.createTimer(10n * MS, () => timer.cancel());
    });
    assert.equal(idle.summary.endReason, 'idle');
    assert.equal(idle.summary.endTime, 10n * MS);
    const timed = await simulate(
      () => {
        new Node('n').createTimer(3n * MS, () => {});
      },
      { endAfter: 10n * MS },
    );
    assert.equal(timed.summary.endReason, 'end-time');
    assert.equal(timed.summary.endTime, 10n * MS);
    assert.equal(timed.summary.callbacks, 3);
  });

  it('fails a zero-delay publish cycle as a livelock naming its topics', async () => {
    await assert.rejects(
      simulate(
        () => {
          const node = new Node('n');
          const ping = node.createPublisher(STRING, 'ping');
          const pong = node.createPublisher(STRING, 'pong');
          node.createSubscription(STRING, 'ping', () => pong.publish('x'));
          node.createSubscription(STRING, 'pong', () => ping.publish('x'));
          node.createTimer(5n * MS, () => ping.publish('start'));
        },
        { maxCallbacksPerInstant: 5000 },
      ),
      (error: unknown) => {
        assert.ok(error instanceof LivelockError);
        assert.match(error.message, /instant livelock at sim time 0\.005000000s/);
        assert.deepEqual([...error.channels].sort(), ['/ping', '/pong']);
        return true;
      },
    );
  });
});
