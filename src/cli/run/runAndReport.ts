import { constants } from 'node:os';
import { BagError } from '../../bag/BagStorage.js';
import { causesOf } from '../../base/causes.js';
import { describeThrown } from '../../base/describeThrown.js';
import { CallbackError, InterruptedError, LivelockError, OutputError, ProgramDiedError, SimTimeRangeError } from '../../base/runErrors.js';
import { DelaysCsvError } from '../../job/delaysCsv.js';
import { DurationError } from '../../job/duration.js';
import type { JobDefinition } from '../../job/JobHandle.js';
import { JobFileError, JobModuleError } from '../../job/jobErrors.js';
import { summaryToJson } from '../../job/RunSummary.js';
import { runJob, type Supervision } from '../../job/runJob.js';
import { RemoteInputError } from '../../port/server/remoteErrors.js';
import { LogOutput } from '../../ros/LogOutput.js';
import { ParameterOverrideError } from '../../ros/NodeParameters.js';
import { RosArgumentsError } from '../../ros/RosArguments.js';
import { CheckError } from '../../sim/checks/Checks.js';
import { ParamsFileError } from '../../sim/ParamsFile.js';
import { WorldInputError } from '../../world/WorldInputError.js';
import { ExitCode } from '../exitCodes.js';
import { LOG_LEVELS } from '../logLevels.js';
import { oneLine } from '../oneLine.js';
import { OutputCollisionError } from '../outputCollisions.js';
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

/** Errors that mean the input was wrong (exit code 2), as opposed to the simulation failing. */
const BAD_INPUT = [
  CheckError,
  JobFileError,
  JobModuleError,
  ParamsFileError,
  ParameterOverrideError,
  RosArgumentsError,
  DurationError,
  DelaysCsvError,
  BagError,
  RemoteInputError,
  OutputCollisionError,
  WorldInputError,
];

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

/**
 * What went wrong, for the one line. Bad input a program met as it started (a parameter file's
 * value out of the declared range) is told as bad input is, naming its source, however it
 * surfaced; a thrown value is described without running code of its that could throw.
 */
export function failureMessage(error: unknown): string {
  const chain = causesOf(error);
  return describeThrown(chain.find(isBadInput) ?? chain.find((e) => isAny(e, [ProgramDiedError])) ?? error);
}

/**
 * The exit code that says what went wrong. A program that fails on bad input while it starts
 * (a parameter file of the wrong type, bad --ros-args) is bad input, however it surfaced: the
 * error it met is the callback's error, or in that error's chain of causes (a program that wraps it).
 */
export function exitCodeOf(error: unknown): number {
  // A time beyond the exact range, outside any callback, comes from what the job asked for.
  if (error instanceof SimTimeRangeError) return ExitCode.badInput;
  const chain = causesOf(error);
  if (chain.some(isBadInput)) return ExitCode.badInput;
  if (chain.some((e) => isAny(e, [OutputError]))) return ExitCode.outputFailed;
  const died = chain.find((e): e is ProgramDiedError => isAny(e, [ProgramDiedError]));
  if (died !== undefined)
    return died.death === 'signal' ? ExitCode.programDied : died.death === 'out-of-memory' ? ExitCode.outOfMemory : ExitCode.callbackThrew;
  if (error instanceof CallbackError) return ExitCode.callbackThrew;
  if (error instanceof LivelockError) return ExitCode.livelock;
  // As a shell reports a process killed by the signal: 128 + its number (130, 143).
  if (error instanceof InterruptedError) return 128 + constants.signals[error.signal];
  return ExitCode.internalError;
}

function isBadInput(error: unknown): boolean {
  return isAny(error, BAD_INPUT);
}

/** `instanceof`, which a user's Proxy (its getPrototypeOf trap) could make throw. */
function isAny(value: unknown, kinds: readonly (abstract new (...args: never[]) => unknown)[]): boolean {
  try {
    return kinds.some((kind) => value instanceof kind);
  } catch {
    return false;
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
