import assert from 'node:assert/strict';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A folder with examples/world's world, rover and bridge config, and a launch file that starts them. */
function launchFolder(launch: string): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  mkdirSync(join(dir, 'models'));
  writeTemp(dir, 'sim.launch.py', launch);
  return dir;
}

/** A Jazzy simulation launch file's forms: gz_sim.launch.py (server and GUI), create by flags and by parameters, the bridge by its flags and by --ros-args, a delayed spawn, an image bridge. */
const JAZZY = `import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import AppendEnvironmentVariable, IncludeLaunchDescription, TimerAction
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch_ros.actions import Node

HERE = os.path.dirname(__file__)


def generate_launch_description():
    gz = os.path.join(get_package_share_directory('ros_gz_sim'), 'launch', 'gz_sim.launch.py')
    return LaunchDescription([
        AppendEnvironmentVariable('GZ_SIM_RESOURCE_PATH', os.path.join(HERE, 'models')),
        IncludeLaunchDescription(PythonLaunchDescriptionSource(gz), launch_arguments={'gz_args': ['-r -s -v2 ', os.path.join(HERE, 'yard.sdf')], 'on_exit_shutdown': 'true'}.items()),
        IncludeLaunchDescription(PythonLaunchDescriptionSource(gz), launch_arguments={'gz_args': '-g -v2 '}.items()),
        Node(package='ros_gz_sim', executable='create', arguments=['-name', 'rover', '-file', os.path.join(HERE, 'rover.sdf'), '-x', '-1.5', '-y', '0.5', '-Y', '0.25']),
        TimerAction(period=2.0, actions=[
            Node(package='ros_gz_sim', executable='create', parameters=[{'name': 'second', 'file': os.path.join(HERE, 'rover.sdf'), 'x': 1.0, 'y': -2.0}]),
        ]),
        Node(package='ros_gz_bridge', executable='parameter_bridge', arguments=['/clock@rosgraph_msgs/msg/Clock[gz.msgs.Clock', '--ros-args', '-p', 'config_file:=' + os.path.join(HERE, 'bridge.yaml')]),
        Node(package='ros_gz_image', executable='image_bridge', arguments=['/camera/image_raw']),
    ])
`;

