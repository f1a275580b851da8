#!/usr/bin/env node
import { Command, Option } from 'commander';
import { CallbackError, LivelockError } from '../engine/errors.js';
import { JobModuleError, loadJobModule } from '../job/loadJobModule.js';
import { ParamsFileError } from '../job/paramsFile.js';
import { runJob } from '../job/runJob.js';
import { summaryToJson } from '../job/RunSummary.js';
import { LoggingSeverity, LogOutput } from '../rcl/LogOutput.js';
import { ParameterOverrideError } from '../rcl/NodeParameters.js';
import { ExitCode } from './exitCodes.js';
import { formatSummary } from './formatSummary.js';

interface RunCommandOptions {
  json?: boolean;
  paramsFile: string[];
  fingerprint: boolean;
  maxCallbacksPerInstant?: number;
  logLevel: keyof typeof LEVELS;
  verbose?: boolean;
}

const LEVELS = {
  debug: LoggingSeverity.DEBUG,
  info: LoggingSeverity.INFO,
  warn: LoggingSeverity.WARN,
  error: LoggingSeverity.ERROR,
  fatal: LoggingSeverity.FATAL,
};

const program = new Command()
  .name('rclsim')
  .description('Deterministic discrete-event simulation of ROS 2 node graphs (rclnodejs-compatible)')
  .showHelpAfterError();

program
  .command('run')
  .description('run a job module (.ts or .js) and print its summary')
  .argument('<job>', 'job module: default export defineJob({...}) or a setup(job) function')
  .option('--json', 'print the summary as one JSON object on the last line of stdout')
  .option('--params-file <file>', 'ROS 2 parameter file for the nodes (repeatable; later files win)', collect, [])
  .option('--no-fingerprint', 'do not compute the run fingerprint')
  .option('--max-callbacks-per-instant <n>', 'callbacks at one sim instant before failing as a livelock', positiveInt)
  .addOption(new Option('--log-level <level>', 'minimum severity of node log lines').choices(Object.keys(LEVELS)).default('info'))
  .option('--verbose', 'print the stack of a failure')
  .action(async (jobPath: string, options: RunCommandOptions) => {
    process.exitCode = await runCommand(jobPath, options);
  });

async function runCommand(jobPath: string, options: RunCommandOptions): Promise<number> {
  try {
    const job = await loadJobModule(jobPath);
    const summary = await runJob(job, {
      paramsFiles: options.paramsFile,
      fingerprint: options.fingerprint,
      logOutput: new LogOutput(undefined, LEVELS[options.logLevel]),
      ...(options.maxCallbacksPerInstant === undefined ? {} : { maxCallbacksPerInstant: options.maxCallbacksPerInstant }),
    });
    process.stdout.write(`${options.json ? summaryToJson(summary) : formatSummary(summary)}\n`);
    return summary.exitCode;
  } catch (error) {
    process.stderr.write(`rclsim: ${(error as Error).message ?? String(error)}\n`);
    if (options.verbose) process.stderr.write(`${stackOf(error)}\n`);
    if (error instanceof JobModuleError || error instanceof ParamsFileError || error instanceof ParameterOverrideError) {
      return ExitCode.badInput;
    }
    if (error instanceof CallbackError) return ExitCode.callbackThrew;
    if (error instanceof LivelockError) return ExitCode.livelock;
    return ExitCode.internalError;
  }
}

/** The stack of an error and of its causes (a callback's own stack is the cause's). */
function stackOf(error: unknown): string {
  const stacks: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) stacks.push(e.stack ?? e.message);
  return stacks.join('\ncaused by: ');
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`expected a positive integer, got '${value}'`);
  return n;
}

await program.parseAsync(process.argv);
