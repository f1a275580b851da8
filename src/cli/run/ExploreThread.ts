import { Worker } from 'node:worker_threads';
import { oneLine } from '../oneLine.js';
import type { ExploreResult, ExploreTask } from './exploreWorker.js';
import { hungAfter, RUN_STARTED } from './runDeadlines.js';

const EXPLORE_WORKER = new URL('./exploreWorker.js', import.meta.url);

/**
 * The thread explore's runs happen on (cli/run/exploreWorker.ts), warm from one run to the next, as
 * they were on the main thread: a run costs what it costs. The main thread watches each run's
 * wall time from when its thread begins it (a fresh thread's start-up is not the run's): a run
 * that takes longer than its limit has hung, in code that may never return,
 * and only ending its thread stops it; the next run gets a fresh one. A thread cannot outlive
 * the process, however the process ends.
 */
export class ExploreThread {
  #worker: Worker | undefined;

  /** Runs `task`: its result, or a hung or failed one when the run passed `timeoutMs` or its thread died. */
  run(task: ExploreTask, timeoutMs: number): Promise<ExploreResult & { hung: boolean }> {
    const worker = (this.#worker ??= new Worker(EXPLORE_WORKER));
    return new Promise((resolve) => {
      // Whatever comes first settles the run; what follows (the exit of a thread ended here) does not.
      let limit: ReturnType<typeof setTimeout> | undefined;
      const detach = (): void => {
        clearTimeout(limit);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const onMessage = (result: ExploreResult | typeof RUN_STARTED): void => {
        if (result === RUN_STARTED) {
          limit = setTimeout(() => lost(hungAfter(timeoutMs), true), timeoutMs);
          return;
        }
        detach();
        resolve({ ...result, hung: false });
      };
      const lost = (outcome: string, hung: boolean): void => {
        detach();
        if (this.#worker === worker) this.#worker = undefined;
        void worker.terminate().then(() => resolve({ fingerprint: '', outcome, hung }));
      };
      // What a run's code left behind may fail between runs, out of any run's reach.
      const onError = (error: Error): void => lost(`failed: ${oneLine(error.message)}`, false);
      const onExit = (): void => lost('failed: its thread ended', false);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(task);
    });
  }

  /** Ends the thread, and the run it runs if any (which then ends as failed). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}
