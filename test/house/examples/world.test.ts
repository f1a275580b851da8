import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runExample } from '../../support/exampleRuns.js';
import { lastJsonLine, needs, repoRoot, runCli, tempDir } from '../../support/helpers.js';

// The examples with a simulated world: sensors in a room, a robot's Gazebo launch, MuJoCo's arm.

describe('examples: simulated worlds', () => {
  it("kiss-icp: the LiDAR sequence its case study plays, a 16-layer lidar's PointCloud2 and the true pose, 2 s of it (docs/kiss-icp.md)", () => {
    const dir = tempDir();
    cpSync(dirname(join(repoRoot, 'examples/kiss-icp/record.yaml')), dir, { recursive: true });
    const job = join(dir, 'record.yaml');
    writeFileSync(job, readFileSync(job, 'utf8').replace('after: 20s', 'after: 2s'));
    const run = runCli(['run', job], dir);
    assert.equal(run.status, 0, run.stderr);
    const info = runCli(['bag', 'info', join(dir, 'sequence')], dir);
    assert.match(info.stdout, /Topic: \/points \| Type: sensor_msgs\/msg\/PointCloud2 \| Count: 21 \|/);
    assert.match(info.stdout, /Topic: \/ground_truth \| Type: nav_msgs\/msg\/Odometry \| Count: 20 \|/);
  });

  it("world: the rover drives east at 0.5 m/s, its lidar sees the wall come nearer, its odometry goes on against the wall (the README's lines)", () => {
    const { stderr, summary } = runExample('examples/world/job.yaml');
    assert.match(stderr, /^\[INFO\] \[5\.000000000\] \[probe\]: front 1\.913 odom 2\.000 imu 9\.80$/m);
    assert.match(stderr, /^\[INFO\] \[8\.000000000\] \[probe\]: front 0\.413 odom 3\.499 imu 9\.80$/m);
    assert.match(stderr, /^\[INFO\] \[10\.000000000\] \[probe\]: front -Infinity odom 4\.500 imu 9\.80$/m);
    assert.equal(summary.exitCode, 0);
  });

  it(
    "world-launch: a Jazzy robot's simulation launch file runs unchanged (gz_sim.launch.py, create from /robot_description, parameter_bridge), and its driver keeps off the walls for two minutes",
    needs('python3'),
    () => {
      // A copy: rclsim lays the workspace out (install/) beside its src/.
      const dir = tempDir();
      cpSync(dirname(join(repoRoot, 'examples/world-launch/job.yaml')), dir, { recursive: true });
      const result = runCli(['run', 'job.yaml', '--json'], dir);
      assert.equal(result.status, 0, result.stderr);
      const summary = lastJsonLine(result.stdout) as { checks: { name: string; held: boolean }[] };
      assert.deepEqual(
        summary.checks.map((check) => [check.name, check.held]),
        [
          ['no-collision', true],
          ['crosses-the-room', true],
        ],
      );
      const lines = result.stderr.split('\n');
      assert.ok(
        lines.some((line) => /gz_sim\.launch\.py:\d+: gz sim -g \(the GUI alone\) is not modeled/.test(line)),
        result.stderr,
      );
      for (const said of [
        '[INFO] [0.000000000] [ros_gz_bridge]: Creating GZ->ROS Bridge: [scan (gz.msgs.LaserScan) -> scan (sensor_msgs/msg/LaserScan)] (Lazy 0)',
        '[INFO] [0.000000000] [ros_gz_bridge]: Creating ROS->GZ Bridge: [cmd_vel (geometry_msgs/msg/Twist) -> cmd_vel (gz.msgs.Twist)] (Lazy 0)',
        '[INFO] [0.000000000] [ros_gz_sim]: Waiting messages on topic [robot_description].',
        '[INFO] [0.000000000] [ros_gz_sim]: Entity creation successfull.',
        '[INFO] [0.000000000] [avoid]: avoid: driving',
      ])
        assert.ok(lines.includes(said), `${said}\n${result.stderr}`);
    },
  );

  it("mujoco-arm: MuJoCo's arm raised by a controller through ROS topics, where its README says, the same bits under --perturb", () => {
    const { stderr, summary } = runExample('examples/mujoco-arm/job.yaml');
    const said = stderr.split('\n').filter((line) => line.includes('[controller]'));
    assert.equal(said[0], '[INFO] [1.000000000] [controller]: shoulder -0.312 rad, elbow -0.569 rad, tip at x 0.730 z 1.462 m');
    assert.equal(said.at(-1), '[INFO] [5.000000000] [controller]: shoulder -0.312 rad, elbow -0.569 rad, tip at x 0.731 z 1.462 m');
    const perturbed = runExample('examples/mujoco-arm/job.yaml', '--perturb');
    assert.equal(perturbed.summary.fingerprint, summary.fingerprint);
  });
});
