import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import * as rclnodejs from '../src/compat/index.js';
import { lastJsonLine, runCli, simulate } from './helpers.js';

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
    const required = createRequire(import.meta.url)('../src/compat/index.js') as typeof rclnodejs & { default: unknown };
    assert.equal(required.default, rclnodejs.default, "require(...).default is the module, as in every .cjs example");
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
      assert.deepEqual(rclnodejs.validateMessage({}, 'std_msgs/msg/Header', { checkRequired: true }).issues.map((i) => i.field), ['stamp', 'frame_id']);
      assert.deepEqual(rclnodejs.getFieldNames('geometry_msgs/msg/Pose'), ['position', 'orientation']);
      assert.deepEqual(rclnodejs.getFieldType('std_msgs/msg/Char', 'data'), {
        type: 'char', pkgName: null, isPrimitiveType: true, isArray: false, isDynamicArray: false,
        isFixedSizeArray: false, isUpperBound: false, arraySize: null, stringUpperBound: null,
      });
      const schema = rclnodejs.getMessageSchema('sensor_msgs/msg/NavSatStatus')!;
      assert.equal(schema.messageType, 'sensor_msgs/msg/NavSatStatus');
      assert.deepEqual(schema.constants.find((c) => c.name === 'STATUS_FIX'), { name: 'STATUS_FIX', type: 'int8', value: 0 });
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
      assert.throws(() => client.sendRequest({ a: 'one' } as never, () => {}), /Invalid message for 'example_interfaces\/srv\/AddTwoInts_Request': a: TYPE_MISMATCH/);
      return client.sendRequestAsync({ b: true } as never).then(
        () => assert.fail('an invalid request must reject'),
        (error: unknown) => assert.ok(error instanceof MessageValidationError),
      );
    });
  });
});
