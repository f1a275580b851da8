import { SimTimeRangeError } from './runErrors.js';

/**
 * Sim time is held as float64 nanoseconds from the run's start, exact up to 2^53: a time or
 * duration beyond it is refused rather than rounded.
 */
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/** How far (ns) from the start sim time is exact: offsets are float64 integers. */
export const EXACT_RANGE = BigInt(MAX_OFFSET);

/**
 * The last sim time (ns) a message can carry: builtin_interfaces/Time holds its seconds in an
 * int32. A run ends there (end reason `max-time`): its next stamp would fail to serialize.
 */
export const MAX_TIME = 2n ** 31n * 1_000_000_000n - 1n;

/** What a time past MAX_TIME is, for the one line that refuses it. */
export const PAST_MAX_TIME = 'is past 2147483647.999999999s, the last time builtin_interfaces/Time can carry (its seconds are an int32)';

/** A duration (ns) as the engine holds it; SimTimeRangeError naming `what` when it is negative or past the exact range. */
export function checkDuration(ns: bigint, what: string): number {
  if (ns < 0n || ns > EXACT_RANGE) throw new SimTimeRangeError(what);
  return Number(ns);
}
