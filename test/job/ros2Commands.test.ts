import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { LaunchPlan } from '../../src/launch/launchPlan.js';
import { planToJob } from '../../src/launch/planToJob.js';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A folder with the other side (ros2side.cjs: a listener, a parameter, a service from 1 s, a lifecycle node; 4 s) and the job `text`. */
function jobWith(text: string): { dir: string; job: string } {
  const dir = tempDir();
  for (const file of ['ros2side.cjs', 'quick.cjs', 'echo_repr.py']) cpSync(join(repoRoot, 'test/fixtures/events', file), join(dir, file));
  return { dir, job: writeTemp(dir, 'job.yaml', text) };
}

/** What the commands printed on one stream: `[ros2-N] ` lines, in order. */
function commandLines(output: string): string[] {
  return output.split('\n').filter((line) => line.startsWith('[ros2-'));
}

function run(text: string): { stdout: string[]; stderr: string[]; logs: string[] } {
  const { dir, job } = jobWith(text);
  const result = runCli(['run', job], dir, 60_000);
  assert.equal(result.status, 0, result.stderr);
  return {
    stdout: commandLines(result.stdout),
    stderr: commandLines(result.stderr),
    logs: logLines(result.stderr).filter((line) => !line.startsWith('[ros2-')),
  };
}

