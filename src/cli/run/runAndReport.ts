import { causesOf } from '../../base/causes.js';
import { describeThrown } from '../../base/describeThrown.js';
import type { JobDefinition } from '../../job/JobHandle.js';
import { summaryToJson } from '../../job/RunSummary.js';
import { exitCodeOf, failureMessage } from '../../job/runFailure.js';
import type { Supervision } from '../../job/runJob.js';
import { LogOutput } from '../../ros/LogOutput.js';
import { LOG_LEVELS } from '../logLevels.js';
import { oneLine } from '../oneLine.js';
import { formatSummary } from './formatSummary.js';

/** Options every command that runs a simulation shares. */
export interface RunCommandOptions {
  json?: boolean;
  paramsFile: string[];
  seed?: number;
  /** `--start T`: the sim time the run starts at, instead of the job's. */
  start?: string;
  fingerprint: boolean;
  maxCallbacksPerInstant?: number;
  logLevel: keyof typeof LOG_LEVELS;
  verbose?: boolean;
  quiet?: boolean;
  trace?: string;
  metrics?: string;
  report?: string;
  /** `--foxglove [HOST:]PORT` (true: the default address). */
  foxglove?: string | true;
  /** `--rate R`: times real time (Infinity: max). */
  rate?: number;
  waitForClient?: boolean;
  perturb?: boolean;
  seededOrder?: boolean;
  /** `--swarm`: the seed also decides which faults are on. */
  swarm?: boolean;
  /** Wall time (ms) a callback may run before the supervisor stops the run (see supervisor.ts). */
  callbackTimeout?: number;
}

/**
 * Loads and runs a job, prints its summary (human, or one JSON line on stdout with --json) and
 * returns the exit code; a failure is one line on stderr (the stack with --verbose), and so is
 * each output that could not be finished besides it.
 */
export async function runAndReport(
  load: () => Promise<JobDefinition>,
  options: RunCommandOptions,
  humanSummaryTo: NodeJS.WritableStream,
  supervision?: Supervision,
): Promise<number> {
  const lost: unknown[] = [];
  try {
    const job = await load();
    // The simulation's run, and what starts programs, load once the job has: a job refused as it
    // loads costs less to start, and a program's start (timed by --callback-timeout) loads nothing of rclsim's.
    const [{ runJob }] = await Promise.all([import('../../job/runJob.js'), import('../../job/startEntries.js')]);
    const summary = await runJob(job, {
      paramsFiles: options.paramsFile,
      fingerprint: options.fingerprint,
      logOutput: new LogOutput(undefined, LOG_LEVELS[options.logLevel]),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
      ...(options.trace === undefined ? {} : { tracePath: options.trace }),
      ...(options.metrics === undefined ? {} : { metricsPath: options.metrics }),
      ...(options.report === undefined ? {} : { reportPath: options.report }),
      // A live view is watched at real time unless told otherwise.
      ...(options.rate !== undefined ? { rate: options.rate } : options.foxglove !== undefined ? { rate: 1 } : {}),
      ...(options.perturb ? { perturb: true } : {}),
      ...(options.seededOrder ? { seededOrder: true } : {}),
      ...(options.swarm ? { swarm: true } : {}),
      ...(supervision === undefined ? {} : { supervision }),
      outputFailed: (error) => lost.push(error),
    });
    if (options.json) process.stdout.write(`${summaryToJson(summary)}\n`);
    else humanSummaryTo.write(`${formatSummary(summary)}\n`);
    return summary.exitCode;
  } catch (error) {
    // One line by default (a message may quote multi-line text); everything with --verbose.
    const message = failureMessage(error);
    process.stderr.write(`rclsim: ${options.verbose ? message : oneLine(message)}\n`);
    if (options.verbose) process.stderr.write(`${stackOf(error)}\n`);
    return exitCodeOf(error);
  } finally {
    for (const error of lost) process.stderr.write(`rclsim: ${oneLine(describeThrown(error))}\n`);
  }
}

/** The stack of an error and of its causes (a callback's own stack is the cause's). */
function stackOf(error: unknown): string {
  return causesOf(error)
    .map((e) => {
      try {
        return (e as Error).stack ?? describeThrown(e);
      } catch {
        return describeThrown(e);
      }
    })
    .join('\ncaused by: ');
}
