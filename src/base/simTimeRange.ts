import { SimTimeRangeError } from './runErrors.js';

/**
 * Sim time is held as float64 nanoseconds from the run's start, exact up to 2^53: a time or
 * duration beyond it is refused rather than rounded.
 */
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/** A duration (ns) as the engine holds it; SimTimeRangeError naming `what` when it is negative or past the exact range. */
export function checkDuration(ns: bigint, what: string): number {
  if (ns < 0n || ns > BigInt(MAX_OFFSET)) throw new SimTimeRangeError(what);
  return Number(ns);
}
