import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';

const fixture = join(repoRoot, 'test/fixtures/python/workspace');
const RUN_MS = 60_000;

/** The Python client's setup.py reader on a package folder: its JSON, or its one line. */
function readSetup(folder: string): { status: number | null; json: unknown; stderr: string } {
  const result = spawnSync('python3', ['-m', 'rclsim._setup_reader', folder], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: join(repoRoot, 'clients/python') },
  });
  return { status: result.status, json: result.status === 0 ? JSON.parse(result.stdout) : null, stderr: result.stderr };
}

/** A package folder with these files. */
function packageFolder(files: Record<string, string>): string {
  const folder = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

describe('a colcon workspace of Python packages, laid out as its repositories lay it out', needs('python3'), () => {
  let workspace: string;
  let install: string;
  let first: ReturnType<typeof runCli>;
  before(() => {
    workspace = realpathSync(tempDir());
    cpSync(fixture, workspace, { recursive: true });
    install = join(workspace, 'install');
    // Nothing built: running a package's executable lays the workspace out first.
    first = runCli(['run', 'py_demo_nodes', 'counter', '--until', '1s'], workspace, RUN_MS);
  });

  it('runs a console_scripts entry point whose module has no __main__, and get_package_share_directory gives the install path', () => {
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(logLines(first.stderr), [
      `[INFO] [0.000000000] [counter]: share: ${install}/share/py_demo_nodes`,
      '[INFO] [0.000000000] [counter]: params file: note: from the installed params file',
      // demo_status (src/interfaces/more/status_msgs_pkg) depends on demo_interfaces: both found by name.
      '[INFO] [0.000000000] [counter]: status: last 7, healthy True',
    ]);
  });

  it("lays out the install prefix as colcon's symlink install: data files at their destinations, the index marker, the executables", () => {
    const source = join(workspace, 'src/robot_demos/demo_nodes');
    const link = (path: string): string => {
      assert.ok(lstatSync(join(install, path)).isSymbolicLink(), `${path} is a symlink`);
      return readlinkSync(join(install, path));
    };
    assert.equal(link('share/py_demo_nodes/launch/demo.launch.py'), join(source, 'launch/demo.launch.py'));
    // ('share/<pkg>/params', glob('config/*.yaml')): elsewhere than its source path.
    assert.equal(link('share/py_demo_nodes/params/counter.yaml'), join(source, 'config/counter.yaml'));
    assert.equal(link('share/py_demo_nodes/package.xml'), join(source, 'package.xml'));
    assert.equal(link('share/ament_index/resource_index/packages/py_demo_nodes'), join(source, 'resource/py_demo_nodes'));
    assert.equal(link('lib/python3/site-packages/demo_nodes'), join(source, 'demo_nodes'));
    assert.equal(link('lib/py_demo_nodes/announce'), join(source, 'scripts/announce'));
    assert.match(
      readFileSync(join(install, 'lib/py_demo_nodes/counter'), 'utf8'),
      /^#!\/usr\/bin\/env python3\n.*\nimport sys\nfrom demo_nodes\.counter import main\n/,
    );
    assert.equal(lstatSync(join(install, 'lib/py_demo_nodes/counter')).mode & 0o111, 0o111);
    // find_packages(exclude=['test']), and the package below COLCON_IGNORE, are not there.
    assert.throws(() => lstatSync(join(install, 'lib/python3/site-packages/test')));
  });

  it('runs entry points from a job (package: + executable:), with the nested interface package found by its package.xml name', () => {
    writeFileSync(
      join(workspace, 'job.yaml'),
      'end: { after: 1s }\nnodes:\n  - { package: py_demo_nodes, executable: counter }\n  - { package: py_demo_nodes, executable: watcher }\n',
    );
    const run = runCli(['run', 'job.yaml'], workspace, RUN_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      logLines(run.stderr).filter((line) => line.includes('[watcher]')),
      ['[INFO] [0.500000000] [watcher]: count 1 (tick)', '[INFO] [1.000000000] [watcher]: count 2 (tick)'],
    );
  });

  it("an entry point's return value is the program's exit code; a script with a python #! line runs as ros2 run runs it", () => {
    const gaveUp = runCli(['run', 'py_demo_nodes', 'give_up'], workspace, RUN_MS);
    assert.equal(gaveUp.status, 3, gaveUp.stderr);
    assert.equal(gaveUp.stdout, 'giving up\n');
    const announced = runCli(['exec', 'py_demo_nodes', 'announce', 'py_demo_nodes'], workspace, RUN_MS);
    assert.equal(announced.status, 0, announced.stderr);
    assert.equal(announced.stdout, `announce from ${install}\n`);
  });

  it('--workspace names the workspace from elsewhere; what is missing is one line', () => {
    const elsewhere = tempDir();
    const run = runCli(['exec', '--workspace', workspace, '--until', '500ms', 'py_demo_nodes', 'watcher'], elsewhere, RUN_MS);
    assert.equal(run.status, 0, run.stderr);
    // A job elsewhere names the workspace (relative to the job file).
    writeFileSync(join(elsewhere, 'job.yaml'), `workspace: ${workspace}\nend: { after: 500ms }\nnodes:\n  - { package: py_demo_nodes, executable: counter }\n`);
    const job = runCli(['run', 'job.yaml'], elsewhere, RUN_MS);
    assert.equal(job.status, 0, job.stderr);
    assert.equal(logLines(job.stderr)[0], `[INFO] [0.000000000] [counter]: share: ${install}/share/py_demo_nodes`);
    const missing = runCli(['run', 'py_demo_nodes', 'talker'], workspace, RUN_MS);
    assert.equal(missing.status, 2);
    assert.equal(
      missing.stderr,
      'rclsim: py_demo_nodes talker: package py_demo_nodes has no executable talker in install/lib/py_demo_nodes (it has announce, counter, give_up, watcher)\n',
    );
    const unbuilt = runCli(['run', 'demo_interfaces', 'anything'], workspace, RUN_MS);
    assert.equal(unbuilt.status, 2);
    assert.equal(
      unbuilt.stderr,
      'rclsim: demo_interfaces anything: package demo_interfaces has no executable anything in install/lib/demo_interfaces; rclsim build builds package demo_interfaces (ament_cmake)\n',
    );
    const unknown = runCli(['run', 'no_such_pkg', 'talker'], workspace, RUN_MS);
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stderr, 'rclsim: no_such_pkg talker: no package no_such_pkg in the workspace . (--workspace names another)\n');
  });

  it('a program run as a file in the workspace gets its interface packages and its environment, as in a sourced workspace', () => {
    writeFileSync(
      join(workspace, 'probe.py'),
      [
        'from ament_index_python.packages import get_package_share_directory',
        'from demo_status.msg import Status',
        'print(Status().last.value, get_package_share_directory("py_demo_nodes"))',
        '',
      ].join('\n'),
    );
    const run = runCli(['exec', 'probe.py'], workspace, RUN_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, `0 ${install}/share/py_demo_nodes\n`);
  });

  it('refuses a script whose #! line names no Python, in one line', () => {
    const script = join(workspace, 'src/robot_demos/demo_nodes/scripts/shell_tool');
    writeFileSync(script, '#!/bin/bash\necho hi\n', { mode: 0o755 });
    const setup = join(workspace, 'src/robot_demos/demo_nodes/setup.py');
    writeFileSync(setup, readFileSync(setup, 'utf8').replace("scripts=['scripts/announce']", "scripts=['scripts/announce', 'scripts/shell_tool']"));
    const run = runCli(['run', 'py_demo_nodes', 'shell_tool'], workspace, RUN_MS);
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr,
      'rclsim: py_demo_nodes shell_tool: install/lib/py_demo_nodes/shell_tool: a script run by bash: rclsim runs Python scripts and the C++ programs rclsim build makes\n',
    );
  });
});

