import { Kinematics } from './bodies/Kinematics.js';
import type { Model } from './description/description.js';
import { compose, mulQuat, type Pose, type Quat } from './geometry/pose.js';
import type { PlanarBody } from './physics/PlanarBody.js';

/**
 * A model in the running world: its description, its links placed by its joints (Kinematics),
 * and where it is. A static model stays where it was placed; a moving one is a planar body whose
 * x, y and yaw the physics steps, its height and tilt kept from its placement.
 */
export class SimulatedModel {
  readonly description: Model;
  readonly kinematics: Kinematics;
  readonly body: PlanarBody | null;
  /** Where it was placed; for a body, the height and the tilt it keeps. */
  readonly placed: Pose;
  /** The placement's rotation without its yaw: what stays as the body turns. */
  readonly #tilt: Quat;
  /** Per moving joint, a velocity its drive asks (rad/s or m/s), NaN where none does. */
  readonly jointCommands: Float64Array;
  /** Per moving joint, the body's wheel it turns, or -1. */
  readonly wheelOf: Int32Array;

  constructor(description: Model, placed: Pose, tilt: Quat, body: PlanarBody | null) {
    this.description = description;
    this.kinematics = new Kinematics(description);
    this.body = body;
    this.placed = placed;
    this.#tilt = tilt;
    this.jointCommands = new Float64Array(this.kinematics.moving.length).fill(Number.NaN);
    this.wheelOf = new Int32Array(this.kinematics.moving.length).fill(-1);
    body?.wheels.forEach((wheel, index) => {
      this.wheelOf[wheel.joint] = index;
    });
  }

  get name(): string {
    return this.description.name;
  }

  /** The model's frame in the world now. */
  pose(): Pose {
    const body = this.body;
    if (body === null) return this.placed;
    // The yaw's half-angle quaternion from its cosine and sine: exact arithmetic, no libm.
    const { c, s } = body;
    const qw = Math.sqrt(Math.max(0, (1 + c) / 2));
    const half = Math.sqrt(Math.max(0, (1 - c) / 2));
    const qz = s < 0 ? -half : half;
    return { position: { x: body.x, y: body.y, z: this.placed.position.z }, rotation: mulQuat({ x: 0, y: 0, z: qz, w: qw }, this.#tilt) };
  }

  /** A link's frame in the world now. */
  linkPose(link: string): Pose {
    return compose(this.pose(), this.kinematics.linkPose(link));
  }
}
