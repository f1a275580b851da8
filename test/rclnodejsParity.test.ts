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
});
