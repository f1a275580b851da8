import { childrenNamed, type XmlElement } from '../../base/xmlReader.js';
import type { SdfValues } from '../description/sdfValues.js';
import { quatFromEuler } from '../geometry/pose.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import { NO_LIMITS, type SpeedLimits } from './SpeedLimiter.js';
import { type Schedule, throttleSchedule } from './schedules.js';
import type { SystemContext } from './WorldSystem.js';

/**
 * Where a gz-sim drive (AckermannSteering, MecanumDrive) publishes its odometry: `odom_topic`
 * (`/model/<m>/odometry`) and `tf_topic` (`/model/<m>/tf`), frames `frame_id` (`<m>/odom`) and
 * `child_frame_id` (`<m>/<canonical link>`), at `odom_publish_frequency` (50 Hz) on its throttle.
 */
export interface DriveOdometry {
  readonly odomTopic: string;
  readonly tfTopic: string;
  readonly frameId: string;
  readonly childFrameId: string;
  readonly schedule: Schedule;
}

export function driveOdometryOf(values: SdfValues, element: XmlElement, model: SimulatedModel, context: SystemContext): DriveOdometry {
  const name = model.name;
  return {
    odomTopic: values.string(element, 'odom_topic', `/model/${name}/odometry`),
    tfTopic: values.string(element, 'tf_topic', `/model/${name}/tf`),
    frameId: values.string(element, 'frame_id', `${name}/odom`),
    childFrameId: values.string(element, 'child_frame_id', `${name}/${model.kinematics.root.name}`),
    schedule: throttleSchedule(values.number(element, 'odom_publish_frequency', 50), context.world.stepNs),
  };
}

/** Whether anything listens to the odometry or its transform (unheard, a drive's messages change nothing). */
export function odometryHeard(odometry: DriveOdometry, context: SystemContext): boolean {
  return context.bus.heard(odometry.odomTopic) || context.bus.heard(odometry.tfTopic);
}

/**
 * The odometry as a drive publishes it: a gz.msgs.Odometry (its pose in the plane, the yaw as
 * gz-math's Quaternion from Euler angles makes it; its velocities in the robot's frame), then a
 * gz.msgs.Pose_V of the one transform with the same header.
 */
export function publishOdometry(
  odometry: DriveOdometry,
  context: SystemContext,
  step: number,
  pose: { x: number; y: number; yaw: number },
  velocity: { x: number; y: number; yaw: number },
): void {
  odometry.schedule.done(step);
  const stampNs = context.stampNs(step);
  const orientation = quatFromEuler(0, 0, pose.yaw);
  const position = { x: pose.x, y: pose.y, z: 0 };
  const header = { stampNs, frameId: odometry.frameId, childFrameId: odometry.childFrameId };
  context.bus.publish(odometry.odomTopic, 'gz.msgs.Odometry', {
    header,
    position,
    orientation,
    linear: { x: velocity.x, y: velocity.y, z: 0 },
    angular: { x: 0, y: 0, z: velocity.yaw },
  });
  context.bus.publish(odometry.tfTopic, 'gz.msgs.Pose_V', { header: { stampNs }, poses: [{ name: '', header, position, orientation }] });
}

/** A drive's speed limits as `min_velocity` … `max_jerk` give them, the same for each of its speeds. */
export function speedLimitsOf(values: SdfValues, element: XmlElement): SpeedLimits {
  const bound = (key: string, fallback: number): number => values.number(element, key, fallback);
  return {
    minVelocity: bound('min_velocity', NO_LIMITS.minVelocity),
    maxVelocity: bound('max_velocity', NO_LIMITS.maxVelocity),
    minAcceleration: bound('min_acceleration', NO_LIMITS.minAcceleration),
    maxAcceleration: bound('max_acceleration', NO_LIMITS.maxAcceleration),
    minJerk: bound('min_jerk', NO_LIMITS.minJerk),
    maxJerk: bound('max_jerk', NO_LIMITS.maxJerk),
  };
}

/** The joints a drive's `tag` elements name (in its plugin's scope), as indices into the model's moving joints; an unknown one is an error. */
export function jointsNamed(values: SdfValues, element: XmlElement, tag: string, scope: string, model: SimulatedModel, system: string): number[] {
  return childrenNamed(element, tag).map((child) => {
    const joint = `${scope}${values.text(child)}`;
    const index = model.kinematics.indexOf(joint);
    if (index === undefined) throw values.error(child, `${system} of model '${model.name}': no moving joint named '${joint}'`);
    return index;
  });
}
