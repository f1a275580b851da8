import { cos, sin } from '../base/portableMath.js';

/**
 * The rotation math the standard nodes share, in a fixed order of operations so that every CPU
 * gives the same bits: sin and cos are base/portableMath.ts's; `+ - * /` and Math.sqrt are
 * exact IEEE operations, evaluated left to right as written (as C++ evaluates upstream's
 * expressions, without FMA contraction).
 */
export interface Quaternion {
  x: number;
  y: number;
  z: number;
  w: number;
}

export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

export const IDENTITY: Readonly<Quaternion> = Object.freeze({ x: 0, y: 0, z: 0, w: 1 });

/**
 * A rotation from fixed-axis roll, pitch and yaw (about x, then y, then z), as tf2's
 * `Quaternion::setRPY` computes it (tf2/LinearMath/Quaternion.h): half angles, their sines and
 * cosines, then each component as a sum of products multiplied left to right.
 */
export function quaternionFromRpy(roll: number, pitch: number, yaw: number): Quaternion {
  const halfYaw = yaw * 0.5;
  const halfPitch = pitch * 0.5;
  const halfRoll = roll * 0.5;
  const cosYaw = cos(halfYaw);
  const sinYaw = sin(halfYaw);
  const cosPitch = cos(halfPitch);
  const sinPitch = sin(halfPitch);
  const cosRoll = cos(halfRoll);
  const sinRoll = sin(halfRoll);
  return {
    x: sinRoll * cosPitch * cosYaw - cosRoll * sinPitch * sinYaw,
    y: cosRoll * sinPitch * cosYaw + sinRoll * cosPitch * sinYaw,
    z: cosRoll * cosPitch * sinYaw - sinRoll * sinPitch * cosYaw,
    w: cosRoll * cosPitch * cosYaw + sinRoll * sinPitch * sinYaw,
  };
}
