import { Worker } from 'node:worker_threads';
import { Interruption } from '../base/interruption.js';

/** The entry file of a command's thread. */
const COMMAND_WORKER = new URL('./commandWorker.js', import.meta.url);

/** What a command's thread runs: a synchronous function `name` of `module` that returns the exit code. */
export interface CommandWork {
  module: URL;
  name: string;
  args: unknown[];
}

/**
 * Runs a command's synchronous work (`rclsim build`, a launch file evaluated by `--print-job`)
 * on a thread of its own while this, the main thread, takes SIGINT and SIGTERM: Node runs a
 * signal's handler on this thread's event loop alone, which a synchronous wait for a child
 * (cmake, the launch evaluator) would hold until the child ends. A signal raises the thread's
 * interruption: the child it waits on ends with its process group, and the thread says so in one
 * line and ends with 128 + the signal (base/stoppableChild.ts, commandWorker.ts).
 */
export async function onCommandThread(work: CommandWork): Promise<number> {
  const interruption = new Interruption();
  const worker = new Worker(COMMAND_WORKER, { workerData: { module: work.module.href, name: work.name, args: work.args, interruption: interruption.buffer } });
  const onSignal = (signal: NodeJS.Signals): void => interruption.raise(signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', resolve);
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
