import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, tempDir } from '../support/helpers.js';

/** A launch plan (docs/launch-plan.md), loosely typed: the tests look at what a user would. */
// biome-ignore lint/suspicious/noExplicitAny: plan records are JSON, read field by field
type Plan = { version: number; file: string; arguments: Record<string, unknown>[]; actions: Record<string, any>[] };

/** An install prefix laid out by hand as colcon lays one out: `share/<pkg>/` and its ament index marker. */
function prefixWith(packages: Record<string, Record<string, string>>): string {
  const prefix = tempDir();
  for (const [name, files] of Object.entries(packages)) {
    mkdirSync(join(prefix, 'share/ament_index/resource_index/packages'), { recursive: true });
    writeFileSync(join(prefix, 'share/ament_index/resource_index/packages', name), '');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(prefix, 'share', name, path, '..'), { recursive: true });
      writeFileSync(join(prefix, 'share', name, path), text);
    }
  }
  return prefix;
}

/** Runs the evaluator as rclsim runs it (a real python3, the Python client first on PYTHONPATH). */
function evaluate(dir: string, args: string[], prefix = ''): { status: number | null; stderr: string; plan?: Plan } {
  const out = join(dir, 'plan.json');
  const result = spawnSync('python3', ['-m', 'rclsim._launch_plan', '--out', out, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', PYTHONPATH: join(repoRoot, 'clients/python'), PYTHONHASHSEED: '0', AMENT_PREFIX_PATH: prefix },
  });
  const plan = result.status === 0 ? (JSON.parse(readFileSync(out, 'utf8')) as Plan) : undefined;
  return { status: result.status, stderr: result.stderr, plan };
}

function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The last line of stderr: the one line rclsim shows for bad input. */
const lastLine = (stderr: string): string => stderr.trim().split('\n').at(-1) ?? '';

const TALKERS = `from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, GroupAction, SetEnvironmentVariable, AppendEnvironmentVariable
from launch.conditions import IfCondition, UnlessCondition, LaunchConfigurationEquals
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node, PushRosNamespace, SetParameter, SetRemap
from launch_ros.descriptions import ParameterValue


def generate_launch_description():
    return LaunchDescription([
        DeclareLaunchArgument('ns', default_value='robot', description='the namespace'),
        DeclareLaunchArgument('with_listener', default_value='True', choices=['True', 'False']),
        SetEnvironmentVariable('RCLSIM_TEST_A', 'a'),
        GroupAction([
            PushRosNamespace(LaunchConfiguration('ns')),
            SetParameter('use_sim_time', True),
            SetRemap('/tf', 'tf'),
            AppendEnvironmentVariable('RCLSIM_TEST_A', 'b'),
            Node(package='demo_nodes_cpp', executable='talker', name='talker', namespace='arm',
                 parameters=[{'rate': 2, 'gain': 1.5, 'frame': {'id': 'base', 'n': '1'},
                              'ids': [1, 2.5], 'names': ['a', 'b'], 'text': ParameterValue('1', value_type=str)}],
                 remappings=[('chatter', [LaunchConfiguration('ns'), '/talk'])],
                 arguments=['--x', LaunchConfiguration('ns')], ros_arguments=['--log-level', 'debug'],
                 additional_env={'EXTRA': '1'}, output='screen', respawn=True, respawn_delay=2.0),
            Node(package='demo_nodes_py', executable='listener', condition=IfCondition(LaunchConfiguration('with_listener'))),
            Node(package='demo_nodes_py', executable='listener_off', condition=UnlessCondition(LaunchConfiguration('with_listener'))),
        ]),
        Node(package='demo_nodes_cpp', executable='outside', namespace='/abs',
             condition=LaunchConfigurationEquals('ns', 'robot')),
    ])
`;

