import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A copy of examples/world (a room, a pillar, a rover with a lidar and an IMU, a bridge config, a probe program). */
function yard(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  return dir;
}

const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

describe("a robot in rclsim's world: Gazebo's systems and sensors, bridged to ROS as ros_gz_bridge bridges them", () => {
  it('drives the rover to the wall: the lidar sees it come, the rover stops there, its odometry goes on with its wheels', () => {
    const dir = yard();
    const result = runCli(['run', 'job.yaml'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const probe = logLines(result.stderr).filter((line) => line.includes('[probe]'));
    assert.deepEqual(probe.slice(0, 2), [
      // The lidar is 0.1 m ahead of the rover's centre, the wall's face at x = 4; at rest the IMU reads +g.
      '[INFO] [1.000000000] [probe]: front 3.900 odom 0.000 imu 9.80',
      // gz-sensors: the first update at the first step, then on the 100 ms grid; DiffDrive's throttle: every 20 ms from 20 ms.
      '[INFO] [1.000000000] [probe]: first scans at 1000000 100000000 200000000, frame rover/base_link/lidar; first odometry at 20000000 40000000 60000000, frames rover/odom rover/base_link',
    ]);
    // 0.5 m/s from 1 s (the command acts a step later): 0.5 m a second, the range down as the odometry up.
    assert.match(probe[2]!, /\[2\.000000000\] \[probe\]: front 3\.41\d odom 0\.49\d imu 9\.80$/);
    assert.match(probe[7]!, /\[7\.000000000\] \[probe\]: front 0\.91\d odom 2\.99\d imu 9\.80$/);
    // At the wall: nearer than the lidar's minimum range (−inf), the wheels still turning under the odometry.
    assert.match(probe.at(-1)!, /\[10\.000000000\] \[probe\]: front -Infinity odom 4\.5\d\d imu 9\.80$/);
    const again = runCli(['run', 'job.yaml'], dir, 120_000);
    assert.equal(fingerprint(again.stdout), fingerprint(result.stdout));
    assert.notEqual(fingerprint(result.stdout), 'none');
  });

  it('logs its bridges and spawns as ros_gz_bridge and ros_gz_sim do', () => {
    const dir = yard();
    const result = runCli(['run', 'job.yaml', '--until', '1100ms'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr);
    assert.ok(
      lines.includes('[INFO] [0.000000000] [ros_gz_bridge]: Creating GZ->ROS Bridge: [scan (gz.msgs.LaserScan) -> scan (sensor_msgs/msg/LaserScan)] (Lazy 0)'),
      lines.join('\n'),
    );
    assert.ok(
      lines.includes('[INFO] [0.000000000] [ros_gz_bridge]: Creating ROS->GZ Bridge: [cmd_vel (geometry_msgs/msg/Twist) -> cmd_vel (gz.msgs.Twist)] (Lazy 0)'),
    );
    assert.ok(lines.includes('[INFO] [0.000000000] [ros_gz_sim]: Entity creation successfull.'));
    assert.ok(
      lines.includes(
        '[INFO] [1.000000000] [ros_gz_bridge]: Passing message from ROS geometry_msgs/msg/Twist to Gazebo gz.msgs.Twist (showing msg only once per type)',
      ),
    );
  });

  it('checks what only the world knows: contacts as they begin, and the true pose', () => {
    const dir = yard();
    writeTemp(
      dir,
      'checked.yaml',
      `end: { after: 10s }
world:
  sdf: yard.sdf
  contacts: true
  ground_truth: 10
  spawn: [{ file: rover.sdf, pose: [0, 0, 0, 0, 0, 0] }]
  bridge: [{ config_file: bridge.yaml }]
checks:
  - { name: no-collision, topic: /rclsim/world/contacts, never: "depth > 0" }
  - { name: in-room, topic: /rclsim/world/rover/pose, always: "pose.position.x < 3.7" }
nodes:
  - script: probe.cjs
`,
    );
    const result = runCli(['run', 'checked.yaml'], dir, 120_000);
    assert.equal(result.status, 8, result.stderr);
    // The body's front is 0.2 m ahead of its centre: it meets the wall's face (x = 4) at 8.6 s, at the first step it overlaps.
    assert.match(
      result.stdout,
      /no-collision: FAILED at 8\.628000000s: it held for message .*"model":"rover","collision":"base_link::body","other":"walls::walls::east"/,
    );
    // The true pose, on the 100 ms grid: past 3.7 m at 8.5 s.
    assert.match(result.stdout, /in-room: FAILED at 8\.500000000s: it did not hold for message .*"x":3\.736/);
  });

  it('finds the planted bug with hunt (a wall hit when the last scans before it are lost) and shrinks it to those losses', () => {
    const dir = yard();
    const hunt = runCli(['hunt', 'hunt.yaml', '--seed', '100', '--runs', '10'], dir, 300_000);
    assert.equal(hunt.status, 8, hunt.stderr);
    assert.match(hunt.stdout, /^seed 107 fails/m);
    const shrink = runCli(['shrink', 'hunt.yaml', '--seed', '107', '--check', 'no-collision'], dir, 600_000);
    assert.equal(shrink.status, 0, shrink.stderr);
    const shrunk = readFileSync(join(dir, 'hunt.shrunk.yaml'), 'utf8');
    // Six scans in a row, the 0.6 s the rover needs from 0.4 m to the wall.
    assert.deepEqual(
      [...shrunk.matchAll(/fault: lossy-scan, topic: \/scan, publisher: \/ros_gz_bridge, sequence: (\d+), receiver: \/cautious, drop: true/g)].map((m) =>
        Number(m[1]),
      ),
      [72, 73, 74, 75, 76, 77],
    );
    const replay = runCli(['run', 'hunt.shrunk.yaml'], dir, 120_000);
    assert.equal(replay.status, 8, replay.stderr);
  });

  it('says in one line what it cannot run or read, naming the file, line and element', () => {
    const dir = yard();
    writeTemp(
      dir,
      'odd.sdf',
      '<?xml version="1.0"?>\n<sdf version="1.8"><world name="odd">\n<plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>\n<model name="m"><link name="l"><sensor name="cam" type="thermal_camera"/></link>\n<plugin filename="libmy_plugin.so" name="my::Plugin"/></model></world></sdf>\n',
    );
    writeTemp(dir, 'odd.yaml', 'end: { after: 10ms }\nworld:\n  sdf: odd.sdf\n');
    const odd = runCli(['run', 'odd.yaml'], dir, 60_000);
    assert.equal(odd.status, 0, odd.stderr);
    assert.match(odd.stderr, /odd\.sdf:5: plugin libmy_plugin\.so \(my::Plugin\) of model 'm' is not modeled by rclsim; it is left out/);
    assert.match(odd.stderr, /odd\.sdf:4: sensor 'cam' of type thermal_camera is not modeled by rclsim; it publishes nothing/);
    writeTemp(dir, 'missing.yaml', 'world:\n  sdf: nowhere.sdf\n');
    const missing = runCli(['run', 'missing.yaml'], dir, 60_000);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /missing\.yaml:2: world\.sdf: no such file 'nowhere\.sdf'/);
    writeTemp(
      dir,
      'bad.sdf',
      '<sdf version="1.8"><world name="w">\n<model name="m"><link name="l">\n<collision name="c"><geometry><box><size>1 x 1</size></box></geometry></collision></link></model></world></sdf>\n',
    );
    writeTemp(dir, 'bad.yaml', 'world:\n  sdf: bad.sdf\n');
    const bad = runCli(['run', 'bad.yaml'], dir, 60_000);
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, /bad\.sdf:3: <size> must be 3 numbers, not '1 x 1'/);
    writeTemp(dir, 'bridge.bad.yaml', '- ros_topic_name: scan\n  gz_type_name: gz.msgs.LaserScan\n');
    writeTemp(dir, 'badbridge.yaml', 'world:\n  sdf: yard.sdf\n  bridge:\n    - config_file: bridge.bad.yaml\n');
    const badBridge = runCli(['run', 'badbridge.yaml'], dir, 60_000);
    assert.equal(badBridge.status, 2, badBridge.stderr);
    assert.match(badBridge.stderr, /badbridge\.yaml:4: world\.bridge\[0\]: .*bridge\.bad\.yaml: entry 1: needs ros_type_name/);
  });
});
