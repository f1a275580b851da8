import { realAvailableParallelism } from '../engine/realTime.js';
import { type PoolOutcome, type PoolTask, WorkerPool } from './WorkerPool.js';

/** Where runs run: the local pool of warm workers, or a job queue across machines. */
export interface RunExecutor {
  add(pooled: PoolTask): void;
  close(): Promise<void> | void;
  /** It tries a lost run again itself (as often as told): its lost outcomes are final. */
  readonly retriesLost: boolean;
}

export type OnOutcome = (pooled: PoolTask, outcome: PoolOutcome) => void;

/** What a queue files runs under and how it treats them (a sweep's or a hunt's). */
export interface QueueSettings {
  name: string;
  /** Wall time a run may take before it counts as hung, ms. */
  timeoutMs: number;
  /** Attempts after the first for a run that crashed or hung. */
  retries: number;
}

export interface PooledRunsOptions extends QueueSettings {
  /** Local worker processes (default: the machine's cores). */
  jobs?: number;
  /** Put the runs on this Redis (BullMQ) for `rclsim worker`s to take, instead of local workers. */
  queue?: string;
  /** A task's repeats (its caseId) go to workers that have not run it (a sweep's --verify). */
  spreadRepeats?: boolean;
}

/** A run's final outcome, after the retries of a run whose worker died or that hung. */
export type RunAnswer = PoolOutcome & { attempts: number };

/**
 * Runs tasks on warm worker processes (or through the queue) and answers each as a promise.
 * A lost run is tried again, `retries` times, where the executor does not do so itself.
 */
export class PooledRuns {
  /** How many runs to have under way at once to keep every worker busy, and no more. */
  readonly window: number;
  readonly #executor: RunExecutor;
  readonly #retries: number;
  readonly #waiting = new Map<PoolTask, { resolve: (answer: RunAnswer) => void; attempts: number }>();
  readonly #closeOnExit = (): void => void this.#executor.close();

  private constructor(executor: RunExecutor, retries: number, window: number) {
    this.#executor = executor;
    this.#retries = retries;
    this.window = window;
    // A coordinator that exits (an error, a signal) takes its workers with it.
    process.once('exit', this.#closeOnExit);
  }

  /** `most`: the runs there are at most (no more local workers are started than that). */
  static async open(options: PooledRunsOptions, most = Infinity): Promise<PooledRuns> {
    const onOutcome: OnOutcome = (pooled, outcome) => runs.#answered(pooled, outcome);
    let runs: PooledRuns;
    const queue = options.queue;
    if (queue !== undefined) {
      const { QUEUE_WINDOW, QueueExecutor } = await import('./queue/QueueExecutor.js');
      runs = new PooledRuns(await QueueExecutor.open(queue, options, onOutcome), options.retries, QUEUE_WINDOW);
    } else {
      const size = Math.max(1, Math.min(options.jobs ?? realAvailableParallelism(), most));
      const pool = new WorkerPool(size, options.timeoutMs, onOutcome, options.spreadRepeats ?? false);
      runs = new PooledRuns(pool, options.retries, pool.capacity);
    }
    return runs;
  }

  run(pooled: PoolTask): Promise<RunAnswer> {
    return new Promise((resolve) => {
      this.#waiting.set(pooled, { resolve, attempts: 1 });
      this.#executor.add(pooled);
    });
  }

  /** Ends the workers (runs under way are abandoned: their promises never settle). */
  async close(): Promise<void> {
    process.off('exit', this.#closeOnExit);
    await this.#executor.close();
  }

  #answered(pooled: PoolTask, outcome: PoolOutcome): void {
    const waiting = this.#waiting.get(pooled);
    if (waiting === undefined) return;
    const attempts = outcome.attempts ?? waiting.attempts;
    if (outcome.kind === 'lost' && !this.#executor.retriesLost && attempts <= this.#retries) {
      waiting.attempts = attempts + 1;
      this.#executor.add(pooled);
      return;
    }
    this.#waiting.delete(pooled);
    waiting.resolve({ ...outcome, attempts });
  }
}
