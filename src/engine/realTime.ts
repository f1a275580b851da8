import { performance } from 'node:perf_hooks';

// The real timers and clock, taken when rclsim loads, before any run replaces the globals with
// virtual ones (DESIGN.md rule 3). What uses them waits or measures in wall time — a simulator's
// timeout, pacing, a run's duration for its summary — and never decides what a run does.
export const realSetTimeout = globalThis.setTimeout;
export const realClearTimeout = globalThis.clearTimeout;
export const realSetInterval = globalThis.setInterval;
export const realClearInterval = globalThis.clearInterval;
export const realSetImmediate = globalThis.setImmediate;
/** Milliseconds of wall time (performance.now). */
export const wallClock: () => number = performance.now.bind(performance);
/** Nanoseconds of wall time (process.hrtime.bigint). */
export const wallClockNs: () => bigint = process.hrtime.bigint.bind(process.hrtime);
