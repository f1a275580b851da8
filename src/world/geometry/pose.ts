import { asin, atan2, cos, sin } from '../../base/portableMath.js';

/**
 * Rigid transforms as the world writes them: a position and a unit quaternion, composed in a fixed
 * order of operations so that every CPU gives the same bits (`+ - * /` and Math.sqrt are exact
 * IEEE operations, evaluated left to right as written; sin, cos and atan2 are base/portableMath's).
 */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface Quat {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}

/** A frame's placement in another: first rotate by `rotation`, then move by `position`. */
export interface Pose {
  readonly position: Vec3;
  readonly rotation: Quat;
}

export const ZERO: Vec3 = Object.freeze({ x: 0, y: 0, z: 0 });
export const IDENTITY_ROTATION: Quat = Object.freeze({ x: 0, y: 0, z: 0, w: 1 });
export const IDENTITY: Pose = Object.freeze({ position: ZERO, rotation: IDENTITY_ROTATION });

export function vec3(x: number, y: number, z: number): Vec3 {
  return { x, y, z };
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x + b.x, y: a.y + b.y, z: a.z + b.z };
}

export function sub(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
}

export function scale(a: Vec3, s: number): Vec3 {
  return { x: a.x * s, y: a.y * s, z: a.z * s };
}

export function dot(a: Vec3, b: Vec3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
}

export function length(a: Vec3): number {
  return Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

/** `a` scaled to length 1; the zero vector stays zero. */
export function normalized(a: Vec3): Vec3 {
  const n = length(a);
  return n === 0 ? ZERO : { x: a.x / n, y: a.y / n, z: a.z / n };
}

/**
 * A rotation from fixed-axis roll, pitch and yaw (about x, then y, then z), as gz-math's
 * Quaternion::SetFromEuler computes it (half angles, then products), normalized as it is.
 */
export function quatFromEuler(roll: number, pitch: number, yaw: number): Quat {
  const phi = roll / 2;
  const the = pitch / 2;
  const psi = yaw / 2;
  const cphi = cos(phi);
  const sphi = sin(phi);
  const cthe = cos(the);
  const sthe = sin(the);
  const cpsi = cos(psi);
  const spsi = sin(psi);
  return normalizedQuat({
    w: cphi * cthe * cpsi + sphi * sthe * spsi,
    x: sphi * cthe * cpsi - cphi * sthe * spsi,
    y: cphi * sthe * cpsi + sphi * cthe * spsi,
    z: cphi * cthe * spsi - sphi * sthe * cpsi,
  });
}

/** The rotation by `angle` about the unit vector `axis`. */
export function quatFromAxisAngle(axis: Vec3, angle: number): Quat {
  const half = angle / 2;
  const s = sin(half);
  return { x: axis.x * s, y: axis.y * s, z: axis.z * s, w: cos(half) };
}

/** `q` scaled to unit length; a zero quaternion is the identity (as gz-math's Normalize). */
export function normalizedQuat(q: Quat): Quat {
  const n = Math.sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (n <= 1e-6) return IDENTITY_ROTATION;
  return { x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n };
}

/** The rotation `a` after `b` (applying `b` first). */
export function mulQuat(a: Quat, b: Quat): Quat {
  return {
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  };
}

export function conjugate(q: Quat): Quat {
  return { x: -q.x, y: -q.y, z: -q.z, w: q.w };
}

/** `v` rotated by the unit quaternion `q` (v + 2w(u×v) + 2u×(u×v), u the vector part). */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const tx = 2 * (q.y * v.z - q.z * v.y);
  const ty = 2 * (q.z * v.x - q.x * v.z);
  const tz = 2 * (q.x * v.y - q.y * v.x);
  return {
    x: v.x + q.w * tx + (q.y * tz - q.z * ty),
    y: v.y + q.w * ty + (q.z * tx - q.x * tz),
    z: v.z + q.w * tz + (q.x * ty - q.y * tx),
  };
}

/** The frame `b` placed in `a`'s parent: `b` is expressed in `a`. */
export function compose(a: Pose, b: Pose): Pose {
  return { position: add(a.position, rotate(a.rotation, b.position)), rotation: mulQuat(a.rotation, b.rotation) };
}

export function inverse(p: Pose): Pose {
  const rotation = conjugate(p.rotation);
  const back = rotate(rotation, p.position);
  return { position: { x: -back.x, y: -back.y, z: -back.z }, rotation };
}

/** A point of frame `p` expressed in `p`'s parent. */
export function transformPoint(p: Pose, v: Vec3): Vec3 {
  return add(p.position, rotate(p.rotation, v));
}

/**
 * Roll, pitch and yaw of the unit quaternion `q` (fixed axes x, y, z), as gz-math's
 * Quaternion::Euler gives them: at a pitch of ±90° only roll ± yaw is defined, and yaw is 0.
 */
export function eulerOf(q: Quat): Vec3 {
  const squ = q.w * q.w;
  const sqx = q.x * q.x;
  const sqy = q.y * q.y;
  const sqz = q.z * q.z;
  const sarg = -2 * (q.x * q.z - q.w * q.y);
  const pitch = sarg <= -1 ? -Math.PI / 2 : sarg >= 1 ? Math.PI / 2 : asin(sarg);
  if (Math.abs(sarg - 1) < 1e-15) return { x: atan2(2 * (q.x * q.y - q.z * q.w), squ - sqx + sqy - sqz), y: pitch, z: 0 };
  if (Math.abs(sarg + 1) < 1e-15) return { x: atan2(-2 * (q.x * q.y - q.z * q.w), squ - sqx + sqy - sqz), y: pitch, z: 0 };
  return {
    x: atan2(2 * (q.y * q.z + q.w * q.x), squ - sqx - sqy + sqz),
    y: pitch,
    z: atan2(2 * (q.x * q.y + q.w * q.z), squ + sqx - sqy - sqz),
  };
}

/** The yaw of `q` (rotation about z), as used for planar bodies. */
export function yawOf(q: Quat): number {
  return atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));
}
