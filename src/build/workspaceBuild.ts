import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { InterruptedError } from '../base/runErrors.js';
import { buildOrder } from './buildOrder.js';
import { cmakePrefix } from './cmakePrefix.js';
import { runTool } from './compiler.js';
import { numericCompilers } from './numericCompiler.js';
import { findPackages, type PackageManifest } from './packageManifest.js';
import { type PackageSelection, selectPackages } from './packageSelection.js';
import { layOutPythonPackages, PYTHON_BUILD_TYPE } from './prepareWorkspace.js';
import { installScriptsOfCmakePackage } from './pythonPackages.js';
import { withRclsimPackages } from './rclsimPackages.js';
import { workspaceEnvironment } from './workspaceEnvironment.js';

/** Where a workspace build puts things, as colcon's merge install lays them out. */
export interface WorkspaceLayout {
  /** The folder searched for package.xml files. */
  sources: string;
  /** build/<pkg>: each package's CMake build folder. */
  build: string;
  /** install/: one prefix for every package (lib/<pkg>/<exe>, share/<pkg>/…, include/…). */
  install: string;
}

/** colcon's options a build takes besides where things go. */
export interface WorkspaceBuildOptions {
  selection?: PackageSelection;
  /** `--cmake-args`: given to every package's configure after rclsim's own. */
  cmakeArgs?: readonly string[];
}

/** What a workspace build did with each package, in build order. */
export interface PackageOutcome {
  name: string;
  built: boolean;
  /** Wall time it took (ms): reported, never decides anything. */
  ms: number;
}

/** The build types rclsim builds with CMake. */
const CMAKE_TYPES = new Set(['ament_cmake', 'cmake']);

/**
 * Where a build folder keeps the arguments of its last configure that ended well, as colcon's
 * `cmake_args.last` (colcon-cmake task/cmake/build.py): written once CMake has configured and
 * generated, so a configure that failed or was interrupted is made again.
 */
const LAST_CONFIGURE = 'cmake_args.last';

/**
 * Whether the package's build folder was configured with these arguments and its build system
 * is there (then `cmake --build` configures again itself when the CMakeLists change), as colcon
 * decides: a missing build file, or other arguments, configure again.
 */
function configuredWith(buildFolder: string, args: readonly string[]): boolean {
  const last = join(buildFolder, LAST_CONFIGURE);
  const generated = existsSync(join(buildFolder, 'Makefile')) || existsSync(join(buildFolder, 'build.ninja'));
  return generated && existsSync(last) && readFileSync(last, 'utf8') === `${JSON.stringify(args)}\n`;
}

/** colcon marks its own folders so that no later search finds packages in them. */
function markIgnored(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const marker = join(folder, 'COLCON_IGNORE');
  if (!existsSync(marker)) writeFileSync(marker, '');
}

/** A package's folder as lines name it: from the current folder. */
function shown(pkg: PackageManifest): string {
  return relative(process.cwd(), pkg.folder) || '.';
}

/**
 * Builds one CMake package: configure (once per arguments: prefixes, compilers), build, install,
 * with rclsim's compilers (numericCompiler.ts): the flags that keep the bits the same on every CPU
 * in every compile of every target, whatever its CMakeLists sets. Throws CppBuildError naming it.
 */
