import { fork, type ChildProcess } from 'node:child_process';
import type { WorkerResult, WorkerTask } from './workerProtocol.js';

const WORKER = new URL('./sweepWorker.js', import.meta.url);
/** Workers that may end without a task, per slot, before the pool stops replacing them. */
const IDLE_DEATHS_PER_SLOT = 3;

/** A task with the case it belongs to: a case's repeats go to workers that have not run it yet. */
export interface PoolTask {
  task: WorkerTask;
  caseId: string;
  /** Wall time this task may take before it counts as hung (the pool's own when absent), ms. */
  timeoutMs?: number;
}

/** What became of a task: the worker's answer, or the worker died or hung on it. */
export type PoolOutcome = ({ kind: 'answered'; result: WorkerResult } | { kind: 'lost'; why: string; wallSeconds: number }) & {
  worker: number;
  /** Attempts made, where the executor counts them itself (a queue's retries). */
  attempts?: number;
};

interface Slot {
  /** 1, 2, …: which worker (a replaced one gets a new number). */
  number: number;
  child: ChildProcess;
  current: { pooled: PoolTask; timer: ReturnType<typeof setTimeout>; started: number } | null;
  /** Cases this worker ran (kept only where repeats are spread). */
  ran: Set<string>;
}

/**
 * Warm worker processes (sweepWorker.ts), each running one task at a time. A worker that exits
 * while it runs a task, or takes longer than `timeoutMs` (it is killed), loses the task: the
 * outcome says so, and a fresh worker takes its place.
 */
export class WorkerPool {
  readonly #slots: Slot[] = [];
  readonly #queue: PoolTask[] = [];
  readonly #timeoutMs: number;
  readonly #onOutcome: (pooled: PoolTask, outcome: PoolOutcome) => void;
  #started = 0;
  #closed = false;
  #idleDeaths = 0;
  readonly #spread: boolean;
  /** Why a task cannot run once every worker failed to start. */
  #noWorker = '';

  /** `spreadRepeats`: a case's repeats go to workers that have not run it (a sweep's --verify). */
  constructor(size: number, timeoutMs: number, onOutcome: (pooled: PoolTask, outcome: PoolOutcome) => void, spreadRepeats = false) {
    this.#timeoutMs = timeoutMs;
    this.#spread = spreadRepeats;
    this.#onOutcome = onOutcome;
    for (let i = 0; i < size; i++) this.#slots.push(this.#spawn());
  }

  add(pooled: PoolTask): void {
    if (this.#slots.length === 0) {
      this.#onOutcome(pooled, { kind: 'lost', why: this.#noWorker, wallSeconds: 0, worker: 0 });
      return;
    }
    this.#queue.push(pooled);
    this.#dispatch();
  }

  /** Ends every worker (a run in progress is abandoned). */
  close(): void {
    this.#closed = true;
    for (const slot of this.#slots) {
      if (slot.current !== null) clearTimeout(slot.current.timer);
      slot.child.kill('SIGKILL');
    }
  }

  #spawn(): Slot {
    const slot: Slot = { number: ++this.#started, child: fork(WORKER, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }), current: null, ran: new Set() };
    slot.child.on('message', (result: WorkerResult) => {
      const current = slot.current;
      if (current === null || current.pooled.task.key !== result.key) return;
      clearTimeout(current.timer);
      slot.current = null;
      this.#onOutcome(current.pooled, { kind: 'answered', result, worker: slot.number });
      this.#dispatch();
    });
    slot.child.on('exit', (code, signal) => this.#lost(slot, `the worker process ended (${signal ?? `exit code ${code}`})`));
    return slot;
  }

  #lost(slot: Slot, why: string): void {
    if (this.#closed) return;
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    slot.child.removeAllListeners();
    slot.child.kill('SIGKILL');
    const current = slot.current;
    // A worker that ends with no task has not started (or was killed from outside): a few
    // replacements, then the tasks left are lost rather than workers started without end.
    if (current === null && ++this.#idleDeaths > IDLE_DEATHS_PER_SLOT * this.#slots.length) {
      this.#slots.splice(index, 1);
      this.#noWorker = `no worker could start (${why})`;
      if (this.#slots.length === 0) for (const pooled of this.#queue.splice(0)) this.add(pooled);
      return;
    }
    this.#slots[index] = this.#spawn();
    if (current !== null) {
      clearTimeout(current.timer);
      this.#onOutcome(current.pooled, { kind: 'lost', why, wallSeconds: (performance.now() - current.started) / 1000, worker: slot.number });
    }
    this.#dispatch();
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.current !== null || this.#queue.length === 0) continue;
      // A case's next repeat goes to a worker that has not run the case; one every worker has run goes anywhere.
      let pick = this.#spread ? this.#queue.findIndex((pooled) => !slot.ran.has(pooled.caseId)) : 0;
      if (pick < 0) pick = this.#queue.findIndex((pooled) => this.#slots.every((other) => other.ran.has(pooled.caseId)));
      if (pick < 0) continue;
      const pooled = this.#queue.splice(pick, 1)[0]!;
      if (this.#spread) slot.ran.add(pooled.caseId);
      const timeoutMs = pooled.timeoutMs ?? this.#timeoutMs;
      const timer = setTimeout(() => this.#lost(slot, `no result within ${timeoutMs / 1000} s (the run hung; its worker was killed)`), timeoutMs);
      slot.current = { pooled, timer, started: performance.now() };
      slot.child.send(pooled.task);
    }
  }
}
