import { performance } from 'node:perf_hooks';
import { exitCodeOf } from '../cli/runAndReport.js';
import { parseJobFile } from '../job/jobFile.js';
import { runJob } from '../job/runJob.js';
import { summaryToJson } from '../job/RunSummary.js';
import { LogOutput } from '../rcl/LogOutput.js';
import type { WorkerResult, WorkerTask } from './workerProtocol.js';

/**
 * A warm worker of `rclsim sweep`: a child process that runs job after job, as the coordinator
 * sends them, one at a time. Runs are values (DESIGN.md): each restores the globals it
 * virtualized when it ends, so the next starts as the first did, without paying for a process.
 */
// Taken before any run virtualizes the clock: a run's wall time is real.
const wallClock = performance.now.bind(performance);

async function run(task: WorkerTask): Promise<WorkerResult> {
  const started = wallClock();
  const elapsed = (): number => (wallClock() - started) / 1000;
  try {
    const summary = await runJob(parseJobFile(task.jobText, task.jobPath), {
      ...(task.seed === null ? {} : { seed: task.seed }),
      ...(task.reportPath === null ? {} : { reportPath: task.reportPath }),
      logOutput: new LogOutput(() => {}),
    });
    return { key: task.key, ok: true, summary: summaryToJson(summary), wallSeconds: elapsed() };
  } catch (error) {
    return { key: task.key, ok: false, error: (error as Error).message.split('\n')[0]!, exitCode: exitCodeOf(error), wallSeconds: elapsed() };
  }
}

process.on('message', (task: WorkerTask) => {
  void run(task).then((result) => process.send!(result));
});
// The coordinator going away ends the worker: nothing else would.
process.on('disconnect', () => process.exit(0));
