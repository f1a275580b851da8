import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import rclnodejs from '../../src/compat/index.js';
import { MS, simulate } from '../support/helpers.js';

describe('the rclnodejs-shaped module', () => {
  it('runs a program written for rclnodejs: init().then(createNode …; spin)', async () => {
    const heard: string[] = [];
    const { summary, logs } = await simulate(
      () => {
        void rclnodejs.init().then(() => {
          const talker = rclnodejs.createNode('talker');
          const publisher = talker.createPublisher('std_msgs/msg/String', 'topic');
          let count = 0;
          talker.createTimer(BigInt(1000) * 1_000_000n, () => {
            publisher.publish(`Hello ROS ${count++}`);
          });
          const listener = new rclnodejs.Node('listener');
          listener.createSubscription('std_msgs/msg/String', 'topic', (msg) => {
            heard.push(msg.data as string);
            listener.getLogger().info(`I heard: [${msg.data}]`);
            if (heard.length === 3) rclnodejs.shutdown();
          });
          rclnodejs.spin(talker);
          rclnodejs.spin(listener);
          assert.equal(talker.spinning, true);
        });
      },
      { endAfter: 100n * 1000n * MS },
    );
    assert.deepEqual(heard, ['Hello ROS 0', 'Hello ROS 1', 'Hello ROS 2']);
    assert.equal(summary.endReason, 'finished');
    assert.equal(summary.endTime, 3000n * MS);
    assert.equal(logs[0]!.message, 'I heard: [Hello ROS 0]');
  });

  it('offers rclnodejs’s names', () => {
    for (const name of [
      'init',
      'createNode',
      'spin',
      'spinOnce',
      'shutdown',
      'isShutdown',
      'Node',
      'Publisher',
      'Subscription',
      'Client',
      'Service',
      'Timer',
      'Rate',
      'Clock',
      'ROSClock',
      'Time',
      'Duration',
      'ClockType',
      'QoS',
      'Logging',
      'Parameter',
      'ParameterType',
      'ParameterDescriptor',
      'IntegerRange',
      'FloatingPointRange',
      'Context',
      'NodeOptions',
      'GuardCondition',
      'MessageInfo',
      'TimeoutError',
      'AbortError',
      'DEFAULT_OPTIONS',
    ]) {
      assert.ok(name in rclnodejs, name);
    }
  });

  it('refuses to run outside a simulation with a clear message', async () => {
    await assert.rejects(rclnodejs.init(), /no rclsim simulation is active/);
    assert.throws(() => rclnodejs.createNode('x'), /no rclsim simulation is active/);
  });
});
