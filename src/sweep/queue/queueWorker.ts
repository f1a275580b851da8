import { constants, hostname } from 'node:os';
import { type Job, WaitingError, Worker } from 'bullmq';
import { realAvailableParallelism } from '../../base/realTime.js';
import { RUN_TIMEOUT_MS } from '../defaultRunTimeout.js';
import { type PoolOutcome, type PoolTask, WorkerPool } from '../WorkerPool.js';
import type { WorkerResult } from '../workerProtocol.js';
import { differingInput } from './inputHashes.js';
import type { QueuedRun } from './QueueExecutor.js';
import { RUNS_QUEUE, redisConnection } from './redisConnection.js';

/** What a run's processor is told when the worker stops under it (SIGINT/SIGTERM). */
const ABANDONED = Symbol('abandoned');

export interface QueueWorkerOptions {
  /** Runs at a time, each on a warm worker process (default: the cores). */
  concurrency?: number;
  /** How long a run's lock lasts without renewal: a worker killed mid-run gives its runs back after this, ms. */
  lockMs?: number;
}

/**
 * `rclsim worker redis://HOST:PORT`: takes runs from the sweeps' queue and runs them on its own
 * pool of warm worker processes (WorkerPool: a run that hangs or crashes its process fails here,
 * and BullMQ tries it again, here or elsewhere). It first checks that the files the job names
 * are the sweep's (their SHA-256). A worker that is killed stops renewing its runs' locks, and
 * BullMQ's stalled-run check gives them to another. SIGINT/SIGTERM end it at once, also while it
 * waits for Redis: the runs under way are abandoned (their worker processes killed) and put back
 * on the queue, one line says which; resolves with 128 + the signal's number.
 */
export async function runQueueWorker(url: string, options: QueueWorkerOptions = {}): Promise<number> {
  const concurrency = options.concurrency ?? realAvailableParallelism();
  const lockMs = options.lockMs ?? 30_000;
  // By the task itself: two sweeps of different jobs may have runs of the same key. With the
  // sweep or hunt each belongs to (its queue's name for it), for the line that says what a signal abandoned.
  const pending = new Map<PoolTask, { settle: (outcome: PoolOutcome | typeof ABANDONED) => void; of: string }>();
  const pool = new WorkerPool(concurrency, RUN_TIMEOUT_MS, (pooled, outcome) => pending.get(pooled)?.settle(outcome));
  let stopping = false;
  const connection = redisConnection(url, (line) => process.stderr.write(`rclsim worker: ${line}\n`));
  const process_ = async (job: Job<QueuedRun>, token?: string): Promise<WorkerResult> => {
    const { task, caseId, timeoutMs } = job.data;
    const differs = differingInput(task.inputs ?? {});
    if (differs !== null) return { key: task.key, ok: false, error: differs, exitCode: 2, wallSeconds: 0 };
    const pooled: PoolTask = { task, caseId, timeoutMs };
    // A run taken as the worker stops goes back at once: its pool is closed.
    const outcome = stopping
      ? ABANDONED
      : await new Promise<PoolOutcome | typeof ABANDONED>((resolve) => {
          pending.set(pooled, { settle: resolve, of: job.name });
          pool.add(pooled);
        });
    pending.delete(pooled);
    if (outcome === ABANDONED) {
      // Back on the queue for another worker at once, not counted as an attempt; with Redis away, its lock lapses instead.
      if (connection.status === 'ready') await job.moveToWait(token);
      throw new WaitingError();
    }
    if (outcome.kind === 'lost') throw new Error(`${outcome.why} (on ${hostname()})`);
    return { ...outcome.result, process: outcome.worker };
  };
  const worker = new Worker<QueuedRun, WorkerResult>(RUNS_QUEUE, process_, {
    // Stored on every run it takes (BullMQ's processedBy): a result names the machine and process.
    name: `${hostname()}:${process.pid}`,
    connection,
    concurrency,
    lockDuration: lockMs,
    stalledInterval: Math.max(1000, lockMs / 2),
    maxStalledCount: 1,
  });
  // Its errors are the connection's, said once above; unheard, an emitter's 'error' would throw.
  worker.on('error', () => {});
  // From the start: a signal while Redis does not answer yet ends it too, with its line.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  worker.waitUntilReady().then(
    // Closing a worker that never got ready makes it "ready" too.
    () => stopping || process.stderr.write(`rclsim worker: taking runs from ${url} (${concurrency} at a time)\n`),
    () => {},
  );
  const signal = await stopped;
  stopping = true;
  // The runs under way end now (their worker processes are killed, a run stuck in a callback too), and go back to the queue.
  pool.close();
  const abandoned = [...pending.entries()];
  for (const [, { settle }] of abandoned) settle(ABANDONED);
  await worker.close(connection.status !== 'ready');
  connection.disconnect();
  // By the run's sweep or hunt, then by its key (as its results name it), whatever order the runs came in.
  const keys = new Map<string, string[]>();
  for (const [pooled, { of }] of abandoned) keys.set(of, [...(keys.get(of) ?? []), pooled.task.key]);
  const named = [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([of, runs]) => `${of}: ${runs.sort().join(', ')}`);
  const runs = `${abandoned.length} run${abandoned.length === 1 ? '' : 's'}`;
  const what = abandoned.length === 0 ? 'no run was under way' : `abandoned ${runs} under way (${named.join('; ')}), back on the queue for another worker`;
  process.stderr.write(`rclsim worker: interrupted by ${signal}: ${what}\n`);
  return 128 + constants.signals[signal];
}
