import { existsSync, statSync, writeSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { DependencyCycleError } from '../../build/buildOrder.js';
import { CppBuildError } from '../../build/compiler.js';
import { ManifestError } from '../../build/packageManifest.js';
import { buildWorkspace } from '../../build/workspaceBuild.js';
import { WorkspaceError, workspaceFolders } from '../../build/workspaceFolders.js';
import { ExitCode } from '../../job/exitCodes.js';

export interface BuildOptions {
  buildBase?: string;
  installBase?: string;
  packagesSelect?: string[];
  packagesUpTo?: string[];
  packagesSkip?: string[];
  cmakeArgs?: string[];
}

/**
 * `rclsim build [DIR]`: a workspace's packages built as `colcon build --merge-install
 * --symlink-install` builds them, against rclsim's CMake packages. DIR (default .) with a `src/`
 * is the workspace: packages below DIR/src, into DIR/build and DIR/install; any other DIR is the
 * folder of the packages, built into ./build and ./install. Each package's progress on stderr;
 * a package that fails, a dependency cycle, a bad package.xml or setup.py: one line, exit 2.
 * Run on a command thread (commandThread.ts): SIGINT/SIGTERM stop the tool under way and what it
 * started, with one line naming the package (InterruptedError).
 */
export function build(dir: string | undefined, options: BuildOptions): number {
  const { root, sources: workspaceSources } = workspaceFolders(dir);
  const sources = workspaceSources ?? dir ?? '.';
  const buildBase = options.buildBase ?? join(root ?? '.', 'build');
  const installBase = options.installBase ?? join(root ?? '.', 'install');
  // At once on stderr, where the tools' own diagnostics go (this runs on a thread of its own: commandThread.ts).
  const log = (line: string): void => void writeSync(2, `${line}\n`);
  if (!existsSync(sources) || !statSync(sources).isDirectory()) {
    log(`rclsim: ${sources} is not a folder: name the workspace's source folder`);
    return ExitCode.badInput;
  }
  const start = performance.now();
  try {
    const selection = { select: options.packagesSelect, upTo: options.packagesUpTo, skip: options.packagesSkip };
    const outcomes = buildWorkspace({ sources, build: buildBase, install: installBase }, log, { selection, cmakeArgs: options.cmakeArgs });
    if (outcomes.length === 0) log(selected(options) ? 'Summary: 0 packages finished (none selected)' : `rclsim: no package.xml below ${sources}`);
    else {
      const built = outcomes.filter((outcome) => outcome.built).length;
      log(
        `Summary: ${built} package${built === 1 ? '' : 's'} finished [${((performance.now() - start) / 1000).toFixed(1)}s] into ${relative(process.cwd(), resolve(installBase)) || '.'}`,
      );
    }
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CppBuildError || error instanceof DependencyCycleError || error instanceof ManifestError || error instanceof WorkspaceError) {
      log(`rclsim: ${error.message}`);
      return ExitCode.badInput;
    }
    throw error;
  }
}

function selected(options: BuildOptions): boolean {
  return options.packagesSelect !== undefined || options.packagesUpTo !== undefined || options.packagesSkip !== undefined;
}
