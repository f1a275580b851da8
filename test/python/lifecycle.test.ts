import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const pythonFixtures = join(repoRoot, 'test/fixtures/python');

/** A folder with the fixtures and a job running them, each entry `script args…`. */
function job(entries: [string, string[]][], extra: Record<string, string> = {}): { dir: string; file: string } {
  const dir = tempDir();
  for (const [script] of entries) copyFileSync(join(pythonFixtures, script), join(dir, script));
  for (const [name, text] of Object.entries(extra)) writeTemp(dir, name, text);
  const nodes = entries.map(([script, args]) => `  - script: ${script}\n    args: [${args.map((a) => JSON.stringify(a)).join(', ')}]\n`);
  return { dir, file: writeTemp(dir, 'job.yaml', `end: { after: 10s }\nnodes:\n${nodes.join('')}`) };
}

const steps = ['get@0.5', 'activate@0.5', 'configure@1', 'configure@1.5', 'activate@2', 'deactivate@3', 'get@3.5', 'shutdown@4'];

describe('Python programs: rclpy.lifecycle (LifecycleNode, LifecyclePublisher, the lifecycle services)', needs('python3'), () => {
  it('goes through the states a client asks for over ~/change_state, with ~/transition_event and the publisher active only in active', () => {
    const { dir, file } = job([
      ['lifecycle_node.py', []],
      ['lifecycle_driver.py', steps],
    ]);
    const first = runCli(['run', file, '--json'], dir, 60_000);
    assert.equal(first.status, 0, first.stderr);
    const event = (from: string, to: string, at: string) => `[INFO] [${at}] [lc_driver]: notify callback: Transition from state ${from} to ${to}`;
    assert.deepEqual(logLines(first.stderr), [
      // ros2 lifecycle set asks only for a transition the node offers now (rcl's order). Both
      // steps' responses come in one wait: their coroutines go on newest first (Jazzy's
      // executors.py 572, `reversed(tasks)`), so the later timer's step logs first.
      "[INFO] [0.500000000] [lc_driver]: Unknown transition requested 'activate', available: ['configure', 'shutdown']",
      '[INFO] [0.500000000] [lc_driver]: lc_talker: unconfigured [1]',
      '[INFO] [1.000000000] [lc_talker]: on_configure() from unconfigured: not yet',
      // One message of a subscription per wait (rclpy's _take_subscription), subscriptions before
      // clients (executors.py 724–743): the first event, then the response — whose coroutine goes
      // on when the executor loops, before its next wait — then the events left.
      event('unconfigured', 'configuring', '1.000000000'),
      '[INFO] [1.000000000] [lc_driver]: Transitioning failed',
      event('configuring', 'unconfigured', '1.000000000'),
      '[INFO] [1.500000000] [lc_talker]: on_configure() from unconfigured',
      event('unconfigured', 'configuring', '1.500000000'),
      '[INFO] [1.500000000] [lc_driver]: Transitioning successful',
      event('configuring', 'inactive', '1.500000000'),
      '[INFO] [2.000000000] [lc_talker]: on_activate() from inactive',
      event('inactive', 'activating', '2.000000000'),
      '[INFO] [2.000000000] [lc_driver]: Transitioning successful',
      event('activating', 'active', '2.000000000'),
      '[INFO] [2.500000000] [lc_talker]: tick 0, publisher active',
      '[INFO] [2.500000000] [lc_driver]: data_callback: Lifecycle HelloWorld #0',
      // An exception in a callback is ERROR: errorprocessing, where on_error's SUCCESS leads to unconfigured.
      '[INFO] [3.000000000] [lc_talker]: on_deactivate() from active',
      '[INFO] [3.000000000] [lc_talker]: on_error() from active, publisher active: True',
      event('active', 'deactivating', '3.000000000'),
      '[INFO] [3.000000000] [lc_driver]: Transitioning failed',
      event('deactivating', 'errorprocessing', '3.000000000'),
      event('errorprocessing', 'unconfigured', '3.000000000'),
      '[INFO] [3.500000000] [lc_driver]: lc_talker: unconfigured [1]',
      '[INFO] [4.000000000] [lc_talker]: on_shutdown() from unconfigured',
      event('unconfigured', 'shuttingdown', '4.000000000'),
      '[INFO] [4.000000000] [lc_driver]: Transitioning successful',
      event('shuttingdown', 'finalized', '4.000000000'),
    ]);
    const summary = lastJsonLine(first.stdout);
    assert.equal(summary.endReason, 'idle');
    assert.equal(summary.endTime, '4000000000');
    const again = runCli(['run', file, '--json'], dir, 60_000);
    assert.equal(lastJsonLine(again.stdout).fingerprint, summary.fingerprint);
  });
});

