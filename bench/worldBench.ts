import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchDir } from './bagBench.js';
import { median } from './measure.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const CLI = join(repoRoot, 'dist/src/cli/main.js');

/**
 * A world for the speed figures: a 20 m square room with 20 obstacles (boxes and pillars) and
 * `robots` differential-drive robots, each with a lidar of `beams` × `samples` rays at 10 Hz,
 * gz-sim's DiffDrive (odometry at 50 Hz) and a 1 ms step, each bridged to ROS under its own name
 * and driven by one controller program (a node per robot: forward, turning when something is near).
 */
export function worldFiles(dir: string, robots: number, beams: number, samples: number): string {
  mkdirSync(dir, { recursive: true });
  const obstacles = Array.from({ length: 20 }, (_, i) => {
    const x = -8 + (i % 5) * 4;
    const y = -6 + Math.floor(i / 5) * 4;
    const shape = i % 2 === 0 ? '<box><size>0.6 0.6 1</size></box>' : '<cylinder><radius>0.3</radius><length>1</length></cylinder>';
    return `<collision name="o${i}"><pose>${x + 1} ${y + 1} 0.5 0 0 0</pose><geometry>${shape}</geometry></collision>`;
  }).join('\n');
  const walls = [
    [10.1, 0, 0.2, 20.4],
    [-10.1, 0, 0.2, 20.4],
    [0, 10.1, 20.4, 0.2],
    [0, -10.1, 20.4, 0.2],
  ]
    .map(
      ([x, y, sx, sy], i) => `<collision name="w${i}"><pose>${x} ${y} 0.5 0 0 0</pose><geometry><box><size>${sx} ${sy} 1</size></box></geometry></collision>`,
    )
    .join('\n');
  writeFileSync(
    join(dir, 'room.sdf'),
    `<sdf version="1.8"><world name="room">
<plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>
<plugin filename="gz-sim-sensors-system" name="gz::sim::systems::Sensors"/>
<include><uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Ground Plane</uri></include>
<model name="room"><static>true</static><link name="l">${walls}\n${obstacles}</link></model>
</world></sdf>`,
  );
  const vertical = beams > 1 ? `<vertical><samples>${beams}</samples><min_angle>-0.26</min_angle><max_angle>0.26</max_angle></vertical>` : '';
  writeFileSync(
    join(dir, 'robot.sdf'),
    `<sdf version="1.8"><model name="robot">
<link name="base_link"><inertial><pose>0 0 0.1 0 0 0</pose><mass>5</mass><inertia><ixx>0.05</ixx><iyy>0.08</iyy><izz>0.1</izz></inertia></inertial>
<collision name="body"><pose>0 0 0.12 0 0 0</pose><geometry><box><size>0.4 0.3 0.12</size></box></geometry></collision>
<sensor name="lidar" type="gpu_lidar"><pose>0.1 0 0.3 0 0 0</pose><update_rate>10</update_rate>
<lidar><scan><horizontal><samples>${samples}</samples><min_angle>-3.14159265</min_angle><max_angle>3.14159265</max_angle></horizontal>${vertical}</scan><range><min>0.1</min><max>12</max></range></lidar></sensor></link>
<link name="left"><pose>0 0.17 0.05 -1.5707963267948966 0 0</pose><collision name="t"><geometry><cylinder><radius>0.05</radius><length>0.03</length></cylinder></geometry></collision></link>
<link name="right"><pose>0 -0.17 0.05 -1.5707963267948966 0 0</pose><collision name="t"><geometry><cylinder><radius>0.05</radius><length>0.03</length></cylinder></geometry></collision></link>
<link name="caster"><pose>-0.15 0 0.025 0 0 0</pose><collision name="b"><geometry><sphere><radius>0.025</radius></sphere></geometry></collision></link>
<joint name="lj" type="revolute"><parent>base_link</parent><child>left</child><axis><xyz>0 0 1</xyz></axis></joint>
<joint name="rj" type="revolute"><parent>base_link</parent><child>right</child><axis><xyz>0 0 1</xyz></axis></joint>
<joint name="cj" type="ball"><parent>base_link</parent><child>caster</child></joint>
<plugin filename="gz-sim-diff-drive-system" name="gz::sim::systems::DiffDrive"><left_joint>lj</left_joint><right_joint>rj</right_joint><wheel_separation>0.34</wheel_separation><wheel_radius>0.05</wheel_radius></plugin>
</model></sdf>`,
  );
  writeFileSync(
    join(dir, 'controller.cjs'),
    `const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const nodes = [];
  for (let r = 0; r < ${robots}; r++) {
    const node = new rclnodejs.Node('controller', 'r' + r);
    const cmd = node.createPublisher('geometry_msgs/msg/Twist', 'cmd_vel');
    let near = Infinity;
    node.createSubscription('sensor_msgs/msg/LaserScan', 'scan', (scan) => {
      near = Infinity;
      for (let i = Math.floor(scan.ranges.length * 0.4); i < scan.ranges.length * 0.6; i++) if (scan.ranges[i] > 0) near = Math.min(near, scan.ranges[i]);
    });
    node.createSubscription('nav_msgs/msg/Odometry', 'odom', () => {});
    node.createTimer(100000000n, () => cmd.publish({ linear: { x: near < 0.8 ? 0 : 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: near < 0.8 ? 1 : 0 } }));
    nodes.push(node);
  }
  for (const node of nodes) rclnodejs.spin(node);
});
`,
  );
  const spawns = Array.from(
    { length: robots },
    (_, r) => `    - { file: robot.sdf, name: r${r}, pose: [${-7 + (r % 5) * 3.5}, ${-8 + Math.floor(r / 5) * 0.8}, 0, 0, 0, ${r * 0.3}] }`,
  );
  const bridge = (ros: string, gz: string, rosType: string, gzType: string, direction: string) =>
    `    - { ros_topic_name: ${ros}, gz_topic_name: ${gz}, ros_type_name: ${rosType}, gz_type_name: ${gzType}, direction: ${direction} }`;
  const bridges = Array.from({ length: robots }, (_, r) => [
    bridge(`/r${r}/scan`, `/world/room/model/r${r}/link/base_link/sensor/lidar/scan`, 'sensor_msgs/msg/LaserScan', 'gz.msgs.LaserScan', 'GZ_TO_ROS'),
    bridge(`/r${r}/odom`, `/model/r${r}/odometry`, 'nav_msgs/msg/Odometry', 'gz.msgs.Odometry', 'GZ_TO_ROS'),
    bridge(`/r${r}/cmd_vel`, `/model/r${r}/cmd_vel`, 'geometry_msgs/msg/Twist', 'gz.msgs.Twist', 'ROS_TO_GZ'),
  ]).flat();
  const job = join(dir, 'job.yaml');
  writeFileSync(job, `world:\n  sdf: room.sdf\n  spawn:\n${spawns.join('\n')}\n  bridge:\n${bridges.join('\n')}\nnodes:\n  - script: controller.cjs\n`);
  return job;
}

/** A run's in-run wall seconds (the summary's, which leaves the process's start out). */
function runSeconds(job: string, until: string): number {
  const result = spawnSync(process.execPath, [CLI, 'run', job, '--until', until, '--json'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`rclsim run ${job} failed (${result.status}): ${result.stderr}`);
  const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { wallSeconds: number };
  return summary.wallSeconds;
}

/**
 * Sim seconds per wall second of a world's run, in-run: a run to 110 s less one to 20 s (so that
 * loading cancels), median of `repeats` pairs.
 */
export function worldRealTimeFactor(name: string, robots: number, beams: number, samples: number, repeats: number): number {
  const dir = benchDir();
  try {
    const job = worldFiles(join(dir.path, name), robots, beams, samples);
    const factors: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const long = runSeconds(job, '110s');
      const short = runSeconds(job, '20s');
      factors.push(90 / (long - short));
    }
    return median(factors);
  } finally {
    dir.done();
  }
}