function buildPackage(pkg: PackageManifest, layout: WorkspaceLayout, prefixPath: string, cmakeArgs: readonly string[]): void {
  const buildFolder = join(layout.build, pkg.name);
  const failure = `package ${pkg.name} (${shown(pkg)}) did not build`;
  const compilers = numericCompilers();
  // A CMAKE_PREFIX_PATH of the user's (a library outside Debian: Sophus) is searched after
  // rclsim's prefix and the workspace's, not instead of them, as colcon adds its own through the
  // environment. rclsim's compilers stay: they keep the bits the same on every CPU.
  const userPrefixes = cmakeArgs.flatMap((arg) => prefixPathOf(arg) ?? []);
  const otherArgs = cmakeArgs.filter((arg) => prefixPathOf(arg) === undefined);
  // The workspace's install sourced, as colcon builds a package in its dependencies' environment;
  // RCLSIM_BUILDING: what rclsim's compiler names when it leaves a flag out.
  const env = { ...process.env, ...workspaceEnvironment(layout.install), RCLSIM_BUILDING: `package ${pkg.name}` };
  const configure = [
    '-S',
    pkg.folder,
    '-B',
    buildFolder,
    '--no-warn-unused-cli',
    `-DCMAKE_INSTALL_PREFIX=${layout.install}`,
    `-DCMAKE_PREFIX_PATH=${[prefixPath, ...userPrefixes].join(';')}`,
    `-DCMAKE_CXX_COMPILER=${compilers.cxx}`,
    ...(compilers.cc === undefined ? [] : [`-DCMAKE_C_COMPILER=${compilers.cc}`]),
    ...otherArgs,
  ];
  if (!configuredWith(buildFolder, configure)) {
    // Configured before for another rclsim (or install prefix), or not to its end: its cache holds
    // where it found the packages then, so it starts afresh.
    rmSync(join(buildFolder, LAST_CONFIGURE), { force: true });
    rmSync(join(buildFolder, 'CMakeCache.txt'), { force: true });
    runTool('cmake', configure, failure, undefined, env);
    writeFileSync(join(buildFolder, LAST_CONFIGURE), `${JSON.stringify(configure)}\n`);
  }
  runTool('cmake', ['--build', buildFolder, '--parallel', String(availableParallelism())], failure, undefined, env);
  runTool('cmake', ['--install', buildFolder], failure);
  installScriptsOfCmakePackage(pkg, buildFolder, layout.install);
}

/** The paths of a `-DCMAKE_PREFIX_PATH[:TYPE]=…` argument (undefined: another argument). */
function prefixPathOf(arg: string): string[] | undefined {
  const found = /^-DCMAKE_PREFIX_PATH(?::[A-Z]+)?=(.*)$/.exec(arg);
  return found === null ? undefined : found[1]!.split(';').filter((path) => path !== '');
}

/**
 * Builds every CMake package below `layout.sources` in dependency order (`rclsim build`), those
 * colcon's selection options select (packageSelection.ts), into one install prefix, against
 * rclsim's CMake prefix and the packages built before; ament_python packages are laid out there
 * as a symlink install lays them out (pythonPackages.ts); other build types are told on `log`
 * and left. A package that fails: its diagnostics, then
 * CppBuildError; a setup.py rclsim cannot read: WorkspaceError.
 */
export function buildWorkspace(layout: WorkspaceLayout, log: (line: string) => void, options: WorkspaceBuildOptions = {}): PackageOutcome[] {
  const order = selectPackages(buildOrder(withRclsimPackages(findPackages(layout.sources), log)), options.selection ?? {}, log);
  const outcomes: PackageOutcome[] = [];
  if (order.length === 0) return outcomes;
  const install = resolve(layout.install);
  markIgnored(layout.build);
  markIgnored(install);
  // The Python packages first (symlinks, no build; every setup.py read in one process): one that
  // cannot be read stops the build before anything is built.
  layOutPythonPackages(order, install, (pkg) => {
    log(`Finished <<< ${pkg.name} (ament_python, symlinked)`);
    outcomes.push({ name: pkg.name, built: true, ms: 0 });
  });
  // rclsim's CMake prefix: only for a workspace with CMake packages (the C++ client is built when a package finds one of its packages).
  let prefixPath: string | undefined;
  for (const pkg of order) {
    if (pkg.buildType === PYTHON_BUILD_TYPE) continue;
    if (!CMAKE_TYPES.has(pkg.buildType)) {
      log(`${pkg.name}: not built: its build type is ${pkg.buildType} (rclsim builds CMake packages)`);
      outcomes.push({ name: pkg.name, built: false, ms: 0 });
      continue;
    }
    const start = performance.now();
    log(`Starting >>> ${pkg.name}`);
    try {
      prefixPath ??= `${cmakePrefix()};${install}`;
      buildPackage(pkg, { ...layout, install }, prefixPath, options.cmakeArgs ?? []);
    } catch (error) {
      // SIGINT/SIGTERM stopped cmake and what it started: the line names the package.
      if (error instanceof InterruptedError) throw new InterruptedError(error.signal, `while building package ${pkg.name} (${shown(pkg)})`);
      throw error;
    }
    const ms = performance.now() - start;
    log(`Finished <<< ${pkg.name} [${(ms / 1000).toFixed(1)}s]`);
    outcomes.push({ name: pkg.name, built: true, ms });
  }
  return outcomes;
}
