import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Context } from '../../src/client/Context.js';
import { Node } from '../../src/client/Node.js';
import { LoggingSeverity } from '../../src/ros/LogOutput.js';
import type { MessageInfo } from '../../src/ros/MessageInfo.js';
import { TypeValidationError } from '../../src/ros/rclErrors.js';
import { Simulation } from '../../src/sim/Simulation.js';
import { MS, SECOND, simulate } from '../support/helpers.js';

const STRING = 'std_msgs/msg/String';

describe('Node names', () => {
  it('validates node names and namespaces', async () => {
    await simulate(() => {
      // rmw's wording, as rcl_node_init reports it.
      assert.throws(() => new Node('1abc'), /invalid node name '1abc': node name must not start with a number/);
      assert.throws(() => new Node('with-dash'), /invalid node name 'with-dash': node name must not contain characters other than alphanumerics or '_'/);
      assert.throws(() => new Node('ok', 'bad//ns'), /invalid namespace 'bad\/\/ns': namespace must not contain repeated '\/'/);
      assert.throws(() => new Node('ok', '/trailing/'), /namespace must not end with a '\/', unless only a '\/'/);
      assert.throws(
        () => new Node(5 as never),
        (error: unknown) => error instanceof TypeValidationError,
      );
      const node = new Node('driver', 'robot1/arm');
      assert.equal(node.namespace(), '/robot1/arm');
      assert.equal(node.getFullyQualifiedName(), '/robot1/arm/driver');
      assert.equal(node.getLogger().name, 'robot1.arm.driver');
    });
  });

  it('expands relative, private and absolute topic names as ROS 2 does', async () => {
    await simulate(() => {
      const node = new Node('cam', '/robot');
      assert.equal(node.createPublisher(STRING, 'image').topic, '/robot/image');
      assert.equal(node.createPublisher(STRING, '~/status').topic, '/robot/cam/status');
      assert.equal(node.createPublisher(STRING, '/tf').topic, '/tf');
      assert.equal(node.createPublisher(STRING, '{node}/raw').topic, '/robot/cam/raw');
      assert.equal(node.createClient('std_srvs/srv/Trigger', 'reset').serviceName, '/robot/reset');
      assert.throws(() => node.createPublisher(STRING, 'a//b'), /topic name must not contain repeated '\/'/);
      assert.throws(
        () => node.createPublisher(STRING, '9lives'),
        /invalid topic name '9lives': topic name is invalid: topic name token must not start with a number/,
      );
      assert.throws(() => node.createPublisher(STRING, 'a~b'), /topic name is invalid: topic name must not have tilde '~' unless it is the first character/);
      assert.throws(
        () => node.createService('example_interfaces/srv/AddTwoInts', '"quoted"', () => ({})),
        /invalid service name '"quoted"': topic name is invalid/,
      );
      assert.throws(() => node.createPublisher('std_msgs/String/x/y', 'x'), /invalid msg type/);
    });
  });
});

