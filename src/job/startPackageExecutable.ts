import { join } from 'node:path';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import type { RosArguments } from '../ros/RosArguments.js';
import type { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';
import { JobModuleError } from './jobErrors.js';
import { packageExecutable } from './packageExecutables.js';
import { type ProgramStart, startProgram } from './programs.js';
import { startSeparateProgram } from './separateProgram.js';

/**
 * Starts a package's executable as `ros2 run` does, in its own process: a C++ program its main
 * given `args`, a Python program (an entry point's script, a package's script) run by rclsim's
 * Python client. The workspace's interface packages become the run's, ahead of the standard
 * ones, and its environment the program's (AMENT_PREFIX_PATH, PYTHONPATH), as a sourced
 * install's are. A standard node runs as an rclnodejs program does: in-process unless `how`
 * says otherwise (on_exit: continue or respawn needs a process of its own).
 */
export async function startPackageExecutable(
  simulation: Simulation,
  workspace: PreparedWorkspace,
  pkg: string,
  executable: string,
  args: readonly string[],
  jobArguments: RosArguments,
  where: string,
  how: ProgramStart,
): Promise<Program> {
  const found = packageExecutable(workspace, pkg, executable);
  if ('why' in found) throw new JobModuleError(`${where}: ${found.why}`);
  // addSource puts each ahead of the others: the last added is searched first.
  for (const source of [...workspace.interfaceSources].reverse()) simulation.interfaces.addSource(source);
  const name = `${pkg}/${executable}`;
  if (found.kind === 'standard') return startProgram(simulation, found.path, args, jobArguments, where, { ...how, name, workspace: workspace.install });
  const { onExit = { kind: 'fail' }, instance, faultNames, sleeps, job, python, pythonWhere, stdin } = how;
  return startSeparateProgram(simulation, found.path, {
    name,
    key: instance === undefined ? name : `${name}@${instance}`,
    args,
    jobArguments,
    where,
    path: name,
    onExit,
    workspace: workspace.install,
    ...(found.kind === 'cpp'
      ? { cppProgram: found.path, libraryPath: join(workspace.install, 'lib'), ...(sleeps === 'none' ? { sleepsTakeNoTime: true } : {}) }
      : { pythonScript: true, ...(python === undefined ? {} : { python }), ...(pythonWhere === undefined ? {} : { pythonWhere }) }),
    ...(faultNames === undefined ? {} : { faultNames }),
    ...(how.watch === undefined ? {} : { watch: how.watch }),
    ...(stdin === undefined ? {} : { stdin }),
    // A program may use the job's operations (finish, results, end hooks), as a component does.
    ...(job === undefined ? {} : { job }),
  });
}
