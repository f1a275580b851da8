import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Model } from '../../src/world/description/description.js';
import { readModelText, readWorldFile, readWorldText } from '../../src/world/description/sdfFile.js';
import type { Pose } from '../../src/world/geometry/pose.js';
import { tempDir, writeTemp } from '../support/helpers.js';

const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };
/** cos 45°, as `rounded` gives it. */
const H = Math.round(Math.SQRT1_2 * 1e9) / 1e9;

/** A pose rounded to 1e-9, as plain numbers (yaw only where the rotation is about z). */
function rounded(pose: Pose): number[] {
  const r = (v: number): number => Math.round(v * 1e9) / 1e9 + 0;
  const { position: p, rotation: q } = pose;
  return [r(p.x), r(p.y), r(p.z), r(q.x), r(q.y), r(q.z), r(q.w)];
}

function model(text: string, warnings: string[] = []): Model {
  return readModelText(text, 'robot.sdf', { paths: noPaths, warn: (line) => warnings.push(line) });
}

describe("SDF as sdformat and gz-sim read it: frames, includes, Gazebo's scoped names", () => {
  it("places links in the model's frame, joints in their child's, and a sensor relative_to another frame (SDF 1.8)", () => {
    const robot = model(`<sdf version="1.8"><model name="bot">
      <pose>1 2 0 0 0 1.5707963267948966</pose>
      <link name="base"><pose>0 0 0.1 0 0 0</pose>
        <collision name="body"><pose>0.1 0 0 0 0 0</pose><geometry><box><size>0.4 0.2 0.1</size></box></geometry>
          <surface><friction><ode><mu>0.5</mu></ode></friction></surface></collision>
        <sensor name="lidar" type="gpu_lidar"><pose relative_to="mount">0 0 0.05 0 0 0</pose><update_rate>10</update_rate><topic>scan</topic></sensor>
      </link>
      <frame name="mount" attached_to="base"><pose relative_to="base">0.2 0 0.1 0 0 0</pose></frame>
      <link name="wheel"><pose relative_to="base">0 0.15 0 -1.5707963267948966 0 0</pose></link>
      <joint name="axle" type="revolute"><parent>base</parent><child>wheel</child>
        <pose>0 0 0.01 0 0 0</pose><axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
    </model></sdf>`);
    assert.deepEqual(rounded(robot.pose), [1, 2, 0, 0, 0, H, H]);
    const [base, wheel] = robot.links;
    assert.deepEqual(rounded(base!.pose), [0, 0, 0.1, 0, 0, 0, 1]);
    assert.deepEqual(rounded(base!.collisions[0]!.pose), [0.1, 0, 0, 0, 0, 0, 1]);
    assert.equal(base!.collisions[0]!.friction.mu, 0.5);
    assert.deepEqual(base!.collisions[0]!.geometry, { kind: 'box', size: { x: 0.4, y: 0.2, z: 0.1 } });
    // mount is 0.2 ahead and 0.1 above base; the lidar 0.05 above mount: in base's frame.
    assert.deepEqual(rounded(base!.sensors[0]!.pose), [0.2, 0, 0.15, 0, 0, 0, 1]);
    assert.equal(base!.sensors[0]!.updateRate, 10);
    assert.deepEqual(rounded(wheel!.pose), [0, 0.15, 0.1, -H, 0, 0, H]);
    const [axle] = robot.joints;
    // The joint's pose is in the wheel's frame: 0.01 along the wheel's z, which a roll of -90° turns to the model's y.
    assert.deepEqual(rounded(axle!.pose), [0, 0.16, 0.1, -H, 0, 0, H]);
    // Its axis, z of the joint's frame, is the model's y.
    assert.deepEqual(rounded({ position: axle!.axis!.xyz, rotation: { x: 0, y: 0, z: 0, w: 1 } }).slice(0, 3), [0, 1, 0]);
    assert.deepEqual([axle!.axis!.lower, axle!.axis!.upper, axle!.parent, axle!.child], [-1, 1, 'base', 'wheel']);
  });

  it("reads a joint axis as its version says: the joint's frame from 1.5, the model's with use_parent_model_frame or in 1.4", () => {
    const joint = (version: string, axis: string) =>
      model(`<sdf version="${version}"><model name="m"><link name="a"/><link name="b"><pose>0 0 0 0 0 1.5707963267948966</pose></link>
        <joint name="j" type="revolute"><parent>a</parent><child>b</child><axis>${axis}</axis></joint></model></sdf>`).joints[0]!.axis!.xyz;
    const r = (v: { x: number; y: number; z: number }) => [v.x, v.y, v.z].map((c) => Math.round(c * 1e9) / 1e9 + 0);
    assert.deepEqual(r(joint('1.6', '<xyz>1 0 0</xyz>')), [0, 1, 0]);
    assert.deepEqual(r(joint('1.6', '<xyz>1 0 0</xyz><use_parent_model_frame>true</use_parent_model_frame>')), [1, 0, 0]);
    assert.deepEqual(r(joint('1.4', '<xyz>1 0 0</xyz>')), [1, 0, 0]);
    assert.deepEqual(r(joint('1.9', '<xyz expressed_in="__model__">1 0 0</xyz>')), [1, 0, 0]);
    assert.deepEqual(r(joint('1.9', '<xyz>1 0 0</xyz>')), [0, 1, 0]);
  });

  it('reads poses in degrees and as quaternions (SDF 1.9)', () => {
    const links = model(`<sdf version="1.9"><model name="m">
      <link name="a"><pose degrees="true">0 0 0 0 0 90</pose></link>
      <link name="b"><pose rotation_format="quat_xyzw">1 0 0 0 0 ${Math.SQRT1_2} ${Math.SQRT1_2}</pose></link>
    </model></sdf>`).links;
    assert.deepEqual(rounded(links[0]!.pose), [0, 0, 0, 0, 0, H, H]);
    assert.deepEqual(rounded(links[1]!.pose), [1, 0, 0, 0, 0, H, H]);
  });

  it("flattens nested models with Gazebo's scoped names and finds model:// includes by model.config's newest SDF", () => {
    const dir = tempDir();
    const models = join(dir, 'models');
    mkdirSync(join(models, 'post'), { recursive: true });
    writeTemp(join(models, 'post'), 'model.config', '<model><name>post</name><sdf version="1.4">old.sdf</sdf><sdf version="1.8">new.sdf</sdf></model>');
    writeTemp(join(models, 'post'), 'old.sdf', '<sdf version="1.4"><model name="old"><link name="wrong"/></model></sdf>');
    writeTemp(
      join(models, 'post'),
      'new.sdf',
      '<sdf version="1.8"><model name="post"><link name="pole"><collision name="c"><geometry><mesh><uri>meshes/pole.stl</uri><scale>0.001 0.001 0.001</scale></mesh></geometry></collision></link></model></sdf>',
    );
    mkdirSync(join(models, 'post', 'meshes'));
    writeTemp(join(models, 'post', 'meshes'), 'pole.stl', 'solid pole\nendsolid pole\n');
    const worldFile = writeTemp(
      dir,
      'world.sdf',
      `<?xml version="1.0"?><sdf version="1.8"><world name="yard">
        <physics name="fast" type="ode"><max_step_size>0.002</max_step_size></physics>
        <plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>
        <include><uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Ground Plane</uri></include>
        <include><uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Sun</uri></include>
        <model name="fence"><static>1</static><pose>5 0 0 0 0 0</pose>
          <include><uri>model://post</uri><name>left</name><pose>0 1 0 0 0 0</pose></include>
          <include><uri>model://post</uri><name>right</name><pose>0 -1 0 0 0 0</pose></include>
        </model>
        <frame name="dock"><pose relative_to="fence">1 0 0 0 0 0</pose></frame>
        <model name="box"><pose relative_to="dock">0 0 0.5 0 0 0</pose><link name="l"/></model>
      </world></sdf>`,
    );
    const world = readWorldFile(worldFile, { paths: { modelFolders: [models], prefixes: [], fuelCache: null }, warn: () => {} });
    assert.equal(world.name, 'yard');
    assert.equal(world.stepSize, 0.002);
    assert.deepEqual(
      world.plugins.map((plugin) => plugin.name),
      ['gz::sim::systems::Physics'],
    );
    assert.deepEqual(
      world.models.map((m) => [m.name, m.static, rounded(m.pose).slice(0, 3)]),
      [
        ['ground_plane', true, [0, 0, 0]],
        ['fence', true, [5, 0, 0]],
        ['box', false, [6, 0, 0.5]],
      ],
    );
    const fence = world.models[1]!;
    assert.deepEqual(
      fence.links.map((link) => [link.name, rounded(link.pose).slice(0, 3)]),
      [
        ['left::pole', [0, 1, 0]],
        ['right::pole', [0, -1, 0]],
      ],
    );
    const mesh = fence.links[0]!.collisions[0]!.geometry;
    assert.equal(mesh.kind, 'mesh');
    assert.equal(mesh.kind === 'mesh' && mesh.file, join(models, 'post', 'meshes', 'pole.stl'));
  });

  it('says in one line, naming the file and line, what it cannot read', () => {
    const failure = (text: string): string => {
      try {
        readWorldText(text, 'w.sdf', { paths: noPaths, warn: () => {} });
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    assert.equal(failure('<robot name="r"/>'), 'w.sdf:1: is not SDF: its root element is not <sdf>');
    assert.equal(failure('<sdf version="2.0"><world name="w"/></sdf>'), "w.sdf:1: <sdf version> must be 1.x, not '2.0'");
    assert.equal(
      failure('<sdf version="1.8"><world name="w">\n<include><uri>model://nowhere</uri></include></world></sdf>'),
      'w.sdf:2: model://nowhere is not found (model:// searches GZ_SIM_RESOURCE_PATH, SDF_PATH, GZ_FILE_PATH and GAZEBO_MODEL_PATH)',
    );
    assert.equal(
      failure('<sdf version="1.8"><world name="w">\n<include><uri>https://fuel.gazebosim.org/1.0/someone/models/Thing</uri></include></world></sdf>'),
      "w.sdf:2: https://fuel.gazebosim.org/1.0/someone/models/Thing is a Fuel model that is not in Gazebo's cache (~/.gz/fuel) and rclsim does not download: put it there or in a folder of GZ_SIM_RESOURCE_PATH",
    );
    assert.equal(
      failure(
        '<sdf version="1.8"><world name="w"><model name="m">\n<link name="a"><pose relative_to="b"/></link>\n<link name="b"><pose relative_to="a"/></link></model></world></sdf>',
      ),
      "w.sdf:3: the frames of model 'm' form a cycle through 'a'",
    );
    assert.equal(
      failure('<sdf version="1.8"><world name="w"><model name="m"><link name="a">\n<pose>1 2 x 0 0 0</pose></link></model></world></sdf>'),
      "w.sdf:2: <pose> must be 6 numbers, not '1 2 x 0 0 0'",
    );
    assert.equal(
      failure(
        '<sdf version="1.8"><world name="w"><model name="m"><link name="a"/>\n<joint name="j" type="hinge"><parent>a</parent><child>a</child></joint></model></world></sdf>',
      ),
      "w.sdf:2: joint 'j' has type 'hinge', not one of fixed, revolute, continuous, prismatic, ball, universal, revolute2, screw, gearbox",
    );
  });

  it('warns in one line of what it reads and does not model', () => {
    const warnings: string[] = [];
    model(
      '<sdf version="1.8"><model name="m"><link name="a"><collision name="hm">\n<geometry><heightmap><uri>h.png</uri></heightmap></geometry></collision></link></model></sdf>',
      warnings,
    );
    assert.deepEqual(warnings, ["robot.sdf:2: <heightmap> geometry is not modeled; <collision> 'hm' is left out of collisions and rays"]);
  });
});
