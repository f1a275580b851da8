import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import rclnodejs from '../../src/compat/index.js';
import { runCli, simulate } from '../support/helpers.js';

describe('lifecycle nodes', () => {
  it('run the REP 2007 state machine through their services, publishing only while active', () => {
    const result = runCli(['exec', 'test/fixtures/programs/lifecycle.cjs', '--quiet']);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.split('\n').slice(0, 15), [
      'on_configure() from unconfigured',
      'event: configure unconfigured -> configuring',
      'event: transition_success configuring -> inactive',
      'configure: true',
      'on_activate()',
      'event: activate inactive -> activating',
      'event: transition_success activating -> active',
      'activate: true',
      'heard: Lifecycle HelloWorld #2 at 2000',
      'heard: Lifecycle HelloWorld #3 at 3000',
      'event: deactivate active -> deactivating',
      'event: transition_failure deactivating -> active',
      'deactivate: false',
      'state: active (3), available: deactivate,shutdown',
      'bogus: false',
    ]);
    assert.match(
      result.stderr,
      /\[WARN\] \[1\.000000000\] \[talker\]: Trying to publish message on the topic '\/lifecycle_chatter', but the publisher is not activated/,
    );
  });

  it('lists rcl_lifecycle’s 11 states, unknown first', async () => {
    await simulate(() => {
      const node = rclnodejs.createLifecycleNode('listed');
      assert.deepEqual(
        node.availableStates.map((state) => `${state.label}=${state.id}`),
        [
          'unknown=0',
          'unconfigured=1',
          'inactive=2',
          'active=3',
          'finalized=4',
          'configuring=10',
          'cleaningup=11',
          'shuttingdown=12',
          'activating=13',
          'deactivating=14',
          'errorprocessing=15',
        ],
      );
    });
  });

  it('goes through errorprocessing when a callback errs or throws, and reports its return code', async () => {
    await simulate(() => {
      const { CallbackReturnCode, CallbackReturnValue } = rclnodejs.lifecycle;
      const node = rclnodejs.createLifecycleNode('fragile');
      node.registerOnConfigure(() => {
        throw new Error('no config');
      });
      node.registerOnError(() => CallbackReturnCode.SUCCESS);
      const value = new CallbackReturnValue();
      assert.equal(node.configure(value).label, 'unconfigured');
      assert.equal(value.isError(), true);
      assert.equal(value.errorMsg, 'no config');
      node.registerOnConfigure(() => CallbackReturnCode.SUCCESS);
      assert.equal(node.configure().label, 'inactive');
      assert.equal(node.activate().label, 'active');
      assert.throws(() => node.configure(), /not available from state active/);
      assert.equal(node.shutdown().label, 'finalized');
      assert.deepEqual(node.availableTransitions, []);
      assert.equal(node.transitions.length, 31);
    });
  });
});
