import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { RosArguments } from '../ros/RosArguments.js';
import type { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';
import { JobModuleError } from './jobErrors.js';
import type { ProgramStart } from './programs.js';
import { startSeparateProgram } from './separateProgram.js';

/** The install prefix `rclsim build` (and colcon) makes, when nothing names another: ./install. */
export const DEFAULT_WORKSPACE = 'install';

/**
 * A package's executable in a workspace's install prefix, as `ros2 run` finds it
 * (`<prefix>/lib/<pkg>/<exe>`); one that is not there is a line saying what is (`why` prefixes it).
 */
export function packageExecutable(workspace: string, pkg: string, executable: string): { path: string } | { why: string } {
  const prefix = resolve(workspace);
  const folder = join(prefix, 'lib', pkg);
  const shown = relative(process.cwd(), prefix) || '.';
  if (!existsSync(folder) && !existsSync(join(prefix, 'share', pkg))) {
    return { why: `no package ${pkg} in the workspace ${shown} (rclsim build builds it there; --workspace names another)` };
  }
  const path = join(folder, executable);
  if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true) {
    const found = existsSync(folder) ? readdirSync(folder).sort() : [];
    return { why: `package ${pkg} has no executable ${executable} in ${join(shown, 'lib', pkg)}${found.length === 0 ? '' : ` (it has ${found.join(', ')})`}` };
  }
  return { path };
}

/**
 * Starts a package's executable (a C++ program `rclsim build` made) as a C++ program runs: in
 * its own process, its main given `args`. The workspace's interface packages become the run's,
 * ahead of the standard ones, as a sourced install's are.
 */
export function startPackageExecutable(
  simulation: Simulation,
  workspace: string,
  pkg: string,
  executable: string,
  args: readonly string[],
  jobArguments: RosArguments,
  where: string,
  how: ProgramStart,
): Program {
  const found = packageExecutable(workspace, pkg, executable);
  if ('why' in found) throw new JobModuleError(`${where}: ${found.why}`);
  simulation.interfaces.addSource({ path: resolve(workspace) });
  const name = `${pkg}/${executable}`;
  const { onExit = { kind: 'fail' }, instance, faultNames, sleeps, job } = how;
  return startSeparateProgram(simulation, found.path, {
    name,
    key: instance === undefined ? name : `${name}@${instance}`,
    args,
    jobArguments,
    where,
    path: name,
    onExit,
    cppProgram: found.path,
    libraryPath: join(resolve(workspace), 'lib'),
    ...(faultNames === undefined ? {} : { faultNames }),
    ...(how.watch === undefined ? {} : { watch: how.watch }),
    ...(sleeps === 'none' ? { sleepsTakeNoTime: true } : {}),
    // A C++ program may use the job's operations (finish, results, end hooks), as a component does.
    ...(job === undefined ? {} : { job }),
  });
}
