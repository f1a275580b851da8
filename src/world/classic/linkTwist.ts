import type { Joint } from '../description/description.js';
import { add, compose, cross, inverse, rotate, scale, sub, transformPoint, type Vec3 } from '../geometry/pose.js';
import type { SimulatedModel } from '../SimulatedModel.js';

/** A link's frame velocity in the world: its origin's linear velocity and its angular velocity. */
export interface Twist {
  readonly linear: Vec3;
  readonly angular: Vec3;
}

const STILL: Twist = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };

/**
 * What classic Gazebo's Link::WorldLinearVel() and WorldAngularVel() read, from the world as it
 * is now: the body's velocity at the link's origin (its centre's, and its turning about the
 * vertical), then each turning or sliding joint between the body and the link adding its own
 * (ω × r about the joint's axis through its origin, or a slide along it), every joint where the
 * model's kinematics put it. A static model does not move.
 */
export function linkTwist(model: SimulatedModel, link: string): Twist {
  const body = model.body;
  if (body === null) return STILL;
  const modelPose = model.pose();
  const origin = model.linkPose(link).position;
  let linear: Vec3 = { x: body.vx - body.w * (origin.y - body.cy), y: body.vy + body.w * (origin.x - body.cx), z: 0 };
  let angular: Vec3 = { x: 0, y: 0, z: body.w };
  const { kinematics } = model;
  const joints = model.description.joints;
  for (let name = link, joint = parentJoint(joints, name); joint !== undefined; name = joint.parent, joint = parentJoint(joints, name)) {
    const index = kinematics.indexOf(joint.name);
    if (index === undefined || joint.axis === null) continue;
    const rate = kinematics.velocities[index]!;
    if (rate === 0) continue;
    // The joint's axis and origin now: carried with its parent link since the zero configuration.
    const parent = kinematics.link(joint.parent);
    const carried = parent === undefined ? modelPose : compose(modelPose, compose(kinematics.linkPose(parent.name), inverse(parent.pose)));
    const axis = rotate(carried.rotation, joint.axis.xyz);
    if (joint.type === 'prismatic') {
      linear = add(linear, scale(axis, rate));
      continue;
    }
    const spin = scale(axis, rate);
    angular = add(angular, spin);
    linear = add(linear, cross(spin, sub(origin, transformPoint(carried, joint.pose.position))));
  }
  return { linear, angular };
}

function parentJoint(joints: readonly Joint[], link: string): Joint | undefined {
  return joints.find((joint) => joint.child === link);
}