describe('launch evaluator: python3 -m rclsim._launch_plan', needs('yaml'), () => {
  it('resolves nodes in their scope: namespaces, scoped parameters and remaps first, environment, conditions', () => {
    const dir = tempDir();
    const file = write(dir, 'talkers.launch.py', TALKERS);
    const { status, stderr, plan } = evaluate(dir, [file, 'ns:=r2']);
    assert.equal(status, 0, stderr);
    assert.equal(plan!.version, 1);
    assert.equal(plan!.file, file);
    assert.deepEqual(plan!.arguments, [
      { name: 'ns', default: 'robot', described_default: "'robot'", conditional: false, description: 'the namespace', choices: null, file, line: 11 },
      {
        name: 'with_listener',
        default: 'True',
        described_default: "'True'",
        conditional: false,
        description: "One of: ['True', 'False']",
        choices: ['True', 'False'],
        file,
        line: 12,
      },
    ]);
    const [talker, listener, ...rest] = plan!.actions;
    assert.equal(rest.length, 0, 'the unless-true node and the outside node (ns is not robot) are not in the plan');
    assert.deepEqual(talker, {
      kind: 'node',
      file,
      line: 19,
      id: 'a1',
      package: 'demo_nodes_cpp',
      executable: 'talker',
      name: 'talker',
      namespace: '/r2/arm',
      parameters: [
        { values: [['use_sim_time', 'true']] },
        {
          values: [
            ['rate', '2'],
            ['gain', '1.5'],
            ['frame.id', 'base'],
            ['frame.n', "'1'"],
            ['ids', '[1.0, 2.5]'],
            ['names', '[a, b]'],
            ['text', "'1'"],
          ],
        },
      ],
      remappings: [
        ['/tf', 'tf'],
        ['chatter', 'r2/talk'],
      ],
      arguments: ['--x', 'r2'],
      ros_arguments: ['--log-level', 'debug'],
      env: { RCLSIM_TEST_A: 'a:b', EXTRA: '1' },
      output: 'screen',
      respawn: true,
      respawn_delay: 2,
      respawn_max_retries: -1,
      on_exit: [],
      lifecycle: false,
    });
    assert.deepEqual([listener!.executable, listener!.name, listener!.namespace, listener!.line], ['listener', null, '/r2', 25]);

    const defaults = evaluate(dir, [file, 'with_listener:=False']).plan!;
    assert.deepEqual(
      defaults.actions.map((a) => [a.executable, a.namespace]),
      [
        ['talker', '/robot/arm'],
        ['listener_off', '/robot'],
        ['outside', '/abs'],
      ],
    );
  });

  it('scopes groups as launch does: unscoped leaks, not forwarding starts clean but for what it keeps; parameter files in scope', () => {
    const dir = tempDir();
    write(dir, 'common.yaml', '/**:\n  ros__parameters:\n    rate: 5\n');
    const file = write(
      dir,
      'groups.launch.py',
      `import os
from launch import LaunchDescription, LaunchDescriptionSource
from launch.actions import (GroupAction, IncludeLaunchDescription, LogInfo, SetEnvironmentVariable, SetLaunchConfiguration,
    UnsetEnvironmentVariable)
from launch.conditions import LaunchConfigurationNotEquals
from launch.substitutions import LaunchConfiguration, EnvironmentVariable
from launch_ros.actions import Node, SetParametersFromFile
here = os.path.dirname(__file__)
def generate_launch_description():
    return LaunchDescription([
        SetLaunchConfiguration('a', 'outer'),
        SetEnvironmentVariable('RCLSIM_TEST_B', 'set'),
        GroupAction([SetLaunchConfiguration('a', 'leaked'), UnsetEnvironmentVariable('RCLSIM_TEST_B')], scoped=False),
        LogInfo(msg=[LaunchConfiguration('a'), ' ', EnvironmentVariable('RCLSIM_TEST_B', default_value='unset')]),
        GroupAction([
            LogInfo(msg=[LaunchConfiguration('a', default='none'), ' ', LaunchConfiguration('b')]),
            SetParametersFromFile(os.path.join(here, 'common.yaml')),
            Node(package='p', executable='e', parameters=[os.path.join(here, 'missing.yaml'), {'x': 1}]),
        ], forwarding=False, launch_configurations={'b': LaunchConfiguration('a')}),
        IncludeLaunchDescription(LaunchDescriptionSource(LaunchDescription([LogInfo(msg=LaunchConfiguration('c'))])),
                                 launch_arguments=[('c', 'given')]),
        LogInfo(msg='not equal', condition=LaunchConfigurationNotEquals('a', 'outer')),
        Node(package='p', executable='after'),
    ])
`,
    );
    const { status, stderr, plan } = evaluate(dir, [file]);
    assert.equal(status, 0, stderr);
    assert.equal(lastLine(stderr), `${file}:18: warning: Parameter file path is not a file: ${join(dir, 'missing.yaml')}`);
    const [leaked, clean, node, included, notEqual, after] = plan!.actions;
    assert.deepEqual([leaked!.message, clean!.message, included!.message, notEqual!.message], ['leaked unset', 'none leaked', 'given', 'not equal']);
    assert.deepEqual(node!.parameters, [{ file: join(dir, 'common.yaml') }, { values: [['x', '1']] }]);
    assert.deepEqual(after!.parameters, [], 'the parameter file was set in the group alone');
  });

  it('includes Python files found with FindPackageShare, with arguments, ThisLaunchFileDir, and reports a cycle in one line', () => {
    const prefix = prefixWith({
      robot: {
        'launch/inner.launch.py': `from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, LogInfo
from launch.substitutions import LaunchConfiguration, ThisLaunchFileDir, ThisLaunchFile
def generate_launch_description():
    return LaunchDescription([
        DeclareLaunchArgument('who'),
        LogInfo(msg=[LaunchConfiguration('who'), ' from ', ThisLaunchFileDir()]),
    ])
`,
      },
    });
    const dir = tempDir();
    const file = write(
      dir,
      'outer.launch.py',
      `from launch import LaunchDescription
from launch.actions import ExecuteProcess, IncludeLaunchDescription, LogInfo, GroupAction
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch.substitutions import PathJoinSubstitution, ThisLaunchFileDir
from launch_ros.substitutions import ExecutableInPackage, FindPackageShare
def generate_launch_description():
    inner = PathJoinSubstitution([FindPackageShare('robot'), 'launch', 'inner.launch.py'])
    return LaunchDescription([
        IncludeLaunchDescription(PythonLaunchDescriptionSource(inner), launch_arguments={'who': 'dict'}.items()),
        GroupAction([IncludeLaunchDescription(inner, launch_arguments=[('who', 'pairs')])]),
        LogInfo(msg=['back in ', ThisLaunchFileDir()]),
        ExecuteProcess(cmd=[ExecutableInPackage('tool', 'robot'), FindPackageShare('robot').find('robot')]),
    ])
`,
    );
    const { status, stderr, plan } = evaluate(dir, [file], prefix);
    assert.equal(status, 0, stderr);
    const inner = join(prefix, 'share/robot/launch/inner.launch.py');
    const process = plan!.actions.pop()!;
    assert.deepEqual(process.cmd, [join(prefix, 'lib/robot/tool'), join(prefix, 'share/robot')]);
    assert.deepEqual(plan!.actions, [
      { kind: 'log', file: inner, line: 7, message: `dict from ${join(prefix, 'share/robot/launch')}` },
      { kind: 'log', file: inner, line: 7, message: `pairs from ${join(prefix, 'share/robot/launch')}` },
      { kind: 'log', file, line: 11, message: `back in ${dir}` },
    ]);
    assert.deepEqual(
      plan!.arguments.map((a) => [a.name, a.file, a.line]),
      [['who', inner, 6]],
    );

    const byPackage = evaluate(dir, ['robot', 'inner.launch.py', 'who:=cli'], prefix);
    assert.equal(byPackage.status, 0, byPackage.stderr);
    assert.equal(byPackage.plan!.file, inner);
    assert.equal(byPackage.plan!.actions[0]!.message, `cli from ${join(prefix, 'share/robot/launch')}`);

    const a = write(dir, 'a.launch.py', includer('b.launch.py'));
    const b = write(dir, 'b.launch.py', includer('a.launch.py'));
    const cycle = evaluate(dir, [a]);
    assert.equal(cycle.status, 2);
    assert.equal(lastLine(cycle.stderr), `${b}:6: include cycle: ${a} -> ${b} -> ${a}`);
  });

  it('reports missing required arguments in one line as ros2 launch does, a choice not allowed, and lists arguments with --show-args', () => {
    const dir = tempDir();
    const file = write(
      dir,
      'args.launch.py',
      `from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
def generate_launch_description():
    return LaunchDescription([
        DeclareLaunchArgument('map', description='the map file'),
        DeclareLaunchArgument('robot'),
        DeclareLaunchArgument('mode', default_value='fast', choices=['fast', 'slow']),
    ])
`,
    );
    const missing = evaluate(dir, [file]);
    assert.equal(missing.status, 2);
    assert.equal(
      lastLine(missing.stderr),
      `${file}:5: Included launch description missing required arguments 'map' (description: 'the map file'), 'robot' (description: 'no description given'), given: []`,
    );
    const choice = evaluate(dir, [file, 'map:=m', 'robot:=r', 'mode:=medium']);
    assert.equal(choice.status, 2);
    assert.equal(lastLine(choice.stderr), `${file}:7: Argument "mode" provided value "medium" is not valid. Valid options are: ['fast', 'slow']`);

    const shown = evaluate(dir, ['--show-args', file]);
    assert.equal(shown.status, 0, shown.stderr);
    assert.deepEqual(shown.plan!.actions, []);
    assert.deepEqual(
      shown.plan!.arguments.map((a) => [a.name, a.described_default, a.description]),
      [
        ['map', null, 'the map file'],
        ['robot', null, 'no description given'],
        ['mode', "'fast'", "One of: ['fast', 'slow']"],
      ],
    );
  });

  it("performs launch's substitutions and conditions with upstream's rules, and names a value no condition accepts", () => {
    const dir = tempDir();
    const file = write(
      dir,
      'subs.launch.py',
      `from launch import LaunchDescription
from launch.actions import LogInfo, SetLaunchConfiguration
from launch.conditions import IfCondition
from launch.substitutions import (AllSubstitution, AndSubstitution, AnonName, AnySubstitution, Command, EnvironmentVariable,
    EqualsSubstitution, FindExecutable, LaunchConfiguration, NotEqualsSubstitution, NotSubstitution, OrSubstitution,
    PythonExpression, TextSubstitution)
def generate_launch_description():
    return LaunchDescription([
        SetLaunchConfiguration('flag', 'TRUE'),
        LogInfo(msg=[EqualsSubstitution(LaunchConfiguration('flag'), True), ' ', NotEqualsSubstitution('1.0', '1'), ' ',
                     AndSubstitution('1', 'off'), ' ', OrSubstitution('0', 'yes'), ' ', NotSubstitution('false'), ' ',
                     AnySubstitution('0', 'false', 'on'), ' ', AllSubstitution('1', 'true', 'no')]),
        LogInfo(msg=[EnvironmentVariable('RCLSIM_UNSET_VAR', default_value='fallback'), ' ', LaunchConfiguration('nope', default=3)]),
        LogInfo(msg=PythonExpression(['floor(2.5) + ', 'os.path.sep.count("/")'], python_modules=['math', 'os'])),
        LogInfo(msg=Command([FindExecutable(name='python3'), ' -c "print(6*7)"'])),
        LogInfo(msg='only if', condition=IfCondition(PythonExpression(['1 == 1']))),
        LogInfo(msg='never', condition=IfCondition('0')),
        LogInfo(msg='bad', condition=IfCondition([LaunchConfiguration('flag'), 'x'])),
        LogInfo(msg=[AnonName('node'), ' ', AnonName('other'), ' ', AnonName('node')]),
    ])
`,
    );
    const { status, stderr } = evaluate(dir, [file]);
    assert.equal(status, 2);
    assert.equal(
      lastLine(stderr),
      `${file}:18: invalid condition expression, expected one of [true, 1, false, 0] but got 'truex', expanded from 'LaunchConfig('flag') + 'x''`,
    );
    const fine = write(dir, 'fine.launch.py', readFileSync(file, 'utf8').replace(/^ {8}LogInfo\(msg='bad'.*\n/m, ''));
    const good = evaluate(dir, [fine]);
    assert.equal(good.status, 0, good.stderr);
    assert.deepEqual(
      good.plan!.actions.map((a) => a.message),
      ['true false false true true true false', 'fallback 3', '3', '42\n', 'only if', 'node_1 other_2 node_1'],
    );
  });

  it('records handlers, timers, shutdown, processes, lifecycle transitions (lifecycle_msgs constants), components and what an OpaqueFunction returns', () => {
    const dir = tempDir();
    const file = write(
      dir,
      'events.launch.py',
      `import lifecycle_msgs.msg
from launch import LaunchDescription
from launch.actions import (EmitEvent, ExecuteProcess, LogInfo, OpaqueFunction, RegisterEventHandler, Shutdown,
    TimerAction)
from launch.event_handlers import OnProcessExit, OnProcessStart, OnShutdown
from launch.events import Shutdown as ShutdownEvent
from launch.events.matchers import matches_action
from launch.substitutions import LaunchConfiguration, LocalSubstitution
from launch_ros.actions import ComposableNodeContainer, LifecycleNode, LoadComposableNodes, Node
from launch_ros.descriptions import ComposableNode
from launch_ros.event_handlers import OnStateTransition
from launch_ros.events.lifecycle import ChangeState


def later(context, who):
    return [LogInfo(msg=who + ' ' + LaunchConfiguration('x').perform(context))]


def generate_launch_description():
    talker = Node(package='demo_nodes_cpp', executable='talker', on_exit=Shutdown(reason='talker ended'))
    managed = LifecycleNode(package='lifecycle', executable='lc_talker', name='lc_talker', namespace='')
    container = ComposableNodeContainer(name='box', namespace='ns', package='rclcpp_components', executable='component_container',
        composable_node_descriptions=[ComposableNode(package='composition', plugin='composition::Talker', name='t',
                                                     extra_arguments=[{'use_intra_process_comms': True}])])
    return LaunchDescription([
        RegisterEventHandler(OnProcessStart(target_action=talker, on_start=[LogInfo(msg='started')])),
        talker,
        managed,
        RegisterEventHandler(OnStateTransition(target_lifecycle_node=managed, goal_state='inactive',
            entities=[EmitEvent(event=ChangeState(lifecycle_node_matcher=matches_action(managed),
                                                  transition_id=lifecycle_msgs.msg.Transition.TRANSITION_ACTIVATE))])),
        EmitEvent(event=ChangeState(lifecycle_node_matcher=matches_action(managed), transition_id=lifecycle_msgs.msg.Transition.TRANSITION_CONFIGURE)),
        ExecuteProcess(cmd=['ros2', 'topic', 'pub', '/x', 'std_msgs/msg/String', LaunchConfiguration('x', default='{}')], name='pub'),
        TimerAction(period=3.5, actions=[EmitEvent(event=ShutdownEvent(reason='done'))]),
        RegisterEventHandler(OnProcessExit(on_exit=[LogInfo(msg='one exited')])),
        RegisterEventHandler(OnShutdown(on_shutdown=[LogInfo(msg=['bye: ', LocalSubstitution('event.reason')])])),
        container,
        LoadComposableNodes(target_container=container, composable_node_descriptions=[
            ComposableNode(package='composition', plugin='composition::Listener', namespace='sub')]),
        OpaqueFunction(function=later, args=['opaque']),
    ])
`,
    );
    const { status, stderr, plan } = evaluate(dir, [file, 'x:=data']);
    assert.equal(status, 0, stderr);
    const kinds = plan!.actions.map((a) => a.kind);
    assert.deepEqual(kinds, [
      'on_process_start',
      'node',
      'node',
      'on_state_transition',
      'change_state',
      'process',
      'timer',
      'on_process_exit',
      'on_shutdown',
      'container',
      'load',
      'log',
    ]);
    const [onStart, talker, managed, transition, change, pub, timer, onExit, onShutdown, container, load, opaque] = plan!.actions;
    assert.deepEqual(onStart, { kind: 'on_process_start', file, line: 26, target: 'a1', actions: [{ kind: 'log', file, line: 26, message: 'started' }] });
    assert.equal(talker!.id, 'a1');
    assert.deepEqual(talker!.on_exit, [{ kind: 'shutdown', file, line: 20, reason: 'talker ended' }]);
    assert.deepEqual([managed!.id, managed!.lifecycle, managed!.namespace], ['a2', true, '/']);
    assert.deepEqual(transition, {
      kind: 'on_state_transition',
      file,
      line: 29,
      target: 'a2',
      start_state: null,
      goal_state: 'inactive',
      actions: [{ kind: 'change_state', file, line: 30, target: 'a2', transition: 3 }],
    });
    assert.deepEqual(change, { kind: 'change_state', file, line: 32, target: 'a2', transition: 1 });
    assert.deepEqual(
      [pub!.id, pub!.cmd, pub!.name, pub!.cwd, pub!.shell],
      ['a3', ['ros2', 'topic', 'pub', '/x', 'std_msgs/msg/String', 'data'], 'pub', null, false],
    );
    assert.deepEqual(timer, { kind: 'timer', file, line: 34, period: 3.5, actions: [{ kind: 'shutdown', file, line: 34, reason: 'done' }] });
    assert.equal(onExit!.target, null);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the plan's placeholder for the event's reason, filled in by the run
    assert.deepEqual(onShutdown!.actions, [{ kind: 'log', file, line: 36, message: 'bye: ${event.reason}' }]);
    assert.deepEqual([container!.id, container!.name, container!.namespace], ['a4', 'box', '/ns']);
    assert.deepEqual(container!.composable_nodes, [
      {
        package: 'composition',
        plugin: 'composition::Talker',
        name: 't',
        namespace: null,
        parameters: [],
        remappings: [],
        extra_arguments: { use_intra_process_comms: true },
        file,
        line: 23,
      },
    ]);
    assert.equal(load!.target_container, '/ns/box');
    assert.deepEqual([load!.composable_nodes[0].namespace, load!.composable_nodes[0].line], ['/sub', 39]);
    assert.deepEqual(opaque, { kind: 'log', file, line: 16, message: 'opaque data' });
  });

  it("runs a user's Substitution subclass shaped as nav2's RewrittenYaml (a rewritten parameter file)", () => {
    const dir = tempDir();
    write(
      dir,
      'rewriting.py',
      // Shaped as nav2_common/launch/rewritten_yaml.py: substitutions normalized at construction,
      // performed in perform(), configurations read from the context, a temporary YAML file out.
      `import tempfile
import launch
import yaml


class RewrittenParams(launch.Substitution):
    def __init__(self, source_file, param_rewrites, root_key=None):
        super().__init__()
        from launch.utilities import normalize_to_list_of_substitutions
        self.__source = normalize_to_list_of_substitutions(source_file)
        self.__rewrites = {key: normalize_to_list_of_substitutions(value) for key, value in param_rewrites.items()}
        self.__root_key = None if root_key is None else normalize_to_list_of_substitutions(root_key)

    def describe(self):
        return ''

    def perform(self, context):
        path = launch.utilities.perform_substitutions(context, self.__source)
        with open(path) as source:
            data = yaml.safe_load(source)
        for key, value in self.__rewrites.items():
            text = launch.utilities.perform_substitutions(context, value)
            for params in data.values():
                if key in params['ros__parameters']:
                    params['ros__parameters'][key] = yaml.safe_load(text)
        if 'robot_radius' in context.launch_configurations:
            data['controller']['ros__parameters']['robot_radius'] = float(context.launch_configurations['robot_radius'])
        if self.__root_key is not None:
            data = {launch.utilities.perform_substitutions(context, self.__root_key): data}
        out = tempfile.NamedTemporaryFile(mode='w', suffix='.yaml', delete=False)
        yaml.dump(data, out)
        out.close()
        return out.name
`,
    );
    write(dir, 'nav.yaml', 'controller:\n  ros__parameters:\n    use_sim_time: false\n    frequency: 20.0\n');
    const file = write(
      dir,
      'nav.launch.py',
      `import os
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node
from launch_ros.descriptions import ParameterFile
from rewriting import RewrittenParams


def generate_launch_description():
    params = RewrittenParams(os.path.join(os.path.dirname(__file__), 'nav.yaml'),
                             {'use_sim_time': LaunchConfiguration('use_sim_time')}, root_key=LaunchConfiguration('ns'))
    return LaunchDescription([
        DeclareLaunchArgument('use_sim_time', default_value='true'),
        DeclareLaunchArgument('ns', default_value='r1'),
        DeclareLaunchArgument('robot_radius', default_value='0.3'),
        Node(package='nav2_controller', executable='controller_server', parameters=[ParameterFile(params)]),
        Node(package='nav2_controller', executable='second', parameters=[params]),
    ])
`,
    );
    const { status, stderr, plan } = evaluate(dir, [file]);
    assert.equal(status, 0, stderr);
    const [first, second] = plan!.actions;
    const path = first!.parameters[0].file as string;
    assert.notEqual(path, join(dir, 'nav.yaml'));
    assert.equal(
      readFileSync(path, 'utf8'),
      'r1:\n  controller:\n    ros__parameters:\n      frequency: 20.0\n      robot_radius: 0.3\n      use_sim_time: true\n',
    );
    assert.equal(second!.parameters.length, 1);
    assert.ok('file' in second!.parameters[0]);
  });

  it('reports bad input in one line naming file and line: a raising launch file (with its last frame), prefix, unknown package, missing configuration', () => {
    const dir = tempDir();
    const raising = write(
      dir,
      'raising.launch.py',
      `from launch import LaunchDescription


def helper(table):
    return table['missing']


def generate_launch_description():
    return LaunchDescription([helper({})])
`,
    );
    const raised = evaluate(dir, [raising]);
    assert.equal(raised.status, 2);
    assert.deepEqual(raised.stderr.trimEnd().split('\n'), [
      `  File "${raising}", line 5, in helper`,
      "    return table['missing']",
      `${raising}:5: KeyError: 'missing'`,
    ]);

    const bad = (body: string): string => {
      const file = write(
        dir,
        'bad.launch.py',
        `from launch import LaunchDescription
from launch.actions import RegisterEventHandler
from launch.event_handlers import OnProcessExit
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node
from launch_ros.substitutions import FindPackageShare
def generate_launch_description():
    return LaunchDescription([
        ${body},
    ])
`,
      );
      const result = evaluate(dir, [file], prefixWith({ known: {} }));
      assert.equal(result.status, 2, result.stderr);
      return lastLine(result.stderr).replace(`${file}:`, 'FILE:');
    };
    assert.equal(
      bad("Node(package='p', executable='e', prefix='gdb -ex run --args')"),
      "FILE:9: Node's prefix= is not supported: a prefix (gdb, valgrind, xterm -e …) wraps a real process, and rclsim runs the program inside its simulation",
    );
    assert.equal(
      bad('RegisterEventHandler(OnProcessExit(on_exit=lambda event, context: [] if event.returncode == 0 else []))'),
      `FILE:9: OnProcessExit on_exit: the function decides on the event (\${event.returncode} == 0), which rclsim cannot do: it evaluates a handler's actions before the run; give actions that need only its text (LocalSubstitution, or the event formatted into a message)`,
    );
    assert.equal(bad("Node(package='p', executable=FindPackageShare('nowhere'))"), "FILE:9: package 'nowhere' not found");
    assert.equal(bad("Node(package='p', executable='e', name=LaunchConfiguration('who'))"), "FILE:9: launch configuration 'who' does not exist");
    assert.equal(
      bad("Node(package='p', executable='e', name='bad-name')"),
      "FILE:9: invalid node name 'bad-name': node name must not contain characters other than alphanumerics or '_'",
    );
  });
});

/** A launch file that includes `other` beside it. */
function includer(other: string): string {
  return `from launch import LaunchDescription
from launch.actions import IncludeLaunchDescription
from launch.substitutions import PathJoinSubstitution, ThisLaunchFileDir
def generate_launch_description():
    return LaunchDescription([
        IncludeLaunchDescription(PathJoinSubstitution([ThisLaunchFileDir(), '${other}'])),
    ])
`;
}
