/** Bounds on a commanded speed and its first two derivatives; ±Infinity where there is none. */
export interface SpeedLimits {
  readonly minVelocity: number;
  readonly maxVelocity: number;
  readonly minAcceleration: number;
  readonly maxAcceleration: number;
  readonly minJerk: number;
  readonly maxJerk: number;
}

export const NO_LIMITS: SpeedLimits = {
  minVelocity: -Infinity,
  maxVelocity: Infinity,
  minAcceleration: -Infinity,
  maxAcceleration: Infinity,
  minJerk: -Infinity,
  maxJerk: Infinity,
};

/**
 * A speed command limited as gz-math's SpeedLimiter::Limit limits it at each step, with its
 * arithmetic (run whatever the limits, so the bits are its): jerk against the last two commands,
 * then acceleration against the last, then the speed itself. `dt` in seconds; a step of 1 µs or
 * less skips the first two.
 */
export function limitSpeed(v: number, v0: number, v1: number, dt: number, limits: SpeedLimits): number {
  let limited = v;
  if (Math.abs(dt) > 1e-6) {
    const a = (limited - v0) / dt;
    const a0 = (v0 - v1) / dt;
    const jerk = clamp((a - a0) / dt, limits.minJerk, limits.maxJerk);
    limited = v0 + (a0 + jerk * dt) * dt;
    const acceleration = clamp((limited - v0) / dt, limits.minAcceleration, limits.maxAcceleration);
    limited = v0 + acceleration * dt;
  }
  return clamp(limited, limits.minVelocity, limits.maxVelocity);
}

/** gz-math's clamp: max(min(x, hi), lo). */
function clamp(value: number, min: number, max: number): number {
  return Math.max(Math.min(value, max), min);
}
