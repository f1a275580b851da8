import { cos, sin } from '../../base/portableMath.js';
import type { UrdfJoint, UrdfModel, UrdfPose } from '../../world/description/urdfModel.js';

/**
 * A URDF's kinematic tree as kdl_parser builds it for KDL (kdl_parser.cpp, orocos_kdl's
 * frames.cpp/.inl, joint.cpp, segment.cpp), and a segment's pose computed in KDL's order of
 * operations: quaternion → 3×3 matrix, the joint's frame times the segment's tip frame, the
 * matrix back to a quaternion (Rotation::GetQuaternion's branches). Every product and sum is
 * written as KDL writes it, left to right; sin and cos are base/portableMath.ts's.
 */
type Rotation = readonly [number, number, number, number, number, number, number, number, number];
type Vector = readonly [number, number, number];

interface Frame {
  M: Rotation;
  p: Vector;
}

const IDENTITY: Rotation = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const ZERO: Vector = [0, 0, 0];

/** KDL::Rotation::Quaternion. */
function fromQuaternion(x: number, y: number, z: number, w: number): Rotation {
  const x2 = x * x;
  const y2 = y * y;
  const z2 = z * z;
  const w2 = w * w;
  return [
    w2 + x2 - y2 - z2,
    2 * x * y - 2 * w * z,
    2 * x * z + 2 * w * y,
    2 * x * y + 2 * w * z,
    w2 - x2 + y2 - z2,
    2 * y * z - 2 * w * x,
    2 * x * z - 2 * w * y,
    2 * y * z + 2 * w * x,
    w2 - x2 - y2 + z2,
  ];
}

/** KDL::Rotation::GetQuaternion. */
function toQuaternion(m: Rotation): { x: number; y: number; z: number; w: number } {
  const trace = m[0] + m[4] + m[8];
  if (trace > 1e-12) {
    const s = 0.5 / Math.sqrt(trace + 1.0);
    return { w: 0.25 / s, x: (m[7] - m[5]) * s, y: (m[2] - m[6]) * s, z: (m[3] - m[1]) * s };
  }
  if (m[0] > m[4] && m[0] > m[8]) {
    const s = 2.0 * Math.sqrt(1.0 + m[0] - m[4] - m[8]);
    return { w: (m[7] - m[5]) / s, x: 0.25 * s, y: (m[1] + m[3]) / s, z: (m[2] + m[6]) / s };
  }
  if (m[4] > m[8]) {
    const s = 2.0 * Math.sqrt(1.0 + m[4] - m[0] - m[8]);
    return { w: (m[2] - m[6]) / s, x: (m[1] + m[3]) / s, y: 0.25 * s, z: (m[5] + m[7]) / s };
  }
  const s = 2.0 * Math.sqrt(1.0 + m[8] - m[0] - m[4]);
  return { w: (m[3] - m[1]) / s, x: (m[2] + m[6]) / s, y: (m[5] + m[7]) / s, z: 0.25 * s };
}

/** KDL::Rotation::Rot2: about a unit axis. */
function rot2(v: Vector, angle: number): Rotation {
  const ct = cos(angle);
  const st = sin(angle);
  const vt = 1 - ct;
  const mvt0 = vt * v[0];
  const mvt1 = vt * v[1];
  const mvt2 = vt * v[2];
  const mst0 = v[0] * st;
  const mst1 = v[1] * st;
  const mst2 = v[2] * st;
  const mvt01 = mvt0 * v[1];
  const mvt02 = mvt0 * v[2];
  const mvt12 = mvt1 * v[2];
  return [ct + mvt0 * v[0], -mst2 + mvt01, mst1 + mvt02, mst2 + mvt01, ct + mvt1 * v[1], -mst0 + mvt12, -mst1 + mvt02, mst0 + mvt12, ct + mvt2 * v[2]];
}

/** Rotation × Rotation (frames.cpp's operator*). */
function multiply(a: Rotation, b: Rotation): Rotation {
  return [
    a[0] * b[0] + a[1] * b[3] + a[2] * b[6],
    a[0] * b[1] + a[1] * b[4] + a[2] * b[7],
    a[0] * b[2] + a[1] * b[5] + a[2] * b[8],
    a[3] * b[0] + a[4] * b[3] + a[5] * b[6],
    a[3] * b[1] + a[4] * b[4] + a[5] * b[7],
    a[3] * b[2] + a[4] * b[5] + a[5] * b[8],
    a[6] * b[0] + a[7] * b[3] + a[8] * b[6],
    a[6] * b[1] + a[7] * b[4] + a[8] * b[7],
    a[6] * b[2] + a[7] * b[5] + a[8] * b[8],
  ];
}

/** Rotation × Vector. */
function apply(m: Rotation, v: Vector): Vector {
  return [m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2], m[6] * v[0] + m[7] * v[1] + m[8] * v[2]];
}

/** Rotation::Inverse(Vector): the transpose applied. */
function applyInverse(m: Rotation, v: Vector): Vector {
  return [m[0] * v[0] + m[3] * v[1] + m[6] * v[2], m[1] * v[0] + m[4] * v[1] + m[7] * v[2], m[2] * v[0] + m[5] * v[1] + m[8] * v[2]];
}

function transpose(m: Rotation): Rotation {
  return [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]];
}

/** Frame × Frame. */
function compose(a: Frame, b: Frame): Frame {
  const rotated = apply(a.M, b.p);
  return { M: multiply(a.M, b.M), p: [rotated[0] + a.p[0], rotated[1] + a.p[1], rotated[2] + a.p[2]] };
}

