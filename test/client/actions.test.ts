import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerGoalHandle } from '../../src/client/actions/ServerGoalHandle.js';
import { Node } from '../../src/client/Node.js';
import rclnodejs from '../../src/compat/index.js';
import { lastJsonLine, runCli, SECOND, simulate } from '../support/helpers.js';

describe('actions', () => {
  it('runs rclnodejs-style action server and client programs: feedback, result, rejection, cancel', () => {
    const first = runCli(['run', 'test/fixtures/jobs/fibonacci.yaml', '--quiet']);
    assert.equal(first.status, 0, first.stderr);
    const lines = first.stdout.split('\n');
    const expected = [
      /^goal [0-9a-f]{32} accepted: true$/,
      /^feedback: 0,1,1$/,
      /^feedback: 0,1,1,2$/,
      /^feedback: 0,1,1,2,3$/,
      /^feedback: 0,1,1,2,3,5$/,
      /^result: 0,1,1,2,3,5 \(0,1,1,2,3,5, status 4\) succeeded: true at 4000$/,
      /^order 50 accepted: false$/,
      /^cancel return code: 0, canceling 1$/,
      /^server: goal canceled at 6000$/,
      /^canceled: true at 6000$/,
    ];
    expected.forEach((pattern, i) => assert.match(lines[i]!, pattern));
    assert.match(first.stdout, /^ended +idle, exit code 0$/m);
    assert.match(first.stdout, /^sim time +0\.000000000s -> 6\.000000000s$/m, 'kept results do not keep the run going');
    const again = runCli(['run', 'test/fixtures/jobs/fibonacci.yaml', '--quiet']);
    const otherSeed = runCli(['run', 'test/fixtures/jobs/fibonacci.yaml', '--quiet', '--seed', '10']);
    assert.equal(again.stdout.split('\n')[0], lines[0], 'goal ids come from the seed');
    assert.notEqual(otherSeed.stdout.split('\n')[0], lines[0]);
  });

  it('cancels from a timer; the shutdown after the awaited cancel response ends only the client’s program', () => {
    const result = runCli(['run', 'test/fixtures/jobs/fibonacci-cancel.yaml', '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(
      result.stdout.split('\n').slice(0, 3).join('\n'),
      ['canceler: feedback 0,1,1 (0,1,1)', 'canceler: canceling 1, shuts down at 2', 'server: goal canceled at 1000'].join('\n'),
      'feedback also reads in the earlier {goal_id, feedback} shape; the server runs on to see the cancel',
    );
    const summary = lastJsonLine(result.stdout);
    assert.deepEqual([summary.endReason, summary.endTime], ['idle', '1000000000']);
  });

  it('defers execution with handleAcceptedCallback and serves the protocol’s topics and services', async () => {
    const events: string[] = [];
    await simulate(
      (job) => {
        const node = new Node('server');
        const server = new rclnodejs.ActionServer(
          node,
          'example_interfaces/action/Fibonacci',
          'count',
          (handle: ServerGoalHandle) => {
            events.push(`execute ${handle.request.order} at ${job.now() / 1_000_000n} ms`);
            handle.succeed();
            return { sequence: [handle.request.order as number] };
          },
          undefined,
          (handle: ServerGoalHandle) => {
            events.push(`accepted, status ${handle.status}`);
            setTimeout(() => handle.execute(), 250);
          },
        );
        assert.ok(server);
        const names = node
          .getServiceNamesAndTypes()
          .filter((s) => s.name.startsWith('/count/'))
          .map((s) => `${s.name} ${s.types[0]}`);
        assert.deepEqual(names, [
          '/count/_action/cancel_goal action_msgs/srv/CancelGoal',
          '/count/_action/get_result example_interfaces/action/Fibonacci_GetResult',
          '/count/_action/send_goal example_interfaces/action/Fibonacci_SendGoal',
        ]);
        const client = new rclnodejs.ActionClient(new Node('client'), 'example_interfaces/action/Fibonacci', 'count');
        void (async () => {
          const handle = await client.sendGoal({ order: 3 });
          const result = await handle.getResult();
          events.push(`result ${[...(result.sequence as Int32Array)]} succeeded ${handle.isSucceeded()} at ${job.now() / 1_000_000n} ms`);
        })();
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(events, ['accepted, status 1', 'execute 3 at 250 ms', 'result 3 succeeded true at 250 ms']);
  });

  it('answers rcl_action’s graph queries, makes seeded ActionUuids, logs invalid goal transitions and can be destroyed', async () => {
    const uuids: string[] = [];
    const { logs } = await simulate(
      () => {
        const serverNode = new Node('server', '/robot');
        let later: ServerGoalHandle | undefined;
        const server = new rclnodejs.ActionServer(serverNode, 'test_msgs/action/Fibonacci', 'count', (handle: ServerGoalHandle) => {
          handle.canceled();
          handle.succeed();
          handle.succeed();
          later = handle;
          return { sequence: [] };
        });
        const clientNode = new Node('client');
        const client = new rclnodejs.ActionClient(clientNode, 'test_msgs/action/Fibonacci', '/robot/count');
        assert.deepEqual(rclnodejs.getActionNamesAndTypes(clientNode), [{ name: '/robot/count', types: ['test_msgs/action/Fibonacci'] }]);
        assert.deepEqual(rclnodejs.getActionServerNamesAndTypesByNode(clientNode, 'server', '/robot'), [
          { name: '/robot/count', types: ['test_msgs/action/Fibonacci'] },
        ]);
        assert.deepEqual(rclnodejs.getActionClientNamesAndTypesByNode(clientNode, 'client', '/'), [
          { name: '/robot/count', types: ['test_msgs/action/Fibonacci'] },
        ]);
        assert.deepEqual(rclnodejs.getActionServerNamesAndTypesByNode(clientNode, 'client', '/'), []);
        assert.equal(server.options.resultTimeout, 900);
        assert.equal(server.qos.statusSubQosProfile, rclnodejs.QoS.profileActionStatusDefault);
        assert.equal(client.qos.goalServiceQosProfile, rclnodejs.QoS.profileServicesDefault);
        assert.equal(client.qos.statusSubQosProfile, rclnodejs.QoS.profileActionStatusDefault);
        assert.equal((client.qos.feedbackSubQosProfile as InstanceType<typeof rclnodejs.QoS>).depth, 10);
        const checking = new rclnodejs.ActionClient(clientNode, 'test_msgs/action/Fibonacci', '/robot/count', { validateGoals: true });
        assert.equal(checking.willValidateGoal, true);
        void checking.sendGoal({ order: 'two' }).then(
          () => assert.fail('an invalid goal must be refused'),
          (error: unknown) => assert.ok(error instanceof rclnodejs.MessageValidationError),
        );
        const uuid = rclnodejs.ActionUuid.random();
        uuids.push(uuid.toString(), rclnodejs.ActionUuid.fromMessage(uuid.toMessage()).toString());
        assert.throws(
          () => new rclnodejs.ActionUuid([1, 2] as never),
          (error: unknown) => error instanceof rclnodejs.TypeValidationError,
        );
        void (async () => {
          const uuid = rclnodejs.ActionUuid.randomMessage();
          const [first, second] = await Promise.all([client.sendGoal({ order: 2 }, undefined, uuid), client.sendGoal({ order: 2 }, undefined, uuid)]);
          assert.deepEqual([first.isAccepted(), second.isAccepted()], [true, false], 'a duplicate goal id is refused');
          const handle = first;
          await handle.getResult();
          later!.publishFeedback({ sequence: [1] });
          server.destroy();
          assert.equal(server.isDestroyed(), true);
          assert.deepEqual(
            rclnodejs.getActionNamesAndTypes(clientNode),
            [{ name: '/robot/count', types: ['test_msgs/action/Fibonacci'] }],
            'the client remains',
          );
          assert.deepEqual(rclnodejs.getActionServerNamesAndTypesByNode(clientNode, 'server', '/robot'), []);
        })();
      },
      { endAfter: SECOND },
    );
    assert.equal(uuids[0], uuids[1]);
    assert.match(uuids[0]!, /^\d+(,\d+){15}$/);
    const warnings = logs.map((record) => record.message.replace(/goal [\d,]+/, 'goal G').replace(/id [0-9a-f]{32}/, 'id G'));
    assert.deepEqual(warnings, [
      'a goal with id G already exists; rejecting the duplicate',
      "goal G cannot go from status 2 to 5 (rcl_action's goal state machine); ignoring",
      "goal G cannot go from status 4 to 4 (rcl_action's goal state machine); ignoring",
      'publishFeedback() called on goal G in status 4, not executing; ignoring',
    ]);
  });

  // rclnodejs awaits the execute callback's result: a `then` that throws as it is read rejects that await.
  const failingExecutes: [string, () => unknown, string][] = [
    [
      'throws',
      () => {
        throw new Error('no sequence today');
      },
      'Error: no sequence today',
    ],
    [
      "returns an object whose 'then' getter throws",
      () =>
        Object.defineProperty({}, 'then', {
          get() {
            throw new Error('no then today');
          },
        }),
      'Error: no then today',
    ],
  ];
  for (const [how, execute, error] of failingExecutes) {
    it(`aborts a goal whose execute callback ${how}, with an empty result, and logs it as rclnodejs does`, async () => {
      let outcome = '';
      const { logs, summary } = await simulate(
        () => {
          const node = new Node('thrower');
          new rclnodejs.ActionServer(node, 'test_msgs/action/Fibonacci', 'count', execute);
          const client = new rclnodejs.ActionClient(node, 'test_msgs/action/Fibonacci', 'count');
          void (async () => {
            const handle = await client.sendGoal({ order: 2 });
            const result = await handle.getResult();
            outcome = `aborted ${handle.isAborted()}, sequence [${[...(result.sequence as Int32Array)]}]`;
          })();
        },
        { endAfter: SECOND },
      );
      assert.equal(summary.exitCode, 0);
      assert.equal(outcome, 'aborted true, sequence []');
      assert.deepEqual(
        logs.map((record) => record.message.replace(/ID: [\d,]+/, 'ID: G')),
        [`Error raised in execute callback: ${error}`, 'Goal state not set, assuming aborted. Goal ID: G'],
      );
    });
  }

  it('lets an unref’d JS timer run in its turn without keeping the run going', async () => {
    const fired: string[] = [];
    const { summary } = await simulate(() => {
      setTimeout(() => fired.push('ref'), 100);
      setTimeout(() => fired.push('unref early'), 50).unref();
      setTimeout(() => fired.push('unref late'), 500).unref();
    });
    assert.deepEqual(fired, ['unref early', 'ref']);
    assert.equal(summary.endTime, 100_000_000n);
    assert.equal(summary.endReason, 'idle');
  });
});
