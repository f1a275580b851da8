import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { rclnodejsLibModule } from '../../src/client/rclnodejsLibModules.js';
import * as rclnodejs from '../../src/compat/index.js';
import { at, simulate } from '../support/helpers.js';

const { Clock, ClockChange, ClockType, Duration, Parameter, ParameterType, QoS, ROSClock, Time } = rclnodejs;
const ms = (n: number): bigint => BigInt(n) * 1_000_000n;

/** A QoS profile as rclnodejs reports it, without its durations (whose objects differ by kind): the policies compared. */
function policiesOf(profile: object): object {
  const { lifespan: _lifespan, deadline: _deadline, liveliness_lease_duration: _lease, ...policies } = profile as Record<string, unknown>;
  return policies;
}

describe('rclnodejs 2.x: clocks, time sources, parameter events, QoS overrides, graph queries', () => {
  it('sleeps on sim time, and runs jump callbacks by rcl’s thresholds when a ROS clock’s override moves', async () => {
    const seen: string[] = [];
    await simulate(() => {
      const node = rclnodejs.createNode('sleeper');
      at(node, 100, async () => {
        const steady = new Clock(ClockType.STEADY_TIME);
        const start = steady.now().nanoseconds;
        seen.push(`sleepFor: ${await steady.sleepFor(new Duration(0n, ms(250)))} after ${(steady.now().nanoseconds - start) / 1_000_000n} ms`);
        seen.push(`past: ${await steady.sleepUntil(new Time(0n, 1n, ClockType.STEADY_TIME))} at ${steady.now().nanoseconds / 1_000_000n} ms`);
        await steady.sleepUntil(new Time(0n, 1n, ClockType.SYSTEM_TIME)).catch((error: Error) => seen.push(`${error.name}: ${error.message}`));

        const clock = new ROSClock();
        const jumps: string[] = [];
        const big = {
          _pre_callback: () => jumps.push('pre'),
          _post_callback: (j: { clock_change: number; delta: bigint }) => jumps.push(`big ${j.clock_change} ${j.delta}`),
        };
        const change = { _post_callback: (j: { clock_change: number }) => jumps.push(`change ${j.clock_change}`) };
        clock.addClockCallback(big, false, 1_000_000_000n, 0n);
        clock.addClockCallback(change, true, 0n, 0n);
        assert.throws(() => clock.addClockCallback(change, true, 0n, 0n), /already added/);
        assert.throws(() => clock.addClockCallback({}, true, -1n, 0n), /forward jump threshold must be positive or zero/);
        assert.equal(clock.isRosTimeActive, false, 'a new ROS clock has ROS time off, as in rcl');
        assert.equal(node.getClock().isRosTimeActive, true, 'a node’s clock has it on');
        clock.isRosTimeActive = true;
        const now = clock.now().nanoseconds;
        clock.rosTimeOverride = new Time(0n, now + ms(500));
        clock.rosTimeOverride = new Time(0n, now + ms(2500));
        clock.isRosTimeActive = false;
        clock.removeClockCallback(change);
        assert.throws(() => clock.removeClockCallback(change), /jump callback was not found/);
        seen.push(jumps.join(', '));
        seen.push(`inactive clock reads sim time: ${clock.now().nanoseconds === steady.now().nanoseconds}`);
      });
    });
    assert.deepEqual(seen, [
      'sleepFor: true after 250 ms',
      'past: true at 350 ms',
      "TypeError: until's clock type does not match this clock's type",
      // Switching on and off are changes of source; a 0 threshold is off; 0.5 s is under the 1 s one, 2 s over it.
      `change ${ClockChange.ROS_TIME_ACTIVATED}, pre, big ${ClockChange.ROS_TIME_NO_CHANGE} 2000000000, change ${ClockChange.ROS_TIME_DEACTIVATED}`,
      'inactive clock reads sim time: true',
    ]);
  });

  it('makes clocks attached to a TimeSource follow /clock, and wakes their sleeps as it advances', async () => {
    const seen: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('follower');
        const timeSource = new rclnodejs.TimeSource(node);
        const clock = new ROSClock();
        timeSource.attachClock(clock);
        const clockPublisher = node.createPublisher('rosgraph_msgs/msg/Clock', '/clock');
        at(node, 50, () => seen.push(`before any /clock: ${clock.now().nanoseconds / 1_000_000n} ms`));
        let published = 100;
        const ticker = node.createTimer(ms(100), () => {
          published += 1000;
          clockPublisher.publish({ clock: Time.fromNanoseconds(ms(published)).toMsg() });
          if (published > 5000) ticker.cancel();
        });
        at(node, 150, async () => {
          seen.push(`after /clock: ${clock.now().nanoseconds / 1_000_000n} ms, node clock ${node.now().nanoseconds / 1_000_000n} ms`);
          const woke = await clock.sleepFor(new Duration(2n, 0n));
          seen.push(`slept 2 s of /clock time: ${woke}, at sim ${node.now().nanoseconds / 1_000_000n} ms, clock ${clock.now().nanoseconds / 1_000_000n} ms`);
        });
      },
      { endAfter: ms(1000) },
    );
    assert.deepEqual(seen, [
      'before any /clock: 50 ms',
      'after /clock: 1100 ms, node clock 150 ms',
      // /clock says 1.1 s at 100 ms, 2.1 s at 200 ms and 3.1 s at 300 ms: 2 s after 1.1 s.
      'slept 2 s of /clock time: true, at sim 300 ms, clock 3100 ms',
    ]);
  });

  it('calls ParameterEventHandler callbacks for the parameters and nodes they name, the last added first', async () => {
    const seen: string[] = [];
    await simulate(() => {
      const target = rclnodejs.createNode('target');
      const other = rclnodejs.createNode('other');
      const watcher = rclnodejs.createNode('watcher');
      target.declareParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 1.0));
      other.declareParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 1.0));
      const handler = watcher.createParameterEventHandler();
      handler.addParameterCallback('speed', '/target', (p) => seen.push(`first speed of type ${(p.value as { type: number }).type}`));
      // A callback's throw is only logged at debug level, as rclnodejs does; the others still run.
      handler.addParameterCallback('speed', '/target', () => JSON.stringify(10n));
      handler.addParameterCallback('speed', 'target', (p) => seen.push(`second speed ${(p.value as { double_value: number }).double_value}`));
      const removed = handler.addParameterCallback('speed', '/target', () => seen.push('removed one ran'));
      handler.removeParameterCallback(removed);
      assert.throws(() => handler.removeParameterCallback(removed), /Callback doesn't exist|No callbacks registered/);
      handler.addParameterEventCallback((event) => seen.push(`event from ${event.node}`));
      at(target, 10, () => target.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 2.5)));
      at(other, 20, () => other.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 9.0)));
      at(watcher, 30, () => assert.equal(handler.configureNodesFilter(['other']), true));
      at(target, 40, () => target.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 3.0)));
      at(other, 50, () => other.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 4.0)));
      at(watcher, 60, () => {
        watcher.destroyParameterEventHandler(handler);
        assert.throws(() => handler.addParameterEventCallback(() => {}), /has been destroyed/);
      });
    });
    assert.deepEqual(seen, [
      'second speed 2.5',
      'first speed of type 3',
      'event from /target',
      'event from /other',
      // With the nodes filter only /other's events arrive.
      'event from /other',
    ]);
  });

  it('lets parameters override a topic endpoint’s QoS when its QoSOverridingOptions allow it', async () => {
    const received: string[] = [];
    const { summary } = await simulate(() => {
      const options = new rclnodejs.NodeOptions();
      options.parameterOverrides = [new Parameter('qos_overrides./chatter.publisher.reliability', ParameterType.PARAMETER_STRING, 'best_effort')];
      const talker = rclnodejs.createNode('talker', '', rclnodejs.Context.defaultContext(), options);
      const listener = rclnodejs.createNode('listener');
      const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 10, QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE);
      const publisher = talker.createPublisher('std_msgs/msg/String', 'chatter', {
        qos,
        qosOverridingOptions: rclnodejs.QoSOverridingOptions.withDefaultPolicies(),
      });
      assert.equal(qos.reliability, QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT, 'the override is applied to the QoS object');
      assert.equal(talker.getParameter('qos_overrides./chatter.publisher.history').value, 'keep_last');
      assert.equal(talker.getParameter('qos_overrides./chatter.publisher.depth').value, 10n);
      assert.equal(talker.getParameterDescriptor('qos_overrides./chatter.publisher.depth').readOnly, true);
      listener.createSubscription('std_msgs/msg/String', 'chatter', (m) => received.push(m.data));
      at(talker, 10, () => publisher.publish({ data: 'lost: a reliable subscription and a best-effort publisher do not match' }));
      assert.throws(
        () =>
          talker.createPublisher('std_msgs/msg/String', 'refused', {
            qosOverridingOptions: new rclnodejs.QoSOverridingOptions([rclnodejs.QoSPolicyKind.DEPTH], {
              callback: (q) => ({ successful: q.depth > 100, reason: 'depth must be over 100' }),
            }),
          }),
        /QoS override validation failed: depth must be over 100/,
      );
    });
    assert.deepEqual(received, []);
    assert.match(summary.warnings.join('\n'), /incompatible QoS on topic \/chatter:.*RELIABILITY/);
  });

  it('runs pre-set, on-set and post-set parameter callbacks in rclnodejs’s order', async () => {
    const order: string[] = [];
    await simulate(() => {
      const node = rclnodejs.createNode('tuned');
      node.declareParameter(new Parameter('gain', ParameterType.PARAMETER_INTEGER, 10n));
      node.addPreSetParametersCallback((parameters) => {
        order.push('pre');
        return parameters.map((p) => new Parameter(p.name, p.type, (p.value as bigint) * 2n));
      });
      node.addOnSetParametersCallback(() => {
        order.push('on');
        return { successful: true, reason: '' };
      });
      const post = (parameters: rclnodejs.Parameter[]): void => void order.push(`post ${parameters[0]!.value}`);
      node.addPostSetParametersCallback(post);
      assert.equal(node.setParameter(new Parameter('gain', ParameterType.PARAMETER_INTEGER, 5n)).successful, true);
      assert.equal(node.getParameter('gain').value, 10n, 'the pre-set callback doubled it');
      node.removePostSetParametersCallback(post);
      node.addPreSetParametersCallback(() => []);
      const refused = node.setParameter(new Parameter('gain', ParameterType.PARAMETER_INTEGER, 7n));
      assert.deepEqual(refused, { successful: false, reason: 'parameter list is empty after pre-set callback; set rejected' });
      assert.deepEqual(node.getParameterTypes(['gain', 'missing']), [ParameterType.PARAMETER_INTEGER]);
      const descriptor = new rclnodejs.ParameterDescriptor('gain', ParameterType.PARAMETER_INTEGER);
      descriptor.range = new rclnodejs.IntegerRange(0, 20, 1);
      assert.throws(() => descriptor.validateParameter(new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 1.5)), rclnodejs.ParameterTypeError);
      assert.throws(() => descriptor.validateParameter(new Parameter('gain', ParameterType.PARAMETER_INTEGER, 30n)), rclnodejs.RangeValidationError);
    });
    assert.deepEqual(order, ['pre', 'on', 'post 10']);
  });

  it('serves a node’s logger levels when its NodeOptions enable the logger service', async () => {
    const answers: unknown[] = [];
    const { logs } = await simulate(() => {
      const options = new rclnodejs.NodeOptions();
      options.enableLoggerService = true;
      const node = rclnodejs.createNode('chatty', '/ns', rclnodejs.Context.defaultContext(), options);
      const tool = rclnodejs.createNode('tool');
      assert.equal(tool.countServices('/ns/chatty/set_logger_levels'), 1);
      assert.equal(tool.countServices('/tool/get_logger_levels'), 0, 'off by default, as in rclnodejs and rclcpp');
      const set = tool.createClient('rcl_interfaces/srv/SetLoggerLevels', '/ns/chatty/set_logger_levels');
      const get = tool.createClient('rcl_interfaces/srv/GetLoggerLevels', '/ns/chatty/get_logger_levels');
      at(tool, 10, async () => {
        answers.push(
          await set.sendRequestAsync({
            levels: [
              { name: 'ns.chatty', level: 10 },
              { name: 'other', level: 7 },
            ],
          }),
        );
        answers.push(await get.sendRequestAsync({ names: ['ns.chatty', 'ns.chatty.child', 'unknown'] }));
        node.getLogger().debug('now visible');
      });
    });
    assert.deepEqual(answers, [
      {
        results: [
          { successful: true, reason: '' },
          { successful: false, reason: 'invalid logging severity 7' },
        ],
      },
      {
        levels: [
          { name: 'ns.chatty', level: 10 },
          { name: 'ns.chatty.child', level: 0 },
          { name: 'unknown', level: 0 },
        ],
      },
    ]);
    assert.ok(logs.some((record) => record.name === 'ns.chatty' && record.message === 'now visible'));
  });

  it('checks create* options as rclnodejs does and offers its message_serialization helpers', async () => {
    await simulate(() => {
      const node = rclnodejs.createNode('optioned');
      assert.throws(() => node.createPublisher('std_msgs/msg/String', 'a', 'reliable' as never), rclnodejs.TypeValidationError);
      assert.throws(() => node.createSubscription('std_msgs/msg/String', 'a', null as never, () => {}), rclnodejs.TypeValidationError);
      assert.throws(
        () => node.createSubscription('std_msgs/msg/String', 'a', { serializationMode: 'yaml' as never }, () => {}),
        /Invalid serializationMode: yaml\. Valid modes are: 'default', 'plain', 'json'/,
      );
      const options: Record<string, unknown> = {};
      assert.equal(node.createSubscription('std_msgs/msg/String', 'a', options as never, () => {}).serializationMode, 'default');
      assert.deepEqual(options, { enableTypedArray: true, qos: QoS.profileDefault, isRaw: false, serializationMode: 'default' }, 'defaults filled in');
      const serialization = rclnodejsLibModule('message_serialization.js') as typeof import('../../src/ros/jsonSafe.js');
      assert.deepEqual(serialization.toJSONSafe({ big: 5n, gone: undefined, typed: new Int8Array([-1]) }), { big: '5n', gone: undefined, typed: [-1] });
      assert.deepEqual(serialization.applySerializationMode({ data: new Uint8Array([1]) }, 'plain'), { data: [1] });
      assert.equal(serialization.needsJSONConversion(Number.NaN), true);
    });
  });

  it('has rclnodejs 2.x’s ParameterClient: lazy service clients, value typing, its errors, destroyed with its node', async () => {
    const seen: unknown[] = [];
    await simulate(() => {
      const target = rclnodejs.createNode('target');
      target.declareParameter(new Parameter('blob', ParameterType.PARAMETER_BYTE_ARRAY, [1, 2]));
      target.declareParameter(new Parameter('ids', ParameterType.PARAMETER_INTEGER_ARRAY, [1n]));
      const tool = rclnodejs.createNode('tool');
      const client = tool.createParameterClient('/target');
      assert.equal(client.remoteNodeName, 'target');
      assert.equal(tool._clients.length, 0, 'no service client before the first call');
      assert.throws(() => new rclnodejs.ParameterClient(tool, 'bad@name'), rclnodejs.NameValidationError);
      at(tool, 10, async () => {
        seen.push(
          await client.setParameters([
            { name: 'blob', value: new Uint8Array([7, 8]) },
            { name: 'ids', value: [3, 4] },
          ]),
        );
        seen.push((await client.getParameters(['blob', 'ids', 'nothing'])).map((p) => [p.name, p.value]));
        seen.push(tool._clients.map((c) => c.serviceName));
        await client.getParameters([]).catch((error: Error) => seen.push(error.name));
        tool.destroy();
        seen.push(client.isDestroyed());
        await client.getParameter('blob').catch((error: Error) => seen.push(error.message));
      });
    });
    assert.deepEqual(seen, [
      [
        { name: 'blob', successful: true, reason: '' },
        { name: 'ids', successful: true, reason: '' },
      ],
      [
        ['blob', [7, 8]],
        ['ids', [3n, 4n]],
      ],
      ['/target/set_parameters', '/target/get_parameters'],
      'TypeValidationError',
      true,
      'ParameterClient has been destroyed',
    ]);
  });

  it('has rclnodejs 2.x’s ParameterWatcher: declared, changed and undeclared watched parameters, its checks', async () => {
    const seen: string[] = [];
    await simulate(() => {
      const target = rclnodejs.createNode('target');
      const watching = rclnodejs.createNode('watching');
      assert.throws(() => watching.createParameterWatcher('target', []), rclnodejs.TypeValidationError);
      const watcher = watching.createParameterWatcher('/target', ['gain']);
      at(watching, 1, async () => {
        seen.push(`started: ${await watcher.start(100)}`);
        watcher.on('change', (parameters: { name: string }[]) => seen.push(`change ${parameters.map((p) => p.name).join(',')}`));
      });
      at(target, 10, () => {
        target.declareParameter(new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 1.0));
        target.declareParameter(new Parameter('other', ParameterType.PARAMETER_DOUBLE, 1.0));
        target.undeclareParameter('gain');
      });
      at(watching, 20, () => {
        watching.destroyParameterWatcher(watcher);
        assert.equal(watcher.listenerCount('change'), 0);
        assert.throws(() => watcher.addParameter('x'), /ParameterWatcher has been destroyed/);
      });
    });
    assert.deepEqual(seen, ['started: true', 'change gain', 'change gain']);
  });

  it('gives timer callbacks their TimerInfo and has rclnodejs 2.x’s timer options and methods', async () => {
    const seen: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('timed');
        const ticking = node.createTimer(ms(100), (info) => {
          seen.push(`tick due ${info.expectedCallTime / 1_000_000n} ran ${info.actualCallTime / 1_000_000n} next ${ticking.getNextCallTime() / 1_000_000n}`);
          if (info.actualCallTime >= ms(200)) ticking.cancel();
        });
        const idle = node.createTimer(ms(50), () => seen.push(`idle ran at ${node.now().nanoseconds / 1_000_000n}`), { autostart: false });
        assert.equal(idle.isCanceled(), true);
        assert.equal(idle.timerPeriod, ms(50));
        idle.setOnResetCallback((resets) => seen.push(`reset x${resets}`));
        at(node, 120, () => {
          idle.reset();
          const info = ticking.callTimerWithInfo();
          seen.push(
            `called by hand: due ${info.expectedCallTime / 1_000_000n} at ${info.actualCallTime / 1_000_000n}, next ${ticking.getNextCallTime() / 1_000_000n}`,
          );
        });
        at(node, 175, () => idle.cancel());
        assert.throws(() => node.createTimer(ms(1), () => {}, { autostart: 'yes' as never }), rclnodejs.TypeValidationError);
      },
      { endAfter: ms(400) },
    );
    assert.deepEqual(seen, [
      'tick due 100 ran 100 next 200',
      'reset x1',
      'called by hand: due 200 at 120, next 300',
      'idle ran at 170',
      'tick due 300 ran 300 next 400',
    ]);
  });

  it('tells a timer due at the start, or overdue there, the time it was due, and drops a call held while its node did not spin once the timer is canceled', async () => {
    const seen: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('timed');
        const driver = rclnodejs.createNode('driver');
        const call = (info: { expectedCallTime: bigint; actualCallTime: bigint }): string =>
          `due ${info.expectedCallTime / 1_000_000n} ran ${info.actualCallTime / 1_000_000n}`;
        // Made before the start (10 s): due at 0 ms and at 1000 ms, both called at the start.
        const now = node.createTimer(0n, (info) => {
          seen.push(`now ${call(info)}`);
          now.cancel();
        });
        const overdue = node.createTimer(ms(1000), (info) => {
          seen.push(`overdue ${call(info)}`);
          overdue.cancel();
          // The node stops, and holds the 10 100 ms call; the timer is canceled before it spins again.
          const held = node.createTimer(ms(100), () => seen.push(`held ran at ${node.now().nanoseconds / 1_000_000n}`));
          node.stop();
          const later = driver.createTimer(ms(150), () => {
            later.cancel();
            held.cancel();
            node.spin();
            seen.push(`spun at ${node.now().nanoseconds / 1_000_000n}`);
          });
        });
      },
      { startTime: ms(10_000), endAfter: ms(400) },
    );
    assert.deepEqual(seen, ['now due 0 ran 10000', 'overdue due 1000 ran 10000', 'spun at 10150']);
  });

  it('takes a node’s own ROS arguments, plain NodeOptions objects, and has rclnodejs 2.x’s entity accessors', async () => {
    const { logs } = await simulate(async () => {
      const context = new rclnodejs.Context();
      await rclnodejs.init(context, ['--ros-args', '-r', '__ns:=/global', '-p', 'rate:=1']);
      const local = rclnodejs.createNode('mover', '', context, rclnodejs.NodeOptions.defaultOptions, ['--ros-args', '-r', 'cmd:=cmd_vel', '-p', 'rate:=5']);
      assert.equal(local.namespace(), '/global', 'the global arguments apply too');
      assert.equal(local.getParameterOverrides().find((p) => p.name === 'rate')!.value, 5n, 'the node’s own -p wins');
      const alone = rclnodejs.createNode('alone', '', context, { startParameterServices: false }, ['--ros-args', '-r', '__ns:=/mine'], false);
      assert.equal(alone.getFullyQualifiedName(), '/mine/alone', 'no global arguments without useGlobalArguments');
      assert.equal(alone.countServices('/mine/alone/get_parameters'), 0, 'a plain NodeOptions object is taken');
      const publisher = local.createPublisher('geometry_msgs/msg/Twist', 'cmd', { qos: QoS.profileSensorData });
      assert.equal(publisher.topic, '/global/cmd_vel');
      assert.equal(publisher.qos, QoS.profileSensorData, 'qos is what the program gave');
      assert.equal(publisher.typedArrayEnabled, true);
      assert.equal(publisher.loggerName, 'global.mover');
      const service = local.createService('std_srvs/srv/Empty', 'reset', () => ({}));
      assert.deepEqual(policiesOf(service.getOptions()), {
        depth: 10,
        history: 1,
        reliability: 1,
        durability: 2,
        liveliness: 1,
        avoid_ros_namespace_conventions: false,
      });
      const action = new rclnodejs.ActionServer(local, 'action_tutorials_interfaces/action/Fibonacci', 'fib', () => ({ sequence: [] }));
      assert.deepEqual(action.getNumEntities(), { subscriptionsNumber: 0, guardConditionsNumber: 0, timersNumber: 1, clientsNumber: 0, servicesNumber: 3 });
      const lifecycle = rclnodejs.createLifecycleNode('managed', '', context);
      assert.equal(lifecycle.isInitialized, true);
      lifecycle.print();
      assert.match(rclnodejs.Logging.getLoggingDirectory(), /log$/);
    });
    const printed = logs.filter((record) => record.name === 'rcl_lifecycle').map((record) => record.message);
    assert.ok(printed.includes('Primary State: unconfigured(1)\n# of valid transitions: 2'), printed.join(' | '));
    assert.ok(printed.includes('\tNode unconfigured: Transition: configure'));
  });

  it('answers rclnodejs 2.x graph queries and lists a node’s entities as rclnodejs keeps them', async () => {
    await simulate(() => {
      const node = rclnodejs.createNode('graphed', '/robot');
      const publisher = node.createPublisher('std_msgs/msg/String', 'status', { qos: QoS.profileSensorData });
      node.createSubscription('std_msgs/msg/String', '/robot/status', () => {});
      const [info] = node.getPublishersInfoByTopic('status');
      assert.equal(info!.node_name, 'graphed');
      assert.equal(info!.node_namespace, '/robot');
      assert.equal(info!.topic_type, 'std_msgs/msg/String');
      assert.equal(info!.endpoint_type, 1);
      assert.equal(info!.endpoint_gid.length, 16);
      assert.equal(info!.topic_type_hash.value.toString('hex'), 'df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18');
      assert.deepEqual(policiesOf(info!.qos_profile), {
        depth: 5,
        history: 1,
        reliability: 2,
        durability: 2,
        liveliness: 1,
        avoid_ros_namespace_conventions: false,
      });
      assert.equal(node.getSubscriptionsInfoByTopic('/robot/status')[0]!.endpoint_type, 2);
      node.createService('std_srvs/srv/Trigger', 'reset', () => ({ success: true, message: '' }));
      node.createService('std_srvs/srv/Empty', 'reset', () => ({}));
      assert.equal(node.countServices('reset'), 2, 'two servers of one service name');
      assert.equal(node.resolveTopicName('~/out'), '/robot/graphed/out');
      assert.equal(node.getRMWImplementationIdentifier(), 'rmw_fastrtps_cpp');
      const { DistroUtils } = rclnodejs;
      assert.deepEqual(
        [DistroUtils.getDistroId(), DistroUtils.getDistroId('lyrical'), DistroUtils.getDistroId('xxx')],
        [DistroUtils.DistroId.JAZZY, 2605, DistroUtils.DistroId.FUTURE],
        'Jazzy is simulated; an unknown name is taken as newer than Rolling, as rclnodejs 2.x does',
      );
      assert.deepEqual(node.getNodeNamesAndNamespacesWithEnclaves(), [{ name: 'graphed', namespace: '/robot', enclave: '/' }]);

      const parameterEvents = node._publishers.length;
      const client = new rclnodejs.ActionClient(node, 'action_tutorials_interfaces/action/Fibonacci', 'fib');
      new rclnodejs.ActionServer(node, 'action_tutorials_interfaces/action/Fibonacci', 'fib', () => ({ sequence: [] }));
      assert.equal(node.countActionClients('fib'), 1);
      assert.equal(node.countActionServers('fib'), 1);
      assert.equal(node._actionClients.length, 1);
      assert.equal(node._actionServers.length, 1);
      assert.equal(node._publishers.length, parameterEvents, 'an action’s own topics are not the node’s publishers');
      assert.equal(node._clients.length, 0);
      client.destroy();
      assert.equal(node.countActionClients('fib'), 0, 'a destroyed action client leaves the graph');
      assert.equal(node._actionClients.length, 0);
      const events = new rclnodejs.SubscriptionEventCallbacks();
      const statuses: unknown[] = [];
      events.deadline = (status) => statuses.push(status);
      events.liveliness = (status) => statuses.push(status);
      const watched = node.createSubscription('std_msgs/msg/String', 'status', undefined, () => {}, events);
      assert.equal(node._events.length, 2, 'one event handler per callback given, as rclnodejs makes them');
      for (const event of node._events) event.takeData();
      assert.deepEqual(statuses, [
        { total_count: 0, total_count_change: 0 },
        { alive_count: 0, not_alive_count: 0, alive_count_change: 0, not_alive_count_change: 0 },
      ]);
      node.destroySubscription(watched);
      assert.equal(node._events.length, 0, 'destroyed with their subscription');
      assert.throws(() => node.destroyPublisher('status' as never), rclnodejs.TypeValidationError);
      node.destroyPublisher(publisher);
      assert.equal(node.getPublishersInfoByTopic('status').length, 0);
    });
  });

  it('publishes a node’s logs on /rosout as rcl does: caller location, child loggers, late joiners, one publisher per name', async () => {
    const heard: string[] = [];
    const { logs } = await simulate(() => {
      const node = rclnodejs.createNode('talker', '/robot');
      const child = node.getLogger().getChild('planner');
      function reportSpeed(): void {
        node.getLogger().info('speed 2.0');
      }
      const quiet = rclnodejs.createNode('quiet', '', undefined, { enableRosout: false });
      rclnodejs.createNode('talker', '/robot', undefined, { enableRosout: false }).destroy(); // takes no part: talker keeps its name
      const echo = rclnodejs.createNode('echo');
      const twin = rclnodejs.createNode('echo');
      assert.equal(quiet.countPublishers('/rosout'), 2, 'talker and the first echo publish on /rosout; quiet and the twin do not');
      at(node, 10, () => {
        reportSpeed();
        child.warn('replanning');
        node.getLogger().debug('below the level: neither printed nor published');
        rclnodejs.logging.getLogger('free').info('a logger of no node: printed, not published');
        assert.throws(() => node.getLogger().info(42 as never), rclnodejs.TypeValidationError, 'rclnodejs logs strings only');
        child.destroy();
        child.warn('after destroy: printed, not published');
        echo.getLogger().info('echo before its twin goes');
        twin.destroy();
        echo.getLogger().info('echo after its twin went: its name is unregistered, as in rcl');
        assert.equal(node.countPublishers('/rosout'), 2, 'echo keeps its publisher while it lives');
      });
      at(node, 30, () => {
        echo.destroy();
        assert.equal(node.countPublishers('/rosout'), 1, 'a destroyed node’s /rosout publisher goes with it');
      });
      at(node, 20, () => {
        // /rosout keeps the last 1000 records of each publisher (transient local): a late subscriber hears them.
        const qos = new QoS(
          QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
          100,
          QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
          QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
        );
        node.createSubscription('rcl_interfaces/msg/Log', '/rosout', { qos }, (m) => {
          heard.push(`${m.stamp.sec}.${m.stamp.nanosec} ${m.level} ${m.name}: ${m.msg} @ ${m.function} ${m.file}:${m.line}`);
        });
      });
    });
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
    const lineOf = (text: string): number => source.findIndex((l) => l.includes(text)) + 1;
    const file = basename(fileURLToPath(import.meta.url));
    assert.deepEqual(
      heard.map((h) => h.replace(/@ [^ ]+ /, (at) => (at.includes('reportSpeed') ? at : '@ … '))),
      [
        `0.10000000 20 robot.talker: speed 2.0 @ reportSpeed ${file}:${lineOf("node.getLogger().info('speed 2.0')")}`,
        `0.10000000 30 robot.talker.planner: replanning @ … ${file}:${lineOf("child.warn('replanning')")}`,
        `0.10000000 20 echo: echo before its twin goes @ … ${file}:${lineOf("echo.getLogger().info('echo before")}`,
      ],
    );
    assert.ok(logs.some((r) => r.name === 'rcl.logging_rosout' && r.message.startsWith("Publisher already registered for node name: 'echo'.")));
    assert.equal(logs.filter((r) => r.name.startsWith('robot.talker')).length, 3, 'printed: speed, replanning and the line after destroy');
  });

  it('serves ~/get_type_description for the types a node uses, by hash, as rcl answers', async () => {
    const answers: unknown[] = [];
    await simulate(() => {
      const node = rclnodejs.createNode('typed');
      const publisher = node.createPublisher('geometry_msgs/msg/PoseStamped', 'pose');
      const asker = rclnodejs.createNode('asker');
      const client = asker.createClient('type_description_interfaces/srv/GetTypeDescription', '/typed/get_type_description');
      const { toTypeHash } = rclnodejsLibModule('type_description_service.js') as { toTypeHash(hash: { version: number; value: Buffer }): string };
      const hash = toTypeHash(node.getPublishersInfoByTopic('/pose')[0]!.topic_type_hash);
      at(asker, 10, async () => {
        const found = await client.sendRequestAsync({ type_name: 'ignored by rcl', type_hash: hash, include_type_sources: true });
        answers.push([
          found.successful,
          found.type_description.type_description.type_name,
          found.type_description.referenced_type_descriptions.map((d) => d.type_name),
          found.type_sources.map((t) => `${t.type_name}:${t.encoding}`),
        ]);
        const bare = await client.sendRequestAsync({ type_name: '', type_hash: `RIHS01_${hash.slice(7).toUpperCase()}`, include_type_sources: false });
        answers.push([bare.successful, bare.type_sources.length]);
        answers.push(await client.sendRequestAsync({ type_name: '', type_hash: 'RIHS01_00' }).then((r) => r.failure_reason));
        node.destroyPublisher(publisher);
        answers.push(await client.sendRequestAsync({ type_name: '', type_hash: hash }).then((r) => r.failure_reason));
      });
      const off = rclnodejs.createNode('untyped', '', undefined, {
        parameterOverrides: [new Parameter('start_type_description_service', ParameterType.PARAMETER_BOOL, false)],
      });
      assert.equal(off.getParameter('start_type_description_service').value, false);
      assert.equal(off.getParameterDescriptor('start_type_description_service').readOnly, true);
      assert.equal(off.countServices('/untyped/get_type_description'), 0);
      const none = rclnodejs.createNode('bare', '', undefined, { startTypeDescriptionService: false });
      assert.equal(none.hasParameter('start_type_description_service'), false);
    });
    assert.deepEqual(answers, [
      [
        true,
        'geometry_msgs/msg/PoseStamped',
        ['builtin_interfaces/msg/Time', 'geometry_msgs/msg/Point', 'geometry_msgs/msg/Pose', 'geometry_msgs/msg/Quaternion', 'std_msgs/msg/Header'],
        [
          'geometry_msgs/msg/PoseStamped:msg',
          'builtin_interfaces/msg/Time:msg',
          'geometry_msgs/msg/Point:msg',
          'geometry_msgs/msg/Pose:msg',
          'geometry_msgs/msg/Quaternion:msg',
          'std_msgs/msg/Header:msg',
        ],
      ],
      [true, 0],
      'Failed to parse type hash',
      'Type not currently in use by this node',
    ]);
  });
});
