import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, runCli, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';
import { leftBehind, startMarked, waitForFile } from '../support/interruptedCommand.js';

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

/** A launch file that starts a process of its own, says it is under way, and takes ten minutes. */
const SLOW = launchFile(`subprocess.Popen(['sleep', '600'])
open('evaluating', 'w').close()
time.sleep(600)`);

// Evaluating a launch file waits on the Python evaluator, which rclsim must still stop.
describe('rclsim launch under hostile launch files', needs('python3'), () => {
  for (const { how, args } of [
    { how: 'Ctrl-C to the terminal group', args: ['launch', 'slow.launch.py', '--until', '1s'] },
    { how: 'SIGTERM to rclsim alone', args: ['launch', 'slow.launch.py', '--until', '1s'] },
    { how: 'SIGTERM to rclsim alone, with --print-job', args: ['launch', 'slow.launch.py', '--print-job'] },
  ]) {
    it(`stops an evaluation on ${how}: one line, 128 + the signal, nothing of the evaluator left`, async () => {
      const dir = tempDir();
      writeTemp(dir, 'slow.launch.py', SLOW);
      const command = startMarked(args, dir);
      await waitForFile(join(dir, 'evaluating'), 120_000);
      const group = how.startsWith('Ctrl-C');
      process.kill(group ? -command.pid : command.pid, group ? 'SIGINT' : 'SIGTERM');
      const ended = await command.ended;
      const signal = group ? 'SIGINT' : 'SIGTERM';
      assert.equal(ended.status, group ? 130 : 143, ended.stderr);
      assert.equal(ended.stderr, `rclsim: interrupted by ${signal} while evaluating launch file ${join(dir, 'slow.launch.py')}\n`);
      assert.deepEqual(await leftBehind(command.marker), []);
    });
  }

  it('shows all a launch file prints while evaluated, over a megabyte and its last stderr line too, and runs it', async () => {
    const dir = tempDir();
    writeTemp(dir, 'loud.launch.py', launchFile("print(('x' * 99 + '\\n') * 20000, end='')\nprint('first', file=sys.stderr)\nprint('last', file=sys.stderr)"));
    // Read as it comes: spawnSync would stop at its own buffer's megabyte.
    const run = await runCliAsync(['launch', 'loud.launch.py', '--until', '1s'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr.slice(-2000));
    assert.equal(run.stderr.split('\n').filter((line) => line === 'x'.repeat(99)).length, 20000);
    assert.match(run.stderr, /^first\nlast\n/m);
  });

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

  it('says in one line, exit 2, that a launch file ended its evaluation itself (os._exit, sys.exit)', () => {
    const dir = tempDir();
    writeTemp(dir, 'quits.launch.py', launchFile('os._exit(0)'));
    const quits = runCli(['launch', 'quits.launch.py', '--until', '1s'], dir, 120_000);
    assert.equal(quits.status, 2, quits.stderr);
    assert.equal(
      quits.stderr,
      `rclsim: ${join(dir, 'quits.launch.py')}: its evaluation exited with code 0 before the launch file gave its launch description (os._exit or a crash in the launch file)\n`,
    );
    writeTemp(dir, 'exits.launch.py', launchFile('sys.exit(3)'));
    const exits = runCli(['launch', 'exits.launch.py', '--until', '1s'], dir, 120_000);
    assert.equal(exits.status, 2, exits.stderr);
    assert.equal(
      exits.stderr.trim().split('\n').at(-1),
      `rclsim: ${join(dir, 'exits.launch.py')}:4: SystemExit: sys.exit(3) ended the evaluation before the launch file gave its launch description`,
    );
  });
});
