import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readModelText } from '../../src/world/description/sdfFile.js';
import { readUrdfText } from '../../src/world/description/urdfFile.js';

const options = { paths: { modelFolders: [], prefixes: [], fuelCache: null }, warn: () => {} };
const near = (v: { x: number; y: number; z: number } | null, x: number, y: number, z: number) =>
  v !== null && Math.abs(v.x - x) < 1e-12 && Math.abs(v.y - y) < 1e-12 && Math.abs(v.z - z) < 1e-12;

describe("a collision's first friction direction (fdir1), as gz-physics' DART turns it", () => {
  it("SDF: in the collision's frame, or in the link gz:expressed_in names; unit; none when left out or zero", () => {
    const model = readModelText(
      `<sdf version="1.9"><model name="m">
  <link name="chassis"><pose>0 0 0 0 0 1.5707963267948966</pose></link>
  <link name="wheel"><pose>1 0 0 -1.5707963267948966 0 0</pose>
    <collision name="own"><geometry><sphere><radius>0.1</radius></sphere></geometry>
      <surface><friction><ode><mu>1</mu><mu2>0</mu2><fdir1>0 0 2</fdir1></ode></friction></surface></collision>
    <collision name="chassis_frame"><geometry><sphere><radius>0.1</radius></sphere></geometry>
      <surface><friction><ode><fdir1 gz:expressed_in="chassis">1 0 0</fdir1></ode></friction></surface></collision>
    <collision name="zero"><geometry><sphere><radius>0.1</radius></sphere></geometry>
      <surface><friction><ode><fdir1>0 0 0</fdir1></ode></friction></surface></collision>
    <collision name="none"><geometry><sphere><radius>0.1</radius></sphere></geometry></collision>
  </link></model></sdf>`,
      'm.sdf',
      options,
    );
    const [own, chassis, zero, none] = model.links[1]!.collisions.map((collision) => collision.friction.fdir1);
    // In the link's frame: the collision's z is the link's (the collision is not turned in its link), made unit.
    assert.ok(near(own!, 0, 0, 1), JSON.stringify(own));
    // The chassis' x (the model's y) in the wheel's frame, the model's turned -90° about x: the wheel's z.
    assert.ok(near(chassis!, 0, 0, 1), JSON.stringify(chassis));
    assert.equal(zero, null);
    assert.equal(none, null);
  });

  it("URDF: a link's <gazebo> fdir1, in its collision's frame, as sdformat writes it into the collision", () => {
    const model = readUrdfText(
      `<robot name="r"><link name="base"/><link name="wheel"><collision><origin rpy="0 0 1.5707963267948966"/><geometry><sphere radius="0.1"/></geometry></collision></link>
<joint name="j" type="continuous"><parent link="base"/><child link="wheel"/></joint>
<gazebo reference="wheel"><mu1>1</mu1><mu2>0</mu2><fdir1>1 0 0</fdir1></gazebo></robot>`,
      'r.urdf',
      options,
    );
    const wheel = model.links.find((link) => link.name === 'wheel')!;
    assert.ok(near(wheel.collisions[0]!.friction.fdir1, 0, 1, 0), JSON.stringify(wheel.collisions[0]!.friction.fdir1));
    assert.equal(wheel.collisions[0]!.friction.mu2, 0);
  });
});
