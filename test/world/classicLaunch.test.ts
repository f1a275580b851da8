import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A folder with the classic fixture (a Humble robot's package: a .world, a URDF with gazebo_ros plugin tags) and a launch file of the test's. */
function launchFolder(launch: string): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'test/fixtures/world/classic'), dir, { recursive: true });
  writeTemp(dir, 'sim.launch.py', launch);
  return dir;
}

/** A Humble robot's simulation launch file: gazebo_ros's gazebo.launch.py with a world, robot_state_publisher, spawn_entity.py from /robot_description. */
function humble(spawnArguments: string, urdfEdit = ''): string {
  return `import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import IncludeLaunchDescription
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch_ros.actions import Node

HERE = os.path.dirname(__file__)


def generate_launch_description():
    gazebo = os.path.join(get_package_share_directory('gazebo_ros'), 'launch', 'gazebo.launch.py')
    with open(os.path.join(HERE, 'src', 'rover_classic', 'urdf', 'rover.urdf')) as urdf:
        description = urdf.read()${urdfEdit}
    return LaunchDescription([
        IncludeLaunchDescription(PythonLaunchDescriptionSource(gazebo), launch_arguments={'world': os.path.join(HERE, 'src', 'rover_classic', 'worlds', 'room.world')}.items()),
        Node(package='robot_state_publisher', executable='robot_state_publisher', parameters=[{'use_sim_time': True, 'robot_description': description}]),
        Node(package='gazebo_ros', executable='spawn_entity.py', arguments=[${spawnArguments}], output='screen'),
    ])
`;
}

