import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ReportData } from '../../src/report/ReportData.js';
import type { TurtlesimData } from '../../src/report/turtlesSection.js';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** The turtles a report drew, by name, and its one turtlesim's data. */
function drawn(report: string): { sim: TurtlesimData; at: Record<string, { x: number; y: number; theta: number }> } {
  const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(readFileSync(report, 'utf8'));
  assert.ok(json, 'the report embeds its data');
  const turtles = (JSON.parse(json[1]!) as ReportData).turtles;
  assert.ok(turtles !== null && turtles.length === 1, 'one turtlesim drawn');
  const sim = turtles[0]!;
  return { sim, at: Object.fromEntries(sim.turtles.map(({ name, ...pose }) => [name, pose])) };
}

/** Runs `job` (YAML text) with a report; its status, log lines, summary and drawing. */
function runTurtles(job: string, extra: string[] = []): { lines: string[]; summary: Record<string, unknown>; report: string; file: string; stderr: string } {
  const dir = tempDir();
  const file = writeTemp(dir, 'job.yaml', job);
  const report = join(dir, 'report.html');
  const result = runCli(['run', file, '--json', '--report', report, ...extra], dir, 120_000);
  assert.equal(result.status, 0, result.stderr);
  return { lines: logLines(result.stderr), summary: lastJsonLine(result.stdout), report, file, stderr: result.stderr };
}

const pub = (topic: string, values: string): string => `      - ros2: [topic, pub, --once, ${topic}, geometry_msgs/msg/Twist, "${values}"]\n`;

