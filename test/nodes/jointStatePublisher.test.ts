import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const FIXTURES = join(repoRoot, 'test/fixtures/nodes');

function folder(): string {
  const dir = tempDir();
  for (const name of ['all_joints.urdf', 'tf_printer.mjs']) copyFileSync(join(FIXTURES, name), join(dir, name));
  return dir;
}

const jointStates = (stdout: string): string[] => stdout.split('\n').filter((line) => line.startsWith('/joint_states'));

describe('joint_state_publisher, built into rclsim', () => {
  it('publishes the movable joints at rate: zeros, mimic joints, positions and velocities from source_list; the URDF from robot_description', () => {
    const dir = folder();
    const job = writeTemp(
      dir,
      'job.yaml',
      `nodes:
  - package: robot_state_publisher
    executable: robot_state_publisher
    args: [all_joints.urdf]
  - package: joint_state_publisher
    executable: joint_state_publisher
    parameters: { rate: 4, zeros.shoulder: 0.5, source_list: [/commands] }
  - script: tf_printer.mjs
events:
  - on: start
    do:
      - after: 0.6s
        do:
          - ros2: [topic, pub, --once, /commands, sensor_msgs/msg/JointState, "{name: [lift, finger_left_joint, unknown], position: [0.3, 0.5, 9.0], velocity: [1.0, 2.0, 3.0]}"]
end:
  after: 2.1s
`,
    );
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(
      logLines(run.stderr).includes(
        '[INFO] [0.000000000] [joint_state_publisher]: Waiting for robot_description to be published on the robot_description topic...',
      ),
      run.stderr,
    );
    const states = jointStates(run.stdout);
    // Every 0.25 s (rate 4); the joints in the URDF's order; the mimic joint at -2 × finger_left + 0.25.
    assert.deepEqual(states.slice(0, 2), [
      '/joint_states 0.250000000 shoulder,wheel_joint,lift,finger_left_joint,finger_right_joint p=0.5,0,0,0,0.25 v=',
      '/joint_states 0.500000000 shoulder,wheel_joint,lift,finger_left_joint,finger_right_joint p=0.5,0,0,0,0.25 v=',
    ]);
    // Once the source's message is in (ros2 topic pub takes its own sim time to start): its known joints; the mimic joint's velocity × -2.
    assert.equal(states.at(-1), '/joint_states 2.000000000 shoulder,wheel_joint,lift,finger_left_joint,finger_right_joint p=0.5,0,0.3,0.5,-0.75 v=0,0,1,2,-4');
  });

  it("reads a URDF file named on its command line; its argparse errors and upstream's exceptions as Python ends with them", () => {
    const dir = folder();
    const run = runCli(['run', 'joint_state_publisher', 'joint_state_publisher', 'all_joints.urdf', '--until', '0.1s'], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /Waiting for robot_description/);
    const extra = runCli(['run', 'joint_state_publisher', 'joint_state_publisher', 'a.urdf', 'b'], dir, 60_000);
    assert.equal(extra.status, 2, extra.stderr);
    assert.ok(
      extra.stderr.startsWith('usage: joint_state_publisher [-h] [description_file]\njoint_state_publisher: error: unrecognized arguments: b\n'),
      extra.stderr,
    );
    const missing = runCli(['run', 'joint_state_publisher', 'joint_state_publisher', 'none.urdf'], dir, 60_000);
    assert.equal(missing.status, 1, missing.stderr);
    assert.ok(missing.stderr.includes("FileNotFoundError: [Errno 2] No such file or directory: 'none.urdf'"), missing.stderr);
    writeTemp(
      dir,
      'nolimits.urdf',
      '<robot name="r"><link name="a"/><link name="b"/><joint name="j" type="revolute"><parent link="a"/><child link="b"/></joint></robot>',
    );
    const limits = runCli(['run', 'joint_state_publisher', 'joint_state_publisher', 'nolimits.urdf'], dir, 60_000);
    assert.equal(limits.status, 1, limits.stderr);
    assert.ok(limits.stderr.includes('Exception: Limits must be specified for joint "j" of type "revolute"'), limits.stderr);
  });
});
