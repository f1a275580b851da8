import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const tf2Fixtures = join(repoRoot, 'test/fixtures/tf2');

/** A folder with the tf2 fixture programs. */
function programs(...names: string[]): string {
  const dir = tempDir();
  for (const name of names) copyFileSync(join(tf2Fixtures, name), join(dir, name));
  return dir;
}

/** A program's printed lines: what run and exec print of it, without rclsim's summary. */
function printed(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line !== '' && !line.startsWith('{'));
}

describe('tf2 for Python: tf2_py, tf2_ros, tf2_geometry_msgs and the helpers people import', needs('python3'), () => {
  it('broadcasts on /tf and /tf_static and looks up through a listener with spin_thread, waiting in sim time, with tf2 errors', () => {
    const dir = programs('broadcaster.py', 'listener.py');
    const job = writeTemp(dir, 'tf.yaml', 'end: { after: 2s }\nnodes:\n  - script: broadcaster.py\n  - script: listener.py\n');
    const first = runCli(['run', job, '--json'], dir, 90_000);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(printed(first.stdout), [
      '0.000 can now: False',
      // The broadcaster's first /tf is at 0.5 s; the timeout's 20 ms polls (upstream's) see it at 0.52 s.
      '0.520 world<-base_link at 0.500000000: x=0.5',
      '0.520 map<-world: -0.000000 1.000000 -0.707107 stamp 123',
      '0.520 point in map: 2.000000 0.500000 0.000000 frame map',
      '0.520 tf2.LookupException: "nowhere" passed to lookupTransform argument source_frame does not exist. ',
      '0.520 tf2.ExtrapolationException: Lookup would require extrapolation at time 30.000000, but only time 0.500000 is in the buffer, when looking up transform from frame [base_link] to frame [world]',
      '0.520 tf2.ExtrapolationException: Lookup would require extrapolation at time 0.000000, but only time 0.500000 is in the buffer, when looking up transform from frame [base_link] to frame [world]',
      // Upstream's Buffer waits out the timeout, then raises what the core says (no TimeoutException).
      '1.020 after waiting: LookupException: "moon" passed to lookupTransform argument source_frame does not exist. ',
      "1.020 frames: 'Frame map exists with parent world.\\nFrame base_link exists with parent world.\\n'",
    ]);
    const again = runCli(['run', job, '--json'], dir, 90_000);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
  });

  it('waits without blocking: a coroutine awaits lookup_transform_async, a wait_for_transform_async future is spun to completion', () => {
    const dir = programs('broadcaster.py', 'async_listener.py');
    const job = writeTemp(dir, 'tf.yaml', 'end: { after: 2s }\nnodes:\n  - script: broadcaster.py\n  - script: async_listener.py\n');
    const result = runCli(['run', job], dir, 90_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), [
      '[INFO] [0.100000000] [async_listener]: awaiting world <- base_link',
      '[INFO] [0.500000000] [async_listener]: got x=0.5 stamped 0.500000000',
      '[INFO] [0.700000000] [async_listener]: future done: map <- base_link y=0.300000',
    ]);
  });

  it("logs tf2's texts for refused transforms, and gives its frames as YAML and tf2_py's answers", () => {
    const dir = programs('buffer_core.py');
    const result = runCli(['exec', 'buffer_core.py', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(printed(result.stdout), [
      'base_link: ',
      "  parent: 'odom'",
      "  broadcaster: 'odometry'",
      '  rate: 1.500',
      '  most_recent_transform: 22.000000',
      '  oldest_transform: 20.000000',
      '  buffer_length: 2.000',
      'laser: ',
      "  parent: 'base_link'",
      "  broadcaster: 'urdf'",
      '  rate: 10000.000',
      '  most_recent_transform: 0.000000',
      '  oldest_transform: 0.000000',
      '  buffer_length: 0.000',
      'exists: True False',
      'parent: None base_link',
      'latest common time: Time(nanoseconds=22000000000, clock_type=SYSTEM_TIME)',
      "can: (False, 'Lookup would require extrapolation into the past.  Requested time 19.000000 but the earliest data is at time 20.000000, when looking up transform from frame [laser] to frame [odom]')",
    ]);
    const logged = result.stderr.split('\n');
    assert.ok(
      logged.includes(
        '[ERROR] [0.000000000] []: TF_SELF_TRANSFORM: Ignoring transform from authority "self_driver" with frame_id and  child_frame_id "odom" because they are the same',
      ),
      result.stderr,
    );
    assert.ok(
      logged.includes('[WARN] [0.000000000] []: TF_OLD_DATA ignoring data from the past for frame base_link at time 14.000000 according to authority odometry'),
      result.stderr,
    );
  });

  it("gives tf_transformations' values, and round trips a point cloud and an image through point_cloud2 and cv_bridge", () => {
    const dir = programs('helpers.py');
    const result = runCli(['exec', 'helpers.py', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(printed(result.stdout), [
      'quaternion_from_euler 0.034270798550 0.106020511062 0.143572175027 0.983347443256',
      'euler_from_quaternion 0.100000000000 0.200000000000 0.300000000000',
      'rzyx 0.034270798550 0.106020511062 0.143572175027 0.983347443256',
      'quaternion_multiply 0.000000000000 1.000000000000 0.000000000000 0.000000000000',
      'quaternion_inverse -0.000000000000 -0.000000000000 -0.000000000000 0.500000000000',
      'quaternion_slerp 0.000000000000 0.000000000000 0.707106781187 0.707106781187',
      'quaternion_from_matrix 0.016426207136 0.032852414273 0.049278621409 0.998109470984',
      'concatenated 0.000000000000 -1.000000000000 0.000000000000 1.000000000000 1.000000000000 0.000000000000 0.000000000000 2.000000000000 0.000000000000 0.000000000000 1.000000000000 3.000000000000',
      'inverse translation -2.000000000000 1.000000000000 -3.000000000000',
      'euler_from_matrix 1.570796326795 0.000000000000 -0.000000000000',
      "bad axes: KeyError 'xyz'",
      'cloud 3 1 6 18 False 0000c03f07000000c07f0800000010c00900',
      "read_points_list [('Point', ('x', 'intensity'), 1.5, 7), ('Point', ('x', 'intensity'), -2.25, 9)]",
      'read_points_numpy [[1.0, 3.0], [4.0, 6.0]]',
      "read_points dtype ('x', 'y', 'z')",
      'image rgb8 3 2 9 0 000102030405060708090a0b0c0d0e0f1011',
      'round trip (2, 3, 3) uint8 True',
      'as bgr8 [2, 1, 0]',
      'depth 32FC1 8 [[1.5, 2.5]]',
      'CvBridgeError: encoding specified as mono8, but image has incompatible type 8UC3',
      'CvBridgeError: cv_bridge: converting [rgb8] to [mono8] needs OpenCV (cv2), which this Python does not have',
      'CvBridgeError: Unrecognized image encoding [jpeg]',
      "ModuleNotFoundError: No module named 'cv2'",
    ]);
  });
});
