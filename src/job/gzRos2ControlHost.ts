import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { emptyRosArguments } from '../ros/RosArguments.js';
import type { GazeboRos2Control } from '../world/systems/GazeboRos2Control.js';
import type { JobHandle } from './JobHandle.js';
import { packageExecutable } from './packageExecutables.js';
import { startAfter } from './startEntries.js';
import { startPackageExecutable } from './startPackageExecutable.js';

const PACKAGE = 'gz_ros2_control';
const EXECUTABLE = 'gz_ros2_control_host';

/**
 * Gazebo loads a model's gz_ros2_control-system plugin with the model, and the plugin makes the
 * model's controller manager (gz_ros2_control_plugin.cpp, jazzy): here, as each such model
 * enters the world, the job starts the workspace's gz_ros2_control_host with what the plugin
 * reads of its element (GazeboRos2Control.hostArguments), so that a robot's Gazebo launch file
 * needs no entry more. A workspace without the package: one line saying what to do, and the
 * model's joints wait for a program's claim (rclsim::WorldJoints).
 */
export function startGzRos2ControlHosts(job: JobHandle, workspace: PreparedWorkspace | undefined): void {
  const simulation = job.simulation;
  simulation.ros2ControlModels.push((system: GazeboRos2Control) => {
    const { file, line } = system.place;
    const where = `${file}:${line}: gz_ros2_control-system of model '${system.model.name}'`;
    const found = workspace === undefined ? undefined : packageExecutable(workspace, PACKAGE, EXECUTABLE);
    if (workspace === undefined || found === undefined || 'why' in found) {
      simulation.warn(
        `${where}: its controller manager runs in ${PACKAGE}'s ${EXECUTABLE}, which the job's workspace has not (${found !== undefined && 'why' in found ? found.why : 'no workspace'}): build the workspace with ros2_control's controller_manager (rclsim build adds rclsim's ${PACKAGE} to it); the model's joints are left to a program's claim`,
      );
      return;
    }
    // Started by an action of its own at this instant, not inside what spawned the model (create's
    // subscription to /robot_description): a process started in a callback is real I/O there.
    startAfter(job, 0, () =>
      startPackageExecutable(simulation, workspace, PACKAGE, EXECUTABLE, system.hostArguments, emptyRosArguments(), where, {
        job,
        instance: system.model.name,
      }),
    );
  });
}