/** Frame::Inverse: (Mᵀ, −Mᵀp). */
function inverse(f: Frame): Frame {
  const back = applyInverse(f.M, f.p);
  return { M: transpose(f.M), p: [-back[0], -back[1], -back[2]] };
}

/** KDL::Vector::Norm: the largest component times the root of 1 plus the others' squared ratios to it. */
function norm(v: Vector): number {
  const sqr = (x: number): number => x * x;
  let a = Math.abs(v[0]);
  let b = Math.abs(v[1]);
  if (a >= b) {
    b = Math.abs(v[2]);
    if (a >= b) {
      if (a < 1e-6) return 0;
      return a * Math.sqrt(1 + sqr(v[1] / v[0]) + sqr(v[2] / v[0]));
    }
    return b * Math.sqrt(1 + sqr(v[0] / v[2]) + sqr(v[1] / v[2]));
  }
  a = Math.abs(v[2]);
  if (b > a) return b * Math.sqrt(1 + sqr(v[0] / v[1]) + sqr(v[2] / v[1]));
  return a * Math.sqrt(1 + sqr(v[0] / v[2]) + sqr(v[1] / v[2]));
}

/** kdl_parser's toKdl(urdf::Pose). */
function frameOf(pose: UrdfPose): Frame {
  const { rotation: r, position: p } = pose;
  return { M: fromQuaternion(r.x, r.y, r.z, r.w), p: [p.x, p.y, p.z] };
}

/** A KDL joint: fixed (KDL's None), or about or along a unit axis through an origin. */
type KdlJoint = { kind: 'none' } | { kind: 'rotation' | 'translation'; origin: Vector; axis: Vector };

/** KDL::Joint::pose (scale 1, offset 0: `1*q+0`, as KDL computes it). */
function jointPose(joint: KdlJoint, q: number): Frame {
  if (joint.kind === 'none') return { M: IDENTITY, p: ZERO };
  const amount = 1 * q + 0;
  if (joint.kind === 'rotation') return { M: rot2(joint.axis, amount), p: joint.origin };
  const { origin, axis } = joint;
  return { M: IDENTITY, p: [origin[0] + axis[0] * amount, origin[1] + axis[1] * amount, origin[2] + axis[2] * amount] };
}

/** A segment of the tree: the link it ends at, its joint, and its tip frame (`joint.pose(0)⁻¹ × origin`, as KDL::Segment's constructor). */
export interface Segment {
  /** The child link's name. */
  name: string;
  joint: UrdfJoint;
  /** Whether KDL moves it (revolute, continuous, prismatic) or not (fixed, and floating and planar made fixed). */
  moving: boolean;
  /** The parent link's name. */
  parent: string;
  kdlJoint: KdlJoint;
  tip: Frame;
}

/** A transform as robot_state_publisher's kdlToTransform gives it. */
export interface SegmentTransform {
  translation: { x: number; y: number; z: number };
  rotation: { x: number; y: number; z: number; w: number };
}

/** Segment::pose(q) as a transform: `joint.pose(q) × tip`, its rotation by GetQuaternion. */
export function segmentTransform(segment: Segment, q: number): SegmentTransform {
  const frame = compose(jointPose(segment.kdlJoint, q), segment.tip);
  return { translation: { x: frame.p[0], y: frame.p[1], z: frame.p[2] }, rotation: toQuaternion(frame.M) };
}

/** kdl_parser's toKdl(urdf::Joint): the axis turned into the parent's frame by the origin's rotation, then normalized. */
function kdlJointOf(joint: UrdfJoint, warn: (text: string) => void): KdlJoint {
  if (joint.type === 'fixed') return { kind: 'none' };
  if (joint.type === 'floating' || joint.type === 'planar') {
    warn(`Converting unknown joint type of joint '${joint.name}' into a fixed joint`);
    return { kind: 'none' };
  }
  const origin = frameOf(joint.origin);
  const turned = apply(origin.M, [joint.axis.x, joint.axis.y, joint.axis.z] satisfies Vector);
  const length = norm(turned);
  return {
    kind: joint.type === 'prismatic' ? 'translation' : 'rotation',
    origin: origin.p,
    axis: [turned[0] / length, turned[1] / length, turned[2] / length],
  };
}

/**
 * The tree kdl_parser's treeFromUrdfModel builds: segments depth first from the root, children
 * in the order urdfdom linked them. A loop below the root never ends in kdl_parser (it recurses
 * until the stack overflows): here it is `'loop'`.
 */
export function kdlTree(model: UrdfModel, warn: (text: string) => void): Segment[] | 'loop' {
  const segments: Segment[] = [];
  const seen = new Set<string>([model.root.name]);
  const add = (linkName: string): boolean => {
    const link = model.links.get(linkName)!;
    for (const joint of link.childJoints) {
      if (seen.has(joint.child)) return false;
      seen.add(joint.child);
      const kdlJoint = kdlJointOf(joint, warn);
      const origin = frameOf(joint.origin);
      segments.push({
        name: joint.child,
        joint,
        moving: kdlJoint.kind !== 'none',
        parent: linkName,
        kdlJoint,
        tip: compose(inverse(jointPose(kdlJoint, 0)), origin),
      });
      if (!add(joint.child)) return false;
    }
    return true;
  };
  return add(model.root.name) ? segments : 'loop';
}
