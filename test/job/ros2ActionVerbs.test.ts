import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A run of fibonacci-server.cjs (feedback each second of sim time, orders above 20 rejected) with these events: the lines of each command and the handlers' logs. */
function run(events: string): { lines: (n: number) => string[]; logs: string[] } {
  const dir = tempDir();
  cpSync(join(repoRoot, 'test/fixtures/programs/fibonacci-server.cjs'), join(dir, 'fibonacci-server.cjs'));
  const job = writeTemp(dir, 'job.yaml', `nodes:\n  - script: fibonacci-server.cjs\nevents:\n${events}`);
  const result = runCli(['run', job], dir, 60_000);
  assert.equal(result.status, 0, result.stderr);
  const all = result.stdout.split('\n');
  return {
    lines: (n) => all.filter((line) => line.startsWith(`[ros2-${n}] `)).map((line) => line.slice(`[ros2-${n}] `.length)),
    logs: result.stderr.split('\n').filter((line) => line.includes('[launch.user]')),
  };
}

describe('ros2 action verbs as event actions', () => {
  it('action send_goal -f prints what send_goal.py prints: the goal, its id, each feedback and the result as message_to_yaml gives them, the status; a rejected goal', () => {
    const { lines, logs } = run(`  - on: start
    do:
      - ros2: [action, send_goal, /fibonacci, example_interfaces/action/Fibonacci, '{order: 3}', -f]
        id: goal
      - ros2: [action, send_goal, fibonacci, example_interfaces/Fibonacci, '{order: 30}']
        id: rejected
  - on: { exited: '*' }
    do: [{ log: 'exited with \${event.returncode}' }]
`);
    const first = lines(1);
    assert.match(first[4]!, /^Goal accepted with ID: [0-9a-f]{32}$/);
    // send_goal.py: 'Sending goal:\\n     {}' and 'Feedback:\\n    {}' indent only the YAML's first line (PyYAML's lists are not indented under their key).
    assert.deepEqual(first, [
      'Waiting for an action server to become available...',
      'Sending goal:',
      '     order: 3',
      '',
      first[4],
      '',
      'Feedback:',
      '    sequence:',
      '- 0',
      '- 1',
      '- 1',
      '',
      'Feedback:',
      '    sequence:',
      '- 0',
      '- 1',
      '- 1',
      '- 2',
      '',
      'Result:',
      '    sequence:',
      '- 0',
      '- 1',
      '- 1',
      '- 2',
      '',
      'Goal finished with status: SUCCEEDED',
    ]);
    assert.deepEqual(lines(2), ['Waiting for an action server to become available...', 'Sending goal:', '     order: 30', '', 'Goal was rejected.']);
    assert.deepEqual(
      logs.map((line) => line.replace(/^\[INFO\] \[([\d.]+)\] \[launch\.user\]: /, '$1 ')),
      ['0.000000000 exited with 0', '2.000000000 exited with 0'],
    );
  });

  it('action list (-t) and node info name the action its server offers (the feedback topic rcl_action looks at)', () => {
    const { lines } = run(`  - on: start
    do:
      - ros2: [action, list]
      - after: 1s
        do: [{ ros2: [action, list, -t] }]
      - after: 2s
        do: [{ ros2: [node, info, /action_server_example_node] }]
`);
    assert.deepEqual(lines(1), ['/fibonacci']);
    assert.deepEqual(lines(2), ['/fibonacci [example_interfaces/action/Fibonacci]']);
    const info = lines(3);
    assert.deepEqual(info.slice(info.indexOf('  Action Servers:')), [
      '  Action Servers:',
      '    /fibonacci: example_interfaces/action/Fibonacci',
      '  Action Clients:',
      '',
    ]);
  });
});

describe('ros2 run as an event action', () => {
  it("starts the package's executable at the action's sim time, with its arguments, as a node entry started by an event", () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'job.yaml',
      `events:
  - on: start
    do:
      - after: 1s
        do:
          - ros2: [run, turtlesim, turtlesim_node, --ros-args, -r, __node:=sim]
      - after: 1500ms
        do:
          - ros2: [node, list]
end:
  after: 2s
`,
    );
    const result = runCli(['run', job], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    // Its output as launch shows a process's: the node's log lines, from 1 s (the action's time).
    assert.match(result.stderr, /^\[INFO\] \[1\.000000000\] \[sim\]: Starting turtlesim with node name \/sim$/m);
    assert.deepEqual(
      result.stdout.split('\n').filter((line) => line.startsWith('[ros2-')),
      ['[ros2-1] /sim'],
    );
  });
});
