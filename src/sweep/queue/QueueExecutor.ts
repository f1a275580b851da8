import { Job, type JobsOptions, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { Hash64 } from '../../base/Hash64.js';
import { type OnOutcome, type QueueSettings, QueueUnreachable, type RunExecutor, RunsInterrupted } from '../PooledRuns.js';
import { HUNG_WHY, type PoolTask } from '../WorkerPool.js';
import type { WorkerResult } from '../workerProtocol.js';
import { inputHashes } from './inputHashes.js';
import { RUNS_QUEUE, redisConnection } from './redisConnection.js';

/** How often the runs not yet finished are looked up (events missed while Redis was away, runs it lost). */
const POLL_MS = 2000;
/** Runs looked up per poll. */
const POLLED_PER_TICK = 500;
/**
 * Runs on the queue at once when runs are added as others end (a hunt): enough to keep many
 * machines' workers busy, few enough that little is left to run when a hunt stops (their results
 * stay in Redis, and the same hunt again takes them).
 */
export const QUEUE_WINDOW = 256;
/** How long a coordinator waits for Redis to answer at the start (an outage later it waits out), ms. */
export const QUEUE_CONNECT_MS = 10_000;

/** What a queued run carries: the task, its timeout, and the case it belongs to. */
export interface QueuedRun {
  task: PoolTask['task'];
  caseId: string;
  timeoutMs: number;
}

/**
 * A sweep's or a hunt's runs on a BullMQ queue in Redis, for `rclsim worker`s anywhere to take. A run's job id
 * is the content of what it runs (the job text's hash and the run key), so adding it again (a
 * resumed sweep, a second coordinator) adds nothing; BullMQ retries a run whose worker died
 * (stalled) or that failed as lost, `retries` times. Results come back as the jobs' return values.
 */
export class QueueExecutor implements RunExecutor {
  readonly retriesLost = true;
  readonly #queue: Queue;
  readonly #events: QueueEvents;
  readonly #connections: Redis[];
  readonly #settings: QueueSettings;
  readonly #onOutcome: OnOutcome;
  /** Runs on the queue not yet finished, by job id. */
  readonly #waiting = new Map<string, PoolTask>();
  /** Per job text: the hashes of the files it names, and its own. */
  readonly #texts = new Map<string, { inputs: Record<string, string>; hash: string }>();
  #batch: { name: string; data: QueuedRun; opts: JobsOptions }[] = [];
  readonly #poll: ReturnType<typeof setInterval>;
  #lastHeard = 0;
  #cursor = 0;

  private constructor(connections: Redis[], settings: QueueSettings, onOutcome: OnOutcome) {
    this.#connections = connections;
    this.#queue = new Queue(RUNS_QUEUE, { connection: connections[0]! });
    this.#events = new QueueEvents(RUNS_QUEUE, { connection: connections[1]! });
    // Their errors are the connections' (said by them); unheard, an emitter's 'error' would throw.
    this.#queue.on('error', () => {});
    this.#events.on('error', () => {});
    this.#settings = settings;
    this.#onOutcome = onOutcome;
    const heard = ({ jobId }: { jobId: string }): void => {
      this.#lastHeard = performance.now();
      this.#look(jobId).catch(() => {});
    };
    this.#events.on('completed', heard);
    this.#events.on('failed', heard);
    // Only when the events went quiet, and a bounded share of the runs each time, in turn: a
    // sweep of long runs is quiet for long, and Redis need not answer for every run every tick.
    this.#poll = setInterval(() => {
      if (performance.now() - this.#lastHeard < POLL_MS) return;
      const ids = [...this.#waiting.keys()];
      for (let i = 0; i < Math.min(POLLED_PER_TICK, ids.length); i++) this.#look(ids[(this.#cursor + i) % ids.length]!).catch(() => {});
      this.#cursor = ids.length === 0 ? 0 : (this.#cursor + POLLED_PER_TICK) % ids.length;
    }, POLL_MS);
  }

  /**
   * Throws QueueUnreachable when Redis does not answer within QUEUE_CONNECT_MS, RunsInterrupted
   * when SIGINT/SIGTERM comes first. The queue is made once it has answered: BullMQ's own
   * connections (it duplicates one) would reconnect without end.
   */
  static async open(url: string, settings: QueueSettings, onOutcome: OnOutcome): Promise<QueueExecutor> {
    let opened = false;
    // The connections say an outage once the queue is open (once: the second one's would repeat it); before, the line below does.
    const connections = [redisConnection(url, (line) => void (opened && process.stderr.write(`rclsim: ${line}\n`))), redisConnection(url, () => {})];
    let why = 'no answer';
    connections[0]!.on('error', (error: NodeJS.ErrnoException) => (why = error.code ?? error.message));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let interrupt: ((signal: NodeJS.Signals) => void) | undefined;
    const answered = await new Promise<boolean | NodeJS.Signals>((resolve) => {
      connections[0]!.once('ready', () => resolve(true));
      timer = setTimeout(() => resolve(false), QUEUE_CONNECT_MS);
      interrupt = resolve;
      process.once('SIGINT', interrupt);
      process.once('SIGTERM', interrupt);
    });
    clearTimeout(timer);
    process.off('SIGINT', interrupt!);
    process.off('SIGTERM', interrupt!);
    if (answered !== true) {
      for (const connection of connections) connection.disconnect();
      if (answered !== false) throw new RunsInterrupted(answered);
      throw new QueueUnreachable(`Redis at ${url} is unreachable (${why}): no answer within ${QUEUE_CONNECT_MS / 1000} s`);
    }
    opened = true;
    const executor = new QueueExecutor(connections, settings, onOutcome);
    await executor.#queue.waitUntilReady();
    await executor.#events.waitUntilReady();
    return executor;
  }

  add(pooled: PoolTask): void {
    const task = pooled.task;
    let text = this.#texts.get(task.jobText);
    if (text === undefined) {
      // The run's key and what it runs: the same case of another job is another run.
      const hash = new Hash64();
      hash.string(task.jobText);
      this.#texts.set(task.jobText, (text = { inputs: inputHashes(task.jobText, task.jobPath), hash: hash.hex() }));
    }
    const jobId = `${task.key}-${text.hash}`;
    this.#waiting.set(jobId, pooled);
    const data: QueuedRun = { task: { ...task, inputs: text.inputs }, caseId: pooled.caseId, timeoutMs: this.#settings.timeoutMs };
    if (this.#batch.length === 0) setImmediate(() => this.#flush());
    this.#batch.push({ name: this.#settings.name, data, opts: { jobId, attempts: 1 + this.#settings.retries, removeOnComplete: false, removeOnFail: false } });
  }

  /** The runs added in this turn, in one request; those already finished (a resumed sweep) are reported. */
  #flush(): void {
    const batch = this.#batch.splice(0);
    // While Redis is away the add fails; the poll puts the runs on the queue again when it is back.
    this.#queue.addBulk(batch).then(
      (jobs) => {
        for (const job of jobs) if (job.finishedOn !== undefined && job.id !== undefined) this.#look(job.id).catch(() => {});
      },
      () => {},
    );
  }

  async close(): Promise<void> {
    clearInterval(this.#poll);
    await this.#events.close();
    await this.#queue.close();
    for (const connection of this.#connections) connection.disconnect();
  }

  /** Reports a run that finished; one that Redis no longer has is put on the queue again. */
  async #look(jobId: string): Promise<void> {
    const pooled = this.#waiting.get(jobId);
    if (pooled === undefined) return;
    // The state first, then the job: a job read before its state it may show finished without its return value yet.
    const state = await this.#queue.getJobState(jobId);
    if (state === 'unknown') {
      this.#waiting.delete(jobId);
      this.add(pooled);
      return;
    }
    if (state !== 'completed' && state !== 'failed') return;
    const job = await Job.fromId(this.#queue, jobId);
    if (job === undefined || (state === 'completed' && (job.returnvalue === null || job.returnvalue === undefined))) return;
    if (!this.#waiting.delete(jobId)) return;
    const result = job.returnvalue as WorkerResult | null;
    const worker = job.processedBy === undefined ? '' : `${job.processedBy}${result?.process === undefined ? '' : `/${result.process}`}`;
    if (state === 'completed') this.#onOutcome(pooled, { kind: 'answered', result: result!, worker, attempts: job.attemptsMade });
    else {
      // The worker's pool said why it lost the run (queueWorker.ts): its words are all that come back.
      const hung = job.failedReason.startsWith(HUNG_WHY);
      this.#onOutcome(pooled, { kind: 'lost', why: job.failedReason, hung, wallSeconds: 0, worker, attempts: job.attemptsMade });
    }
  }
}
