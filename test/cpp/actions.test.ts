import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

/** A folder with the C++ action server and client (ros2/examples') and the rclpy ones. */
function programs(): string {
  const dir = tempDir();
  for (const file of ['action_server.cpp', 'action_client.cpp', 'action_rules.cpp']) copyFileSync(join(repoRoot, 'test/fixtures/cpp', file), join(dir, file));
  for (const file of ['fibonacci_server.py', 'fibonacci_client.py']) copyFileSync(join(repoRoot, 'test/fixtures/python', file), join(dir, file));
  return dir;
}

/** A job of a server and a client (with its arguments), until it goes idle. */
function job(dir: string, server: string, client: string, args: string[]): string {
  const quoted = args.map((arg) => JSON.stringify(arg)).join(', ');
  return writeTemp(
    dir,
    `${client}-${args.join('-')}.yaml`,
    `end: { after: 30s }\nnodes:\n  - script: ${server}\n  - script: ${client}\n    args: [${quoted}]\n`,
  );
}

const client = (time: string, text: string, level = 'INFO') => `[${level}] [${time}] [minimal_action_client]: ${text}`;
const server = (time: string, text: string) => `[INFO] [${time}] [minimal_action_server]: ${text}`;

describe('C++ programs: rclcpp_action servers and clients', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("runs ros2/examples' Fibonacci action server and client: feedback each second, the result, the same on every run", () => {
    const dir = programs();
    const file = job(dir, 'action_server.cpp', 'action_client.cpp', ['5']);
    const first = runCli(['run', file, '--json'], dir, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    // The client's timer sends the goal at 0.5 s; the server's 1 s timer runs the example's loop.
    assert.deepEqual(logLines(first.stderr), [
      client('0.500000000', 'Sending goal'),
      server('0.500000000', 'Received goal request with order 5'),
      server('0.500000000', 'Executing goal'),
      server('0.500000000', 'Publish Feedback'),
      client('0.500000000', 'Goal accepted by server, waiting for result'),
      client('0.500000000', 'Next number in sequence received: 1'),
      server('1.500000000', 'Publish Feedback'),
      client('1.500000000', 'Next number in sequence received: 2'),
      server('2.500000000', 'Publish Feedback'),
      client('2.500000000', 'Next number in sequence received: 3'),
      server('3.500000000', 'Publish Feedback'),
      client('3.500000000', 'Next number in sequence received: 5'),
      server('4.500000000', 'Goal Succeeded'),
      client('4.500000000', 'Result received'),
      ...['0', '1', '1', '2', '3', '5'].map((number) => client('4.500000000', number)),
    ]);
    const summary = lastJsonLine(first.stdout);
    // The server keeps the result for 15 minutes, which alone does not keep the run going.
    assert.equal(summary.endReason, 'idle');
    assert.equal(summary.endTime, '4500000000');
    const again = runCli(['run', file, '--json'], dir, BUILD_MS);
    assert.equal(lastJsonLine(again.stdout).fingerprint, summary.fingerprint);
    assert.equal(again.stderr, first.stderr);

    const rejected = runCli(['run', job(dir, 'action_server.cpp', 'action_client.cpp', ['10000']), '--json'], dir, BUILD_MS);
    assert.equal(rejected.status, 0, rejected.stderr);
    assert.deepEqual(logLines(rejected.stderr), [
      client('0.500000000', 'Sending goal'),
      server('0.500000000', 'Received goal request with order 10000'),
      client('0.500000000', 'Goal was rejected by server', 'ERROR'),
    ]);
  });

  it('cancels a goal (one goal, all goals, goals before a time); the client then forgets it', () => {
    const dir = programs();
    const canceled = (how: string) => {
      const run = runCli(['run', job(dir, 'action_server.cpp', 'action_client.cpp', ['10', '2', how]), '--json'], dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      return logLines(run.stderr).slice(8);
    };
    const one = canceled('one');
    // The status array (CANCELING) reaches the client before the cancel response; the loop's next pass ends the goal.
    assert.deepEqual(one, [
      client('1.500000000', 'Canceling goal (one)'),
      server('1.500000000', 'Received request to cancel goal'),
      client('1.500000000', 'Cancel response: code 0, 1 goal(s) canceling, status 3'),
      server('2.500000000', 'Goal Canceled'),
      client('2.500000000', 'Goal was canceled', 'ERROR'),
      client('2.500000000', 'Canceling the done goal: Goal handle is not known to this client.'),
    ]);
    for (const how of ['all', 'before']) {
      assert.deepEqual(
        canceled(how),
        one.map((line) => line.replace('(one)', `(${how})`)),
      );
    }
  });

  it('talks to rclpy: a C++ client with an rclpy server, an rclpy client with the C++ server', needs('numpy'), () => {
    const dir = programs();
    const withPython = runCli(['run', job(dir, 'fibonacci_server.py', 'action_client.cpp', ['4', '2']), '--json'], dir, BUILD_MS);
    assert.equal(withPython.status, 0, withPython.stderr);
    assert.deepEqual(logLines(withPython.stderr), [
      client('0.500000000', 'Sending goal'),
      '[INFO] [0.500000000] [fibonacci_server]: Accepting goal of order 4',
      client('0.500000000', 'Goal accepted by server, waiting for result'),
      '[INFO] [0.500000000] [fibonacci_server]: Executing goal...',
      '[INFO] [0.500000000] [fibonacci_server]: Feedback: [0, 1, 1]',
      client('0.500000000', 'Next number in sequence received: 1'),
      '[INFO] [1.500000000] [fibonacci_server]: Feedback: [0, 1, 1, 2]',
      client('1.500000000', 'Next number in sequence received: 2'),
      client('1.500000000', 'Canceling goal (one)'),
      '[INFO] [1.500000000] [fibonacci_server]: Cancel requested',
      client('1.500000000', 'Cancel response: code 0, 1 goal(s) canceling, status 3'),
      '[INFO] [2.500000000] [fibonacci_server]: Goal canceled',
      client('2.500000000', 'Goal was canceled', 'ERROR'),
      client('2.500000000', 'Canceling the done goal: Goal handle is not known to this client.'),
    ]);

    const fromPython = runCli(['run', job(dir, 'action_server.cpp', 'fibonacci_client.py', ['5']), '--json'], dir, BUILD_MS);
    assert.equal(fromPython.status, 0, fromPython.stderr);
    const lines = logLines(fromPython.stderr);
    // The server, started first, is there when the client looks: the graph shows its action with its type.
    assert.equal(lines[0], "[INFO] [0.000000000] [fibonacci_client]: Actions: [('/fibonacci', ['example_interfaces/action/Fibonacci'])]");
    assert.ok(lines.includes(server('0.000000000', 'Received goal request with order 5')));
    assert.equal(lines.at(-1), '[INFO] [4.000000000] [fibonacci_client]: Goal succeeded: [0, 1, 1, 2, 3, 5]');
  });

  it('renames an action whole under a remap rule, as rcl_action resolves its name with the topic rules', needs('numpy'), () => {
    const dir = programs();
    copyFileSync(join(repoRoot, 'test/fixtures/programs/fibonacci-server.cjs'), join(dir, 'fibonacci-server.cjs'));
    const remapped = (server: string, rule: string) => {
      const file = writeTemp(
        dir,
        `remapped-${server}.yaml`,
        `end: { after: 30s }\nremap: { ${JSON.stringify(rule)}: fib }\nnodes:\n  - script: ${server}\n  - script: fibonacci_client.py\n    args: ['3']\n`,
      );
      const run = runCli(['run', file, '--json'], dir, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      const lines = logLines(run.stderr);
      assert.match(lines.at(-1)!, /Goal succeeded: \[0, 1, 1, 2\]$/);
      return lines[0];
    };
    const actions = (name: string) => `[INFO] [0.000000000] [fibonacci_client]: Actions: [('${name}', ['example_interfaces/action/Fibonacci'])]`;
    // rclcpp's server and rclpy's client each resolve 'fibonacci' to /fib, and meet there.
    assert.equal(remapped('action_server.cpp', 'fibonacci'), actions('/fib'));
    // rclnodejs's server too; a rostopic:// rule renames an action, a rosservice:// one does not.
    assert.equal(remapped('fibonacci-server.cjs', 'rostopic://fibonacci'), actions('/fib'));
    assert.equal(remapped('fibonacci-server.cjs', 'rosservice://fibonacci'), actions('/fibonacci'));
  });

  it("keeps rcl_action's rules: deferred goals, invalid transitions, cancel codes, held and expired results", () => {
    const dir = programs();
    const run = runCli(['exec', 'action_rules.cpp'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const rules = (time: string, text: string) => `[INFO] [${time}] [action_rules]: ${text}`;
    const lines = logLines(run.stderr).map((line) => line.replace(/goal [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12},/, 'goal <id>,'));
    // Waiting for a server that is not there takes its timeout of sim time; the result timeout is 2 s.
    assert.deepEqual(lines, [
      rules('1.000000000', 'nobody there: 0'),
      rules('1.000000000', 'server ready: 1'),
      rules('1.000000000', 'accepted: active 1, executing 0'),
      rules('1.000000000', 'goal <id>, status 1'),
      rules('1.000000000', 'execute again: goal_handle attempted invalid transition from state EXECUTING with event EXECUTE'),
      rules('1.000000000', 'abort after succeed: goal_handle attempted invalid transition from state SUCCEEDED with event ABORT'),
      rules('1.000000000', 'cancel the done goal: code 3, status 4'),
      rules('1.000000000', 'held result: code 4, 2 numbers'),
      rules('1.000000000', 'accepted: active 1, executing 0'),
      rules('4.000000000', 'after the result timeout: status 6'),
      rules('4.000000000', 'cancel the expired goal: code 2'),
      rules('4.000000000', 'expired result: code 0'),
    ]);
    assert.deepEqual(logLines(runCli(['exec', 'action_rules.cpp'], dir, BUILD_MS).stderr), logLines(run.stderr), 'the same goal ids on every run');
  });
});