describe('rclsim build of a workspace of Python packages', needs('python3'), () => {
  it('lays them out as symlinks, in the workspace named, without building anything', () => {
    const workspace = realpathSync(tempDir());
    const folder = join(workspace, 'src/tools/pkg_a');
    mkdirSync(join(folder, 'pkg_a'), { recursive: true });
    writeFileSync(
      join(folder, 'package.xml'),
      '<package format="3"><name>py_tool</name><version>0.0.0</version><export><build_type>ament_python</build_type></export></package>\n',
    );
    writeFileSync(
      join(folder, 'setup.py'),
      "from setuptools import setup\nsetup(name='py_tool', packages=['pkg_a'], entry_points={'console_scripts': ['tool = pkg_a.tool:main']})\n",
    );
    writeFileSync(join(folder, 'pkg_a/__init__.py'), '');
    const build = runCli(['build', workspace], tempDir(), RUN_MS);
    assert.equal(build.status, 0, build.stderr);
    assert.match(build.stderr, /^Finished <<< py_tool \(ament_python, symlinked\)\nSummary: 1 package finished \[.*\] into .*\/install\n$/);
    assert.equal(readlinkSync(join(workspace, 'install/share/py_tool/package.xml')), join(folder, 'package.xml'));
    assert.equal(readFileSync(join(workspace, 'install/share/ament_index/resource_index/packages/py_tool'), 'utf8'), '');
    // No setup.cfg naming a script_dir: setuptools' bin/.
    assert.match(readFileSync(join(workspace, 'install/bin/tool'), 'utf8'), /from pkg_a\.tool import main/);
  });
});

