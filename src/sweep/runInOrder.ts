import type { PooledRuns, RunAnswer } from './PooledRuns.js';
import type { PoolTask } from './WorkerPool.js';

export interface InOrderOptions<V> {
  /** Tasks 0 … count − 1, started in that order. */
  count: number;
  task(index: number): PoolTask;
  /** What an answer comes to (read once, as it arrives). */
  judge(answer: RunAnswer): V;
  /** Whether it ends the runs: no task after it starts. */
  stops(judged: V): boolean;
  /** Told of each answer in index order, up to the one that stops the runs. */
  onAnswer?(index: number, judged: V): void;
}

/**
 * Runs tasks on the pool, as many at a time as keep its workers busy, until one `stops` them, and
 * returns its index (-1: none did). It is the first by index, not by time: once a task stops
 * the runs no later one starts, and the earlier ones under way finish, so the answer is the
 * smallest such index among the tasks started, whatever order the workers end them in. Answers
 * are handed on in index order for the same reason. Tasks still under way when it returns go on
 * (the pool's to end); their answers are ignored. It rejects as a run does (RunsInterrupted).
 */
export function runInOrder<V>(pool: Pick<PooledRuns, 'run' | 'window'>, options: InOrderOptions<V>): Promise<number> {
  const arrived = new Map<number, V>();
  let next = 0;
  let delivered = 0;
  let underWay = 0;
  // No task at or past this index starts: the count, or one past the first known to stop.
  let end = options.count;
  let finished = false;
  return new Promise((resolve, reject) => {
    const finish = (index: number): void => {
      finished = true;
      resolve(index);
    };
    const deliver = (): void => {
      for (; arrived.has(delivered); delivered++) {
        const judged = arrived.get(delivered)!;
        arrived.delete(delivered);
        options.onAnswer?.(delivered, judged);
        if (options.stops(judged)) {
          finish(delivered);
          return;
        }
      }
      if (delivered >= end) finish(-1);
    };
    const start = (): void => {
      while (!finished && next < end && underWay < pool.window) {
        const index = next++;
        underWay++;
        pool.run(options.task(index)).then((answer) => {
          underWay--;
          if (finished) return;
          const judged = options.judge(answer);
          if (options.stops(judged)) end = Math.min(end, index + 1);
          arrived.set(index, judged);
          deliver();
          start();
        }, reject);
      }
    };
    if (options.count === 0) finish(-1);
    else start();
  });
}
