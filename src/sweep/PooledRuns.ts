import { constants } from 'node:os';
import { realAvailableParallelism } from '../base/realTime.js';
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

/** `--queue`: Redis did not answer at the start (QueueExecutor.ts); nothing was put on the queue. */
export class QueueUnreachable extends Error {
  override name = 'QueueUnreachable';
}

/** SIGINT or SIGTERM stopped the runs: the workers are gone, the runs under way abandoned. */
export class RunsInterrupted extends Error {
  readonly signal: NodeJS.Signals;
  /** 128 + the signal's number, as a shell reports a process the signal ended. */
  readonly exitCode: number;

  constructor(signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
    this.name = 'RunsInterrupted';
    this.signal = signal;
    this.exitCode = 128 + constants.signals[signal];
  }
}

/**
 * Runs tasks on warm worker processes (or through the queue) and answers each as a promise.
 * A lost run is tried again, `retries` times, where the executor does not do so itself.
 * SIGINT/SIGTERM while it is open end the workers (a run stuck in a callback too) and reject
 * every run under way, and any run asked for after, with RunsInterrupted.
 */
export class PooledRuns {
  /** How many runs to have under way at once to keep every worker busy, and no more. */
  readonly window: number;
  readonly #executor: RunExecutor;
  readonly #retries: number;
  readonly #waiting = new Map<PoolTask, { resolve: (answer: RunAnswer) => void; reject: (error: RunsInterrupted) => void; attempts: number }>();
  #closed: Promise<void> | undefined;
  #interrupted: RunsInterrupted | undefined;
  readonly #closeOnExit = (): void => void this.#closeExecutor();
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.#interrupted ??= new RunsInterrupted(signal);
    void this.#closeExecutor();
    for (const { reject } of this.#waiting.values()) reject(this.#interrupted);
    this.#waiting.clear();
  };

  private constructor(executor: RunExecutor, retries: number, window: number) {
    this.#executor = executor;
    this.#retries = retries;
    this.window = window;
    // A coordinator that exits (an error) takes its workers with it; one killed outright, parentWatch.ts.
    process.once('exit', this.#closeOnExit);
    process.on('SIGINT', this.#onSignal);
    process.on('SIGTERM', this.#onSignal);
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
    return new Promise((resolve, reject) => {
      if (this.#interrupted !== undefined) {
        reject(this.#interrupted);
        return;
      }
      this.#waiting.set(pooled, { resolve, reject, attempts: 1 });
      this.#executor.add(pooled);
    });
  }

  /** Ends the workers (runs under way are abandoned: their promises never settle). */
  async close(): Promise<void> {
    process.off('exit', this.#closeOnExit);
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
    await this.#closeExecutor();
  }

  #closeExecutor(): Promise<void> {
    // Once; a queue that cannot be closed (Redis gone) leaves nothing to end.
    this.#closed ??= (async () => this.#executor.close())().catch(() => {});
    return this.#closed;
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
