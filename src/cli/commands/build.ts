import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DependencyCycleError } from '../../build/buildOrder.js';
import { CppBuildError } from '../../build/compiler.js';
import { ManifestError } from '../../build/packageManifest.js';
import { buildWorkspace } from '../../build/workspaceBuild.js';
import { ExitCode } from '../exitCodes.js';

export interface BuildOptions {
  buildBase: string;
  installBase: string;
}

/**
 * `rclsim build [DIR]`: the workspace's packages (below DIR; default ./src if there is one, else
 * .) built as `colcon build --merge-install` builds them, against rclsim's CMake packages. Each
 * package's progress on stderr; a package that fails, a dependency cycle, a bad package.xml:
 * one line, exit 2.
 */
export function build(dir: string | undefined, options: BuildOptions): number {
  const sources = dir ?? (existsSync('src') && statSync('src').isDirectory() ? 'src' : '.');
  if (!existsSync(sources) || !statSync(sources).isDirectory()) {
    process.stderr.write(`rclsim: ${sources} is not a folder: name the workspace's source folder\n`);
    return ExitCode.badInput;
  }
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const start = performance.now();
  try {
    const outcomes = buildWorkspace({ sources, build: options.buildBase, install: options.installBase }, log);
    if (outcomes.length === 0) log(`rclsim: no package.xml below ${sources}`);
    else {
      const built = outcomes.filter((outcome) => outcome.built).length;
      log(
        `Summary: ${built} package${built === 1 ? '' : 's'} finished [${((performance.now() - start) / 1000).toFixed(1)}s] into ${join(options.installBase)}`,
      );
    }
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CppBuildError || error instanceof DependencyCycleError || error instanceof ManifestError) {
      process.stderr.write(`rclsim: ${error.message}\n`);
      return ExitCode.badInput;
    }
    throw error;
  }
}
