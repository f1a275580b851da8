import { join } from 'node:path';
import { CPP_CLIENT } from '../build/cppClient.js';
import { buildCppProgram } from '../build/cppProgram.js';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { emptyRosArguments, rosArgumentsArgv } from '../ros/RosArguments.js';
import type { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';
import { JobModuleError } from './jobErrors.js';
import type { PackageComponent } from './packageComponents.js';
import type { ProgramStart } from './programs.js';
import { startSeparateProgram } from './separateProgram.js';

/** rclsim's component container (rclcpp_components' component_container): one process, its components' nodes spun by one executor. */
const CONTAINER = join(CPP_CLIENT, 'programs/component_container.cpp');

/**
 * Starts a component container named `name` with `components` loaded, in this order, as `ros2
 * run rclcpp_components component_container` and a `ros2 component load` of each would: each
 * node made with its own ROS arguments only (the container's own are none). The workspace's
 * interface packages and libraries are the run's, as a sourced install's are. A container named
 * as a node (`/ns/name`, what a launch file gives) logs under that node's name, another under
 * `ComponentManager`, as component_container's node is named.
 */
export function startComponentContainer(
  simulation: Simulation,
  workspace: PreparedWorkspace,
  name: string,
  components: readonly PackageComponent[],
  where: string,
  how: ProgramStart,
): Program {
  // addSource puts each ahead of the others: the last added is searched first.
  for (const source of [...workspace.interfaceSources].reverse()) simulation.interfaces.addSource(source);
  const args = [
    ...(name.startsWith('/') ? ['--container', name] : []),
    ...components.flatMap(({ library, className, nodeArguments, extraArguments, launched }) => {
      try {
        return [
          '--component',
          library,
          className,
          ...(launched ? ['--launched'] : []),
          ...Object.entries(extraArguments).flatMap(([option, value]) => ['--extra-argument', `${option}:=${value}`]),
          ...rosArgumentsArgv(nodeArguments),
        ];
      } catch (error) {
        throw new JobModuleError(`${where}: ${(error as Error).message}`);
      }
    }),
  ];
  const { onExit = { kind: 'fail' }, faultNames, sleeps, job } = how;
  return startSeparateProgram(simulation, CONTAINER, {
    name,
    key: name,
    args,
    jobArguments: emptyRosArguments(),
    where,
    path: name,
    onExit,
    cppProgram: buildCppProgram(CONTAINER, simulation.interfaces),
    libraryPath: join(workspace.install, 'lib'),
    workspace: workspace.install,
    ...(faultNames === undefined ? {} : { faultNames }),
    ...(how.watch === undefined ? {} : { watch: how.watch }),
    ...(sleeps === 'none' ? { sleepsTakeNoTime: true } : {}),
    ...(job === undefined ? {} : { job }),
  });
}
