import { randomInt } from 'node:crypto';
import { wallClockNs } from '../base/realTime.js';

/**
 * Deliberate ways out of the simulation's virtual time and seeded randomness, for code that must
 * touch the real world (a benchmark's wall-clock busy-wait, a deliberately non-deterministic
 * node). Whatever depends on them is not reproducible; `rclsim verify` shows where it diverges.
 */
export function wallClockNanoseconds(): bigint {
  return wallClockNs();
}

/** A uniformly random integer in [min, max) from the operating system's random source. */
export function realRandomInt(min: number, max: number): number {
  return randomInt(min, max);
}