describe('ros2 commands as event actions (ros2cli verbs done by rclsim at their sim time)', () => {
  it('ros2 topic pub: after the discovery spin (0.5 s), waits for a subscription with --once/-t, publishes at its rate, prints what pub.py prints', () => {
    const { stdout, logs } = run(`nodes:
  - script: ros2side.cjs
events:
  - on: start
    do:
      - ros2: [topic, pub, --once, /chatter, std_msgs/msg/String, "{data: hi}"]
      - after: 1s
        do:
          - ros2: [topic, pub, -r, 4, -t, 3, -p, 2, /point, geometry_msgs/PointStamped, "{header: auto, point: {x: 1.5}}"]
`);
    assert.deepEqual(stdout, [
      '[ros2-1] publisher: beginning loop',
      "[ros2-1] publishing #1: std_msgs.msg.String(data='hi')",
      '[ros2-1] ',
      '[ros2-2] publisher: beginning loop',
      "[ros2-2] publishing #2: geometry_msgs.msg.PointStamped(header=std_msgs.msg.Header(stamp=builtin_interfaces.msg.Time(sec=1, nanosec=750000000), frame_id=''), point=geometry_msgs.msg.Point(x=1.5, y=0.0, z=0.0))",
      '[ros2-2] ',
    ]);
    assert.deepEqual(
      logs.filter((line) => line.includes('[side]')),
      [
        '[INFO] [0.500000000] [side]: heard hi',
        '[INFO] [1.500000000] [side]: point 1.5 stamped 1.500000000',
        '[INFO] [1.750000000] [side]: point 1.5 stamped 1.750000000',
        '[INFO] [2.000000000] [side]: point 1.5 stamped 2.0',
      ],
    );
  });

  it('ros2 topic pub prints messages in rclpy repr: numpy fixed arrays, bytes, floats and quotes as Python shows them; without a count it publishes until the run ends', () => {
    const { stdout, logs } = run(`nodes:
  - script: quick.cjs
events:
  - on: start
    do:
      - ros2: [topic, pub, -1, -w, 0, /imu, sensor_msgs/msg/Imu, "{header: {frame_id: base}, orientation: {w: 1}, angular_velocity: {x: 1e-5}, linear_acceleration_covariance: [0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1]}"]
      - ros2: [topic, pub, -1, -w, 0, /dims, std_msgs/msg/MultiArrayLayout, "{dim: [{label: \\"it's\\", size: 3}]}"]
      - ros2: [topic, pub, -1, -w, 0, /id, unique_identifier_msgs/msg/UUID, "{}"]
      - ros2: [topic, pub, -1, -w, 0, /f, std_msgs/msg/Float32MultiArray, "{data: [1.1, 2]}"]
      - ros2: [topic, pub, -p, 0, /quick, std_msgs/msg/Empty]
`);
    assert.deepEqual(
      stdout.filter((line) => line.includes('publishing')),
      [
        "[ros2-1] publishing #1: sensor_msgs.msg.Imu(header=std_msgs.msg.Header(stamp=builtin_interfaces.msg.Time(sec=0, nanosec=0), frame_id='base'), orientation=geometry_msgs.msg.Quaternion(x=0.0, y=0.0, z=0.0, w=1.0), orientation_covariance=array([0., 0., 0., 0., 0., 0., 0., 0., 0.]), angular_velocity=geometry_msgs.msg.Vector3(x=1e-05, y=0.0, z=0.0), angular_velocity_covariance=array([0., 0., 0., 0., 0., 0., 0., 0., 0.]), linear_acceleration=geometry_msgs.msg.Vector3(x=0.0, y=0.0, z=0.0), linear_acceleration_covariance=array([0.1, 0. , 0. , 0. , 0.1, 0. , 0. , 0. , 0.1]))",
        '[ros2-2] publishing #1: std_msgs.msg.MultiArrayLayout(dim=[std_msgs.msg.MultiArrayDimension(label="it\'s", size=3, stride=0)], data_offset=0)',
        '[ros2-3] publishing #1: unique_identifier_msgs.msg.UUID(uuid=array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=uint8))',
        // A float32 sequence is an array('f'): its items read back as the float32 they are.
        '[ros2-4] publishing #1: std_msgs.msg.Float32MultiArray(layout=std_msgs.msg.MultiArrayLayout(dim=[], data_offset=0), data=[1.100000023841858, 2.0])',
      ],
    );
    // quick.cjs subscribes to nothing: the unlimited pub's messages are counted by the run's end alone.
    assert.ok(logs.includes('[INFO] [1.000000000] [quick]: bye'), logs.join('\n'));
  });

  it('ros2 service call waits for the service, prints the request and the response as call.py does; an id makes its end an event', () => {
    const { stdout, logs } = run(`nodes:
  - script: ros2side.cjs
events:
  - on: start
    do:
      - ros2: [service, call, /add_two_ints, example_interfaces/AddTwoInts, "{a: 2, b: 3}"]
        id: adding
  - on: { exited: adding }
    do: [{ log: the sum is in }]
`);
    assert.deepEqual(stdout, [
      '[ros2-1] waiting for service to become available...',
      '[ros2-1] requester: making request: example_interfaces.srv.AddTwoInts_Request(a=2, b=3)',
      '[ros2-1] ',
      '[ros2-1] response:',
      '[ros2-1] example_interfaces.srv.AddTwoInts_Response(sum=5)',
      '[ros2-1] ',
    ]);
    assert.deepEqual(logs.slice(0, 2), ['[INFO] [1.000000000] [side]: adding 2 and 3', '[INFO] [1.000000000] [launch.user]: the sum is in']);
  });

  it("ros2 param set: the value typed as ros2param types it, through the node's set_parameters; success, refusal and a missing node as ros2param says them", () => {
    const { stdout, stderr, logs } = run(`nodes:
  - script: ros2side.cjs
events:
  - on: start
    do:
      - ros2: [param, set, /side, speed, '5']
      - after: 2s
        do:
          - ros2: [param, set, side, speed, '-3']
          - ros2: [param, set, side, speed, 'yes']
          - ros2: [param, set, /nobody, speed, '1']
`);
    assert.deepEqual(stdout, ['[ros2-1] Set parameter successful']);
    assert.deepEqual(stderr, [
      '[ros2-2] Setting parameter failed: speed must be a non-negative integer',
      // PyYAML's `yes` is a bool: the node refuses the type (its own words).
      "[ros2-3] Setting parameter failed: parameter 'speed' has type integer, got bool (true)",
      '[ros2-4] Node not found',
    ]);
    // NodeStrategy's spin, then DirectNode's: the value arrives 1 s after the command.
    assert.deepEqual(
      logs.filter((line) => line.includes('speed is')),
      ['[INFO] [1.000000000] [side]: speed is 5'],
    );
  });

  it('ros2 lifecycle set: a transition by label or id through change_state; a failing transition and an unknown one as ros2lifecycle says them', () => {
    const { stdout, stderr, logs } = run(`nodes:
  - script: ros2side.cjs
events:
  - on: start
    do:
      - ros2: [lifecycle, set, /lc, configure]
      - after: 2s
        do:
          - ros2: [lifecycle, set, lc, '3']
      - after: 3s
        do:
          - ros2: [lifecycle, set, /lc, jump]
`);
    assert.deepEqual(stdout, ['[ros2-1] Transitioning successful']);
    assert.deepEqual(stderr, [
      '[ros2-2] Transitioning failed',
      '[ros2-3] Unknown transition requested, available ones are:',
      '[ros2-3] - cleanup [2]',
      '[ros2-3] - activate [3]',
      '[ros2-3] - shutdown [6]',
    ]);
    assert.deepEqual(
      logs.filter((line) => line.includes('[lc]')),
      ['[INFO] [1.000000000] [lc]: configured'],
    );
  });

  it('refuses a command line ros2cli would refuse, a verb rclsim has no equivalent of, and values that are no YAML, each at its line (exit 2)', () => {
    const cases: [string, RegExp][] = [
      [
        '[topic, bw, /c]',
        /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: ros2 topic bw: rclsim has no equivalent of this command \(it has: ros2 topic pub, ros2 topic echo, ros2 param set, .*, ros2 param dump\)$/m,
      ],
      ['[param, describe, /n]', /ros2 param describe: error: the following arguments are required: parameter_names$/m],
      ['[topic, hz, --filter, m.data, /c]', /ros2 topic hz: --filter: rclsim has no equivalent of this option$/m],
      ['[topic, hz, -w, 0, /c]', /ros2 topic hz: error: argument --window\/-w: invalid positive_int value: '0'$/m],
      [
        '[topic, echo, --csv, /c]',
        /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: ros2 topic echo: --csv: rclsim has no equivalent of this option \(it prints YAML\)$/m,
      ],
      ['[run, no_such_package, talker]', /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: nodes\[1\]\.executable: no package no_such_package in the install prefix/m],
      ['[run, turtlesim]', /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: ros2 run: error: the following arguments are required: executable_name$/m],
      ['[topic, pub, /chatter]', /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: ros2 topic pub: error: the following arguments are required: message_type$/m],
      ['[topic, pub, -r, fast, /c, std_msgs/msg/Empty]', /ros2 topic pub: error: argument -r\/--rate: invalid positive_float value: 'fast'$/m],
      ['[topic, pub, --once, -t, 2, /c, std_msgs/msg/Empty]', /ros2 topic pub: error: argument -t\/--times: not allowed with argument -1\/--once$/m],
      ['[param, set, /n, x]', /ros2 param set: error: the following arguments are required: value$/m],
      ['[service, call, /s, std_srvs/srv/Empty, "{a: [}"]', /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: ros2 service call: values: not YAML: /m],
      ['{data: hi}', /job\.yaml:6: events\[0\]\.do\[0\]\.ros2: must be a list of words/m],
    ];
    for (const [words, line] of cases) {
      const { dir, job } = jobWith(`nodes:
  - script: quick.cjs
events:
  - on: start
    do:
      - ros2: ${words}
`);
      const result = runCli(['run', job], dir, 60_000);
      assert.equal(result.status, 2, `${words}: ${result.stderr}`);
      assert.match(result.stderr, line);
    }
  });
});

