import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;
const FIXTURES = join(repoRoot, 'test/fixtures/world/ros2_control');

/** A job: the rover (gz_ros2_control's plugin in its URDF) on a floor, and world_joints.cpp with `args`. */
function job(args: string[], placement: 'separate' | 'in-process'): string {
  const dir = tempDir();
  for (const file of ['rover.urdf', 'world_joints.cpp']) copyFileSync(join(FIXTURES, file), join(dir, file));
  copyFileSync(join(repoRoot, 'test/fixtures/world/floor.sdf'), join(dir, 'floor.sdf'));
  writeFileSync(
    join(dir, 'job.yaml'),
    [
      'end: { after: 1.5s }',
      'world:',
      '  sdf: floor.sdf',
      '  spawn:',
      '    - { file: rover.urdf, pose: [0, 0, 0.05, 0, 0, 0] }',
      'nodes:',
      '  - script: world_joints.cpp',
      `    args: ${JSON.stringify(args)}`,
      `    process: ${placement}`,
      '',
    ].join('\n'),
  );
  return dir;
}

/** What the program printed (the run's summary follows on stdout). */
function ownLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => /^(claimed|refused|[0-9.]+s:)/.test(line));
}

describe("C++ programs: a model's joints in the world (rclsim::WorldJoints, gz_ros2_control's hardware)", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  for (const placement of ['separate', 'in-process'] as const) {
    it(`reads and commands them, each command from the world's next step (${placement})`, () => {
      const dir = job([], placement);
      const result = runCli(['run', 'job.yaml'], dir, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      // The world would start gz_ros2_control_host for the plugin; with no workspace it says what to do, once.
      const told = `${join(dir, 'rover.urdf')}:83: gz_ros2_control-system of model 'rover': its controller manager runs in gz_ros2_control's gz_ros2_control_host, which the job's workspace has not (no workspace): build the workspace with ros2_control's controller_manager (rclsim build adds rclsim's gz_ros2_control to it); the model's joints are left to a program's claim`;
      assert.equal(result.stderr.split('\n').filter((line) => line.includes(told)).length, 1, result.stderr);
      const lines = ownLines(result.stdout);
      assert.equal(lines[0], 'claimed model rover');
      assert.equal(lines[1], '0.1s: wheels 0.000 0.000 rad/s, mast 0.000000000 rad at 0.000000000 rad/s, effort 0');
      // Written at 100 ms, the mast's 0.5 rad/s moves it from step 101: 200 steps of 1 ms by 300 ms.
      assert.match(lines[2]!, /^0\.3s: wheels 5\.000 5\.000 rad\/s, mast 0\.100000000 rad at 0\.500000000 rad\/s, effort 0$/);
      // Released (NaN) at 300 ms, it stays; the wheels still turn at their command.
      assert.equal(lines[3], '1s: wheels 5.000 5.000 rad/s, mast 0.100000000 rad at 0.000000000 rad/s, effort 0');
    });
  }

  it("refuses a model without gz_ros2_control's plugin in one line", () => {
    const dir = job(['nosuch'], 'separate');
    const result = runCli(['run', 'job.yaml'], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(ownLines(result.stdout), [
      "refused: gz_ros2_control: the world has no model 'nosuch' with gz_ros2_control's plugin (gz_ros2_control-system)",
    ]);
  });
});
