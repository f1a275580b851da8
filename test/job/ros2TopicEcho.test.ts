import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempDir, writeTemp } from '../support/helpers.js';

/** Lines a `ros2` action printed, without its `[ros2-N] ` prefix. */
function printed(stdout: string, n: number): string[] {
  const prefix = `[ros2-${n}] `;
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length));
}

describe('ros2 topic echo in a job', () => {
  it("prints each message as message_to_yaml does, the topic's type and a latched publisher's QoS found, as the static broadcaster tutorial shows /tf_static", () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'job.yaml',
      `nodes:
  - package: tf2_ros
    executable: static_transform_publisher
    args: [--z, '1', --frame-id, world, --child-frame-id, mystaticturtle]
  # Its timers keep the run going (a command does not).
  - { package: turtlesim, executable: turtlesim_node }
events:
  - on: start
    do:
      - after: 1s
        do:
          - ros2: [topic, echo, /tf_static]
          - ros2: [topic, echo, --once, /js, sensor_msgs/msg/JointState]
          - ros2: [topic, echo, --once, -l, '2', --no-str, /js, sensor_msgs/msg/JointState]
          - ros2: [topic, echo, --once, --no-arr, /js, sensor_msgs/msg/JointState]
          - ros2: [topic, echo, /nowhere]
          - ros2: [topic, pub, --once, /js, sensor_msgs/msg/JointState, "{header: {frame_id: 'a: b'}, name: ['yes', '1.5', '', \\"it's\\", '-dash', ' lead', 'ünï', 'null', '...'], position: [1.0e-05, 1.0e+16, -0.0], effort: [2.5]}"]
          - ros2: [topic, pub, --once, /s, std_msgs/msg/String, "{data: \\"two\\\\nlines\\\\n\\"}"]
          - ros2: [topic, echo, --once, /s, std_msgs/msg/String]
end:
  after: 3s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(printed(run.stdout, 1), [
      'transforms:',
      '- header:',
      '    stamp:',
      '      sec: 0',
      '      nanosec: 0',
      '    frame_id: world',
      '  child_frame_id: mystaticturtle',
      '  transform:',
      '    translation:',
      '      x: 0.0',
      '      y: 0.0',
      '      z: 1.0',
      '    rotation:',
      '      x: 0.0',
      '      y: 0.0',
      '      z: 0.0',
      '      w: 1.0',
      '---',
    ]);
    // Strings quoted as PyYAML quotes them, floats as it writes them (PyYAML 6 gives these lines).
    const header = ['header:', '  stamp:', '    sec: 0', '    nanosec: 0'];
    assert.deepEqual(printed(run.stdout, 2), [
      ...header,
      "  frame_id: 'a: b'",
      'name:',
      "- 'yes'",
      "- '1.5'",
      "- ''",
      "- it's",
      '- -dash',
      "- ' lead'",
      '- ünï',
      "- 'null'",
      "- '...'",
      'position:',
      '- 1.0e-05',
      '- 1.0e+16',
      '- -0.0',
      'velocity: []',
      'effort:',
      '- 2.5',
      '---',
    ]);
    assert.deepEqual(printed(run.stdout, 3), [
      ...header,
      "  frame_id: '<string length: <4>>'",
      'name:',
      "- '<string length: <3>>'",
      "- '<string length: <3>>'",
      "- '...'",
      'position:',
      '- 1.0e-05',
      '- 1.0e+16',
      "- '...'",
      'velocity: []',
      'effort:',
      '- 2.5',
      '---',
    ]);
    assert.deepEqual(printed(run.stdout, 4).slice(4), [
      "  frame_id: 'a: b'",
      "name: '<sequence type: string, length: 9>'",
      "position: '<sequence type: float64, length: 3>'",
      "velocity: '<sequence type: float64, length: 0>'",
      "effort: '<sequence type: float64, length: 1>'",
      '---',
    ]);
    assert.match(run.stderr, /^\[ros2-5\] Could not determine the type for the passed topic$/m);
    assert.deepEqual(printed(run.stdout, 8), ["data: 'two", '', '  lines', '', "  '", '---']);
  });

  it("subscribes with --qos-profile's profile, taking reliability and durability from the publishers only when no other key is given, as echo.py's choose_qos", () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'probe.mjs',
      `import rclnodejs from 'rclnodejs';
await rclnodejs.init();
const node = rclnodejs.createNode('probe');
for (const topic of ['/given', '/plain', '/keyed'])
  for (const { qos_profile: qos } of node.getSubscriptionsInfoByTopic(topic)) console.log(\`\${topic} depth \${qos.depth} reliability \${qos.reliability} durability \${qos.durability}\`);
rclnodejs.shutdown();
`,
    );
    const job = writeTemp(
      dir,
      'job.yaml',
      `nodes:
  - { script: probe.mjs, start_after: 1800ms }
events:
  - on: start
    do:
      - after: 1s
        do:
          # Each subscribes after its discovery spin (0.5 s), before the probe looks.
          - ros2: [topic, echo, --qos-profile, services_default, /given, std_msgs/msg/String]
          - ros2: [topic, echo, /plain, std_msgs/msg/String]
          - ros2: [topic, echo, --qos-profile, services_default, --qos-depth, '3', /keyed, std_msgs/msg/String]
end:
  after: 2s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    // rmw's numbers: reliability 1 reliable, 2 best effort; durability 2 volatile.
    assert.deepEqual(
      run.stdout.split('\n').filter((line) => line.startsWith('/')),
      ['/given depth 10 reliability 1 durability 2', '/plain depth 5 reliability 2 durability 2', '/keyed depth 3 reliability 1 durability 2'],
    );
  });
});
