import { hostname } from 'node:os';
import { type Job, Worker } from 'bullmq';
import { realAvailableParallelism } from '../../engine/realTime.js';
import { RUN_TIMEOUT_MS } from '../runTimeout.js';
import { type PoolOutcome, type PoolTask, WorkerPool } from '../WorkerPool.js';
import type { WorkerResult } from '../workerProtocol.js';
import { differingInput } from './inputHashes.js';
import type { QueuedRun } from './QueueExecutor.js';
import { RUNS_QUEUE, redisConnection } from './redisConnection.js';

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
 * BullMQ's stalled-run check gives them to another. Resolves when SIGINT/SIGTERM closed it.
 */
export async function runQueueWorker(url: string, options: QueueWorkerOptions = {}): Promise<void> {
  const concurrency = options.concurrency ?? realAvailableParallelism();
  const lockMs = options.lockMs ?? 30_000;
  // By the task itself: two sweeps of different jobs may have runs of the same key.
  const pending = new Map<PoolTask, (outcome: PoolOutcome) => void>();
  const pool = new WorkerPool(concurrency, RUN_TIMEOUT_MS, (pooled, outcome) => pending.get(pooled)?.(outcome));
  const connection = redisConnection(url, (line) => process.stderr.write(`rclsim worker: ${line}\n`));
  const process_ = async (job: Job<QueuedRun>): Promise<WorkerResult> => {
    const { task, caseId, timeoutMs } = job.data;
    const differs = differingInput(task.inputs ?? {});
    if (differs !== null) return { key: task.key, ok: false, error: differs, exitCode: 2, wallSeconds: 0 };
    const pooled: PoolTask = { task, caseId, timeoutMs };
    const outcome = await new Promise<PoolOutcome>((resolve) => {
      pending.set(pooled, resolve);
      pool.add(pooled);
    });
    pending.delete(pooled);
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
  await worker.waitUntilReady();
  process.stderr.write(`rclsim worker: taking runs from ${url} (${concurrency} at a time)\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      void worker.close().then(() => {
        pool.close();
        connection.disconnect();
        resolve();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
