import { CHECK_FAILED_EXIT_CODE } from './RunSummary.js';

/** Exit codes of the rclsim command besides the job's own exit code (the table of docs/cli.md lists them all). */
export const ExitCode = {
  ok: 0,
  /** `rclsim diff`: the traces differ. */
  tracesDiffer: 1,
  internalError: 1,
  badInput: 2,
  callbackThrew: 3,
  livelock: 4,
  /** `rclsim verify`: the runs did not all agree. */
  notDeterministic: 5,
  /** A callback ran longer than --callback-timeout of wall time. */
  callbackTimeout: 6,
  /** A program in its own process died by a signal or an abort (one that ran out of memory: 71; one with an uncaught error: 3). */
  programDied: 7,
  /** A check of the job or an assertion of a program failed; `hunt`: it found a failing run. */
  checkFailed: CHECK_FAILED_EXIT_CODE,
  /** A command line rclsim cannot take (unknown option, a value of the wrong kind): sysexits' EX_USAGE. */
  usage: 64,
  /** `--queue`: Redis did not answer at the start; `ros2`: no live run answered, or it ended first: sysexits' EX_UNAVAILABLE. */
  unavailable: 69,
  /** The run's thread ran out of memory: sysexits' EX_OSERR. */
  outOfMemory: 71,
  /** An output (recording, trace, report file) could not be written: sysexits' EX_IOERR. */
  outputFailed: 74,
} as const;

/** Whether a run's exit code says it could not run the job at all (bad input, a command line, an output it cannot write): `verify` and `explore` then have nothing to compare. */
export function couldNotRun(code: number | undefined): boolean {
  return code === ExitCode.badInput || code === ExitCode.usage || code === ExitCode.outputFailed;
}
