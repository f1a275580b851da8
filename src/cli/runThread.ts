import { Worker } from 'node:worker_threads';
import { Heartbeat } from '../engine/Heartbeat.js';

/** The entry file of a run's thread. */
export const RUN_WORKER = new URL('./runWorker.js', import.meta.url);

/** A thread for one run (cli/runWorker.ts): it loads the simulation, then waits for its request. */
export interface RunThread {
  readonly worker: Worker;
  readonly heartbeat: Heartbeat;
}

let early: RunThread | undefined;

function startRunThread(): RunThread {
  const heartbeat = new Heartbeat();
  return { worker: new Worker(RUN_WORKER, { workerData: { heartbeat: heartbeat.buffer } }), heartbeat };
}

/**
 * Starts a run's thread before the command line is read when `command` runs a simulation: it
 * loads the simulation while the main thread loads and checks the rest (on two cores the two
 * overlap, and a cold run starts sooner).
 */
export function startRunThreadEarly(command: string | undefined): void {
  if (command === 'run' || command === 'exec') early = startRunThread();
}

/** The thread started early, or a new one. */
export function takeRunThread(): RunThread {
  const thread = early ?? startRunThread();
  early = undefined;
  return thread;
}

/** Ends a thread started early that no run took (a usage error, --help). */
export async function discardRunThread(): Promise<void> {
  const thread = early;
  early = undefined;
  await thread?.worker.terminate();
}
