import { SimTimeRangeError } from '../base/runErrors.js';
import { EXACT_RANGE, MAX_OFFSET } from '../base/simTimeRange.js';

/**
 * Sim-time arithmetic on the engine's offsets: exact integer nanoseconds from the start time held
 * as float64, which keeps the step loop free of bigint. A step that would leave the exact range
 * is refused (SimTimeRangeError naming what), never rounded.
 */

/** What the engine's timers and actions read of its clock (the Engine). */
export interface SimClock {
  /** Whether the loop started: before, times are absolute and wait in lists. */
  readonly started: boolean;
  /** The start time (ns): offsets are from it. */
  readonly base: bigint;
  /** Now, as an offset from base. */
  readonly now: number;
  readonly nowAbs: bigint;
  /** The earliest time a queue may hold: the instant being run (see Engine#earliest). */
  readonly earliest: number;
}

/** The offset of absolute time `abs` (ns) from `base`. */
export function toOffset(abs: bigint, base: bigint, what: string): number {
  const offset = abs - base;
  if (offset > EXACT_RANGE || offset < -EXACT_RANGE) throw new SimTimeRangeError(what);
  return Number(offset);
}

/** `offset` moved on by `by` ns. */
export function advanceOffset(offset: number, by: number, what: string): number {
  const next = offset + by;
  if (next > MAX_OFFSET) throw new SimTimeRangeError(what);
  return next;
}

/**
 * Keys for the times of timers and actions made before the start. Those at or before the start
 * lie before it by any amount (a start in 2020 is ~1.6e18 ns, past the exact range), so they get
 * order-preserving keys below every in-run time instead: their ranks, from -(how many) to -1.
 */
export function preStartKeys(times: bigint[], base: bigint): (abs: bigint) => number {
  const due = [...new Set(times.filter((t) => t <= base))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rank = new Map(due.map((t, i) => [t, i - due.length]));
  return (abs) => rank.get(abs) ?? toOffset(abs, base, 'sim time');
}

/**
 * A time that went back: a queue was given, or gave, a time before the instant being run. The
 * step loop never does that; an internal error, never a user's.
 */
export function timeWentBack(what: string, at: number, earliest: number): never {
  throw new Error(`internal error: ${what} at ${at} ns from the start, before the instant being run (${earliest} ns): sim time would go back`);
}