describe('turtlesim (standard nodes: turtlesim_node, mimic, draw_square)', () => {
  it('starts as upstream does: its log lines, turtle1 at the centre, the drawing in the report, its background parameters', () => {
    const { lines, sim, at } = (() => {
      const run = runTurtles(
        "end: { after: 3s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\nevents:\n  - on: start\n    do:\n      - ros2: [param, set, /turtlesim, background_g, '150']\n",
      );
      return { lines: run.lines, ...drawn(run.report) };
    })();
    assert.deepEqual(lines.slice(0, 2), [
      '[INFO] [0.000000000] [turtlesim]: Starting turtlesim with node name /turtlesim',
      '[INFO] [0.000000000] [turtlesim]: Spawning turtle [turtle1] at x=[5.544445], y=[5.544445], theta=[0.000000]',
    ]);
    // 69, 86, 255 by default; the window repaints when its parameters change.
    assert.deepEqual(sim.background, [69, 150, 255]);
    assert.equal(sim.node, '/turtlesim');
    assert.deepEqual(at.turtle1, { x: 5.54444456, y: 5.54444456, theta: 0 });
  });

  it('moves a turtle by a cmd_vel for the 1 s timeout, then stops; at the wall it is clamped and says so', () => {
    const run = runTurtles(
      `end: { after: 3s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\nevents:\n  - on: start\n    do:\n${pub('/turtle1/cmd_vel', '{linear: {x: 1.0}}')}` +
        `      - ros2: [service, call, /spawn, turtlesim/srv/Spawn, "{x: 10.5, y: 2, theta: 0, name: runner}"]\n` +
        `      - after: 600ms\n        do:\n${pub('/runner/cmd_vel', '{linear: {x: 2.0}}').replace(/^ {6}/, '          ')}`,
    );
    const { sim, at } = drawn(run.report);
    // ros2 topic pub's message comes at 0.5 s; the turtle moves in each 16 ms step until more than
    // 1 s has passed since: the steps at 0.512 s to 1.488 s, 62 of 16 mm.
    assert.equal(at.turtle1!.x, 6.53644456);
    assert.equal(at.turtle1!.y, 5.54444456);
    assert.equal(at.runner!.x, 11.0888891);
    const walls = run.lines.filter((line) => line.includes('Oh no! I hit the wall!'));
    assert.ok(walls.length > 10, run.stderr);
    assert.match(walls[0]!, /^\[WARN\] \[\d+\.\d+\] \[turtlesim\]: Oh no! I hit the wall! \(Clamping from \[x=11\.\d{6}, y=9\.088889\]\)$/);
    // The pen drew both turtles' paths, in the default pen (0xb3b8ff, 3 px).
    assert.deepEqual(
      sim.paths.map((path) => [path.turtle, path.color, path.width]),
      [
        ['turtle1', [179, 184, 255], 0.0666666667],
        ['runner', [179, 184, 255], 0.0666666667],
      ],
    );
  });

  it('serves spawn, kill, set_pen, teleports and rotate_absolute to an rclpy client, with upstream errors', needs('python3'), () => {
    const client = join(repoRoot, 'test/fixtures/turtlesim/turtle_client.py');
    const dir = tempDir();
    const file = writeTemp(
      dir,
      'job.yaml',
      `end: { after: 20s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\n  - { script: ${client}, id: client }\nevents:\n  - on: { exited: client }\n    do: [{ shutdown: done }]\n`,
    );
    const result = runCli(['run', file], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').slice(0, 10), [
      'turtle1 x=5.5444 y=5.5444 theta=0.0000 v=0.00 color=(255,255,255)',
      'turtle1 x=6.5364 y=5.5444 theta=0.0000 v=0.00 color=(179,184,255)',
      "spawned 'turtle2'",
      "spawned again ''",
      "spawned unnamed 'turtle3'",
      'turtle2 x=3.0000 y=1.0000 theta=1.5708 v=0.00 color=(255,0,0)',
      'turtle2 x=3.0000 y=3.0000 theta=1.5708 v=0.00 color=(255,0,0)',
      'rotate status=4 delta=-0.9920 feedback=62 first=1.0000',
      'turtle1 x=6.5364 y=5.5444 theta=0.9920 v=0.00 color=(179,184,255)',
      'turtle2 services left: []',
    ]);
    const errors = logLines(result.stderr).filter((line) => line.startsWith('[ERROR]') || line.includes('Rotation'));
    assert.deepEqual(
      errors.map((line) => line.replace(/^\[(\w+)\] \[[\d.]+\] /, '[$1] ')),
      [
        '[ERROR] [turtlesim]: A turtle named [turtle2] already exists',
        '[INFO] [turtlesim]: Rotation goal completed successfully',
        '[ERROR] [turtlesim]: Tried to kill turtle [turtle2], which does not exist',
      ],
    );
  });

  it('ends rotate_absolute goals as upstream: preempted by the next, canceled at the next step, aborted by a cmd_vel', needs('python3'), () => {
    const client = join(repoRoot, 'test/fixtures/turtlesim/rotate_goals.py');
    const dir = tempDir();
    const file = writeTemp(
      dir,
      'job.yaml',
      `end: { after: 10s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\n  - { script: ${client}, id: client }\nevents:\n  - on: { exited: client }\n    do: [{ shutdown: done }]\n`,
    );
    const result = runCli(['run', file], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    // Status 6 is ABORTED, 5 CANCELED; the delta is from the goal's start to where it ended.
    assert.deepEqual(result.stdout.trim().split('\n').slice(0, 3), [
      'preempted: status=6 delta=-0.2560',
      'canceled: status=5 delta=0.2880',
      'aborted: status=6 delta=-0.1760',
    ]);
    assert.deepEqual(logLines(result.stderr).slice(2, 5), [
      '[WARN] [0.300000000] [turtlesim]: Rotation goal received before a previous goal finished. Aborting previous goal',
      '[INFO] [0.608000000] [turtlesim]: Rotation goal canceled',
      '[WARN] [0.808000000] [turtlesim]: Velocity command received during rotation goal. Aborting goal',
    ]);
  });

  it('draw_square resets the simulator and drives turtle1 round its square, to the same end every run', () => {
    const job = 'end: { after: 12s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\n  - { package: turtlesim, executable: draw_square }\n';
    const run = runTurtles(job);
    assert.deepEqual(run.lines.slice(2, 9), [
      '[INFO] [0.000000000] [turtlesim]: Resetting turtlesim.',
      '[INFO] [0.000000000] [turtlesim]: Spawning turtle [turtle1] at x=[5.544445], y=[5.544445], theta=[0.000000]',
      '[INFO] [0.032000000] [draw_square]: New goal [7.544445 5.544445, 0.000000]',
      '[INFO] [1.952000000] [draw_square]: Reached goal',
      '[INFO] [1.952000000] [draw_square]: New goal [7.448444 5.544445, 1.570796]',
      '[INFO] [5.888000000] [draw_square]: Reached goal',
      '[INFO] [5.888000000] [draw_square]: New goal [7.466837 7.544360, 1.561600]',
    ]);
    const { at, sim } = drawn(run.report);
    assert.ok(sim.paths.length >= 1 && sim.paths[0]!.points.length > 100, 'its path is drawn');
    // At 12 s it is on its third side, going back along y = 7.45.
    assert.deepEqual(at.turtle1, { x: 7.24199196, y: 7.45248376, theta: 3.12320005 });
    const again = runTurtles(job);
    assert.equal(again.summary.fingerprint, run.summary.fingerprint);
  });

  it('mimic repeats turtle1 on turtle2 through its input and output remaps', () => {
    const run = runTurtles(
      'end: { after: 3s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\n' +
        '  - { package: turtlesim, executable: mimic, args: [--ros-args, -r, "/input/pose:=/turtle1/pose", -r, "/output/cmd_vel:=/turtle2/cmd_vel"] }\n' +
        `events:\n  - on: start\n    do:\n      - ros2: [service, call, /spawn, turtlesim/srv/Spawn, "{x: 2, y: 2, theta: 0, name: turtle2}"]\n${pub('/turtle1/cmd_vel', '{linear: {x: 1.0}, angular: {z: 0.5}}')}`,
    );
    const { at } = drawn(run.report);
    const moved = (name: string, x: number, y: number): number => Math.hypot(at[name]!.x - x, at[name]!.y - y);
    assert.ok(moved('turtle1', 5.5444, 5.5444) > 0.9);
    assert.ok(Math.abs(moved('turtle2', 2, 2) - moved('turtle1', 5.5444, 5.5444)) < 0.05, JSON.stringify(at));
    assert.ok(Math.abs(at.turtle2!.theta - at.turtle1!.theta) < 0.05, JSON.stringify(at));
  });

  it("runs the launch tutorial's turtlesim_mimic_launch.py: two turtlesims in namespaces, mimic between them", () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'install'));
    writeTemp(
      dir,
      'turtlesim_mimic_launch.py',
      `from launch import LaunchDescription
from launch.actions import ExecuteProcess
from launch_ros.actions import Node


def generate_launch_description():
    return LaunchDescription([
        Node(package='turtlesim', namespace='turtlesim1', executable='turtlesim_node', name='sim'),
        Node(package='turtlesim', namespace='turtlesim2', executable='turtlesim_node', name='sim'),
        Node(package='turtlesim', executable='mimic', name='mimic',
             remappings=[('/input/pose', '/turtlesim1/turtle1/pose'), ('/output/cmd_vel', '/turtlesim2/turtle1/cmd_vel')]),
        ExecuteProcess(cmd=['ros2', 'topic', 'pub', '--once', '/turtlesim1/turtle1/cmd_vel', 'geometry_msgs/msg/Twist',
                            '{linear: {x: 2.0}, angular: {z: -1.8}}']),
    ])
`,
    );
    const report = join(dir, 'report.html');
    const result = runCli(['launch', 'turtlesim_mimic_launch.py', '--until', '3s', '--report', report], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr).slice(0, 2), [
      '[INFO] [0.000000000] [turtlesim1.sim]: Starting turtlesim with node name /turtlesim1/sim',
      '[INFO] [0.000000000] [turtlesim1.sim]: Spawning turtle [turtle1] at x=[5.544445], y=[5.544445], theta=[0.000000]',
    ]);
    const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(readFileSync(report, 'utf8'));
    const sims = (JSON.parse(json![1]!) as ReportData).turtles!;
    assert.deepEqual(
      sims.map((sim) => sim.node),
      ['/turtlesim1/sim', '/turtlesim2/sim'],
    );
    const [leader, follower] = sims.map((sim) => sim.turtles[0]!);
    assert.ok(leader!.theta < -1.5, JSON.stringify(leader));
    // The follower starts a step later and follows the same arc.
    assert.ok(
      Math.abs(follower!.theta - leader!.theta) < 0.05 && Math.hypot(follower!.x - leader!.x, follower!.y - leader!.y) < 0.05,
      JSON.stringify([leader, follower]),
    );
  });

  it("launches turtlesim's own multisim.launch.py by package, as ros2 launch turtlesim multisim.launch.py does, with no workspace", () => {
    const dir = tempDir();
    const result = runCli(['launch', 'turtlesim', 'multisim.launch.py', '--until', '1s'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      logLines(result.stderr).filter((line) => line.includes('Starting turtlesim')),
      [
        '[INFO] [0.000000000] [turtlesim1.turtlesim]: Starting turtlesim with node name /turtlesim1/turtlesim',
        '[INFO] [0.000000000] [turtlesim2.turtlesim]: Starting turtlesim with node name /turtlesim2/turtlesim',
      ],
    );
  });

  it('verify --perturb: a turtle run does the same in separate processes', () => {
    const dir = tempDir();
    const file = writeTemp(
      dir,
      'job.yaml',
      'end: { after: 4s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\n  - { package: turtlesim, executable: draw_square }\n',
    );
    const result = runCli(['verify', file, '--runs', '2', '--perturb'], dir, 120_000);
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});
