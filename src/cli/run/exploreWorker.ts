import { parentPort } from 'node:worker_threads';
import { loadJob } from '../../job/loadJob.js';
import { bigintsAsStrings } from '../../job/RunSummary.js';
import { exitCodeOf, failureMessage } from '../../job/runFailure.js';
import { runJob } from '../../job/runJob.js';
import { LogOutput } from '../../ros/LogOutput.js';
import { oneLine } from '../oneLine.js';
import { RUN_STARTED } from './runDeadlines.js';

/** One run of `rclsim explore`, as the main thread asks for it. */
export interface ExploreTask {
  jobPath: string;
  seed: number;
  trace: string;
  paramsFiles: string[];
}

/** What the run ended with: its results, exit code and end as JSON, or its failure (one line) and the exit code that says what failed. */
export interface ExploreResult {
  fingerprint: string;
  outcome: string;
  failedWith?: number;
}

/**
 * The thread `rclsim explore`'s runs happen on, one after another (cli/run/ExploreThread.ts): the
 * main thread stays free to stop a run that hangs, however it hangs.
 */
async function explored(task: ExploreTask): Promise<ExploreResult> {
  try {
    const summary = await runJob(await loadJob(task.jobPath), {
      seed: task.seed,
      seededOrder: true,
      tracePath: task.trace,
      paramsFiles: task.paramsFiles,
      logOutput: new LogOutput(() => {}),
    });
    return {
      fingerprint: summary.fingerprint,
      outcome: JSON.stringify({ results: summary.results, exitCode: summary.exitCode, ended: summary.endReason }, bigintsAsStrings),
    };
  } catch (error) {
    return { fingerprint: '', outcome: `failed: ${oneLine(failureMessage(error))}`, failedWith: exitCodeOf(error) };
  }
}

// A worker's stdout reaches the process through the main thread: what a program printed comes before the result.
const handedOver = (stream: NodeJS.WriteStream): Promise<void> => new Promise((resolve) => stream.write('', () => resolve()));
const port = parentPort!;
port.on('message', async (task: ExploreTask) => {
  // The run's wall time starts here: a fresh thread's own start-up is not the run's.
  port.postMessage(RUN_STARTED);
  const result = await explored(task);
  await Promise.all([handedOver(process.stdout), handedOver(process.stderr)]);
  port.postMessage(result);
});