describe("launch files start rclsim's world where they start Gazebo", needs('python3'), () => {
  it("turns gz_sim.launch.py, create, parameter_bridge, image_bridge and their delays into the job's world, with one line for each part it leaves out", () => {
    const dir = launchFolder(JAZZY);
    const printed = runCli(['launch', 'sim.launch.py', '--print-job'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    const job = parse(printed.stdout) as { world: Record<string, unknown>; nodes: unknown[] };
    assert.deepEqual(job.world, {
      resource_path: [join(dir, 'models')],
      sdf: join(dir, 'yard.sdf'),
      spawn: [
        // Each with its create's launch action, whose exit handlers run once the model is in the world.
        { pose: [-1.5, 0.5, 0, 0, 0, 0.25], name: 'rover', file: join(dir, 'rover.sdf'), id: 'a3' },
        { pose: [1, -2, 0, 0, 0, 0], name: 'second', file: join(dir, 'rover.sdf'), at: '2000000000ns', id: 'a4' },
      ],
      bridge_nodes: [
        { name: 'ros_gz_bridge', bridge: ['/clock@rosgraph_msgs/msg/Clock[gz.msgs.Clock', { config_file: join(dir, 'bridge.yaml') }] },
        { name: 'ros_gz_image', bridge: ['/camera/image_raw@sensor_msgs/msg/Image[gz.msgs.Image'] },
      ],
    });
    // Gazebo's processes are the world, not nodes of the job.
    assert.deepEqual(job.nodes, []);
    const said = printed.stderr.trim().split('\n');
    assert.ok(
      said.some((line) => /gz_sim\.launch\.py:\d+: gz sim -g \(the GUI alone\) is not modeled: rclsim's world has no GUI; it is left out$/.test(line)),
      printed.stderr,
    );

    // The run: both spawned, the second 2 s in, the bridge's lines as ros_gz_bridge's.
    const run = runCli(['launch', 'sim.launch.py', '--until', '3s', '--json'], dir);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.deepEqual(
      lines.filter((line) => line.includes('[ros_gz_sim]')),
      ['[INFO] [0.000000000] [ros_gz_sim]: Entity creation successfull.', '[INFO] [2.000000000] [ros_gz_sim]: Entity creation successfull.'],
    );
    assert.ok(
      lines.includes('[INFO] [0.000000000] [ros_gz_bridge]: Creating GZ->ROS Bridge: [/clock (gz.msgs.Clock) -> /clock (rosgraph_msgs/msg/Clock)] (Lazy 0)'),
      run.stderr,
    );
    const replay = runCli(['run', writeTemp(dir, 'printed.yaml', printed.stdout), '--until', '3s', '--json'], dir);
    assert.equal(replay.status, 0, replay.stderr);
    assert.equal(lastJsonLine(replay.stdout).fingerprint, lastJsonLine(run.stdout).fingerprint);
  });

  it('runs an OnProcessExit handler of create once its model is in the world, as create exits then (with 0)', () => {
    const dir = launchFolder(`import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import IncludeLaunchDescription, LogInfo, RegisterEventHandler, TimerAction
from launch.event_handlers import OnProcessExit
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch_ros.actions import Node

HERE = os.path.dirname(__file__)


def generate_launch_description():
    gz = os.path.join(get_package_share_directory('ros_gz_sim'), 'launch', 'gz_sim.launch.py')
    create = Node(package='ros_gz_sim', executable='create', arguments=['-name', 'rover', '-file', os.path.join(HERE, 'rover.sdf')])
    return LaunchDescription([
        IncludeLaunchDescription(PythonLaunchDescriptionSource(gz), launch_arguments={'gz_args': ['-r ', os.path.join(HERE, 'yard.sdf')]}.items()),
        TimerAction(period=1.5, actions=[create]),
        RegisterEventHandler(OnProcessExit(target_action=create, on_exit=[LogInfo(msg='rover is in the world')])),
    ])
`);
    const run = runCli(['launch', 'sim.launch.py', '--until', '3s'], dir);
    assert.equal(run.status, 0, run.stderr);
    const said = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.includes('rover is in the world'));
    assert.deepEqual(said, ['[INFO] [1.500000000] [launch.user]: rover is in the world'], run.stderr);
  });

  it('names a world gz-sim ships by its name, and starts it paused without -r, as gz sim does', () => {
    const dir = launchFolder(`import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import IncludeLaunchDescription
from launch.launch_description_sources import PythonLaunchDescriptionSource


def generate_launch_description():
    gz = os.path.join(get_package_share_directory('ros_gz_sim'), 'launch', 'gz_sim.launch.py')
    return LaunchDescription([IncludeLaunchDescription(PythonLaunchDescriptionSource(gz), launch_arguments={'gz_args': 'empty.sdf'}.items())])
`);
    const printed = runCli(['launch', 'sim.launch.py', '--print-job'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    const world = (parse(printed.stdout) as { world: { sdf: string; paused: boolean } }).world;
    assert.equal(world.sdf, join(repoRoot, 'assets/worlds/empty.sdf'));
    assert.equal(world.paused, true);
  });

  it("adds the job's world options to the launch's world; a job's own world file beside it is one line, exit 2", () => {
    const dir = launchFolder(JAZZY);
    const withChecks = writeTemp(
      dir,
      'checked.yaml',
      'launch: { file: sim.launch.py }\nend: { after: 1s }\nworld: { contacts: true, ground_truth: 10 }\nchecks:\n  - { name: no-collision, topic: /rclsim/world/contacts, never: "depth > 0" }\n  - { name: truth, topic: /rclsim/world/rover/pose, eventually: "pose.position.x < -1", within: 1s }\n',
    );
    const run = runCli(['run', withChecks, '--json'], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      (lastJsonLine(run.stdout) as { checks: { name: string; held: boolean }[] }).checks.map((check) => [check.name, check.held]),
      [
        ['no-collision', true],
        ['truth', true],
      ],
    );
    const twoWorlds = writeTemp(dir, 'two.yaml', 'launch: { file: sim.launch.py }\nworld: { sdf: yard.sdf }\n');
    const refused = runCli(['run', twoWorlds], dir);
    assert.equal(refused.status, 2);
    assert.equal(
      refused.stderr.trim().split('\n').at(-1),
      'rclsim: world.sdf: the launch file sim.launch.py starts Gazebo with a world of its own: one world per run',
    );
  });
});