describe('the repr ros2 topic pub prints is the one rclpy gives (the Python client, numpy)', needs('numpy'), () => {
  it('prints each message as a Python subscriber sees it: nested messages, scientific numpy arrays wrapped over two lines, quotes, bytes', () => {
    const { dir, job } = jobWith(`nodes:
  - script: echo_repr.py
events:
  - on: start
    do:
      - ros2: [topic, pub, -1, /imu, sensor_msgs/msg/Imu, "{header: {frame_id: base}, orientation: {w: 1}, angular_velocity: {x: 1e-5, y: 123456789.5}, linear_acceleration_covariance: [0.1, 0, 0, 0, 0.1, 0, 0, 0, -1.0e-9]}"]
      - ros2: [topic, pub, -1, /dims, std_msgs/msg/MultiArrayLayout, '{dim: [{label: "it''s \\"q\\"\\n", size: 3}]}']
      - ros2: [topic, pub, -1, /id, unique_identifier_msgs/msg/UUID, "{uuid: [1, 2, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]}"]
      - ros2: [topic, pub, -1, /b, std_msgs/msg/ByteMultiArray, "{data: [1, 39, 255]}"]
`);
    const result = runCli(['run', job], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    // A repr over several lines: the command's lines carry its prefix, the subscriber's continue unprefixed.
    const printed = result.stdout.split('\n');
    const reprs = (start: (line: string) => string | null, more: (line: string) => string | null): string[] => {
      const found: string[] = [];
      let open = false;
      for (const line of printed) {
        const first = start(line);
        const next: string | null = open ? more(line) : null;
        if (first !== null) found.push(first);
        else if (next !== null && next !== '') found[found.length - 1] += `\n${next}`;
        open = first !== null || (next !== null && next !== '');
      }
      return found;
    };
    const published = reprs(
      (line) => /^\[ros2-\d\] publishing #1: (.*)$/.exec(line)?.[1] ?? null,
      (line) => /^\[ros2-\d\] (.*)$/.exec(line)?.[1] ?? null,
    );
    const heard = reprs(
      (line) => /^echo: (.*)$/.exec(line)?.[1] ?? null,
      (line) => (line.startsWith(' ') ? line : null),
    );
    assert.equal(published.length, 4, result.stdout);
    assert.deepEqual(published, heard);
    assert.ok(published[0]!.includes('array([ 1.e-01,  0.e+00,'), published[0]);
  });
});

describe("a launch file's ros2 processes (planToJob)", () => {
  const process = (line: number, cmd: string[], on_exit: LaunchPlan['actions'] = []): LaunchPlan['actions'][number] =>
    ({
      kind: 'process',
      id: `a${line}`,
      file: '/ws/l.py',
      line,
      cmd,
      name: null,
      cwd: null,
      env: {},
      output: 'screen',
      respawn: false,
      respawn_delay: 0,
      respawn_max_retries: -1,
      on_exit,
    }) as never;

  it('makes ros2 <verb> a ros2 action (ros2, a path to it, one shell string split as sh splits it), ros2 run a node entry, and leaves other commands to what cannot run', () => {
    const plan = {
      version: 1,
      file: '/ws/l.py',
      arguments: [],
      actions: [
        process(3, ['ros2', 'topic', 'pub', '--once', '/chatter', 'std_msgs/msg/String', '{data: hi}']),
        process(
          4,
          ['/opt/ros/jazzy/bin/ros2 service call /spawn turtlesim/srv/Spawn "{x: 2, y: 2}"'],
          [{ kind: 'log', file: '/ws/l.py', line: 4, message: 'spawned' } as never],
        ),
        process(5, ['/opt/ros/jazzy/bin/ros2', 'run', 'demo_nodes_cpp', 'talker']),
        process(6, ['rqt_graph']),
        { kind: 'timer', file: '/ws/l.py', line: 7, period: 2, actions: [process(8, ['ros2', 'param', 'set', '/talker', 'x', '1'])] } as never,
      ],
    } as LaunchPlan;
    const job = planToJob(plan, '/ws', '/ws/install');
    assert.deepEqual(job.events, [
      {
        on: 'start',
        origin: 'l.py:3',
        do: [
          { ros2: ['topic', 'pub', '--once', '/chatter', 'std_msgs/msg/String', '{data: hi}'], id: 'a3' },
          { ros2: ['service', 'call', '/spawn', 'turtlesim/srv/Spawn', '{x: 2, y: 2}'], id: 'a4' },
          { after: '2000ms', do: [{ ros2: ['param', 'set', '/talker', 'x', '1'], id: 'a8' }] },
        ],
      },
      { on: { exited: 'a4' }, origin: 'l.py:4', do: [{ log: 'spawned' }] },
    ]);
    assert.deepEqual(
      job.nodes.map((node) => [node.package, node.executable, node.id]),
      [['demo_nodes_cpp', 'talker', 'a5']],
    );
    assert.deepEqual(job.commands, [{ origin: 'l.py:6', cmd: ['rqt_graph'] }]);
  });
});
