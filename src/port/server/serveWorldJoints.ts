import type { WorldHost } from '../../sim/WorldHost.js';
import { WorldJointClaims } from '../../sim/WorldJointClaims.js';
import type { ToSimulation } from '../wire/nodeMessages.js';
import { type Answer, json } from './ServedProgram.js';

/**
 * A program's ros2_control hardware in the world (WorldJointsOp: rclsim's gz_ros2_control
 * GazeboSimSystem): its claims on a model's joints, their state read and their commands written,
 * served while the program waits.
 */
export function worldJointsHandler(world: (() => WorldHost | null) | undefined): (op: NonNullable<ToSimulation['worldJoints']>) => Answer {
  let claims: WorldJointClaims | undefined;
  return (op) => {
    if (claims === undefined) {
      const host = world?.() ?? null;
      if (host === null)
        throw new Error(
          "gz_ros2_control: the run has no world (yet: it starts with time, after the programs' start-up; a job's world:, or a launch file that starts Gazebo) whose joints the hardware would claim",
        );
      claims = new WorldJointClaims(host);
    }
    if (op.open !== undefined) {
      return json(claims.open(op.open.model, op.open.joints));
    }
    const claim = Number(op.claim);
    if (op.read !== undefined) return json(claims.read(claim));
    claims.write(claim, op.write!.velocities);
    return undefined;
  };
}