describe('Publisher and Subscription', () => {
  it('gives every subscription its own copy, isolated from the publisher', async () => {
    const seen: unknown[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher('geometry_msgs/msg/Point', 'p');
        node.createSubscription('geometry_msgs/msg/Point', 'p', (m) => {
          (m as { x: number }).x = 999;
          seen.push({ ...m });
        });
        node.createSubscription('geometry_msgs/msg/Point', 'p', (m) => seen.push({ ...m }));
        const timer = node.createTimer(MS, () => {
          const point = { x: 1, y: 2, z: 3 };
          pub.publish(point);
          point.x = -1;
          timer.cancel();
        });
      },
      { endAfter: 10n * MS },
    );
    assert.deepEqual(seen, [
      { x: 999, y: 2, z: 3 },
      { x: 1, y: 2, z: 3 },
    ]);
  });

  it('in zero-copy mode hands every subscription the same message, and takes over the publisher’s typed arrays', async () => {
    for (const zeroCopy of [false, true]) {
      const received: { data: Uint8Array }[] = [];
      const published: Uint8Array[] = [];
      await simulate(
        () => {
          const node = new Node('camera');
          const pub = node.createPublisher('sensor_msgs/msg/Image', 'image');
          for (let i = 0; i < 3; i++) node.createSubscription('sensor_msgs/msg/Image', 'image', (m) => received.push(m as { data: Uint8Array }));
          const timer = node.createTimer(MS, () => {
            const data = new Uint8Array([1, 2, 3, 4]);
            published.push(data);
            pub.publish({ height: 1, width: 4, encoding: 'mono8', step: 4, data });
            timer.cancel();
          });
        },
        { endAfter: 10n * MS, zeroCopy },
      );
      assert.equal(received.length, 3);
      assert.deepEqual([...received[2]!.data], [1, 2, 3, 4]);
      const shared = received.every((m) => m === received[0]) && received[0]!.data === published[0];
      assert.equal(shared, zeroCopy, `zeroCopy: ${zeroCopy}`);
      if (!zeroCopy) assert.equal(new Set(received.map((m) => m.data)).size, 3, 'each subscription its own array');
    }
  });

  it('wraps a bare value published on a String topic into data', async () => {
    const seen: unknown[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'chatter');
        node.createSubscription(STRING, 'chatter', (m) => seen.push(m.data));
        node.createTimer(MS, () => pub.publish('Hello ROS')).cancel();
        pub.publish('Hello ROS');
      },
      { endAfter: 10n * MS },
    );
    assert.deepEqual(seen, ['Hello ROS']);
  });

  it('passes a MessageInfo with sim timestamps to two-parameter callbacks', async () => {
    const infos: MessageInfo[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'x');
        node.createSubscription(STRING, 'x', (_m, info) => {
          infos.push(info!);
        });
        node.createTimer(5n * MS, () => pub.publish('a'));
      },
      { startTime: SECOND, endAfter: 10n * MS, topicDelays: new Map([['/x', 2n * MS]]) },
    );
    // The timer was built before the start, so it first fires at the start (1 s).
    assert.equal(infos.length, 2);
    assert.equal(infos[0]!.sourceTimestamp, SECOND);
    assert.equal(infos[0]!.receivedTimestamp, SECOND + 2n * MS);
    assert.equal(infos[1]!.sourceTimestamp, SECOND + 5n * MS);
    assert.equal(infos[1]!.publicationSequenceNumber, 2n);
    assert.equal(infos[1]!.receptionSequenceNumber, 2n);
    assert.equal(infos[0]!.publisherGid.length, 16);
  });

  it('reports matched subscriptions and graph counts; destroyed entities stop receiving', async () => {
    const received: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'x');
        const sub = node.createSubscription(STRING, 'x', (m) => received.push(m.data as string));
        assert.equal(pub.subscriptionCount, 1);
        assert.equal(node.countPublishers('x'), 1);
        assert.equal(node.countSubscribers('/x'), 1);
        assert.deepEqual(node.getTopicNamesAndTypes(), [
          { name: '/parameter_events', types: ['rcl_interfaces/msg/ParameterEvent'] },
          { name: '/rosout', types: ['rcl_interfaces/msg/Log'] },
          { name: '/x', types: [STRING] },
        ]);
        let tick = 0;
        node.createTimer(MS, () => {
          pub.publish(String(++tick));
          if (tick === 2) node.destroySubscription(sub);
        });
      },
      { endAfter: 4n * MS },
    );
    assert.deepEqual(received, ['1']);
  });

  it('delivers nothing between different message types on one topic, with a warning', async () => {
    const { summary } = await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher(STRING, 'x');
        node.createSubscription('std_msgs/msg/Int32', 'x', () => assert.fail('must not be delivered'));
        pub.publish('a');
      },
      { endAfter: MS },
    );
    assert.match(summary.warnings[0]!, /type mismatch on topic \/x/);
  });
});

