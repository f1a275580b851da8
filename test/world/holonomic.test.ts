import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readWorldText } from '../../src/world/description/sdfFile.js';
import type { GzOdometry } from '../../src/world/gz/messages.js';
import { SimulatedWorld } from '../../src/world/SimulatedWorld.js';

const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };

/** A box robot driven as a holonomic base (VelocityControl), its true pose as odometry (OdometryPublisher), a wall at y = 2. */
const WORLD = `<sdf version="1.8"><world name="w">
<plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>
<model name="ground"><static>true</static><link name="l"><collision name="c"><geometry><plane><normal>0 0 1</normal></plane></geometry></collision></link></model>
<model name="wall"><static>true</static><pose>0 2.1 0.5 0 0 0</pose><link name="l"><collision name="c"><geometry><box><size>4 0.2 1</size></box></geometry></collision></link></model>
<model name="base"><pose>0 0 0.1 0 0 0</pose>
  <link name="body"><inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
    <collision name="c"><geometry><box><size>0.5 0.4 0.2</size></box></geometry></collision></link>
  <plugin filename="gz-sim-velocity-control-system" name="gz::sim::systems::VelocityControl"/>
  <plugin filename="gz-sim-odometry-publisher-system" name="gz::sim::systems::OdometryPublisher"><odom_publish_frequency>10</odom_publish_frequency></plugin>
</model></world></sdf>`;

describe("a holonomic base: gz-sim's VelocityControl, and its true pose from OdometryPublisher", () => {
  it('strafes as told until the wall stops it, its odometry the true pose and velocity', () => {
    const world = new SimulatedWorld(readWorldText(WORLD, 'w.sdf', { paths: noPaths, warn: () => {} }), { originNs: 0n, seed: 1, warn: () => {} });
    const odometry: GzOdometry[] = [];
    world.bus.subscribe('/model/base/odometry', (_type, message) => odometry.push(message as GzOdometry));
    world.bus.publish('/model/base/cmd_vel', 'gz.msgs.Twist', { linear: { x: 0, y: 0.5, z: 0 }, angular: { x: 0, y: 0, z: 0 } });
    const until = (step: number): void => {
      for (let next = world.nextOutputStep(); next !== null && next <= step; next = world.nextOutputStep()) {
        world.advanceTo(next);
        world.output();
      }
      world.advanceTo(step);
    };
    until(2000);
    const base = world.model('base')!.body!;
    assert.ok(Math.abs(base.x) < 1e-9, `x ${base.x}`);
    assert.ok(Math.abs(base.y - 1.0) < 0.002, `y ${base.y}`);
    const last = odometry.at(-1)!;
    // Published on the 100 ms throttle; the pose is the body's, the velocity its own frame's mean.
    assert.equal(last.header.stampNs, 2_000_000_000n);
    assert.equal(last.position.y, base.y);
    assert.ok(Math.abs(last.linear.y - 0.5) < 1e-9, `vy ${last.linear.y}`);
    assert.deepEqual([last.header.frameId, last.header.childFrameId], ['base/odom', 'base/base_footprint']);
    until(8000);
    // The wall's face is at y = 2; the body reaches 0.2 from its centre: it rests near 1.8.
    assert.ok(base.y > 1.79 && base.y < 1.801, `y ${base.y}`);
    assert.ok(Math.abs(odometry.at(-1)!.linear.y) < 0.01, `vy ${odometry.at(-1)!.linear.y}`);
  });
});
