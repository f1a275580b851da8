import { timeMsg } from '../base/timeMsg.js';
import { RangeValidationError, TypeValidationError } from './rclErrors.js';

export const NS_PER_SECOND = 1_000_000_000n;
/** rcl's time points and durations are int64 nanoseconds: they hold less than this. */
export const INT64_LIMIT = 2n ** 63n;

/**
 * A seconds or nanoseconds argument of Time or Duration as a bigint: rclnodejs 2.x takes
 * bigints; integral numbers and decimal strings (what 0.x programs pass) are taken too.
 */
export function toBigInt(value: number | bigint | string, argument: string, entityType: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeValidationError(argument, value, 'bigint', { entityType });
}

/** Seconds + nanoseconds to exact bigint nanoseconds; rcl's C types (`cType`) hold less than 2^63. */
export function toNanoseconds(seconds: bigint, nanoseconds: bigint, entityType: 'time' | 'duration', cType: string): bigint {
  const total = seconds * NS_PER_SECOND + nanoseconds;
  if (total >= INT64_LIMIT) throw new RangeValidationError('total nanoseconds', total, `< 2^63 (max C ${cType})`, { entityType });
  return total;
}

/** Splits bigint nanoseconds into whole seconds (floored) and the remaining nanoseconds. */
export function splitNanoseconds(ns: bigint): { seconds: number; nanoseconds: number } {
  const { sec, nanosec } = timeMsg(ns);
  return { seconds: sec, nanoseconds: nanosec };
}

/** A timeout in milliseconds (of sim time) as nanoseconds. */
export function msToNs(ms: number): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RangeError(`invalid timeout ${ms} ms`);
  return Math.round(ms * 1e6);
}
