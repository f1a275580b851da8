import type { Joint, Link, Model } from '../description/description.js';
import { add, compose, IDENTITY, inverse, type Pose, quatFromAxisAngle, rotate, scale, sub } from '../geometry/pose.js';

/** A joint that moves: its index into the positions, and how it moves its child. */
interface MovingJoint {
  readonly joint: Joint;
  readonly index: number;
}

/**
 * A model's links placed by its joints' positions, in the model's frame: a link moves with its
 * parent link, and a joint turns (revolute, continuous) or slides (prismatic) its child about or
 * along its axis through the joint's origin, both as they are with every joint at 0. Fixed, ball
 * and other joints hold their child where the description puts it.
 */
export class Kinematics {
  readonly model: Model;
  /** The link the others hang from: the one no joint has as child (the canonical link if several). */
  readonly root: Link;
  /** Joints that move, in the model's order; `positions[i]` is joint i's. */
  readonly moving: readonly MovingJoint[];
  readonly positions: Float64Array;
  readonly velocities: Float64Array;
  readonly #links = new Map<string, Link>();
  readonly #parentJoint = new Map<string, Joint>();
  readonly #index = new Map<string, number>();
  readonly #cache = new Map<string, Pose>();
  #version = 0;
  #cachedVersion = -1;

  constructor(model: Model) {
    this.model = model;
    for (const link of model.links) this.#links.set(link.name, link);
    for (const joint of model.joints) if (this.#links.has(joint.child)) this.#parentJoint.set(joint.child, joint);
    const roots = model.links.filter((link) => {
      const joint = this.#parentJoint.get(link.name);
      return joint === undefined || !this.#links.has(joint.parent);
    });
    this.root = roots.find((link) => link.name === model.canonicalLink) ?? roots[0] ?? model.links[0]!;
    const moving: MovingJoint[] = [];
    for (const joint of model.joints) {
      if (joint.axis === null || !['revolute', 'continuous', 'prismatic'].includes(joint.type)) continue;
      this.#index.set(joint.name, moving.length);
      moving.push({ joint, index: moving.length });
    }
    this.moving = moving;
    this.positions = new Float64Array(moving.length);
    this.velocities = new Float64Array(moving.length);
  }

  /** The position index of a moving joint, or undefined. */
  indexOf(joint: string): number | undefined {
    return this.#index.get(joint);
  }

  link(name: string): Link | undefined {
    return this.#links.get(name);
  }

  /** Say that positions changed: link poses are computed again when next asked. */
  moved(): void {
    this.#version++;
  }

  /** A link's frame in the model's frame, at the joints' present positions. */
  linkPose(name: string): Pose {
    if (this.#cachedVersion !== this.#version) {
      this.#cache.clear();
      this.#cachedVersion = this.#version;
    }
    const known = this.#cache.get(name);
    if (known !== undefined) return known;
    const link = this.#links.get(name);
    if (link === undefined) throw new Error(`model '${this.model.name}' has no link '${name}'`);
    const joint = this.#parentJoint.get(name);
    let pose: Pose;
    if (joint === undefined || !this.#links.has(joint.parent)) {
      pose = link.pose;
    } else {
      const parent = this.#links.get(joint.parent)!;
      // The parent's motion since the zero configuration, then the joint's own, then the link where it was.
      const carried = compose(this.linkPose(parent.name), inverse(parent.pose));
      pose = compose(compose(carried, this.#jointMotion(joint)), link.pose);
    }
    this.#cache.set(name, pose);
    return pose;
  }

  /** A joint's motion at its position, in the model's frame as it is at zero. */
  #jointMotion(joint: Joint): Pose {
    const index = this.#index.get(joint.name);
    if (index === undefined || joint.axis === null) return IDENTITY;
    const q = this.positions[index]!;
    if (q === 0) return IDENTITY;
    const axis = joint.axis.xyz;
    if (joint.type === 'prismatic') return { position: scale(axis, q), rotation: IDENTITY.rotation };
    // A turn about the axis through the joint's origin c: x ↦ c + R (x − c).
    const rotation = quatFromAxisAngle(axis, q);
    const c = joint.pose.position;
    return { position: add(c, rotate(rotation, sub(IDENTITY.position, c))), rotation };
  }
}
