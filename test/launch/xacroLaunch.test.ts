import assert from 'node:assert/strict';
import { copyFileSync, cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';

/** A workspace with the xacro_robot package and the tf printer, and a job launching `file` with `args`. */
function workspace(file: string, args: Record<string, string>): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'test/fixtures/xacro/xacro_robot'), join(dir, 'src/xacro_robot'), { recursive: true });
  copyFileSync(join(repoRoot, 'test/fixtures/nodes/tf_printer.mjs'), join(dir, 'tf_printer.mjs'));
  writeFileSync(
    join(dir, 'job.yaml'),
    `launch: { package: xacro_robot, file: ${file}, arguments: ${JSON.stringify(args)} }\nnodes:\n  - script: tf_printer.mjs\nend: { after: 0.1s }\n`,
  );
  return dir;
}

/** The /tf_static lines the printer heard: robot_state_publisher's fixed joints. */
function statics(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line.startsWith('/tf_static'));
}

// launch_ros reads parameters with PyYAML; xacro.load_yaml too.
describe("xacro in robots' description launch files", needs('yaml'), () => {
  const laser = 'p=(0, 0, 0.11) q=(0, 0, 0.7071067811865475, 0.7071067811865476)';

  it("gives robot_state_publisher the URDF of Command(['xacro ', file, ' prefix:=', arg])", () => {
    const dir = workspace('command.launch.py', { prefix: 'a_' });
    const run = runCli(['run', 'job.yaml'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /\[robot_state_publisher\]: Robot initialized/);
    assert.deepEqual(statics(run.stdout), [`/tf_static 0.000000000 a_base_link -> a_laser ${laser}`]);
  });

  it('gives it the URDF of ParameterValue(Command([FindExecutable(name=xacro), …]), value_type=str), arguments off', () => {
    const dir = workspace('value_type.launch.py', {});
    const run = runCli(['run', 'job.yaml'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /\[robot_state_publisher\]: Robot initialized/);
    // with_lidar:=false: the wheels' joints only, which move (on /tf once joint states come), none fixed.
    assert.deepEqual(statics(run.stdout), []);
    const job = runCli(['launch', 'xacro_robot', 'value_type.launch.py', '--print-job'], dir, 120_000);
    assert.equal(job.status, 0, job.stderr);
    assert.match(job.stdout, /<joint name=\\"vt_left_wheel_joint\\" type=\\"continuous\\">/);
    assert.doesNotMatch(job.stdout, /laser/);
  });

  it('gives it the URDF of xacro.process_file(…, mappings=…).toxml() in the launch file', () => {
    const run = runCli(['run', 'job.yaml'], workspace('python_api.launch.py', {}), 120_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(statics(run.stdout), [`/tf_static 0.000000000 py_base_link -> py_laser ${laser}`]);
  });

  it("gives it the URDF of an XML launch file's $(command 'xacro …')", () => {
    const run = runCli(['run', 'job.yaml'], workspace('command.launch.xml', {}), 120_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(statics(run.stdout), [`/tf_static 0.000000000 xml_base_link -> xml_laser ${laser}`]);
  });

  it("refuses a description xacro cannot expand in one line with xacro's error, exit 2", () => {
    const dir = workspace('command.launch.py', {});
    const run = runCli(['launch', 'xacro_robot', 'command.launch.py', 'model:=broken.urdf.xacro'], dir, 120_000);
    assert.equal(run.status, 2);
    const broken = join(dir, 'install/share/xacro_robot/urdf/broken.urdf.xacro');
    assert.equal(
      run.stderr,
      `rclsim: ${join(dir, 'install/share/xacro_robot/launch/command.launch.py')}:16: executed command failed (exit 2). ` +
        `Command: xacro ${broken} prefix:=; its stderr: error: name 'wheel_radius' is not defined / ` +
        `when evaluating expression 'wheel_radius' / when processing file: ${broken}\n`,
    );
  });
});
