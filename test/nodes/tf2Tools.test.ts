import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, needs, runCli, tempDir, writeTemp } from '../support/helpers.js';

// A broadcaster in the tutorials' style: base_link turning about z in odom, on /tf at 10 Hz from 1.5 s.
const BROADCASTER = `import math
import rclpy
from geometry_msgs.msg import TransformStamped
from rclpy.node import Node
from tf2_ros import TransformBroadcaster

rclpy.init()
node = Node('turner')
broadcaster = TransformBroadcaster(node)


def tick():
    t = TransformStamped()
    t.header.stamp = node.get_clock().now().to_msg()
    t.header.frame_id = 'odom'
    t.child_frame_id = 'base_link'
    t.transform.translation.x = 1.5
    t.transform.translation.y = -0.25
    yaw = 0.5 * node.get_clock().now().nanoseconds / 1e9
    t.transform.rotation.z = math.sin(yaw / 2)
    t.transform.rotation.w = math.cos(yaw / 2)
    broadcaster.sendTransform(t)


node.create_timer(0.1, tick)
rclpy.spin(node)
`;

/** A folder with the broadcaster (turner.py) and the job `text`. */
function withTurner(text: string): { dir: string; job: string } {
  const dir = tempDir();
  writeTemp(dir, 'turner.py', BROADCASTER);
  return { dir, job: writeTemp(dir, 'job.yaml', text) };
}

