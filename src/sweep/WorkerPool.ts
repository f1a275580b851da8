import { type ChildProcess, fork } from 'node:child_process';
import type { WorkerReady, WorkerResult, WorkerTask } from './workerProtocol.js';

const WORKER = new URL('./sweepWorker.js', import.meta.url);
/** Workers that may end without a task, per slot, before the pool stops replacing them. */
const IDLE_DEATHS_PER_SLOT = 3;
/**
 * Tasks a worker holds at once: the one it runs and the next, so that it goes on without waiting
 * for the coordinator to hear of the run that ended (on a machine whose cores the workers keep
 * busy, the coordinator waits for one before it can answer).
 */
const TASKS_PER_WORKER = 2;

/** A task with the case it belongs to: a case's repeats go to workers that have not run it yet. */
export interface PoolTask {
  task: WorkerTask;
  caseId: string;
  /** Wall time this task may take before it counts as hung (the pool's own when absent), ms. */
  timeoutMs?: number;
}

/** How the `why` of a task lost because it passed its timeout begins (also as a queue passes it on). */
export const HUNG_WHY = 'no result within';

/** What became of a task: the worker's answer, or the worker died or hung on it (`hung`: it passed its timeout). */
export type PoolOutcome = ({ kind: 'answered'; result: WorkerResult } | { kind: 'lost'; why: string; hung: boolean; wallSeconds: number }) & {
  worker: number | string;
  /** Attempts made, where the executor counts them itself (a queue's retries). */
  attempts?: number;
};

interface Slot {
  /** 1, 2, …: which worker (a replaced one gets a new number). */
  number: number;
  child: ChildProcess;
  /** The tasks sent to it, in the order it runs them: the first runs now. */
  held: PoolTask[];
  /** Whether the worker said it started (WorkerReady): its first task's hang timer waits for it. */
  ready: boolean;
  /** The first task's hang timer, and when it started. */
  timer: ReturnType<typeof setTimeout> | undefined;
  started: number;
  /** Cases this worker ran (kept only where repeats are spread). */
  ran: Set<string>;
}

/**
 * Warm worker processes (sweepWorker.ts), each running one task at a time and holding the next.
 * A worker that exits while it runs a task, or takes longer than `timeoutMs` on one (it is
 * killed), loses that task: the outcome says so, the task it held goes to another, and a fresh
 * worker takes its place.
 */
export class WorkerPool {
  /** A lost task is reported as lost: the sweep decides whether it runs again. */
  readonly retriesLost = false;
  /** Tasks the workers hold at once: as many under way keep every one busy. */
  readonly capacity: number;
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
    this.capacity = size * TASKS_PER_WORKER;
    for (let i = 0; i < size; i++) this.#slots.push(this.#spawn());
  }

  add(pooled: PoolTask): void {
    if (this.#slots.length === 0) {
      this.#onOutcome(pooled, { kind: 'lost', why: this.#noWorker, hung: false, wallSeconds: 0, worker: 0 });
      return;
    }
    this.#queue.push(pooled);
    this.#dispatch();
  }

  /** Ends every worker (a run in progress is abandoned). */
  close(): void {
    this.#closed = true;
    for (const slot of this.#slots) {
      clearTimeout(slot.timer);
      slot.child.kill('SIGKILL');
    }
  }

  #spawn(): Slot {
    // The 'pipe' is the worker's PARENT_FD: its end here closes with this process, and the worker
    // ends then (parentWatch.ts). In a process group of its own, so that a terminal's Ctrl-C
    // reaches the workers from here (close), not as an interrupt of their run, whose answer would count.
    const child = fork(WORKER, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc', 'pipe'], detached: true });
    const slot: Slot = { number: ++this.#started, child, ready: false, held: [], timer: undefined, started: 0, ran: new Set() };
    slot.child.on('message', (result: WorkerResult | WorkerReady) => {
      // An answer already on its way when the pool closed would start a hang timer that keeps the coordinator alive.
      if (this.#closed) return;
      if ('ready' in result) {
        slot.ready = true;
        this.#startTimer(slot);
        return;
      }
      const pooled = slot.held[0];
      if (pooled === undefined || pooled.task.key !== result.key) return;
      slot.held.shift();
      this.#startTimer(slot);
      this.#onOutcome(pooled, { kind: 'answered', result, worker: slot.number });
      this.#dispatch();
    });
    slot.child.on('exit', (code, signal) => this.#lost(slot, `the worker process ended (${signal ?? `exit code ${code}`})`, false));
    return slot;
  }

  #lost(slot: Slot, why: string, hung: boolean): void {
    if (this.#closed) return;
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    slot.child.removeAllListeners();
    slot.child.kill('SIGKILL');
    clearTimeout(slot.timer);
    const [current, ...unstarted] = slot.held;
    // The tasks it held but had not started go first to the others, as if never sent.
    this.#queue.unshift(...unstarted);
    // A worker that ends with no task has not started (or was killed from outside): a few
    // replacements, then the tasks left are lost rather than workers started without end.
    if (current === undefined && ++this.#idleDeaths > IDLE_DEATHS_PER_SLOT * this.#slots.length) {
      this.#slots.splice(index, 1);
      this.#noWorker = `no worker could start (${why})`;
      if (this.#slots.length === 0) for (const pooled of this.#queue.splice(0)) this.add(pooled);
      return;
    }
    this.#slots[index] = this.#spawn();
    if (current !== undefined)
      this.#onOutcome(current, { kind: 'lost', why, hung, wallSeconds: (performance.now() - slot.started) / 1000, worker: slot.number });
    this.#dispatch();
  }

  /**
   * The worker starts its first task now (the one before ended, it was idle, or it has just
   * started: a process's start on a busy machine is no part of a run's time): a hang timer for it.
   */
  #startTimer(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const pooled = slot.held[0];
    if (pooled === undefined || !slot.ready) return;
    const timeoutMs = pooled.timeoutMs ?? this.#timeoutMs;
    slot.timer = setTimeout(() => this.#lost(slot, `${HUNG_WHY} ${timeoutMs / 1000} s (the run hung; its worker was killed)`, true), timeoutMs);
    slot.started = performance.now();
  }

  #dispatch(): void {
    // Every worker gets a task before any gets a second.
    for (let depth = 1; depth <= TASKS_PER_WORKER; depth++) {
      for (const slot of this.#slots) {
        if (slot.held.length >= depth || this.#queue.length === 0) continue;
        // A case's next repeat goes to a worker that has not run the case; one every worker has run goes anywhere.
        let pick = this.#spread ? this.#queue.findIndex((pooled) => !slot.ran.has(pooled.caseId)) : 0;
        if (pick < 0) pick = this.#queue.findIndex((pooled) => this.#slots.every((other) => other.ran.has(pooled.caseId)));
        if (pick < 0) continue;
        const pooled = this.#queue.splice(pick, 1)[0]!;
        if (this.#spread) slot.ran.add(pooled.caseId);
        slot.held.push(pooled);
        if (slot.held.length === 1) this.#startTimer(slot);
        slot.child.send(pooled.task);
      }
    }
  }
}
