import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchDir } from './bagBench.js';
import { median } from './measure.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const CLI = join(repoRoot, 'dist/src/cli/main.js');

/**
 * ros2/demos' talker_listener launch files (demo_nodes_cpp/launch/topics, Jazzy) in their three
 * front ends, with the fixture workspace's counter and watcher in place of talker and listener
 * (C++ demos would need the C++ build, which has nothing to do with evaluating launch files).
 */
const LAUNCH_FILES: Record<string, string> = {
  'talker_listener.launch.py': `from launch import LaunchDescription
import launch_ros.actions


def generate_launch_description():
    return LaunchDescription([
        launch_ros.actions.Node(package='py_demo_nodes', executable='counter', output='screen'),
        launch_ros.actions.Node(package='py_demo_nodes', executable='watcher', output='screen'),
    ])
`,
  'talker_listener.launch.xml': `<launch>
  <node pkg="py_demo_nodes" exec="counter" output="screen" />
  <node pkg="py_demo_nodes" exec="watcher" output="screen" />
</launch>
`,
  'talker_listener.launch.yaml': `launch:
- node:
    pkg: "py_demo_nodes"
    exec: "counter"
    output: "screen"
- node:
    pkg: "py_demo_nodes"
    exec: "watcher"
    output: "screen"
`,
};

function wallSeconds(args: string[], cwd: string): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`rclsim ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return seconds;
}

/**
 * For each front end: `rclsim launch` of the launch file and `rclsim run` of the job it prints
 * (--print-job), 100 ms of sim time, process start to exit, alternated `repeats` times; the
 * medians and what launching adds.
 */
export function launchFigures(repeats: number): Record<string, { launchSeconds: number; jobSeconds: number; addedSeconds: number }> {
  const scratch = benchDir();
  try {
    const workspace = join(scratch.path, 'ws');
    cpSync(join(repoRoot, 'test/fixtures/python/workspace'), workspace, { recursive: true });
    const figures: Record<string, { launchSeconds: number; jobSeconds: number; addedSeconds: number }> = {};
    for (const [name, text] of Object.entries(LAUNCH_FILES)) {
      writeFileSync(join(workspace, 'src/robot_demos/demo_nodes/launch', name), text);
      const printed = spawnSync(process.execPath, [CLI, 'launch', 'py_demo_nodes', name, '--print-job'], { cwd: workspace, encoding: 'utf8' });
      if (printed.status !== 0) throw new Error(`rclsim launch ${name} --print-job failed: ${printed.stderr}`);
      const job = join(workspace, `${name}.job.yaml`);
      writeFileSync(job, printed.stdout);
      const launched: number[] = [];
      const written: number[] = [];
      // One of each first: the Python client's bytecode and the OS's caches.
      wallSeconds(['launch', 'py_demo_nodes', name, '--until', '100ms', '--json'], workspace);
      wallSeconds(['run', job, '--until', '100ms', '--json'], workspace);
      for (let i = 0; i < repeats; i++) {
        launched.push(wallSeconds(['launch', 'py_demo_nodes', name, '--until', '100ms', '--json'], workspace));
        written.push(wallSeconds(['run', job, '--until', '100ms', '--json'], workspace));
      }
      const launchSeconds = median(launched);
      const jobSeconds = median(written);
      figures[name.replace(/^talker_listener\.launch\./, '')] = {
        launchSeconds,
        jobSeconds,
        addedSeconds: median(launched.map((seconds, i) => seconds - written[i]!)),
      };
    }
    return figures;
  } finally {
    scratch.done();
  }
}