describe("tf2_ros' tf2_echo and tf2_monitor, tf2_tools' view_frames, built into rclsim", needs('python3'), () => {
  it('waits for the frames, logging why once a second, then prints each latest transform as tf2_echo.cpp does; a bad rate is its error and exit code', () => {
    const { dir, job } = withTurner(
      `nodes:
  - { script: turner.py, start_after: 1500ms }
  - { package: tf2_ros, executable: tf2_echo, args: [odom, base_link] }
  - { package: tf2_ros, executable: tf2_echo, args: [odom, ghost, '2'], name: ghost_echo, on_exit: continue }
  - { package: tf2_ros, executable: tf2_echo, args: [odom, base_link, 2x], on_exit: continue }
end:
  after: 3s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout.split('\n---')[0]!.replace(/\n*job {10}job[\s\S]*$/, ''),
      [
        'At time 1.900000000',
        '- Translation: [1.500, -0.250, 0.000]',
        '- Rotation: in Quaternion [0.000, 0.000, 0.457, 0.889]',
        '- Rotation: in RPY (radian) [0.000, -0.000, 0.950]',
        '- Rotation: in RPY (degree) [0.000, -0.000, 54.431]',
        '- Matrix:',
        '  0.582 -0.813  0.000  1.500',
        '  0.813  0.582  0.000 -0.250',
        '  0.000  0.000  1.000  0.000',
        '  0.000  0.000  0.000  1.000',
        'At time 2.900000000',
        '- Translation: [1.500, -0.250, 0.000]',
        '- Rotation: in Quaternion [0.000, 0.000, 0.663, 0.748]',
        '- Rotation: in RPY (radian) [0.000, -0.000, 1.450]',
        '- Rotation: in RPY (degree) [0.000, -0.000, 83.079]',
        '- Matrix:',
        '  0.121 -0.993  0.000  1.500',
        '  0.993  0.121  0.000 -0.250',
        '  0.000  0.000  1.000  0.000',
        '  0.000  0.000  0.000  1.000',
      ].join('\n'),
    );
    const lines = logLines(run.stderr);
    assert.deepEqual(
      lines.filter((line) => line.includes('[tf2_echo]') || line.includes('[ghost_echo]')),
      [
        '[INFO] [0.000000000] [tf2_echo]: Waiting for transform odom ->  base_link: Invalid frame ID "odom" passed to canTransform argument target_frame - frame does not exist',
        '[INFO] [0.000000000] [ghost_echo]: Waiting for transform odom ->  ghost: Invalid frame ID "odom" passed to canTransform argument target_frame - frame does not exist',
        '[INFO] [1.000000000] [tf2_echo]: Waiting for transform odom ->  base_link: Invalid frame ID "odom" passed to canTransform argument target_frame - frame does not exist',
        '[INFO] [1.000000000] [ghost_echo]: Waiting for transform odom ->  ghost: Invalid frame ID "odom" passed to canTransform argument target_frame - frame does not exist',
        '[INFO] [2.000000000] [ghost_echo]: Waiting for transform odom ->  ghost: Invalid frame ID "ghost" passed to canTransform argument source_frame - frame does not exist',
        '[INFO] [3.000000000] [ghost_echo]: Waiting for transform odom ->  ghost: Invalid frame ID "ghost" passed to canTransform argument source_frame - frame does not exist',
      ],
    );
    assert.match(run.stderr, /^Failed to convert rate argument '2x' to a floating-point number$/m);
    assert.match(run.stderr, /tf2_ros\/tf2_echo .*exited with code 3/);
  });

  it("tf2_monitor waits for the frames, then every 21 half-second rounds prints the chain, the delays and the broadcasters' rate as tf2_monitor.cpp does", () => {
    const { dir, job } = withTurner(
      `nodes:
  - { script: turner.py, start_after: 1500ms }
  - { package: tf2_ros, executable: tf2_monitor, args: [odom, base_link] }
end:
  after: 13s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout.replace(/\njob {10}job[\s\S]*$/, ''),
      [
        'Gathering data on odom -> base_link for 10 seconds...',
        '',
        '',
        '',
        'RESULTS: for odom to base_link',
        // tf2's chain, pruned as tf2 prunes it; the lookups' age is 0 or 0.1 s (the 10 Hz broadcaster).
        'Chain is: odom -> base_link',
        'Net delay     avg = 0.0190272: max = 0.1',
        '',
        'Frames:',
        'Frame: base_link, published by <no authority available>, Average Delay: 0, Max Delay: 0',
        'Node: <no authority available> 10.0962 Hz, Average Delay: 0 Max Delay: 0',
      ].join('\n'),
    );
    assert.match(run.stderr, /\nAll Broadcasters:\n/);
    assert.deepEqual(
      logLines(run.stderr).filter((line) => line.includes('[tf2_monitor_main]')),
      [0, 1].map(
        (t) =>
          `[INFO] [${t}.000000000] [tf2_monitor_main]: Waiting for transform odom ->  base_link: Invalid frame ID "odom" passed to canTransform argument target_frame - frame does not exist`,
      ),
    );
  });

  it('view_frames listens for --wait-time seconds of sim time, then writes the frames as a Graphviz graph from its tf2_frames service', needs('yaml'), () => {
    const { dir, job } = withTurner(
      `nodes:
  - { script: turner.py, start_after: 1500ms }
  - { package: tf2_tools, executable: view_frames, args: [-o, frames, -t, '2'], start_after: 1s }
end:
  after: 4s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      logLines(run.stderr)
        .filter((line) => line.includes('[view_frames]'))
        .map((line) => line.replace(/Result:.*/, 'Result:…')),
      [
        '[INFO] [1.000000000] [view_frames]: Listening to tf data for 2.0 seconds...',
        '[INFO] [3.000000000] [view_frames]: Generating graph...',
        '[INFO] [3.000000000] [view_frames]: Result:…',
        '[INFO] [3.000000000] [view_frames]: Exporting graph in frames.pdf file...',
      ],
    );
    assert.equal(
      readFileSync(join(dir, 'frames.gv'), 'utf8'),
      [
        'digraph G {',
        // 15 transforms over 1.4 s: tf2's rate; the YAML's numbers as Python prints them.
        '"odom" -> "base_link"[label=" Broadcaster: default_authority\\nAverage rate: 10.714\\nBuffer length: 1.4\\nMost recent transform: 3.0\\nOldest transform: 1.6\\n"];',
        'edge [style=invis];',
        ' subgraph cluster_legend { style=bold; color=black; label ="view_frames Result";',
        '"Recorded at time: 3.0"[ shape=plaintext ] ;',
        '}->"odom";',
        '}',
      ].join('\n'),
    );
  });
});
