import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const FIXTURE = join(repoRoot, 'test/fixtures/python/workspace');
/** Where the fixture's package keeps its launch files (setup.py installs launch/*launch.* to share/py_demo_nodes/launch). */
const LAUNCH = 'src/robot_demos/demo_nodes/launch';

/** A copy of the Python workspace fixture with these launch files added to its package. */
function workspace(files: Record<string, string>): string {
  const dir = tempDir();
  cpSync(FIXTURE, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, LAUNCH, name), text);
  return dir;
}

const PAIR = `from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, GroupAction, LogInfo
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node, PushRosNamespace


def generate_launch_description():
    return LaunchDescription([
        DeclareLaunchArgument('robot', default_value='r1', description='the namespace'),
        LogInfo(msg=['robot ', LaunchConfiguration('robot')]),
        GroupAction([
            PushRosNamespace(LaunchConfiguration('robot')),
            Node(package='py_demo_nodes', executable='counter', name='count_up', remappings=[('count', 'tally')]),
            Node(package='py_demo_nodes', executable='watcher', remappings=[('count', 'tally')]),
        ]),
    ])
`;

// launch_ros reads parameters with PyYAML, as upstream's does.
describe('rclsim launch: a workspace started from its launch file', needs('yaml'), () => {
  it('runs the nodes a launch file starts, with its arguments, namespaces and names; --print-job writes the job that runs to the same fingerprint', () => {
    const dir = workspace({ 'pair.launch.py': PAIR });
    const run = runCli(['launch', 'py_demo_nodes', 'pair.launch.py', 'robot:=bot', '--until', '1s', '--json'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.equal(lines[0], '[INFO] [0.000000000] [launch.user]: robot bot');
    assert.ok(lines.includes(`[INFO] [0.000000000] [bot.count_up]: share: ${join(dir, 'install/share/py_demo_nodes')}`), run.stderr);
    assert.ok(lines.includes('[INFO] [1.000000000] [bot.watcher]: count 2 (tick)'), run.stderr);
    const launched = lastJsonLine(run.stdout);
    assert.equal(launched.job, 'pair');

    const printed = runCli(['launch', 'py_demo_nodes', 'pair.launch.py', 'robot:=bot', '--print-job'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    assert.match(printed.stdout, /^ {4}namespace: \/bot$/m);
    assert.match(printed.stdout, /^ {4}origin: install\/share\/py_demo_nodes\/launch\/pair\.launch\.py:13$/m);
    const job = writeTemp(dir, 'pair.yaml', printed.stdout);
    const replay = runCli(['run', job, '--until', '1s', '--json'], dir, 120_000);
    assert.equal(replay.status, 0, replay.stderr);
    assert.equal(lastJsonLine(replay.stdout).fingerprint, launched.fingerprint);
  });

  it('keeps launch going in sim time: a timer starts a node late, respawn starts it again, on_exit=Shutdown() ends the run, OnProcessExit and OnShutdown run their actions', () => {
    const dir = workspace({
      'life.launch.py': `from launch import LaunchDescription
from launch.actions import LogInfo, RegisterEventHandler, Shutdown, TimerAction
from launch.event_handlers import OnProcessExit, OnShutdown
from launch_ros.actions import Node


def generate_launch_description():
    quitter = Node(package='py_demo_nodes', executable='give_up', respawn=True, respawn_delay=0.5, respawn_max_retries=1)
    return LaunchDescription([
        quitter,
        RegisterEventHandler(OnProcessExit(target_action=quitter, on_exit=[LogInfo(msg='give_up ended')])),
        RegisterEventHandler(OnShutdown(on_shutdown=[LogInfo(msg='bye')])),
        TimerAction(period=1.0, actions=[Node(package='py_demo_nodes', executable='counter')]),
        TimerAction(period=2.2, actions=[Node(package='py_demo_nodes', executable='give_up', name='required', on_exit=Shutdown(reason='required node left'))]),
    ])
`,
    });
    const run = runCli(['launch', 'py_demo_nodes', 'life.launch.py'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    const at = (stamp: string, text: string): void =>
      assert.ok(
        lines.some((line) => line.includes(`] [${stamp}] `) && line.endsWith(text)),
        `${stamp} ${text}:\n${run.stderr}`,
      );
    at('0.000000000', '[launch.user]: give_up ended');
    at('0.500000000', '[launch.user]: give_up ended');
    at('1.000000000', `[counter]: share: ${join(dir, 'install/share/py_demo_nodes')}`);
    at('2.200000000', '[launch]: shutting down at sim time 2.200000000s: required node left; the run ends with exit code 0');
    assert.equal(lines.at(-1), '[INFO] [2.200000000] [launch.user]: bye');
    assert.equal(lines.filter((line) => line.endsWith('give_up ended')).length, 2, run.stderr);
  });

  it("calls handlers given as functions with the event to come, and hands OnProcessIO a ros2 command's output, as the event-handlers tutorial does", () => {
    const dir = workspace({
      'io.launch.py': `from launch import LaunchDescription
from launch.actions import EmitEvent, ExecuteProcess, LogInfo, RegisterEventHandler
from launch.event_handlers import OnExecutionComplete, OnProcessIO, OnProcessStart, OnShutdown
from launch.events import Shutdown
from launch.substitutions import FindExecutable, LocalSubstitution
from launch_ros.actions import Node


def generate_launch_description():
    watcher = Node(package='py_demo_nodes', executable='watcher')
    pub = ExecuteProcess(
        cmd=[[FindExecutable(name='ros2'), ' topic pub --once /count demo_interfaces/msg/Count ', '"{value: 7, note: hi}"']],
        shell=True,
    )
    return LaunchDescription([
        watcher,
        RegisterEventHandler(OnProcessStart(target_action=watcher, on_start=lambda event, context: [LogInfo(msg='watcher up'), pub])),
        RegisterEventHandler(OnProcessIO(
            target_action=pub,
            on_stdout=lambda event: LogInfo(msg='pub says "{}"'.format(event.text.decode().strip())),
        )),
        RegisterEventHandler(OnProcessIO(target_action=watcher, on_stdout=lambda event: LogInfo(msg=event.text))),
        RegisterEventHandler(OnExecutionComplete(
            target_action=pub,
            on_completion=[LogInfo(msg='pub done'), EmitEvent(event=Shutdown(reason='published'))],
        )),
        RegisterEventHandler(OnShutdown(
            on_shutdown=lambda event, context: LogInfo(msg=['asked to shut down: ', LocalSubstitution('event.reason')]),
        )),
    ])
`,
      'later.launch.py': `from launch import LaunchDescription
from launch.actions import ExecuteProcess, LogInfo, RegisterEventHandler
from launch.event_handlers import OnProcessExit, OnShutdown
from launch.substitutions import EnvironmentVariable, LocalSubstitution
from launch_ros.actions import Node


def generate_launch_description():
    pub = ExecuteProcess(cmd=['ros2', 'topic', 'pub', '--once', '/count', 'demo_interfaces/msg/Count', '{value: 1}'])
    return LaunchDescription([
        Node(package='py_demo_nodes', executable='watcher'),
        pub,
        RegisterEventHandler(OnProcessExit(target_action=pub, on_exit=[LogInfo(msg='pub ended'), LogInfo(msg=EnvironmentVariable('RCLSIM_NO_SUCH_VARIABLE'))])),
        RegisterEventHandler(OnShutdown(on_shutdown=[LogInfo(msg=['shutdown: ', LocalSubstitution('event.reason')])])),
    ])
`,
      'decides.launch.py': `from launch import LaunchDescription
from launch.actions import ExecuteProcess, LogInfo, RegisterEventHandler
from launch.event_handlers import OnProcessExit


def generate_launch_description():
    pub = ExecuteProcess(cmd=['ros2', 'topic', 'pub', '--once', '/count', 'demo_interfaces/msg/Count', '{value: 1}'])
    return LaunchDescription([
        pub,
        RegisterEventHandler(OnProcessExit(
            target_action=pub,
            on_exit=lambda event, context: LogInfo(msg='failed') if event.returncode != 0 else None,
        )),
    ])
`,
    });
    const run = runCli(['launch', 'py_demo_nodes', 'io.launch.py', '--until', '5s'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    // OnProcessIO of a node is left out, with a line naming it; the ros2 command's pieces reach their handler.
    assert.match(run.stderr, /io\.launch\.py:22: warning: OnProcessIO of a node's process is left out/);
    const said = logLines(run.stderr).filter((line) => line.includes('[launch'));
    assert.deepEqual(said, [
      '[INFO] [0.000000000] [launch.user]: watcher up',
      '[INFO] [0.500000000] [launch.user]: pub says "publisher: beginning loop"',
      `[INFO] [0.500000000] [launch.user]: pub says "publishing #1: demo_interfaces.msg.Count(stamp=builtin_interfaces.msg.Time(sec=0, nanosec=0), value=7, note='hi')"`,
      // ros2 topic pub --once keeps its node 0.1 s (--keep-alive) before it exits.
      '[INFO] [0.600000000] [launch.user]: pub done',
      '[INFO] [0.600000000] [launch]: shutting down at sim time 0.600000000s: published; the run ends with exit code 0',
      '[INFO] [0.600000000] [launch.user]: asked to shut down: published',
    ]);
    assert.match(run.stdout, /^\[ros2-1\] publishing #1: demo_interfaces\.msg\.Count\(stamp=.*, value=7, note='hi'\)$/m);

    // A substitution that fails in a handler's actions fails when the event happens, as launch's does.
    const later = runCli(['launch', 'py_demo_nodes', 'later.launch.py', '--until', '5s'], dir, 60_000);
    assert.equal(later.status, 2, later.stderr);
    assert.deepEqual(
      logLines(later.stderr).filter((line) => line.includes('[launch')),
      [
        '[INFO] [0.600000000] [launch.user]: pub ended',
        "[ERROR] [0.600000000] [launch]: Caught exception in launch (see debug for traceback): install/share/py_demo_nodes/launch/later.launch.py:13: environment variable 'RCLSIM_NO_SUCH_VARIABLE' does not exist",
        "[INFO] [0.600000000] [launch.user]: shutdown: Caught exception in launch (see debug for traceback): install/share/py_demo_nodes/launch/later.launch.py:13: environment variable 'RCLSIM_NO_SUCH_VARIABLE' does not exist",
      ],
    );

    const decides = runCli(['launch', 'py_demo_nodes', 'decides.launch.py'], dir, 60_000);
    assert.equal(decides.status, 2, decides.stderr);
    assert.match(
      decides.stderr.trim().split('\n').at(-1)!,
      /^rclsim: .*decides\.launch\.py:10: OnProcessExit on_exit: the function decides on the event \(\$\{event\.returncode\} != 0\), which rclsim cannot do/,
    );
  });

  it('lists what cannot run before the run: a GUI tool skipped, a package the workspace lacks refused (exit 2) unless --skip names it', () => {
    const dir = workspace({
      'gui.launch.py': `from launch import LaunchDescription
from launch.actions import EmitEvent, RegisterEventHandler
from launch.event_handlers import OnProcessExit
from launch.events import Shutdown
from launch_ros.actions import Node


def generate_launch_description():
    rviz = Node(package='rviz2', executable='rviz2')
    return LaunchDescription([
        rviz,
        Node(package='nav2_bringup', executable='planner'),
        Node(package='py_demo_nodes', executable='watcher'),
        RegisterEventHandler(OnProcessExit(target_action=rviz, on_exit=[EmitEvent(event=Shutdown(reason='rviz closed'))])),
    ])
`,
    });
    const refused = runCli(['launch', 'py_demo_nodes', 'gui.launch.py', '--until', '1s'], dir, 60_000);
    assert.equal(refused.status, 2, refused.stderr);
    const file = 'install/share/py_demo_nodes/launch/gui.launch.py';
    assert.deepEqual(refused.stderr.trim().split('\n'), [
      `${file}:9: rviz2 rviz2: a GUI tool (rclsim --foxglove shows the run live); skipped`,
      `${file}:12: nav2_bringup planner: no package nav2_bringup in the workspace . (--workspace names another); refused`,
      `rclsim: ${join(dir, file)}: 1 of its processes cannot run here (listed above): --skip PATTERN (or skip: in a job) skips them`,
    ]);
    const skipped = runCli(['launch', 'py_demo_nodes', 'gui.launch.py', '--until', '1s', '--skip', 'nav2_*'], dir, 60_000);
    assert.equal(skipped.status, 0, skipped.stderr);
    assert.match(skipped.stderr, /planner: no package nav2_bringup .*; skipped$/m);
    // What is skipped never exits: the handler on rviz2's exit goes with it, and the run is not refused for it.
    assert.match(skipped.stdout, /ended {8}idle, exit code 0/);
  });

  it('says what is wrong with a launch file in one line naming it, exit 2: it raises, a required argument is missing, a choice is not allowed', () => {
    const dir = workspace({
      'bad.launch.py': `from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument


def generate_launch_description():
    raise RuntimeError('no map given')
`,
      'args.launch.py': `from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument


def generate_launch_description():
    return LaunchDescription([
        DeclareLaunchArgument('map'),
        DeclareLaunchArgument('mode', default_value='fast', choices=['fast', 'slow']),
    ])
`,
    });
    const raises = runCli(['launch', 'py_demo_nodes', 'bad.launch.py'], dir, 60_000);
    assert.equal(raises.status, 2, raises.stderr);
    assert.match(raises.stderr.trim().split('\n').at(-1)!, /^rclsim: .*bad\.launch\.py:6: .*no map given/);
    const missing = runCli(['launch', 'py_demo_nodes', 'args.launch.py'], dir, 60_000);
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(missing.stderr, /map/);
    assert.equal(missing.stderr.trim().split('\n').length, 1, missing.stderr);
    const choice = runCli(['launch', 'py_demo_nodes', 'args.launch.py', 'map:=a', 'mode:=warp'], dir, 60_000);
    assert.equal(choice.status, 2, choice.stderr);
    assert.match(choice.stderr, /warp/);
    const args = runCli(['launch', 'py_demo_nodes', 'args.launch.py', '--show-args'], dir, 60_000);
    assert.equal(args.status, 0, args.stderr);
    assert.equal(
      args.stdout,
      "Arguments (pass arguments as '<name>:=<value>'):\n\n    'map':\n        no description given\n\n    'mode':\n        One of: ['fast', 'slow']\n        (default: 'fast')\n",
    );
  });

  it('runs a job on top of a launch file, which adds a seed and an end; verify --perturb of it passes', () => {
    const dir = workspace({ 'pair.launch.py': PAIR });
    const job = writeTemp(
      dir,
      'job.yaml',
      'seed: 7\nend: { after: 1500ms }\nlaunch:\n  package: py_demo_nodes\n  file: pair.launch.py\n  arguments: { robot: r9 }\n',
    );
    const run = runCli(['run', job, '--json'], dir, 120_000);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(logLines(run.stderr).includes('[INFO] [1.500000000] [r9.watcher]: count 3 (tick)'), run.stderr);
    const verify = runCli(['verify', job, '--runs', '2', '--perturb'], dir, 240_000);
    assert.equal(verify.status, 0, verify.stdout + verify.stderr);
  });
});
