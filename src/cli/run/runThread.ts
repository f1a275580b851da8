import { Worker } from 'node:worker_threads';
import { Interruption } from '../../base/interruption.js';
import { Heartbeat } from '../../engine/Heartbeat.js';

/** The entry file of a run's thread. */
export const RUN_WORKER = new URL('./runWorker.js', import.meta.url);

/**
 * A thread for one run (cli/run/runWorker.ts): it loads the simulation, then waits for its request.
 * Its end and its error are heard from its start: a thread started early may end (it could not
 * load) before anyone takes it.
 */
export interface RunThread {
  readonly worker: Worker;
  readonly heartbeat: Heartbeat;
  /** Raised on SIGINT/SIGTERM: what the thread waits on synchronously (a launch file evaluated, a C++ program built) stops. */
  readonly interruption: Interruption;
  /** Its exit code, once it ended. */
  readonly exited: Promise<number>;
  /** Why it died (out of memory, an internal error), if it did. */
  crash: Error | undefined;
}

let early: RunThread | undefined;

function startRunThread(): RunThread {
  const heartbeat = new Heartbeat();
  const interruption = new Interruption();
  const worker = new Worker(RUN_WORKER, { workerData: { heartbeat: heartbeat.buffer, interruption: interruption.buffer } });
  const thread: RunThread = { worker, heartbeat, interruption, exited: new Promise((resolve) => worker.once('exit', resolve)), crash: undefined };
  worker.on('error', (error) => (thread.crash = error));
  return thread;
}

/**
 * Starts a run's thread before the command line is read when `command` runs a simulation: it
 * loads the simulation while the main thread loads and checks the rest (on two cores the two
 * overlap, and a cold run starts sooner).
 */
export function startRunThreadEarly(command: string | undefined): void {
  if (command === 'run' || command === 'exec' || command === 'launch') early = startRunThread();
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
