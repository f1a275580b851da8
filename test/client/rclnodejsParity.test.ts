import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import * as rclnodejs from '../../src/compat/index.js';
import { lastJsonLine, runCli, simulate } from '../support/helpers.js';

const programs = 'test/fixtures/programs';

describe('rclnodejs parity: contexts, module shapes, test frameworks', () => {
  it('lets a program init() again after shutdown(), and ends the run when the program could do nothing more', () => {
    const result = runCli(['exec', `${programs}/reinit.cjs`, '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').slice(0, -1), [
      'before init, shut down: true',
      'createNode before init: cannot create a node in a context that is not initialized: call rclnodejs.init() first',
      'first: default context is current, shut down: false',
      'second: default context is current, shut down: false',
      'a new default context each round: true, first shut down: true',
      'init twice: The context has already been initialized.',
      'last timer at 900 ms',
    ]);
    const summary = lastJsonLine(result.stdout);
    assert.equal(summary.endReason, 'finished');
    assert.equal(summary.endTime, '900000000', 'the timer left after the last shutdown still ran');
  });

  it('runs a mocha suite inside the simulation: a callback’s throw fails its test, not the run', () => {
    const result = runCli(['exec', `${programs}/mocha/run.cjs`, `${programs}/mocha/talker.spec.cjs`, '--json']);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /✔ delivers what the talker publishes/);
    assert.match(result.stdout, /✔ waits on sim time/);
    assert.match(result.stdout, /1\) fails when a subscription callback throws/);
    assert.match(result.stdout, /✔ still runs after that failure/);
    assert.match(result.stdout, /3 passing[\s\S]*1 failing[\s\S]*Error: callback refused this/);
    assert.equal(lastJsonLine(result.stdout).exitCode, 1);
  });

  it('has the module shapes of rclnodejs 1.x', async () => {
    const required = createRequire(import.meta.url)('../../src/compat/index.js') as typeof rclnodejs & { default: unknown };
    assert.equal(required.default, rclnodejs.default, 'require(...).default is the module, as in every .cjs example');
    await simulate(async () => {
      assert.equal(rclnodejs.isShutdown(), false, "the job's own context needs no init()");
      const std = rclnodejs.require('std_msgs') as { msg: Record<string, new () => { data: unknown }> };
      assert.equal(new std.msg.String!().data, '');
      assert.ok(Object.keys(std.msg).includes('ColorRGBA'));
      const service = rclnodejs.require({ package: 'example_interfaces', type: 'srv', name: 'AddTwoInts' }) as { Request: unknown };
      assert.equal(typeof service.Request, 'function');
      assert.throws(() => rclnodejs.require('no_such_pkg'), /no interface package 'no_such_pkg'/);
      assert.equal(rclnodejs.expandTopicName('~/chatter', 'talker', '/ns'), '/ns/talker/chatter');
      assert.equal(rclnodejs.expandTopicName('{node}/out', 'talker', '/'), '/talker/out');
      assert.throws(() => rclnodejs.expandTopicName('topic', 'talker', 'ns'), /node namespace is invalid/);
      assert.equal(rclnodejs.isTopicOrServiceHidden('/a/_hidden/b'), true);
      assert.equal(rclnodejs.isTopicOrServiceHidden('/a/b_'), false);
      assert.equal(rclnodejs.validator.isValidNodeName('9lives'), false);
      assert.throws(
        () => rclnodejs.validator.validateFullTopicName('/a//b'),
        (error: unknown) =>
          error instanceof rclnodejs.NameValidationError &&
          error instanceof rclnodejs.ValidationError &&
          error.message === "Invalid topic name '/a//b': topic name must not contain repeated '/' at index 3",
      );
      assert.throws(() => rclnodejs.validator.validateNamespace('ns'), /namespace must be absolute/);
      assert.equal(rclnodejs.validator.validateTopicName('~/x/{node}'), true);
      assert.deepEqual(rclnodejs.removeROSArgs(['a', '--ros-args', '-r', 'x:=y', '--', 'b']), ['a', 'b']);
      assert.equal(rclnodejs.logging.getLogger('tool').name, 'tool');
      assert.equal(rclnodejs.Clock.ClockType.ROS_TIME, rclnodejs.ClockType.ROS_TIME);
      assert.equal(rclnodejs.toJSONString({ a: 5n, b: new Uint8Array([1, 2]), c: NaN }), '{"a":"5n","b":[1,2],"c":"NaN"}');
      const node = rclnodejs.createNode('timed');
      const timeSource = new rclnodejs.TimeSource(node);
      assert.equal(timeSource.isRosTimeActive, true, 'a simulation’s nodes have use_sim_time set');
      timeSource.isRosTimeActive = false;
      assert.equal(timeSource.isRosTimeActive, false);
      assert.equal(rclnodejs.RMWUtils.getRMWName(), rclnodejs.RMWUtils.RMWNames.FASTRTPS, 'Jazzy’s default middleware');
      rclnodejs.removeSignalHandlers();
      rclnodejs.shutdownAll();
    });
  });

  it('validates messages as rclnodejs 1.x does: every issue with its field path, opt-in checks on publish and request', async () => {
    await simulate(() => {
      const { validateMessage, ValidationProblem, MessageValidationError } = rclnodejs;
      const result = validateMessage({ linear: { x: 'fast', w: 1 }, angular: 3 }, 'geometry_msgs/msg/Twist', { strict: true });
      assert.equal(result.valid, false);
      assert.deepEqual(result.issues, [
        { field: 'linear.w', problem: ValidationProblem.UNKNOWN_FIELD },
        { field: 'linear.x', problem: 'TYPE_MISMATCH', expected: 'number', received: 'string' },
        { field: 'angular', problem: 'TYPE_MISMATCH', expected: 'object', received: 'number' },
      ]);
      assert.deepEqual(validateMessage({ data: 5 }, 'std_msgs/msg/Int64'), { valid: true, issues: [] }, 'a number for int64 is fine');
      const bounded = validateMessage({ covariance: [1, 2] }, rclnodejs.require('geometry_msgs/msg/PoseWithCovariance'));
      assert.deepEqual(bounded.issues, [{ field: 'covariance', problem: 'ARRAY_LENGTH', expected: 'exactly 36 elements', received: '2 elements' }]);
      assert.deepEqual(
        rclnodejs.validateMessage({}, 'std_msgs/msg/Header', { checkRequired: true }).issues.map((i) => i.field),
        ['stamp', 'frame_id'],
      );
      assert.deepEqual(rclnodejs.getFieldNames('geometry_msgs/msg/Pose'), ['position', 'orientation']);
      assert.deepEqual(rclnodejs.getFieldType('std_msgs/msg/Char', 'data'), {
        type: 'char',
        pkgName: null,
        isPrimitiveType: true,
        isArray: false,
        isDynamicArray: false,
        isFixedSizeArray: false,
        isUpperBound: false,
        arraySize: null,
        stringUpperBound: null,
      });
      const schema = rclnodejs.getMessageSchema('sensor_msgs/msg/NavSatStatus')!;
      assert.equal(schema.messageType, 'sensor_msgs/msg/NavSatStatus');
      assert.deepEqual(
        schema.constants.find((c) => c.name === 'STATUS_FIX'),
        { name: 'STATUS_FIX', type: 'int8', value: 0 },
      );
      const check = rclnodejs.createMessageValidator('std_msgs/msg/String', { strict: true });
      assert.equal(check({ data: 'x', extra: 1 }).valid, false);

      const node = rclnodejs.createNode('validating');
      const checked = node.createPublisher('std_msgs/msg/String', 'text', { validateMessages: true });
      assert.equal(checked.willValidateMessage, true);
      assert.throws(
        () => checked.publish({ data: 'x', colour: 'red' } as never),
        (error: unknown) =>
          error instanceof MessageValidationError &&
          error.message === "Invalid message for 'std_msgs/msg/String': colour: UNKNOWN_FIELD" &&
          error.hasFieldIssue('colour'),
      );
      checked.publish({ data: 'x', colour: 'red' } as never, { validate: false });
      checked.setValidation({ strict: false });
      checked.publish({ data: 'x', colour: 'red' } as never);
      const open = node.createPublisher('std_msgs/msg/String', 'text');
      assert.throws(() => open.publish({ data: 5 } as never, { validate: true }), /data: TYPE_MISMATCH/);
      assert.equal((open.typeClass as { type(): { interfaceName: string } }).type().interfaceName, 'String');
      const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add', { validateRequests: true });
      assert.equal(typeof (client.typeClass as { Request: unknown }).Request, 'function');
      assert.throws(
        () => client.sendRequest({ a: 'one' } as never, () => {}),
        /Invalid message for 'example_interfaces\/srv\/AddTwoInts_Request': a: TYPE_MISMATCH/,
      );
      return client.sendRequestAsync({ b: true } as never).then(
        () => assert.fail('an invalid request must reject'),
        (error: unknown) => assert.ok(error instanceof MessageValidationError),
      );
    });
  });

  it('filters a subscription by its DDS content filter, publishes service events, and has rclnodejs 1.x subscription shapes', async () => {
    const warm: number[] = [];
    const events: string[] = [];
    const shapes: unknown[] = [];
    const observed: number[] = [];
    let waited: unknown;
    let timedOut: unknown;
    await simulate(() => {
      const node = rclnodejs.createNode('filters');
      const temperature = node.createPublisher('sensor_msgs/msg/Temperature', 'temperature');
      const filtered = node.createSubscription(
        'sensor_msgs/msg/Temperature',
        'temperature',
        { contentFilter: { expression: 'temperature > %0 AND NOT header.frame_id LIKE %1', parameters: [50, "'lab%'"] } },
        (m) => warm.push(m.temperature as number),
      );
      assert.equal(filtered.hasContentFilter(), true);
      assert.deepEqual(filtered.getContentFilter(), { expression: 'temperature > %0 AND NOT header.frame_id LIKE %1', parameters: ['50', "'lab%'"] });
      assert.throws(() => filtered.setContentFilter({ expression: 'temprature > 1' }), /'temprature' is no field of the topic's type/);
      assert.throws(() => filtered.setContentFilter({ expression: 'temperature >' }), /expected a field, literal or parameter at the end/);
      for (const [t, frame] of [
        [20, 'out'],
        [60, 'out'],
        [70, 'lab1'],
        [80.5, 'field'],
      ] as const) {
        temperature.publish({ temperature: t, header: { frame_id: frame } });
      }
      filtered.setContentFilter({ expression: 'temperature BETWEEN 0 AND 30 OR variance = 1' });
      temperature.publish({ temperature: 25 });
      temperature.publish({ temperature: 90, variance: 1 });
      temperature.publish({ temperature: 95 });
      filtered.clearContentFilter();
      temperature.publish({ temperature: -5 });

      void exchange(node);
    });
    async function exchange(node: rclnodejs.Node): Promise<void> {
      const server = node.createService('example_interfaces/srv/AddTwoInts', 'add', (request) => ({ sum: request.a + request.b }));
      server.configureIntrospection(node.getClock(), 'qos_profile_services_default', rclnodejs.ServiceIntrospectionStates.CONTENTS);
      const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add');
      client.configureIntrospection(node.getClock(), 'qos_profile_services_default', rclnodejs.ServiceIntrospectionStates.METADATA);
      node.createSubscription('example_interfaces/srv/AddTwoInts_Event', '/add/_service_event', (e) => {
        const event = e as unknown as { info: { event_type: number; sequence_number: bigint }; request: { a: bigint }[]; response: { sum: bigint }[] };
        events.push(`${event.info.event_type}#${event.info.sequence_number} req=${event.request.map((r) => r.a)} res=${event.response.map((r) => r.sum)}`);
      });
      const sum = await client.sendRequestAsync({ a: 2n, b: 3n });
      assert.equal(sum.sum, 5n);

      const numbers = node.createPublisher('std_msgs/msg/Float64MultiArray', 'numbers');
      node.createSubscription('std_msgs/msg/Float64MultiArray', 'numbers', { serializationMode: 'plain' }, (m) => shapes.push(m.data));
      node.createSubscription('std_msgs/msg/Float64MultiArray', 'numbers', { serializationMode: 'json' }, (m) => shapes.push(m.data));
      assert.throws(
        () => node.createSubscription('std_msgs/msg/Float64MultiArray', 'numbers', { serializationMode: 'xml' as never }, () => {}),
        /Invalid serializationMode: xml/,
      );
      const ints = node.createPublisher('std_msgs/msg/Int32', 'ints');
      const observable = node.createObservableSubscription('std_msgs/msg/Int32', 'ints');
      observable.observable.subscribe((m) => observed.push((m as { data: number }).data * 10));
      numbers.publish({ data: [1.5, Infinity] });
      ints.publish(4);
      const later = rclnodejs.waitForMessage('std_msgs/msg/Int32', node, 'ints', { timeout: 1000 }).then((m) => (waited = m));
      ints.publish(7);
      await later;
      await rclnodejs.waitForMessage('std_msgs/msg/Int32', node, 'nobody', { timeout: 250 }).catch((error: unknown) => (timedOut = error));
      rclnodejs.shutdown();
    }
    assert.deepEqual(warm, [60, 80.5, 25, 90, -5], 'only what matched the filter of its time arrived');
    assert.deepEqual(events, ['0#1 req= res=', '1#1 req=2 res=', '2#1 req= res=5', '3#1 req= res=']);
    assert.deepEqual(shapes, [
      [1.5, Infinity],
      [1.5, 'Infinity'],
    ]);
    assert.deepEqual(observed, [40, 70]);
    assert.deepEqual(waited, { data: 7 });
    assert.ok(timedOut instanceof rclnodejs.TimeoutError);
    assert.equal((timedOut as Error).message, "waitForMessage on topic 'nobody' timeout after 250ms");
  });

  it('has rclnodejs’s message classes, QoS setters and --log-level', async () => {
    const { logs } = await simulate(async () => {
      const UInt8 = rclnodejs.require('std_msgs/msg/UInt8') as new () => { data: unknown };
      const byte = new UInt8();
      byte.data = '7';
      assert.equal(byte.data, 7, 'a setter converts as publishing does');
      assert.throws(() => (byte.data = 256), /invalid std_msgs\/msg\/UInt8: field 'data': expected uint8/);
      assert.throws(() => (byte.data = 'x'), TypeError);
      assert.equal((UInt8 as unknown as { classType: unknown }).classType, UInt8);
      assert.deepEqual(JSON.parse(JSON.stringify(byte)), { data: 7 });
      const text = rclnodejs.createMessage({ package: 'std_msgs', type: 'msg', name: 'String' }) as { toPlainObject(): unknown };
      assert.deepEqual(text.toPlainObject(), { data: '' });
      assert.throws(() => rclnodejs.createMessage('std_msgs/String'), /'package\/msg\|srv\|action\/Name'/);
      const tf2 = rclnodejs.require('tf2_msgs') as Record<'msg' | 'srv' | 'action', Record<string, new () => object>>;
      for (const kind of ['msg', 'srv', 'action'] as const) {
        for (const name of Object.getOwnPropertyNames(tf2[kind])) assert.ok(new tf2[kind][name]!(), `${kind}/${name}`);
      }
      const FrameGraph = tf2.srv.FrameGraph as unknown as { Response: new () => { frame_yaml: string }; type(): { subFolder: string } };
      assert.equal(new FrameGraph.Response().frame_yaml, '');
      assert.equal(FrameGraph.type().subFolder, 'srv');

      const qos = new rclnodejs.QoS();
      qos.depth = 5;
      assert.throws(
        () => ((qos as { depth: unknown }).depth = 'abc'),
        (error: unknown) => error instanceof rclnodejs.TypeValidationError,
      );
      assert.equal(qos.liveliness, rclnodejs.QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT);

      const context = new rclnodejs.Context();
      await rclnodejs.init(context, ['--ros-args', '--log-level', 'warn', '--log-level', 'chatty:=debug']);
      const quiet = rclnodejs.logging.getLogger('quiet');
      assert.equal(quiet.loggerEffectiveLevel, quiet.LoggingSeverity.WARN);
      quiet.info('not shown');
      quiet.warn('shown');
      rclnodejs.logging.getLogger('chatty').debug('shown too');
      await assert.rejects(rclnodejs.init(new rclnodejs.Context(), ['--ros-args', '--log-level', 'loud']), /invalid --log-level 'loud'/);
    });
    assert.deepEqual(
      logs.map((record) => record.message),
      ['shown', 'shown too'],
    );
  });

  it('runs what is ready in spinOnce() before it returns, timers first, and refuses to spin a spinning node', () => {
    const result = runCli(['exec', `${programs}/spin-once.cjs`]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n'), [
      'before spinOnce: []',
      'after spinOnce: [timer,message a,guard]',
      'after the second: [timer,message a,guard,message b]',
      'spin twice: The node is already spinning.',
      'spinOnce while spinning: The node is already spinning.',
    ]);
  });

  it('applies node-prefixed remap rules to the node’s new name, and parameter overrides in rclnodejs’s order', async () => {
    await simulate(async () => {
      const context = new rclnodejs.Context();
      await rclnodejs.init(context, [
        '--ros-args',
        '-r',
        'my_node:__node:=foo_node',
        '-r',
        'foo_node:__ns:=/foo_ns',
        '-r',
        'foo_node:/my_topic:=foo_topic',
        '-r',
        'my_node:other:=ignored',
      ]);
      const node = rclnodejs.createNode('my_node', '/my_ns', context);
      const overridden = new rclnodejs.Context();
      await rclnodejs.init(overridden, ['--ros-args', '--params-file', 'test/fixtures/params/global-then-node.yaml']);
      const overrides = rclnodejs.createNode('test_node', '', overridden).getParameterOverrides();
      assert.deepEqual(
        overrides.map((p) => `${p.name}=${p.value}`),
        ['int_param=3', 'bool_param=true'],
        'later files win, first places kept',
      );
      assert.equal(node.getFullyQualifiedName(), '/foo_ns/foo_node');
      assert.equal(node.createPublisher('std_msgs/msg/String', '/my_topic').topic, '/foo_ns/foo_topic');
      assert.equal(node.createPublisher('std_msgs/msg/String', 'other').topic, '/foo_ns/other');
    });
  });

  it('tells publishers and subscriptions of matches and incompatible peers, and prints Parameters as rclnodejs does', async () => {
    const heard: string[] = [];
    await simulate(() => {
      const node = rclnodejs.createNode('eventful');
      const publisherEvents = new rclnodejs.PublisherEventCallbacks();
      publisherEvents.matched = (s) => heard.push(`publisher matched ${s.current_count} (${s.current_count_change})`);
      publisherEvents.incompatibleQos = (s) => heard.push(`publisher incompatible QoS, policy ${s.last_policy_kind}`);
      const publisher = node.createPublisher('std_msgs/msg/String', 'news', { qos: rclnodejs.QoS.profileSensorData }, publisherEvents);
      const subscriptionEvents = new rclnodejs.SubscriptionEventCallbacks();
      subscriptionEvents.matched = (s) => heard.push(`subscription matched ${s.current_count} of ${s.total_count}`);
      const subscription = node.createSubscription('std_msgs/msg/String', 'news', { qos: rclnodejs.QoS.profileSensorData }, () => {}, subscriptionEvents);
      const picky = new rclnodejs.SubscriptionEventCallbacks();
      picky.incompatibleQos = (s) => heard.push(`subscription incompatible QoS, policy ${s.last_policy_kind}`);
      node.createSubscription('std_msgs/msg/String', 'news', { qos: rclnodejs.QoS.profileDefault }, () => {}, picky);
      node.destroySubscription(subscription);
      assert.ok(publisher);
      assert.equal(
        inspect(new rclnodejs.Parameter('rate', rclnodejs.ParameterType.PARAMETER_INTEGER, 5)),
        "Parameter { _name: 'rate', _type: 2, _value: 5n, _isDirty: true }",
      );
    });
    // The destroyed subscription's own matched event goes with it (rclnodejs destroys its event handlers).
    assert.deepEqual(heard, [
      'publisher matched 1 (1)',
      'publisher incompatible QoS, policy 16',
      'subscription incompatible QoS, policy 16',
      'publisher matched 0 (-1)',
    ]);
  });

  it('throws rclnodejs 1.x’s error classes where its error-handling example expects them, and introspects messages', async () => {
    await simulate(async () => {
      const node = rclnodejs.createNode('errors');
      await assert.rejects(
        node.createRate(2000),
        (error: unknown) => error instanceof rclnodejs.RangeValidationError && error.validationRule === '0.0 < hz <= 1000' && error.providedValue === 2000,
      );
      assert.throws(
        () => new rclnodejs.Parameter('test_param', rclnodejs.ParameterType.PARAMETER_STRING, 123),
        (error: unknown) =>
          error instanceof rclnodejs.ParameterTypeError && error.message === "Type mismatch for parameter 'test_param': expected 4, got number",
      );
      assert.throws(
        () => rclnodejs.createNode(null as never),
        (error: unknown) => error instanceof rclnodejs.RclNodeError && (error.toJSON() as { code: string }).code === 'INVALID_TYPE',
      );
      const range = new rclnodejs.FloatingPointRange(-10, 10, 0.25);
      assert.deepEqual(
        [10.000009, 9.75, 9.8, -10.1].map((v) => range.inRange(v)),
        [true, true, false, false],
        'a relative tolerance, as rclnodejs and rclpy',
      );
      const options = new rclnodejs.NodeOptions();
      options.parameterOverrides = new rclnodejs.Parameter('p', rclnodejs.ParameterType.PARAMETER_BOOL, true) as never;
      assert.equal(options.parameterOverrides.length, 1);
      options.parameterOverrides = null as never;
      assert.deepEqual(options.parameterOverrides, []);
      const twist = new rclnodejs.MessageIntrospector('geometry_msgs/msg/Twist');
      assert.deepEqual(twist.fields, ['linear', 'angular']);
      assert.deepEqual(twist.defaults, { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } });
      assert.equal(twist.schema.msgName, 'Twist');
    });
  });

  it('gives services and clients created with enableTypedArray: false plain arrays', async () => {
    const seen: string[] = [];
    await simulate(() => {
      const node = rclnodejs.createNode('mapper');
      node.createService('nav_msgs/srv/SetMap', 'set_map', { enableTypedArray: false }, (request) => {
        seen.push(`request data is an array: ${Array.isArray(request.map.data)}`);
        return { success: true };
      });
      node.createService('nav_msgs/srv/GetMap', 'get_map', () => ({ map: { data: [1, 2, 3] } }));
      const plain = node.createClient('nav_msgs/srv/GetMap', 'get_map', { enableTypedArray: false });
      const typed = node.createClient('nav_msgs/srv/GetMap', 'get_map');
      plain.sendRequest({}, (response) => seen.push(`plain client: ${Array.isArray(response.map.data)}`));
      typed.sendRequest({}, (response) => seen.push(`typed client: ${response.map.data instanceof Int8Array}`));
      node.createClient('nav_msgs/srv/SetMap', 'set_map').sendRequest({ map: { data: [4] } }, () => {});
    });
    assert.deepEqual(seen.sort(), ['plain client: true', 'request data is an array: true', 'typed client: true']);
  });

  it('passes raw bytes published as a Buffer through to raw subscriptions, as rclnodejs does, even bytes no message', async () => {
    const got: string[] = [];
    const { summary } = await simulate(() => {
      const node = rclnodejs.createNode('raw');
      const publisher = node.createPublisher('test_msgs/msg/BasicTypes', 'chatter');
      node.createSubscription('test_msgs/msg/BasicTypes', 'chatter', { isRaw: true }, (bytes) =>
        got.push(`raw ${(bytes as unknown as Buffer).toString('hex')}`),
      );
      node.createSubscription('test_msgs/msg/BasicTypes', 'chatter', () => got.push('typed'));
      publisher.publish(Buffer.from('Hello ROS World'));
      const text = node.createPublisher('std_msgs/msg/String', 'text');
      node.createSubscription('std_msgs/msg/String', 'text', (message) => got.push(`typed ${message.data}`));
      text.publish(rclnodejs.serializeMessage({ data: 'decoded' }, 'std_msgs/msg/String'));
    });
    // "null-terminated", as rclnodejs's own test has it: Fast DDS pads the 15 bytes to 16.
    assert.deepEqual(got, [`raw ${Buffer.from('Hello ROS World\0').toString('hex')}`, 'typed decoded']);
    assert.match(summary.warnings[0]!, /raw message published on \/chatter is no test_msgs\/msg\/BasicTypes \(.*\): only raw subscriptions receive it/);
  });
});
