import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readUrdfText } from '../../src/world/description/urdfFile.js';
import type { Pose } from '../../src/world/geometry/pose.js';

const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };
const r = (v: number): number => Math.round(v * 1e9) / 1e9 + 0;
const position = (pose: Pose): number[] => [r(pose.position.x), r(pose.position.y), r(pose.position.z)];

/** A small differential-drive robot in the style of the ones people spawn from robot_description. */
const ROBOT = `<?xml version="1.0"?>
<robot name="rover">
  <material name="grey"><color rgba="0.5 0.5 0.5 1"/></material>
  <link name="base_footprint"/>
  <joint name="base_joint" type="fixed"><parent link="base_footprint"/><child link="base_link"/><origin xyz="0 0 0.05"/></joint>
  <link name="base_link">
    <inertial><origin xyz="0 0 0"/><mass value="2"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>
    <collision><geometry><box size="0.4 0.3 0.1"/></geometry></collision>
    <visual><geometry><box size="0.4 0.3 0.1"/></geometry><material name="grey"/></visual>
  </link>
  <joint name="lidar_joint" type="fixed"><parent link="base_link"/><child link="lidar"/><origin xyz="0.1 0 0.1"/></joint>
  <link name="lidar">
    <inertial><mass value="2"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>
    <collision><geometry><cylinder radius="0.04" length="0.05"/></geometry></collision>
  </link>
  <joint name="left_wheel_joint" type="continuous"><parent link="base_link"/><child link="left_wheel"/>
    <origin xyz="0 0.17 0" rpy="-1.5707963267948966 0 0"/><axis xyz="0 0 1"/></joint>
  <link name="left_wheel"><collision><geometry><cylinder radius="0.05" length="0.03"/></geometry></collision></link>
  <joint name="arm_joint" type="fixed"><parent link="base_link"/><child link="arm"/><origin xyz="-0.1 0 0.1"/></joint>
  <link name="arm"><collision><geometry><sphere radius="0.02"/></geometry></collision></link>
  <gazebo reference="lidar">
    <sensor name="scanner" type="gpu_lidar"><pose>0 0 0.02 0 0 0</pose><update_rate>10</update_rate><topic>scan</topic></sensor>
  </gazebo>
  <gazebo reference="left_wheel"><mu1>0.9</mu1><mu2>0.8</mu2></gazebo>
  <gazebo reference="arm_joint"><preserveFixedJoint>true</preserveFixedJoint></gazebo>
  <gazebo>
    <plugin filename="gz-sim-diff-drive-system" name="gz::sim::systems::DiffDrive"><left_joint>left_wheel_joint</left_joint></plugin>
  </gazebo>
</robot>`;

describe('URDF converted as sdformat converts it for Gazebo', () => {
  it('lumps fixed joints into their parent (collisions, sensors, combined inertia) unless a joint is preserved', () => {
    const warnings: string[] = [];
    const model = readUrdfText(ROBOT, 'rover.urdf', { paths: noPaths, warn: (line) => warnings.push(line) });
    assert.deepEqual(warnings, []);
    assert.equal(model.name, 'rover');
    assert.deepEqual(
      model.links.map((link) => link.name),
      ['base_footprint', 'arm', 'left_wheel'],
    );
    const base = model.links[0]!;
    assert.deepEqual(
      base.collisions.map((collision) => [collision.name, position(collision.pose)]),
      [
        ['base_footprint_fixed_joint_lump__base_link_collision', [0, 0, 0.05]],
        ['base_footprint_fixed_joint_lump__lidar_collision', [0.1, 0, 0.15]],
      ],
    );
    assert.deepEqual(
      base.sensors.map((sensor) => [sensor.name, sensor.type, position(sensor.pose), sensor.updateRate, sensor.topic]),
      [['scanner', 'gpu_lidar', [0.1, 0, 0.17], 10, 'scan']],
    );
    // 2 kg at z 0.05 and 2 kg at (0.1, 0, 0.15): 4 kg at (0.05, 0, 0.1); ixx = 0.1 + 0.1 + 2·0.05² + 2·0.05², ixz = −2·0.05·0.05 twice.
    const inertial = base.inertial!;
    assert.equal(inertial.mass, 4);
    assert.deepEqual(position(inertial.pose), [0.05, 0, 0.1]);
    assert.equal(r(inertial.ixx), 0.21);
    assert.equal(r(inertial.iyy), 0.22);
    assert.equal(r(inertial.ixz), -0.01);
    assert.deepEqual(base.visuals[0]!.color, { r: 0.5, g: 0.5, b: 0.5, a: 1 });
    const wheel = model.links[2]!;
    assert.deepEqual(position(wheel.pose), [0, 0.17, 0.05]);
    assert.deepEqual([wheel.collisions[0]!.friction.mu, wheel.collisions[0]!.friction.mu2], [0.9, 0.8]);
    const [arm, left] = model.joints;
    assert.deepEqual([arm!.name, arm!.type, arm!.parent, arm!.child], ['arm_joint', 'fixed', 'base_footprint', 'arm']);
    assert.deepEqual([left!.name, left!.type, left!.parent], ['left_wheel_joint', 'continuous', 'base_footprint']);
    // The wheel's z axis, rolled -90°, is the model's y.
    assert.deepEqual(position({ position: left!.axis!.xyz, rotation: { x: 0, y: 0, z: 0, w: 1 } }), [0, 1, 0]);
    assert.deepEqual([left!.axis!.lower, left!.axis!.upper], [-Infinity, Infinity]);
    assert.deepEqual(
      model.plugins.map((plugin) => plugin.name),
      ['gz::sim::systems::DiffDrive'],
    );
  });

  it('says what urdfdom refuses in its words, naming the file', () => {
    assert.throws(() => readUrdfText('<robot name="r"><link name="a"/><link name="a"/></robot>', 'r.urdf', { paths: noPaths, warn: () => {} }), {
      message: "r.urdf:0: not a URDF robot: link 'a' is not unique.",
    });
  });
});