describe('ament_index_cpp in a C++ program run from a workspace', needs('C++ toolchain'), () => {
  it('finds the share folder of a workspace package, and throws PackageNotFoundError naming the search paths for another', () => {
    const workspace = realpathSync(tempDir());
    cpSync(fixture, workspace, { recursive: true });
    writeFileSync(
      join(workspace, 'find_share.cpp'),
      [
        '#include <ament_index_cpp/get_package_share_directory.hpp>',
        '#include <ament_index_cpp/get_packages_with_prefixes.hpp>',
        '#include <rclcpp/rclcpp.hpp>',
        'int main(int argc, char ** argv) {',
        '  rclcpp::init(argc, argv);',
        '  auto log = rclcpp::get_logger("finder");',
        '  RCLCPP_INFO(log, "share: %s", ament_index_cpp::get_package_share_directory("py_demo_nodes").c_str());',
        '  RCLCPP_INFO(log, "packages: %zu", ament_index_cpp::get_packages_with_prefixes().size());',
        '  try {',
        '    ament_index_cpp::get_package_prefix("no_such_package");',
        '  } catch (const ament_index_cpp::PackageNotFoundError & error) {',
        '    RCLCPP_INFO(log, "%s", error.what());',
        '  }',
        '  rclcpp::shutdown();',
        '}',
      ].join('\n'),
    );
    // Lay the workspace out (a Python package's run does), then the C++ program (built with the C++ client, cached).
    assert.equal(runCli(['run', 'py_demo_nodes', 'give_up'], workspace, RUN_MS).status, 3);
    // A sourced ROS 2 would add its own prefixes: this run has the workspace's, then rclsim's own (ros_gz_sim's launch files…).
    const run = runCli(['exec', 'find_share.cpp'], workspace, 300_000, { AMENT_PREFIX_PATH: '' });
    assert.equal(run.status, 0, run.stderr);
    const install = join(workspace, 'install');
    assert.deepEqual(logLines(run.stderr), [
      `[INFO] [0.000000000] [finder]: share: ${install}/share/py_demo_nodes`,
      `[INFO] [0.000000000] [finder]: packages: ${1 + readdirSync(join(repoRoot, 'assets/ros/share/ament_index/resource_index/packages')).length}`,
      `[INFO] [0.000000000] [finder]: package 'no_such_package' not found, searching: [${install}, ${join(repoRoot, 'assets/ros')}]`,
    ]);
  });
});

