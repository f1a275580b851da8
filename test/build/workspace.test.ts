import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const fixture = join(repoRoot, 'test/fixtures/cpp/workspace');
// A workspace's build; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 300_000;

/** A package of a made-up workspace: its package.xml (with `tags` inside) and its files. */
function writePackage(root: string, name: string, tags: string, files: Record<string, string> = {}): void {
  const folder = join(root, 'src', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.xml'),
    `<?xml version="1.0"?>\n<package format="3">\n  <name>${name}</name>\n  <version>0.0.0</version>\n${tags}\n</package>\n`,
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

describe('rclsim build: a workspace of C++ packages, built against rclsim, run by package and executable', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  let workspace: string;
  let first: CliResult;
  before(() => ({ workspace, build: first } = builtWorkspace(fixture, BUILD_MS)));

  it('builds the interface package, then the package that uses it, as colcon --merge-install lays them out', () => {
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(
      first.stderr
        .split('\n')
        .filter((line) => /^(Starting|Finished)/.test(line))
        .map((line) => line.replace(/ \[.*\]$/, '')),
      [
        'Starting >>> cpp_greeter',
        'Finished <<< cpp_greeter',
        'Starting >>> tutorial_interfaces',
        'Finished <<< tutorial_interfaces',
        'Starting >>> cpp_pubsub',
        'Finished <<< cpp_pubsub',
      ],
    );
    const install = join(workspace, 'install');
    assert.ok(statSync(join(install, 'lib/cpp_pubsub/talker')).isFile());
    assert.ok(statSync(join(install, 'include/tutorial_interfaces/tutorial_interfaces/msg/num.hpp')).isFile());
    assert.ok(statSync(join(install, 'share/tutorial_interfaces/srv/AddThreeInts.srv')).isFile());
    assert.ok(statSync(join(install, 'share/cpp_pubsub/cmake/cpp_pubsubConfig.cmake')).isFile());
    assert.ok(statSync(join(install, 'lib/libcounter.so')).isFile(), 'add_library() without SHARED after find_package(ament_cmake_ros)');
    const index = join(install, 'share/ament_index/resource_index');
    assert.equal(readFileSync(join(index, 'rosidl_interfaces/tutorial_interfaces'), 'utf8'), 'msg/Num.msg\nmsg/Sphere.msg\nsrv/AddThreeInts.srv\n');
    assert.equal(readFileSync(join(index, 'packages/cpp_pubsub'), 'utf8'), '');
    // ament_cmake_auto, a package's own message used by its own library, a component registered.
    assert.ok(statSync(join(install, 'lib/libgreeter.so')).isFile());
    assert.ok(statSync(join(install, 'lib/cpp_greeter/greet')).isFile());
    assert.ok(statSync(join(install, 'lib/cpp_greeter/greeter_node')).isFile(), 'rclcpp_components_register_node(… EXECUTABLE greeter_node)');
    assert.equal(readFileSync(join(index, 'rclcpp_components/cpp_greeter'), 'utf8'), 'cpp_greeter::Greeter;lib/libgreeter.so\n');
    assert.ok(statSync(join(install, 'share/cpp_greeter/cmake/cpp_greeterConfig.cmake')).isFile());
  });

  it("runs the packages' executables from a job (package: + executable:), heard with their own message type", () => {
    const run = runCli(['run', 'job.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      "[INFO] [0.500000000] [minimal_publisher]: Publishing: '0'",
      '[INFO] [0.500000000] [num_listener]: I heard: 0',
      '[INFO] [1.000000000] [greeter]: Greeting 1',
      "[INFO] [1.000000000] [minimal_publisher]: Publishing: '1'",
      '[INFO] [1.000000000] [num_listener]: I heard: 1',
    ]);
  });

  it('runs it as ros2 run does: rclsim exec PACKAGE EXECUTABLE', () => {
    const run = runCli(['exec', '--until', '500ms', 'cpp_pubsub', 'talker', '--ros-args', '-r', '__node:=renamed'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), ["[INFO] [0.500000000] [renamed]: Publishing: '0'"]);
  });

  it("runs a component's executable (rclcpp_components_register_node EXECUTABLE) with its ROS arguments", () => {
    const run = runCli(['exec', '--until', '1s', 'cpp_greeter', 'greeter_node', '--ros-args', '-r', '__node:=hello'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), ['[INFO] [1.000000000] [hello]: Greeting 1']);
  });

  it('loads components by plugin class into containers (package: + component:), each node with its own name, namespace and parameters', () => {
    const job = [
      'workspace: install',
      'end: { after: 1.5s }',
      'nodes:',
      '  - { package: cpp_greeter, component: cpp_greeter::Greeter, container: greeters, on_exit: continue,',
      "      name: hello, parameters: { text: 'Hi there', period: 0.5 } }",
      '  - { package: cpp_greeter, component: cpp_greeter::Greeter, parameters: { period: 0.5 } }',
      '  - { package: cpp_greeter, component: cpp_greeter::Greeter, container: greeters,',
      '      namespace: /fr, name: salut, parameters: { text: Salut, period: 0.75 } }',
      'faults:',
      '  - { name: container-dies, program: greeters, crash: { at: 1.2s } }',
    ];
    writeFileSync(join(workspace, 'components.yaml'), `${job.join('\n')}\n`);
    const run = runCli(['run', 'components.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    // rclcpp_components' container (its node: ComponentManager) says what it loads, each library
    // once: the container greeters (two of one library), then the other.
    assert.deepEqual(
      lines.filter((line) => line.includes('Load Library')).map((line) => line.replace(/: \/.*\/install\//, ': <ws>/install/')),
      Array(2).fill('[INFO] [0.000000000] [ComponentManager]: Load Library: <ws>/install/lib/libgreeter.so'),
    );
    // The crash of greeters at 1.2 s takes hello and salut; the greeter in its own process goes on.
    assert.deepEqual(
      lines.filter((line) => !line.includes('[ComponentManager]') && !line.includes('rclsim')),
      [
        '[INFO] [0.500000000] [hello]: Hi there 1',
        '[INFO] [0.500000000] [greeter]: Greeting 1',
        '[INFO] [0.750000000] [fr.salut]: Salut 1',
        '[INFO] [1.000000000] [hello]: Hi there 2',
        '[INFO] [1.000000000] [greeter]: Greeting 2',
        '[INFO] [1.500000000] [greeter]: Greeting 3',
      ],
    );
  });

  it('starts a shared container when its first entry says (start_after), not where a later entry of it stands', () => {
    const job = [
      'workspace: install',
      'end: { after: 1.5s }',
      'nodes:',
      '  - { package: cpp_greeter, component: cpp_greeter::Greeter, container: late, name: first, start_after: 1s, parameters: { period: 0.25 } }',
      '  - { package: cpp_greeter, component: cpp_greeter::Greeter, container: late, name: second, parameters: { period: 0.5 } }',
    ];
    writeFileSync(join(workspace, 'late.yaml'), `${job.join('\n')}\n`);
    const run = runCli(['run', 'late.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      logLines(run.stderr).filter((line) => !line.includes('[ComponentManager]')),
      // At 1.5 s second's timer (armed at 1 s) comes before first's (armed again at 1.25 s).
      ['[INFO] [1.250000000] [first]: Greeting 1', '[INFO] [1.500000000] [second]: Greeting 1', '[INFO] [1.500000000] [first]: Greeting 2'],
    );
  });

  it(
    "launches a component_container Node and loads components into it as launch_ros does: the container's and launch_ros' lines, extra_arguments, --skip",
    needs('yaml'),
    () => {
      const launch = (extra: string): string => `from launch import LaunchDescription
from launch.actions import LogInfo, RegisterEventHandler
from launch.event_handlers import OnProcessStart
from launch_ros.actions import LoadComposableNodes, Node
from launch_ros.descriptions import ComposableNode


def generate_launch_description():
    container = Node(package='rclcpp_components', executable='component_container', name='greeters', namespace='lab')
    return LaunchDescription([
        container,
        RegisterEventHandler(OnProcessStart(target_action=container, on_start=[LogInfo(msg='container up')])),
        LoadComposableNodes(target_container='/lab/greeters', composable_node_descriptions=[
            ComposableNode(package='nav2_planner', plugin='nav2_planner::PlannerServer', name='planner'),
            ComposableNode(package='cpp_greeter', plugin='cpp_greeter::Greeter', name='hello',
                           parameters=[{'text': 'Hi', 'period': 0.5}], extra_arguments=[${extra}]),
        ]),
    ])
`;
      writeFileSync(join(workspace, 'greeters.launch.py'), launch("{'use_intra_process_comms': True, 'domain_id': 3}"));
      const refused = runCli(['launch', 'greeters.launch.py', '--until', '1s'], workspace, BUILD_MS);
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /^greeters\.launch\.py:14: nav2_planner nav2_planner::PlannerServer: package nav2_planner registers no components .*; refused$/m,
      );
      const run = runCli(['launch', 'greeters.launch.py', '--until', '1s', '--skip', 'nav2_*'], workspace, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      assert.match(
        run.stderr,
        /^greeters\.launch\.py:15: warning: extra argument 'domain_id' of cpp_greeter::Greeter is left out, as rclcpp_components' container leaves it/m,
      );
      assert.doesNotMatch(run.stderr, /extra argument 'use_intra_process_comms'/);
      assert.deepEqual(
        logLines(run.stderr).map((line) => line.replace(/: \/.*\/install\//, ': <ws>/install/')),
        [
          '[INFO] [0.000000000] [lab.greeters]: Load Library: <ws>/install/lib/libgreeter.so',
          '[INFO] [0.000000000] [lab.greeters]: Found class: rclcpp_components::NodeFactoryTemplate<cpp_greeter::Greeter>',
          '[INFO] [0.000000000] [lab.greeters]: Instantiate class: rclcpp_components::NodeFactoryTemplate<cpp_greeter::Greeter>',
          // use_intra_process_comms: True, taken into the node's options.
          '[INFO] [0.000000000] [hello]: intra-process comms on',
          "[INFO] [0.000000000] [launch_ros.actions.load_composable_nodes]: Loaded node '/hello' in container '/lab/greeters'",
          // The container's start is the skipped component's no more: the next one carries it.
          '[INFO] [0.000000000] [launch.user]: container up',
          '[INFO] [0.500000000] [hello]: Hi 1',
          '[INFO] [1.000000000] [hello]: Hi 2',
        ],
      );
      writeFileSync(join(workspace, 'greeters.launch.py'), launch("{'use_intra_process_comms': 'yes'}"));
      const typed = runCli(['launch', 'greeters.launch.py', '--until', '1s', '--skip', 'nav2_*'], workspace, BUILD_MS);
      assert.equal(typed.status, 2, typed.stderr);
      assert.equal(
        typed.stderr.trim().split('\n').at(-1),
        "rclsim: greeters.launch.py:15: extra argument 'use_intra_process_comms' of cpp_greeter::Greeter must be a boolean, as rclcpp_components' container requires",
      );
    },
  );

  it('builds nothing again the second time', () => {
    const files = [
      'install/lib/cpp_pubsub/talker',
      'build/cpp_pubsub/talker',
      'install/lib/libgreeter.so',
      'install/include/tutorial_interfaces/tutorial_interfaces/msg/num.hpp',
    ];
    const times = files.map((file) => statSync(join(workspace, file)).mtimeMs);
    const again = runCli(['build'], workspace, BUILD_MS);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(
      files.map((file) => statSync(join(workspace, file)).mtimeMs),
      times,
    );
  });

  it('names a package or executable the workspace lacks where the job names it', () => {
    writeFileSync(join(workspace, 'missing.yaml'), 'nodes:\n  - package: cpp_pubsub\n    executable: listener\n');
    const run = runCli(['run', 'missing.yaml'], workspace, BUILD_MS);
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr,
      'rclsim: missing.yaml:3: nodes[0].executable: package cpp_pubsub has no executable listener in install/lib/cpp_pubsub (it has talker)\n',
    );
    writeFileSync(join(workspace, 'no-class.yaml'), 'nodes:\n  - package: cpp_greeter\n    component: cpp_greeter::Talker\n');
    const noClass = runCli(['run', 'no-class.yaml'], workspace, BUILD_MS);
    assert.equal(noClass.status, 2);
    assert.equal(
      noClass.stderr,
      'rclsim: no-class.yaml:3: nodes[0].component: package cpp_greeter registers no component cpp_greeter::Talker (it registers cpp_greeter::Greeter)\n',
    );
    const exec = runCli(['exec', 'no_such_pkg', 'talker'], workspace, BUILD_MS);
    assert.equal(exec.status, 2);
    assert.equal(exec.stderr, 'rclsim: no_such_pkg talker: no package no_such_pkg in the workspace . (--workspace names another)\n');
  });
});

describe('rclsim build: what it cannot build', needs('C++ toolchain'), () => {
  it('a dependency cycle is one line naming it, exit 2', () => {
    const workspace = tempDir();
    writePackage(workspace, 'a_pkg', '<depend>b_pkg</depend>\n<export><build_type>ament_cmake</build_type></export>');
    writePackage(workspace, 'b_pkg', '<build_depend>a_pkg</build_depend>\n<export><build_type>ament_cmake</build_type></export>');
    const run = runCli(['build'], workspace, BUILD_MS);
    assert.equal(run.status, 2);
    assert.equal(run.stderr, "rclsim: the packages' dependencies form a cycle: a_pkg -> b_pkg -> a_pkg\n");
  });

  it('a package.xml that is not well-formed XML, or has no <package> root, is one line naming it and the line, exit 2, and nothing is built', () => {
    for (const { xml, line } of [
      {
        xml: '<?xml version="1.0"?>\n<package format="3">\n  <name>loose_pkg</name>\n  <depend>rclcpp</depend\n</package>\n',
        line: '5: the manifest is not well-formed XML (not well-formed (invalid token): line 5, column 0)',
      },
      {
        xml: '<package format="3">\n  <name>loose_pkg</name>\n  <depend>a & b</depend>\n</package>\n',
        line: '3: the manifest is not well-formed XML (not well-formed (invalid token): line 3, column 13)',
      },
      { xml: '<package format="3">\n  <name>loose_pkg</name>\n', line: '3: the manifest is not well-formed XML (no element found: line 3, column 0)' },
      {
        xml: '<?xml version="1.0"?>\n<manifest>\n  <name>loose_pkg</name>\n</manifest>\n',
        line: "2: the manifest's root element is <manifest>, not <package>",
      },
    ]) {
      const workspace = tempDir();
      mkdirSync(join(workspace, 'src/loose_pkg'), { recursive: true });
      writeFileSync(join(workspace, 'src/loose_pkg/package.xml'), xml);
      writeFileSync(join(workspace, 'src/loose_pkg/CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.8)\nproject(loose_pkg NONE)\n');
      const run = runCli(['build'], workspace, BUILD_MS);
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr, `rclsim: ${join(workspace, 'src/loose_pkg/package.xml')}:${line}\n`);
    }
  });

  it("a package that does not compile: the compiler's diagnostics, then one line naming it, exit 2; an ament_python package is laid out first", () => {
    const workspace = tempDir();
    writePackage(workspace, 'a_python_pkg', '<export><build_type>ament_python</build_type></export>');
    writePackage(
      workspace,
      'broken_pkg',
      '<buildtool_depend>ament_cmake</buildtool_depend>\n<depend>rclcpp</depend>\n<export><build_type>ament_cmake</build_type></export>',
      {
        'CMakeLists.txt':
          'cmake_minimum_required(VERSION 3.8)\nproject(broken_pkg)\nfind_package(ament_cmake REQUIRED)\nfind_package(rclcpp REQUIRED)\n' +
          'add_executable(broken src/broken.cpp)\nament_target_dependencies(broken rclcpp)\ninstall(TARGETS broken DESTINATION lib/broken_pkg)\nament_package()\n',
        'src/broken.cpp': 'int main() { return undeclared_name; }\n',
      },
    );
    const run = runCli(['build'], workspace, BUILD_MS);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^Finished <<< a_python_pkg \(ament_python, symlinked\)$/m);
    assert.match(run.stderr, /broken\.cpp:1:.*error: .undeclared_name. was not declared/);
    assert.equal(run.stderr.trimEnd().split('\n').pop(), 'rclsim: package broken_pkg (src/broken_pkg) did not build (cmake exited with 2)');
  });
});

describe("rclsim build: colcon's options", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  /** A plain CMake package `name` depending on `deps`, installing a file that says what its configure saw. */
  function cmakePackage(root: string, name: string, deps: string[]): void {
    writePackage(root, name, `${deps.map((dep) => `  <depend>${dep}</depend>`).join('\n')}\n  <export><build_type>cmake</build_type></export>`, {
      'CMakeLists.txt': [
        'cmake_minimum_required(VERSION 3.16)',
        `project(${name} NONE)`,
        `file(WRITE \${CMAKE_BINARY_DIR}/seen "FOO=\${FOO} PREFIX=\${CMAKE_PREFIX_PATH}")`,
        `install(FILES \${CMAKE_BINARY_DIR}/seen DESTINATION share/${name})`,
        '',
      ].join('\n'),
    });
  }

  /** A workspace of a <- b <- c (c depends on b, b on a), d on its own, and e, an ament_python package depending on c. */
  function workspace(): string {
    const root = tempDir();
    cmakePackage(root, 'a', []);
    cmakePackage(root, 'b', ['a']);
    cmakePackage(root, 'c', ['b']);
    cmakePackage(root, 'd', []);
    writePackage(root, 'e', '  <exec_depend>c</exec_depend>\n  <export><build_type>ament_python</build_type></export>', {
      'setup.py': "from setuptools import setup\nsetup(name='e', packages=[])\n",
    });
    return root;
  }

  const processed = (run: ReturnType<typeof runCli>) =>
    run.stderr
      .split('\n')
      .filter((line) => line.startsWith('Finished <<< '))
      .map((line) => line.split(' ')[2]);

  it('selects packages as colcon does: --packages-select, --packages-up-to (build, run and test dependencies), --packages-skip; an unknown name is warned about and ignored', () => {
    const root = workspace();
    const build = (...args: string[]) => {
      const run = runCli(['build', ...args], root, BUILD_MS);
      assert.equal(run.status, 0, run.stderr);
      return run;
    };
    assert.deepEqual(processed(build('--packages-select', 'a', 'd')), ['a', 'd']);
    assert.deepEqual(processed(build('--packages-up-to', 'e')), ['e', 'a', 'b', 'c']);
    assert.deepEqual(processed(build('--packages-up-to', 'c', '--packages-skip', 'a')), ['b', 'c']);
    assert.deepEqual(processed(build('--packages-up-to', 'c', '--packages-select', 'b', 'd')), ['b']);
    const unknown = build(
      '--packages-select',
      'nope',
      '--symlink-install',
      '--merge-install',
      '--parallel-workers',
      '2',
      '--event-handlers',
      'console_direct+',
    );
    assert.deepEqual(processed(unknown), []);
    assert.match(unknown.stderr, /^WARNING: ignoring unknown package 'nope' in --packages-select$/m);
    assert.match(unknown.stderr, /^Summary: 0 packages finished \(none selected\)$/m);
  });

  it("gives --cmake-args to every configure (up to the next option; a prefix path after rclsim's), and configures again when they change", () => {
    const root = workspace();
    // What the configure saw, in the build folder: cmake --install copies a file only when its time
    // differs from the installed copy's by a second or more (cmFileTimeCache::DifferS), and two
    // builds of a warm cache can come within one.
    const seen = () => readFileSync(join(root, 'build/a/seen'), 'utf8');
    const first = runCli(['build', '--cmake-args', '-DFOO=one', '-DCMAKE_PREFIX_PATH=/opt/sophus', '--packages-select', 'a'], root, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    const [foo, prefix] = seen().split(' ');
    assert.equal(foo, 'FOO=one');
    const paths = prefix!.slice('PREFIX='.length).split(';');
    assert.equal(paths.at(-1), '/opt/sophus');
    assert.equal(paths.at(-2), join(root, 'install'));
    const again = runCli(['build', '--packages-select', 'a', '--cmake-args', '-DFOO=two'], root, BUILD_MS);
    assert.equal(again.status, 0, again.stderr);
    assert.match(seen(), /^FOO=two /);
  });

  it('configures again when the build folder has no build file (a configure that failed before)', () => {
    const root = workspace();
    writeFileSync(join(root, 'src/a/CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.16)\nproject(a NONE)\nmessage(FATAL_ERROR "broken")\n');
    const broken = runCli(['build', '--packages-select', 'a'], root, BUILD_MS);
    assert.equal(broken.status, 2);
    cmakePackage(root, 'a', []);
    const fixed = runCli(['build', '--packages-select', 'a'], root, BUILD_MS);
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.deepEqual(processed(fixed), ['a']);
  });
});

describe("rclsim build: a robot's simulation package", needs('C++ toolchain'), () => {
  it('builds its nodes and leaves out its Gazebo plugins (targets linking gz-sim), one line each', () => {
    const { workspace, build: run } = builtWorkspace(join(repoRoot, 'test/fixtures/cpp/gazebo_workspace'), BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const install = join(workspace, 'install');
    assert.ok(statSync(join(install, 'lib/robot_gazebo/drive')).isFile());
    assert.ok(statSync(join(install, 'share/robot_gazebo/worlds/empty.sdf')).isFile());
    assert.throws(() => statSync(join(install, 'lib/robot_gazebo/libmover.so')));
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('rclsim: package robot_gazebo target'));
    assert.deepEqual(
      lines.map((line) => line.replace(/ \(it links.*$/, '')),
      ['rclsim: package robot_gazebo target mover is a Gazebo plugin', 'rclsim: package robot_gazebo target pusher is a Gazebo plugin'],
    );
  });
});
