import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';

const FIXTURES = join(repoRoot, 'test/fixtures/nodes');

/** An ament_python package `name` in a fresh workspace: its files by path (setup.py and package.xml made here). */
function workspace(name: string, files: Record<string, string>, dataFiles: string, entryPoints = ''): string {
  const dir = tempDir();
  const pkg = join(dir, 'src', name);
  for (const [path, text] of Object.entries({
    'package.xml': `<?xml version="1.0"?>
<package format="3">
  <name>${name}</name>
  <version>0.1.0</version>
  <description>test</description>
  <maintainer email="nobody@example.com">nobody</maintainer>
  <license>Apache-2.0</license>
  <export><build_type>ament_python</build_type></export>
</package>
`,
    [`resource/${name}`]: '',
    // As ros2 pkg create writes it: console scripts where ros2 run finds them (else setuptools' bin/).
    'setup.cfg': `[develop]\nscript_dir=$base/lib/${name}\n[install]\ninstall_scripts=$base/lib/${name}\n`,
    'setup.py': `from glob import glob
from setuptools import setup

setup(
    name='${name}',
    version='0.1.0',
    packages=[${entryPoints === '' ? '' : `'${name}'`}],
    data_files=[
        ('share/ament_index/resource_index/packages', ['resource/${name}']),
        ('share/${name}', ['package.xml']),
        ${dataFiles}
    ],
    entry_points={'console_scripts': [${entryPoints}]},
)
`,
    ...files,
  })) {
    mkdirSync(join(pkg, path, '..'), { recursive: true });
    writeFileSync(join(pkg, path), text);
  }
  return dir;
}

const LAUNCH = `import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch_ros.actions import Node


def generate_launch_description():
    urdf = os.path.join(get_package_share_directory('my_robot'), 'urdf', 'all_joints.urdf')
    with open(urdf, 'r') as infp:
        robot_desc = infp.read()
    return LaunchDescription([
        Node(package='robot_state_publisher', executable='robot_state_publisher', name='robot_state_publisher',
             output='screen', parameters=[{'robot_description': robot_desc}]),
        Node(package='joint_state_publisher', executable='joint_state_publisher', name='joint_state_publisher'),
        Node(package='tf2_ros', executable='static_transform_publisher',
             arguments=['--frame-id', 'world', '--child-frame-id', 'base_link']),
        Node(package='my_robot', executable='tf_printer'),
    ])
`;

// launch_ros reads parameters with PyYAML, as upstream's does.
describe('the standard nodes in launch files, and a workspace package overlaying one', needs('yaml'), () => {
  it('launches robot_state_publisher with a URDF read from its package share, joint_state_publisher and static_transform_publisher', () => {
    const dir = workspace(
      'my_robot',
      { 'urdf/all_joints.urdf': '', 'launch/robot.launch.py': LAUNCH, 'my_robot/__init__.py': '', 'my_robot/tf_printer.py': '' },
      `('share/my_robot/urdf', glob('urdf/*.urdf')),
        ('share/my_robot/launch', glob('launch/*.launch.py')),`,
    );
    copyFileSync(join(FIXTURES, 'all_joints.urdf'), join(dir, 'src/my_robot/urdf/all_joints.urdf'));
    // The printer is a JavaScript program the job runs beside the launch.
    copyFileSync(join(FIXTURES, 'tf_printer.mjs'), join(dir, 'tf_printer.mjs'));
    writeFileSync(
      join(dir, 'job.yaml'),
      `launch: { package: my_robot, file: robot.launch.py }
skip: [my_robot/tf_printer]
nodes:
  - script: tf_printer.mjs
end:
  after: 0.15s
`,
    );
    const run = runCli(['run', 'job.yaml'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.ok(lines.includes('[INFO] [0.000000000] [robot_state_publisher]: Robot initialized'), run.stderr);
    assert.ok(
      lines.includes('[INFO] [0.000000000] [joint_state_publisher]: Waiting for robot_description to be published on the robot_description topic...'),
      run.stderr,
    );
    assert.match(run.stderr, /static_transform_publisher_\w{16}\]: Spinning until stopped/);
    const statics = run.stdout.split('\n').filter((line) => line.startsWith('/tf_static'));
    assert.ok(statics.includes('/tf_static 0.000000000 world -> base_link p=(0, 0, 0) q=(0, 0, 0, 1)'), run.stdout);
    assert.ok(
      statics.some((line) => line.startsWith('/tf_static 0.000000000 base_link -> sensor ')),
      run.stdout,
    );
    // joint_state_publisher heard the description (transient local) and publishes the movable joints at 10 Hz: the mimic joint at its offset.
    assert.deepEqual(
      run.stdout.split('\n').filter((line) => line.startsWith('/joint_states')),
      ['/joint_states 0.100000000 shoulder,wheel_joint,lift,finger_left_joint,finger_right_joint p=0,0,0,0,0.25 v='],
    );
  });

  it("runs a workspace's own package of a standard node's name instead of rclsim's (an overlay)", () => {
    // joint_state_publisher is a Python package upstream; tf2_ros would be shadowed by the Python
    // client's own tf2_ros, as /opt/ros's is by nothing but a workspace that builds geometry2.
    const dir = workspace(
      'joint_state_publisher',
      {
        'joint_state_publisher/__init__.py': '',
        'joint_state_publisher/mine.py': `def main():\n    print('the workspace overlay runs')\n`,
      },
      '',
      "'joint_state_publisher = joint_state_publisher.mine:main'",
    );
    const run = runCli(['run', 'joint_state_publisher', 'joint_state_publisher', '--until', '1s'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /the workspace overlay runs/);
    assert.doesNotMatch(run.stderr, /\[joint_state_publisher\]/);
  });
});
