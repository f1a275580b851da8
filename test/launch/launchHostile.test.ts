import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { needs, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A launch file that starts rclsim's static_transform_publisher (no workspace needed), after `before` ran at its top. */
function launchFile(before: string): string {
  return `import os, sys, subprocess, time
from launch import LaunchDescription
from launch_ros.actions import Node
${before}

def generate_launch_description():
    return LaunchDescription([Node(package='tf2_ros', executable='static_transform_publisher', arguments=['--frame-id', 'a', '--child-frame-id', 'b'])])
`;
}

describe('rclsim launch under hostile launch files', needs('python3'), () => {
  it("launches beside its file, with neither src/ nor install/ there: rclsim's standard nodes run, and a launch whose only node is skipped runs what is left", () => {
    const dir = tempDir();
    writeTemp(dir, 'plain.launch.py', launchFile(''));
    const plain = runCli(['launch', 'plain.launch.py', '--until', '1s'], dir, 120_000);
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(plain.stderr, /from 'a' to 'b'/);
    writeTemp(
      dir,
      'gui.launch.py',
      `from launch import LaunchDescription
from launch.actions import ExecuteProcess
from launch_ros.actions import Node


def generate_launch_description():
    return LaunchDescription([
        Node(package='rviz2', executable='rviz2'),
        ExecuteProcess(cmd=['ros2', 'topic', 'pub', '--once', '-w', '0', '/said', 'std_msgs/msg/String', '{data: hi}']),
    ])
`,
    );
    const gui = runCli(['launch', 'gui.launch.py', '--until', '1s'], dir, 120_000);
    assert.equal(gui.status, 0, gui.stderr);
    assert.match(gui.stderr, /^gui\.launch\.py:8: rviz2 rviz2: a GUI tool .*; skipped$/m);
    assert.match(gui.stdout, /^\[ros2-1\] publishing #1: std_msgs\.msg\.String\(data='hi'\)$/m);
  });
});