const paramsFile = `/**:
  ros__parameters:
    d: [3.0]
    shared: true
parameter_blackboard:
  ros__parameters:
    d: [4.5, 5.5]
    nested:
      count: 3
      names: [x, y]
`;

describe('Python programs: rclpy.parameter_client.AsyncParameterClient', needs('python3'), () => {
  it("sets, lists, gets, describes and deletes another node's parameters (allow_undeclared_parameters)", needs('yaml'), () => {
    const { dir, file } = job(
      [
        ['param_client.py', ['params.yaml']],
        ['parameter_blackboard.py', ['--ros-args', '-p', 'given:=7']],
      ],
      { 'params.yaml': paramsFile },
    );
    const result = runCli(['run', file, '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const client = (text: string) => `[INFO] [0.250000000] [param_client]: ${text}`;
    assert.deepEqual(logLines(result.stderr), [
      // given, use_sim_time and start_type_description_service, as rclcpp's blackboard counts them.
      "[INFO] [0.000000000] [parameter_blackboard]: Parameter blackboard node named '/parameter_blackboard' ready, and serving '3' parameters already!",
      // wait_for_services polls every 0.25 s of sim time, as rclpy's does.
      client('services ready: True'),
      // The response's future is completed by the executor that took it, so its done callback is
      // a task (rclpy task.py _schedule_or_invoke_done_callbacks), which has not run yet when
      // spin_until_future_complete returns on the future being done.
      client('set: [True, True, True], callback ran: []'),
      client("list: ['b.c']"),
      client("get: [10, 'x', [1.5, 2.5], None]"),
      client('types: [2, 8]'),
      // rclpy gives a parameter set undeclared a default descriptor (no name, type not set) until it is set again.
      client("describe: [('', 0)]"),
      // Implicitly declared parameters are dynamically typed: an integer may become a string.
      client('atomically: True'),
      // use_wildcard: the node's own values override those of /**.
      client('loaded d = [4.5, 5.5]: True'),
      client('loaded shared = True: True'),
      client('loaded nested.count = 3: True'),
      client("loaded nested.names = ['x', 'y']: True"),
      client("delete: [(True, ''), (True, '')]"),
      client("after: [None, 'x']"),
    ]);
    assert.equal(lastJsonLine(result.stdout).endTime, '250000000');
  });
});

describe("Python programs: ros2param.api, ros2cli's calls that programs import (controller_manager's spawner)", needs('python3'), () => {
  it("sets, gets, lists and describes another node's parameters, a value's type read from its text as YAML", needs('yaml'), () => {
    const { dir, file } = job([
      ['ros2param_api.py', []],
      ['parameter_blackboard.py', ['--ros-args', '-p', 'given:=7']],
    ]);
    const result = runCli(['run', file], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr).slice(1), [
      '[INFO] [0.000000000] [ros2param_api]: set: [True, True, True]',
      "[INFO] [0.000000000] [ros2param_api]: get: ['joint_state_broadcaster/JointStateBroadcaster', 100, [0.5, 1.5]]",
      "[INFO] [0.000000000] [ros2param_api]: types: ['string', 'integer', 'double array']",
      // In the order they were declared or set, as rclpy's list_parameters answers.
      "[INFO] [0.000000000] [ros2param_api]: list: ['given', 'use_sim_time', 'start_type_description_service', 'jsb.type', 'rate', 'gains']",
      "[INFO] [0.000000000] [ros2param_api]: describe: [('given', 2)]",
      // ros2cli's calls wait 5 s for the service.
      '[INFO] [5.000000000] [ros2param_api]: nobody: Wait for service timed out',
    ]);
  });
});