describe("classic Gazebo's launch files start rclsim's world", needs('python3'), () => {
  it("turns gazebo.launch.py's gzserver and spawn_entity.py into the job's world, the GUI one line", () => {
    const dir = launchFolder(humble("'-topic', 'robot_description', '-entity', 'rover', '-x', '-1.5', '-Y', '0.25'"));
    const printed = runCli(['launch', 'sim.launch.py', '--print-job'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    const job = parse(printed.stdout) as { world: Record<string, unknown>; nodes: { name?: string; package?: string }[] };
    assert.deepEqual(job.world, {
      resource_path: [],
      sdf: join(dir, 'src/rover_classic/worlds/room.world'),
      gzserver: { plugins: ['libgazebo_ros_init.so', 'libgazebo_ros_factory.so', 'libgazebo_ros_force_system.so'] },
      spawn: [{ topic: 'robot_description', name: 'rover', pose: [-1.5, 0, 0, 0, 0, 0.25], id: 'a4' }],
      bridge_nodes: [],
    });
    assert.deepEqual(
      job.nodes.map((node) => node.package),
      ['robot_state_publisher'],
    );
    assert.match(printed.stderr, /gzclient\.launch\.py:\d+: gzclient runs Gazebo's GUI, which is not modeled: rclsim's world has no GUI; it is left out/);

    // The run: spawn_entity.py's lines as upstream's script logs them, with the factory's answer.
    const run = runCli(['launch', 'sim.launch.py', '--until', '2s', '--json'], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      logLines(run.stderr)
        .filter((line) => line.includes('[spawn_entity]'))
        .map((line) => line.replace(/\[\d+\.\d+\] /, '')),
      [
        '[INFO] [spawn_entity]: Spawn Entity started',
        '[INFO] [spawn_entity]: Loading entity published on topic robot_description',
        '[INFO] [spawn_entity]: Waiting for entity xml on robot_description',
        '[INFO] [spawn_entity]: Waiting for service /spawn_entity, timeout = 30',
        '[INFO] [spawn_entity]: Waiting for service /spawn_entity',
        '[INFO] [spawn_entity]: Calling service /spawn_entity',
        '[INFO] [spawn_entity]: Spawn status: SpawnEntity: Successfully spawned entity [rover]',
      ],
    );
    // A plugin rclsim does not model is one line naming it.
    assert.match(run.stderr, /plugin libgazebo_ros_camera\.so \(camera_controller\) of model 'rover' is not modeled by rclsim; it is left out/);
    assert.match(run.stderr, /room\.world:\d+: world plugin libgazebo_ros_state\.so \(gazebo_ros_state\) is not modeled by rclsim; it is left out/);
    assert.match(run.stderr, /gzserver -s libgazebo_ros_force_system\.so: this system plugin is not modeled by rclsim; it is left out/);
    const again = runCli(['launch', 'sim.launch.py', '--until', '2s', '--json'], dir);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(run.stdout).fingerprint);
  });

  it("runs the robot's gazebo_ros plugins with their own ROS nodes: /clock, /odom, /tf, /joint_states, /scan and /imu as classic Gazebo publishes them, and the robot drives", () => {
    const dir = launchFolder(humble("'-topic', 'robot_description', '-entity', 'rover'"));
    const job = writeTemp(dir, 'job.yaml', 'launch: { file: sim.launch.py }\nend: { after: 2.05s }\nnodes:\n  - script: drive.cjs\n');
    const run = runCli(['run', job, '--json'], dir);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    for (const line of [
      // gazebo_ros_diff_drive.cpp's and gazebo_ros_joint_state_publisher.cpp's lines, each on its plugin's node.
      '[INFO] [0.000000000] [diff_drive]: Wheel pair 1 separation set to [0.340000m]',
      '[INFO] [0.000000000] [diff_drive]: Subscribed to [/cmd_vel]',
      '[INFO] [0.000000000] [diff_drive]: Advertise odometry on [/odom]',
      '[INFO] [0.000000000] [diff_drive]: Publishing odom transforms between [odom] and [base_footprint]',
      '[INFO] [0.000000000] [joint_states]: Going to publish joint [left_wheel_joint]',
      // /clock at 10 Hz from 0.1 s (gazebo_ros's Throttler from time 0); the drive's 30 Hz is every
      // 34th 1 ms step (a period of 1/30 s not yet passed at 33), joint states' 20 Hz every 50th.
      '[INFO] [2.000000000] [drive]: /clock 20 first 0.100000000',
      '[INFO] [2.000000000] [drive]: /odom 58 first 0.034000000 odom base_footprint',
      '[INFO] [2.000000000] [drive]: /joint_states 40 first 0.050000000 left_wheel_joint,right_wheel_joint',
      // The sensors' plugins on `~/out` remapped: the lidar in its <frame_name>, the IMU in its
      // link's, which the URDF's fixed joint lumps into base_footprint as classic Gazebo does.
      '[INFO] [0.000000000] [imu]: <initial_orientation_as_reference> is unset, using default value of false to comply with REP 145 (world as orientation reference)',
      '[INFO] [2.000000000] [drive]: /scan 11 first 0.001000000 lidar_link 360',
      '[INFO] [2.000000000] [drive]: /imu 101 first 0.001000000 base_footprint',
      // The drive's odom transforms and robot_state_publisher's of the wheels.
      '[INFO] [2.000000000] [drive]: /tf 98 first odom->base_footprint',
    ])
      assert.ok(lines.includes(line), `${line}\n${run.stderr}`);
    assert.ok(lines.includes('[INFO] [2.000000000] [drive]: scan ahead 2.022 imu z 9.80'), run.stderr);
    // 0.5 m/s from 0.5 s, the wheels ramped at 1 m/s² (max_wheel_acceleration).
    const moved = lines.find((line) => line.includes('[drive]: odom x'));
    assert.match(moved ?? '', /odom x 0\.6\d\d vx 0\.500$/, run.stderr);
    const again = runCli(['run', job, '--json'], dir);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(run.stdout).fingerprint);
  });

  it("starts the world paused with gazebo.launch.py's pause:=true, and names gzserver's flags it does not model", () => {
    const launch = humble("'-topic', 'robot_description', '-entity', 'rover'").replace(
      "launch_arguments={'world': os.path.join(HERE, 'src', 'rover_classic', 'worlds', 'room.world')}",
      "launch_arguments={'world': os.path.join(HERE, 'src', 'rover_classic', 'worlds', 'room.world'), 'pause': 'true', 'gui': 'false', 'seed': '7'}",
    );
    const dir = launchFolder(launch);
    const printed = runCli(['launch', 'sim.launch.py', '--print-job'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    assert.equal((parse(printed.stdout) as { world: { paused: boolean } }).world.paused, true);
    assert.doesNotMatch(printed.stderr, /gzclient/);
    assert.match(
      printed.stderr,
      /gzserver\.launch\.py:\d+: gzserver --seed 7 \(Gazebo's own random seed: rclsim's run seed draws the sensors' noise\) is not modeled; it is left out/,
    );
    const run = runCli(['launch', 'sim.launch.py', '--until', '1s'], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /world 'default' starts paused \(gzserver -u\), as Gazebo does/);
  });

  it("logs gazebo_ros_diff_drive's error for a wheel joint the model has not, and the drive does nothing, as its Load does", () => {
    const dir = launchFolder(
      humble("'-topic', 'robot_description', '-entity', 'rover'", ".replace('<left_joint>left_wheel_joint', '<left_joint>front_wheel_joint')"),
    );
    const run = runCli(['launch', 'sim.launch.py', '--until', '1s'], dir);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.ok(lines.includes('[ERROR] [0.000000000] [diff_drive]: Joint [front_wheel_joint] not found, plugin will not work.'), run.stderr);
    assert.ok(!lines.some((line) => line.includes('[diff_drive]: Subscribed to')), run.stderr);
  });

  it("says spawn_entity.py's own argparse error when -entity is missing, and spawns nothing", () => {
    const dir = launchFolder(humble("'-topic', 'robot_description'"));
    const printed = runCli(['launch', 'sim.launch.py', '--print-job'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    assert.deepEqual((parse(printed.stdout) as { world: { spawn: unknown[] } }).world.spawn, []);
    assert.match(
      printed.stderr,
      /sim\.launch\.py:\d+: spawn_entity\.py: error: the following arguments are required: -entity \(it exits with code 2, as upstream's argparse makes it: nothing is spawned\)/,
    );
  });

  it('spawns a model of the model path by -database, and refuses -stdin and another reference frame in one line each', () => {
    const dir = launchFolder(humble("'-database', 'ground_plane', '-entity', 'floor2', '-z', '-1'"));
    const run = runCli(['launch', 'sim.launch.py', '--until', '1s'], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(
      logLines(run.stderr).some((line) => line.endsWith('[spawn_entity]: Loading entity XML from Gazebo Model Database')),
      run.stderr,
    );
    assert.ok(
      logLines(run.stderr).some((line) => line.endsWith('[spawn_entity]: Spawn status: SpawnEntity: Successfully spawned entity [floor2]')),
      run.stderr,
    );

    const stdin = runCli(['launch', writeTemp(dir, 'stdin.launch.py', humble("'-stdin', '-entity', 'rover'")), '--print-job'], dir);
    assert.match(stdin.stderr, /spawn_entity\.py -stdin reads a launched process's standard input, which is empty .*: nothing is spawned/);
    const frame = runCli(
      [
        'launch',
        writeTemp(dir, 'frame.launch.py', humble("'-topic', 'robot_description', '-entity', 'rover', '-reference_frame', 'box::link'")),
        '--print-job',
      ],
      dir,
    );
    assert.match(frame.stderr, /spawn_entity\.py -reference_frame box::link: rclsim spawns in the world's frame only: nothing is spawned/);
    const namespaced = runCli(
      ['launch', writeTemp(dir, 'ns.launch.py', humble("'-topic', 'robot_description', '-entity', 'rover', '-robot_namespace', 'r1'")), '--print-job'],
      dir,
    );
    assert.match(namespaced.stderr, /spawn_entity\.py -robot_namespace r1 is not modeled: each plugin keeps its own <ros><namespace>/);
  });

  it("runs a Humble robot's package's own simulation launch file unchanged: the rover wanders the room for 30 s, touching nothing", () => {
    const dir = launchFolder('');
    const job = writeTemp(
      dir,
      'wander.yaml',
      'launch: { package: rover_classic, file: rover_classic.launch.py }\nend: { after: 30s }\nworld: { contacts: true, ground_truth: 10 }\nchecks:\n  - { name: no-collision, topic: /rclsim/world/contacts, never: "depth > 0" }\n  - { name: gets-about, topic: /rclsim/world/rover/pose, eventually: "pose.position.x > 1.5", within: 30s }\n',
    );
    const run = runCli(['run', job, '--json'], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      (lastJsonLine(run.stdout) as { checks: { name: string; held: boolean }[] }).checks.map((check) => [check.name, check.held]),
      [
        ['no-collision', true],
        ['gets-about', true],
      ],
    );
    const again = runCli(['run', job, '--json', '--perturb'], dir);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(run.stdout).fingerprint);
  });
});