describe('Timer', () => {
  it('cancels, resets, reports readiness and times in sim time', async () => {
    const log: string[] = [];
    await simulate(
      (job) => {
        const node = new Node('n');
        const watched = node.createTimer(10n * MS, () => log.push(`watched@${job.now() / MS}`));
        assert.equal(watched.period, 10n * MS);
        assert.equal(watched.timeUntilNextCall(), 10n * MS);
        const check = node.createTimer(25n * MS, () => {
          check.cancel();
          assert.equal(watched.isCanceled(), false);
          assert.equal(watched.timeSinceLastCall(), 5n * MS);
          assert.equal(watched.timeUntilNextCall(), 5n * MS);
          assert.equal(watched.isReady(), false);
          watched.cancel();
          assert.equal(watched.isCanceled(), true);
        });
        const restart = node.createTimer(42n * MS, () => {
          restart.cancel();
          watched.reset();
          watched.changeTimerPeriod(3n * MS);
          assert.equal(watched.timerPeriod, 3n * MS);
        });
      },
      { endAfter: 60n * MS },
    );
    // Reset at 42 ms schedules 52 ms (old period); the new period applies from there.
    assert.deepEqual(log, ['watched@10', 'watched@20', 'watched@52', 'watched@55', 'watched@58']);
  });

  it('creates a timer from a callback, first firing one period later', async () => {
    const times: bigint[] = [];
    await simulate(
      (job) => {
        const node = new Node('n');
        const once = node.createTimer(7n * MS, () => {
          once.cancel();
          node.createTimer(5n * MS, () => times.push(job.now()));
        });
      },
      { endAfter: 20n * MS },
    );
    assert.deepEqual(times, [12n * MS, 17n * MS]);
  });
});

describe('Rate', () => {
  it('sleeps until the next tick of its sim-time schedule', async () => {
    const times: bigint[] = [];
    const loop = async (rate: Awaited<ReturnType<Node['createRate']>>, now: () => bigint): Promise<void> => {
      for (let i = 0; i < 3; i++) {
        await rate.sleep();
        times.push(now());
      }
      rate.cancel();
      assert.equal(rate.isCanceled(), true);
      await assert.rejects(rate.sleep(), /Rate has been cancelled/);
    };
    await simulate(
      (job) => {
        const node = new Node('n');
        const start = node.createTimer(3n * MS, async () => {
          start.cancel();
          const rate = await node.createRate(100);
          assert.equal(rate.frequency, 100);
          await loop(rate, () => job.now());
        });
      },
      { startTime: SECOND },
    );
    // The timer was built before the start and fires at 1 s; ticks follow every 10 ms.
    assert.deepEqual(times, [SECOND + 10n * MS, SECOND + 20n * MS, SECOND + 30n * MS]);
  });

  it('resolves a sleep begun during construction at the start, like a timer', async () => {
    const times: bigint[] = [];
    await simulate(
      async (job) => {
        const rate = await new Node('n').createRate(100);
        void rate.sleep().then(() => times.push(job.now()));
      },
      { startTime: SECOND },
    );
    assert.deepEqual(times, [SECOND]);
  });
});

describe('GuardCondition', () => {
  it('runs its callback once per trigger, through the ready FIFO', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const guard = node.createGuardCondition(() => order.push('guard'));
        const timer = node.createTimer(MS, () => {
          timer.cancel();
          guard.trigger();
          guard.trigger();
          order.push('timer');
        });
      },
      { endAfter: MS },
    );
    assert.deepEqual(order, ['timer', 'guard', 'guard']);
  });
});

describe('logging', () => {
  it('stamps records with sim time and filters by severity', async () => {
    const { logs } = await simulate(
      () => {
        const node = new Node('talker');
        node.getLogger().debug('hidden');
        node.createTimer(1500n * MS, () => node.getLogger().info('hello'));
        node.getLogger().setLoggerLevel(LoggingSeverity.DEBUG);
        node.getLogger().debug('shown');
      },
      { endAfter: 1500n * MS },
    );
    assert.deepEqual(
      logs.map((r) => [r.severity, r.name, r.message, r.time]),
      [
        [LoggingSeverity.DEBUG, 'talker', 'shown', 0n],
        [LoggingSeverity.INFO, 'talker', 'hello', 1500n * MS],
      ],
    );
  });
});

describe('Context', () => {
  it('ends the simulation when the default context shuts down', async () => {
    const { summary } = await simulate(
      () => {
        const node = new Node('n');
        node.createTimer(5n * MS, () => Context.defaultContext().shutdown());
      },
      { endAfter: SECOND },
    );
    assert.equal(summary.endReason, 'finished');
    assert.equal(summary.endTime, 5n * MS);
    assert.equal(Simulation.active, null);
  });
});
