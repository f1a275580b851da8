import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

// The real timers, clock and CPU count, taken when rclsim loads, before any run replaces the
// globals with virtual ones (docs/design.md#determinism-rules, rule 3). What uses them waits, measures in wall time or
// sizes rclsim's own work — a simulator's timeout, pacing, a run's duration for its summary, a
// sweep's pool — and never decides what a run does.
export const realSetTimeout = globalThis.setTimeout;
export const realClearTimeout = globalThis.clearTimeout;
export const realSetInterval = globalThis.setInterval;
export const realClearInterval = globalThis.clearInterval;
export const realSetImmediate = globalThis.setImmediate;
/** Milliseconds of wall time (performance.now). */
export const wallClock: () => number = performance.now.bind(performance);
/** Milliseconds since the epoch, as the real Date.now (file times are on that clock). */
export const wallEpochMs: () => number = Date.now.bind(Date);
/** Nanoseconds of wall time (process.hrtime.bigint). */
export const wallClockNs: () => bigint = process.hrtime.bigint.bind(process.hrtime);
/** The machine's CPU count: a run shows programs a fixed one (compat/VirtualGlobals). */
export const realAvailableParallelism: () => number = availableParallelism;

// byte order: Atomics.wait's word, never read as bytes.
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks this thread for `ms` of wall time (nothing wakes it early): what a synchronous wait sleeps with. */
export function sleepWall(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
