import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readWorldText } from '../../src/world/description/sdfFile.js';
import { readUrdfText } from '../../src/world/description/urdfFile.js';
import { SimulatedWorld } from '../../src/world/SimulatedWorld.js';
import { repoRoot } from '../support/helpers.js';

const noPaths = { modelFolders: [], prefixes: [], fuelCache: null };
const FLOOR = readFileSync(join(repoRoot, 'test/fixtures/world/floor.sdf'), 'utf8');
const ROVER = join(repoRoot, 'test/fixtures/world/ros2_control/rover.urdf');

/** The floor with the rover of gz_ros2_control's fixture (its text changed by `edit`) spawned on it; the warnings said. */
function world(edit: (urdf: string) => string = (urdf) => urdf): { world: SimulatedWorld; warnings: string[] } {
  const warnings: string[] = [];
  const options = { paths: noPaths, warn: (line: string) => warnings.push(line) };
  const world = new SimulatedWorld(readWorldText(FLOOR, 'floor.sdf', options), { originNs: 0n, seed: 1, warn: options.warn });
  world.spawn(readUrdfText(edit(readFileSync(ROVER, 'utf8')), ROVER, options), { position: { x: 0, y: 0, z: 0.05 }, rotation: { x: 0, y: 0, z: 0, w: 1 } });
  return { world, warnings };
}

/** The rover's plugin element with `inner` in place of its `<parameters>`. */
const withPlugin = (inner: string) => (urdf: string) => urdf.replace('<parameters>controllers.yaml</parameters>', inner);

describe("gz_ros2_control's plugin in a model: its joints for a program's ros2_control hardware", () => {
  it('is run, not left out, and keeps its <parameters>', () => {
    const { world: w, warnings } = world();
    assert.deepEqual(warnings, []);
    assert.deepEqual(w.ros2Control.get('rover')?.parameters, ['controllers.yaml']);
  });

  it('applies the velocities written from the next step on, each step until the next write', () => {
    const { world: w } = world();
    const system = w.ros2Control.get('rover')!;
    system.claim(['left_wheel_joint', 'right_wheel_joint', 'mast_joint']);
    w.advanceTo(10);
    assert.deepEqual(system.read(), { position: [0, 0, 0], velocity: [0, 0, 0], effort: [0, 0, 0] });
    system.write([Number.NaN, Number.NaN, 0.5]);
    w.advanceTo(11);
    assert.equal(system.read().velocity[2], 0.5);
    assert.equal(system.read().position[2], 0.0005);
    w.advanceTo(30);
    assert.ok(Math.abs(system.read().position[2]! - 0.01) < 1e-15, String(system.read().position[2]));
    system.write([4, 4, Number.NaN]);
    w.advanceTo(1000);
    const state = system.read();
    assert.ok(Math.abs(state.position[2]! - 0.01) < 1e-15, 'the released mast stays');
    assert.equal(state.velocity[2], 0);
    assert.ok(Math.abs(state.velocity[0]! - 4) < 1e-6 && Math.abs(state.velocity[1]! - 4) < 1e-6, `wheels ${state.velocity}`);
    assert.ok(w.model('rover')!.body!.x > 0.15, `the rover drove: x ${w.model('rover')!.body!.x}`);
  });

  it('gives gz_ros2_control_host what the plugin reads of its element: model, then ROS arguments', () => {
    assert.deepEqual(world().world.ros2Control.get('rover')!.hostArguments, ['--model', 'rover', '--ros-args', '--params-file', 'controllers.yaml']);
    const plugin = [
      '<parameters>/a/controllers.yaml</parameters><parameters>/a/more.yaml</parameters>',
      '<controller_manager_name>cm</controller_manager_name><hold_joints>false</hold_joints>',
      '<position_proportional_gain>0.5</position_proportional_gain>',
      '<ros><namespace>r1</namespace><remapping>/diff_drive_controller/cmd_vel:=/cmd_vel</remapping><remapping>/x:=/y</remapping></ros>',
    ].join('');
    assert.deepEqual(world(withPlugin(plugin)).world.ros2Control.get('rover')!.hostArguments, [
      '--model',
      'rover',
      '--controller-manager-name',
      'cm',
      '--hold-joints',
      'false',
      '--position-proportional-gain',
      '0.5',
      // gz_ros2_control_plugin.cpp makes the namespace absolute.
      '--namespace',
      '/r1',
      '--ros-args',
      '--params-file',
      '/a/controllers.yaml',
      '--params-file',
      '/a/more.yaml',
      '-r',
      '/diff_drive_controller/cmd_vel:=/cmd_vel',
      '-r',
      '/x:=/y',
    ]);
  });

  it("clamps a joint's velocity command to its <limit velocity>, as DART's servo command does", () => {
    // The mast's limit is 2 rad/s; the wheels get one of 3 rad/s.
    const { world: w } = world((urdf) => urdf.replace(/(<joint name="(left|right)_wheel_joint" type="continuous">)/g, '$1<limit effort="10" velocity="3"/>'));
    const system = w.ros2Control.get('rover')!;
    system.claim(['left_wheel_joint', 'right_wheel_joint', 'mast_joint']);
    system.write([10, -10, 5]);
    w.advanceTo(100);
    const state = system.read();
    assert.ok(Math.abs(state.velocity[2]! - 2) < 1e-12, String(state.velocity[2]));
    assert.ok(Math.abs(state.position[2]! - 0.2) < 1e-12, String(state.position[2]));
    assert.ok(Math.abs(state.velocity[0]! - 3) < 1e-6 && Math.abs(state.velocity[1]! + 3) < 1e-6, `wheels ${state.velocity}`);
    // A wheel without a limit (its velocity -1, none) takes what it is asked.
    const { world: free } = world();
    const wheels = free.ros2Control.get('rover')!;
    wheels.claim(['left_wheel_joint', 'right_wheel_joint']);
    wheels.write([10, 10]);
    free.advanceTo(1000);
    assert.ok(Math.abs(wheels.read().velocity[0]! - 10) < 1e-6, `wheels ${wheels.read().velocity}`);
  });

  it('refuses a joint the model has not in one line naming the plugin', () => {
    const { world: w } = world();
    assert.throws(
      () => w.ros2Control.get('rover')!.claim(['left_wheel_joint', 'elbow']),
      (error: Error) =>
        error.message === `${ROVER}:83: gz_ros2_control of model 'rover': the model has no moving joint 'elbow' (a <joint> of its <ros2_control>)`,
    );
  });
});
