import { Worker } from 'node:worker_threads';
import { wallClock } from '../base/realTime.js';
import { parseJobFile } from '../job/jobFile.js';
import { bigintsAsStrings, type Findings, summaryToJson } from '../job/RunSummary.js';
import { exitCodeOf, failureMessage } from '../job/runFailure.js';
import { runJob } from '../job/runJob.js';
import { LogOutput } from '../ros/LogOutput.js';
import { PARENT_FD, type WorkerReady, type WorkerResult, type WorkerTask } from './workerProtocol.js';

/**
 * A warm worker of `rclsim sweep`: a child process that runs job after job, one at a time, as
 * the coordinator sends them (it sends the next while one runs). Runs are values (docs/design.md#seams):
 * each restores the globals it virtualized when it ends, so the next starts as the first did,
 * without paying for a process.
 */

async function run(task: WorkerTask): Promise<WorkerResult> {
  const started = wallClock();
  const elapsed = (): number => (wallClock() - started) / 1000;
  let findings: Findings | undefined;
  try {
    const summary = await runJob(parseJobFile(task.jobText, task.jobPath), {
      ...(task.seed === null ? {} : { seed: task.seed }),
      ...(task.reportPath === null ? {} : { reportPath: task.reportPath }),
      ...(task.tracePath === undefined ? {} : { tracePath: task.tracePath }),
      ...(task.swarm ? { swarm: true } : {}),
      ...(task.seededOrder ? { seededOrder: true } : {}),
      logOutput: new LogOutput(() => {}),
      onFindings: (found) => (findings = found),
    });
    return { key: task.key, ok: true, summary: summaryToJson(summary), wallSeconds: elapsed() };
  } catch (error) {
    const failure = { key: task.key, ok: false, error: failureMessage(error).split('\n')[0]!, exitCode: exitCodeOf(error), wallSeconds: elapsed() } as const;
    return findings === undefined ? failure : { ...failure, findings: JSON.stringify(findings, bigintsAsStrings) };
  }
}

// The coordinator sends the next task before this one ends: they run one after the other.
let queue = Promise.resolve();
process.on('message', (task: WorkerTask) => {
  queue = queue.then(async () => void process.send!(await run(task)));
});
// The coordinator's process ending ends this one, also while a run is stuck in a callback.
new Worker(new URL('./parentWatch.js', import.meta.url), { workerData: PARENT_FD }).unref();
process.send!({ ready: true } satisfies WorkerReady);
