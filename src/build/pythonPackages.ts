import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { PackageManifest } from './packageManifest.js';
import { pythonEnvironment } from './pythonClient.js';
import { WorkspaceError } from './workspaceFolders.js';

/** What an ament_python package's setup.py/setup.cfg install (clients/python/rclsim/_setup_reader.py; paths absolute). */
export interface SetupInstalls {
  folder: string;
  /** Top-level packages and modules (`name.py`), and where their source is. */
  modules: { name: string; path: string }[];
  console_scripts: { name: string; module: string; function: string }[];
  /** Each data file: its destination below the prefix (folder and file name) and its source. */
  data_files: { destination: string; source: string }[];
  scripts: string[];
  /** Where console scripts and scripts go, below the prefix: setup.cfg's script_dir (`lib/<pkg>`), else `bin`. */
  script_dir: string;
}

/**
 * The folder of the install prefix that holds the workspace's Python packages (one for all of
 * them, as colcon's merged install has `lib/python3.X/site-packages`), put on the PYTHONPATH of
 * every Python program a run starts.
 */
export const SITE_PACKAGES = join('lib', 'python3', 'site-packages');

/**
 * What the packages' setup.py/setup.cfg install, read statically by the Python client's reader
 * (never running setup.py). A setup.py it cannot read is one line naming file and line.
 */
export function readSetups(folders: readonly string[]): SetupInstalls[] {
  if (folders.length === 0) return [];
  // -S: the reader needs the standard library alone, not site's .pth files (a few tens of ms).
  const result = spawnSync('python3', ['-S', '-m', 'rclsim._setup_reader', ...folders], {
    encoding: 'utf8',
    env: pythonEnvironment(),
  });
  if (result.error !== undefined) throw new WorkspaceError(`cannot read the ament_python packages' setup.py: python3 did not start (${result.error.message})`);
  if (result.status !== 0) {
    const line = result.stderr.trimEnd().split('\n').pop() ?? '';
    throw new WorkspaceError(result.status === 2 ? line : `the setup.py reader failed (exit ${result.status}): ${line}`);
  }
  return JSON.parse(result.stdout) as SetupInstalls[];
}

/** `link` made a symlink to `target`, replacing what was there (colcon's symlink install does the same). */
function symlink(target: string, link: string): void {
  const there = lstatSync(link, { throwIfNoEntry: false });
  if (there?.isSymbolicLink() === true && readlinkSync(link) === target) return;
  if (there !== undefined) rmSync(link, { recursive: true, force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link);
}

/** A file with this text (written only when it differs: a second layout changes nothing). */
function writeIfChanged(file: string, text: string, mode?: number): void {
  const there = lstatSync(file, { throwIfNoEntry: false });
  if (there?.isFile() === true && readFileSync(file, 'utf8') === text) return;
  if (there !== undefined) rmSync(file, { recursive: true, force: true });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mode !== undefined) chmodSync(file, mode);
}

/**
 * The program a console_scripts entry point installs (what setuptools' script wrapper does): a
 * Python script that imports the module and calls the function, its return value the exit code.
 */
export function entryPointScript(pkg: string, entry: SetupInstalls['console_scripts'][number]): string {
  const [first, ...rest] = entry.function.split('.');
  return [
    '#!/usr/bin/env python3',
    `# rclsim made this of ${pkg}'s console_scripts entry point ${entry.name} = ${entry.module}:${entry.function}`,
    'import sys',
    `from ${entry.module} import ${first}`,
    '',
    "if __name__ == '__main__':",
    `    sys.exit(${[first, ...rest].join('.')}())`,
    '',
  ].join('\n');
}

/**
 * Lays out an ament_python package in the install prefix as `colcon build --symlink-install
 * --merge-install` does (colcon-ros task/ament_python/build.py, colcon-core task/python/build.py):
 * its data_files as symlinks at their destinations; the package index marker and package.xml
 * when data_files do not install them; its top-level Python packages on the prefix's
 * SITE_PACKAGES (colcon links them into build/<pkg>, which its hook puts on PYTHONPATH); each
 * console_scripts entry point as <script_dir>/<name> (entryPointScript), each script linked there:
 * script_dir is what setup.cfg names (`lib/<pkg>`, where `ros2 run` looks), else setuptools'
 * `bin` (generate_parameter_library_py's generators, which CMake's find_program finds there).
 */
export function layOutPythonPackage(pkg: PackageManifest, installs: SetupInstalls, install: string): void {
  const destinations = new Set(installs.data_files.map((file) => file.destination));
  for (const file of installs.data_files) symlink(file.source, join(install, file.destination));
  const marker = join('share', 'ament_index', 'resource_index', 'packages', pkg.name);
  if (!destinations.has(marker)) writeIfChanged(join(install, marker), '');
  const manifest = join('share', pkg.name, 'package.xml');
  if (!destinations.has(manifest)) symlink(join(pkg.folder, 'package.xml'), join(install, manifest));
  for (const module of installs.modules) {
    if (!existsSync(module.path)) {
      throw new WorkspaceError(`${join(pkg.folder, 'setup.py')}: package ${module.name} has no source at ${relative(process.cwd(), module.path)}`);
    }
    symlink(module.path, join(install, SITE_PACKAGES, module.name));
  }
  const scripts = join(install, installs.script_dir);
  for (const entry of installs.console_scripts) writeIfChanged(join(scripts, entry.name), entryPointScript(pkg.name, entry), 0o755);
  for (const script of installs.scripts) symlink(script, join(scripts, script.split('/').pop()!));
}

/**
 * The console_scripts entry points of a CMake package's setup.cfg/setup.py, written into the
 * folders its ament_python_install_package(… SCRIPTS_DESTINATION d) calls named
 * (<build>/rclsim_python_scripts/<name>: clients/cpp/cmake/rclsim_ament_python.cmake), as
 * ament_cmake_python's setuptools install writes them: controller_manager's spawner.
 */
export function installScriptsOfCmakePackage(pkg: PackageManifest, buildFolder: string, install: string): void {
  const named = join(buildFolder, 'rclsim_python_scripts');
  if (!existsSync(named)) return;
  const destinations = readdirSync(named)
    .sort()
    .map((name) => readFileSync(join(named, name), 'utf8'));
  if (destinations.length === 0) return;
  const [installs] = readSetups([pkg.folder]);
  for (const destination of destinations) {
    for (const entry of installs!.console_scripts) writeIfChanged(join(install, destination, entry.name), entryPointScript(pkg.name, entry), 0o755);
  }
}
