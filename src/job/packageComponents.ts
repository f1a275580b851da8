import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CPP_CLIENT } from '../build/cppClient.js';
import { buildCppProgram } from '../build/cppProgram.js';
import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { emptyRosArguments, type RosArguments, rosArgumentsArgv } from '../ros/RosArguments.js';
import type { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';
import { JobModuleError } from './jobErrors.js';
import type { ProgramStart } from './programs.js';
import { startSeparateProgram } from './separateProgram.js';

/** rclsim's component container (rclcpp_components' component_container): one process, its components' nodes spun by one executor. */
const CONTAINER = join(CPP_CLIENT, 'programs/component_container.cpp');

/** A component a job names by its plugin class (`package:` + `component:`), with its node's ROS arguments. */
export interface PackageComponent {
  className: string;
  /** The shared library the package registered the class in (the ament index's `rclcpp_components` resource). */
  library: string;
  nodeArguments: RosArguments;
  /** NodeOptions a LoadNode request's extra_arguments set (`use_intra_process_comms`, `forward_global_arguments`). */
  extraArguments: Record<string, boolean>;
  /** Loaded by a launch file: launch_ros says so once its node is made (`Loaded node '/talker' in container '/c'`). */
  launched: boolean;
}

/**
 * The library a package registered `className` in, as rclcpp_components finds it: the ament
 * index's `rclcpp_components/<pkg>` lists `Class;lib/libx.so` lines, the library relative to the
 * install prefix. One that is not there is a line saying what is (`why`).
 */
export function packageComponent(workspace: string, pkg: string, className: string): { library: string } | { why: string } {
  const prefix = resolve(workspace);
  const shown = relative(process.cwd(), prefix) || '.';
  let index: string;
  try {
    index = readFileSync(join(prefix, 'share/ament_index/resource_index/rclcpp_components', pkg), 'utf8');
  } catch {
    return {
      why: `package ${pkg} registers no components in the workspace ${shown} (rclcpp_components_register_node(s) in its CMakeLists; rclsim build builds it there)`,
    };
  }
  const entries = index
    .split('\n')
    .filter((line) => line.includes(';'))
    .map((line) => line.split(';') as [string, string]);
  const found = entries.find(([name]) => name === className);
  if (found === undefined) return { why: `package ${pkg} registers no component ${className} (it registers ${entries.map(([name]) => name).join(', ')})` };
  return { library: join(prefix, found[1]) };
}

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