describe('setup.py read without running it: the forms real packages use, and one line for the rest', needs('python3'), () => {
  it('reads variables, +, f-strings, os.path.join, glob, list comprehensions, loops, package_dir and setup.cfg entry points', () => {
    const folder = packageFolder({
      'setup.py': [
        'import os',
        'from os import path',
        'import glob',
        'from setuptools import setup',
        "package_name = 'nav_tools'",
        "data_files = [('share/ament_index/resource_index/packages', ['resource/' + package_name])]",
        "for sub in ['maps', 'rviz']:",
        "    data_files.append((os.path.join('share', package_name, sub), glob.glob(path.join(sub, '*'))))",
        'setup(',
        '    name=package_name,',
        "    version=open('VERSION').read(),",
        "    package_dir={'': 'python'},",
        '    packages=[package_name, f"{package_name}.sub"],',
        "    py_modules=['helper'],",
        "    data_files=data_files + [(f'share/{package_name}/urdf', [f for f in sorted(glob.glob('urdf/*')) if f.endswith('.urdf')])],",
        ')',
      ].join('\n'),
      'setup.cfg': '[options.entry_points]\nconsole_scripts =\n    planner = nav_tools.planner:main\n    mapper = nav_tools.mapping:Mapper.run\n',
      'resource/nav_tools': '',
      'maps/a.yaml': '',
      'maps/b.pgm': '',
      'rviz/view.rviz': '',
      'urdf/robot.urdf': '',
      'urdf/robot.xacro': '',
      'python/nav_tools/__init__.py': '',
      'python/helper.py': '',
    });
    const read = readSetup(folder);
    assert.equal(read.status, 0, read.stderr);
    assert.deepEqual(read.json, [
      {
        folder,
        modules: [
          { name: 'nav_tools', path: join(folder, 'python/nav_tools') },
          { name: 'helper.py', path: join(folder, 'python/helper.py') },
        ],
        console_scripts: [
          { name: 'planner', module: 'nav_tools.planner', function: 'main' },
          { name: 'mapper', module: 'nav_tools.mapping', function: 'Mapper.run' },
        ],
        data_files: [
          { destination: 'share/ament_index/resource_index/packages/nav_tools', source: join(folder, 'resource/nav_tools') },
          { destination: 'share/nav_tools/maps/a.yaml', source: join(folder, 'maps/a.yaml') },
          { destination: 'share/nav_tools/maps/b.pgm', source: join(folder, 'maps/b.pgm') },
          { destination: 'share/nav_tools/rviz/view.rviz', source: join(folder, 'rviz/view.rviz') },
          { destination: 'share/nav_tools/urdf/robot.urdf', source: join(folder, 'urdf/robot.urdf') },
        ],
        scripts: [],
        script_dir: 'bin',
      },
    ]);
  });

  it('a data_files it cannot evaluate (a function setup.py defines) is one line naming setup.py and the line, exit 2', () => {
    const folder = packageFolder({
      'setup.py': [
        'from setuptools import setup',
        'def package_files(directory):',
        '    return []',
        "setup(name='x',",
        "      data_files=package_files('models'))",
      ].join('\n'),
    });
    const read = readSetup(folder);
    assert.equal(read.status, 2);
    assert.equal(
      read.stderr,
      `${join(folder, 'setup.py')}:5: cannot read setup.py statically: it calls package_files() (rclsim reads setup.py, never runs it)\n`,
    );
  });

  it('a list a loop fills from what cannot be read is refused where setup() uses it, never installed half', () => {
    const folder = packageFolder({
      'setup.py': [
        'import os',
        'from setuptools import setup',
        'files = []',
        "for root, dirs, names in os.walk('models'):",
        '    files.append((root, names))',
        "setup(name='x', data_files=files)",
      ].join('\n'),
    });
    const read = readSetup(folder);
    assert.equal(read.status, 2);
    assert.equal(read.stderr, `${join(folder, 'setup.py')}:4: cannot read setup.py statically: it calls os.walk() (rclsim reads setup.py, never runs it)\n`);
  });
});
