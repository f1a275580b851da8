import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFolder } from '../../bag/makeFolder.js';
import { describeThrown } from '../../base/describeThrown.js';
import { OutputError } from '../../base/runErrors.js';
import { couldNotRun, ExitCode } from '../../job/exitCodes.js';
import { compareTraces, formatDivergence } from '../../job/traceDiff.js';
import type { DivergenceData } from '../../report/ReportData.js';
import { RUN_TIMEOUT_MS } from '../../sweep/defaultRunTimeout.js';
import { keptTraces, saidCollision } from '../outputCollisions.js';
import { type ChildOutcome, ChildRun } from '../run/ChildRun.js';
import { hungAfter } from '../run/runDeadlines.js';
import { runFiles } from '../run/runFiles.js';

export interface VerifyOptions {
  runs: number;
  /** The file is an rclnodejs program (run as `rclsim exec` does), not a job. */
  program?: boolean;
  until?: string;
  perturb?: boolean;
  keepTraces?: string;
  report?: string;
  paramsFile: string[];
  seed?: number;
  callbackTimeout?: string;
  /** Wall time (ms) after which a run counts as hung (default: RUN_TIMEOUT_MS). */
  timeout?: number;
}

/** What a run did, and its trace. */
type RunOutcome = ChildOutcome & { trace: string };

/**
 * `rclsim verify`: runs the job in N separate processes, each writing a trace, and compares what
 * each run did: exit status, failure, fingerprint, callbacks, end time and reason, results. On a
 * difference it shows where the traces part ways (exit 5, also when only some runs fail); when
 * every run agrees it exits 0, or with the runs' common exit status when the job fails.
 * A run that takes longer than `--timeout` of wall time has hung: it is stopped (its outputs
 * finished) and no other run is made, since each would most likely hang as long; exit 6, or 5
 * when runs before it ended. SIGINT/SIGTERM stop the running child (its recordings are finished)
 * and end verify with 128 + the signal's number. The runs end with verify, however it ends
 * (ChildRun). Temporary traces are removed unless they show a difference.
 */
export async function verify(job: string, options: VerifyOptions): Promise<number> {
  removeAbandonedFolders();
  const { inputs, outputs } = runFiles({
    command: options.program ? 'exec' : 'run',
    target: job,
    args: [],
    options: { paramsFile: options.paramsFile, fingerprint: true, logLevel: 'info', ...(options.report === undefined ? {} : { report: options.report }) },
  });
  const kept = keptTraces(
    options.keepTraces,
    'run',
    Array.from({ length: options.runs }, (_, i) => i + 1),
  );
  if (saidCollision([...outputs, ...kept], inputs)) return ExitCode.badInput;
  const dir = options.keepTraces ?? temporaryFolder();
  try {
    makeFolder(dir);
  } catch (error) {
    process.stderr.write(`rclsim: --keep-traces ${dir}: cannot make the folder (${describeThrown(error)})\n`);
    return ExitCode.outputFailed;
  }
  const timeoutMs = options.timeout ?? RUN_TIMEOUT_MS;
  let keep = options.keepTraces !== undefined;
  let current: ChildRun | undefined;
  let interrupted: NodeJS.Signals | undefined;
  // The children run in their own process group, so a terminal's Ctrl-C reaches them once, from here.
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupted ??= signal;
    current?.kill(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const outcomes: RunOutcome[] = [];
    for (let i = 1; i <= options.runs && interrupted === undefined && outcomes.at(-1)?.hung !== true; i++) {
      const trace = join(dir, `run-${i}.trace`);
      const args = [options.program ? 'exec' : 'run', job, '--json', '--quiet', '--trace', trace];
      if (options.until !== undefined) args.push('--until', options.until);
      if (options.perturb) args.push('--perturb');
      if (options.callbackTimeout !== undefined) args.push('--callback-timeout', options.callbackTimeout);
      for (const file of options.paramsFile) args.push('--params-file', file);
      if (options.seed !== undefined) args.push('--seed', String(options.seed));
      current = new ChildRun(args, timeoutMs);
      const outcome = await current.outcome;
      current = undefined;
      if (interrupted !== undefined) break;
      // A run that hung fails as a callback past --callback-timeout does; its own line says where it was.
      const failure = outcome.hung ? [hungAfter(timeoutMs), outcome.failure].filter((part) => part !== '').join('; ') : outcome.failure;
      outcomes.push({ ...outcome, ...(outcome.hung ? { status: ExitCode.callbackTimeout, summary: null } : {}), failure, trace });
      // A job that cannot run (bad input, an output it cannot write) has nothing to verify: one line, its code.
      if (i === 1 && outcome.summary === null && couldNotRun(outcome.status)) {
        process.stderr.write(`rclsim: ${failure || `exit code ${outcome.status}`}\n`);
        return outcome.status;
      }
      process.stdout.write(`run ${i}/${options.runs}: ${describe(outcomes.at(-1)!)}\n`);
    }
    if (interrupted !== undefined) {
      process.stderr.write(`rclsim verify: interrupted by ${interrupted} after ${outcomes.length} of ${options.runs} runs\n`);
      return 128 + constants.signals[interrupted];
    }
    const reference = outcomes[0]!;
    if (reference.hung) {
      // Its failure says what was running when it was stopped (the run's own line).
      process.stderr.write(`rclsim verify: run 1 of ${options.runs} ${reference.failure}; verify stopped there\n`);
      return ExitCode.callbackTimeout;
    }
    for (let i = 1; i < outcomes.length; i++) {
      const differences = compareOutcomes(reference, outcomes[i]!);
      if (differences.length === 0) continue;
      keep = true;
      process.stdout.write(`run ${i + 1} differs from run 1: ${differences.join('; ')}\n`);
      try {
        const comparison = compareTraces(reference.trace, outcomes[i]!.trace);
        if (!comparison.identical) {
          process.stdout.write(`${formatDivergence(comparison, 'run 1', `run ${i + 1}`)}\n`);
          const { record, what, before, a, b } = comparison;
          await writeVerifyReport(options.report, reference.trace, { nameA: 'run 1', nameB: `run ${i + 1}`, record, what, before, a, b });
        }
      } catch (error) {
        process.stdout.write(`(the traces cannot be compared: ${(error as Error).message})\n`);
      }
      process.stdout.write(`traces kept in ${dir}\n`);
      return ExitCode.notDeterministic;
    }
    const runs = `all ${options.runs} runs agree${options.perturb ? ' (perturbed)' : ''}`;
    const reported = await writeVerifyReport(options.report, reference.trace, null);
    if (reference.status !== 0) {
      process.stdout.write(`${runs}, and every run fails: ${reference.failure || `exit code ${reference.status}`}\n`);
      return reference.status;
    }
    process.stdout.write(`${runs}: fingerprint ${String(reference.summary!.fingerprint)}\n`);
    return reported ? ExitCode.ok : ExitCode.outputFailed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!keep) rmSync(dir, { recursive: true, force: true });
    else rmSync(join(dir, IN_USE), { force: true });
  }
}

/** The mark of a temporary traces folder whose verify has not ended (its name holds the pid). */
const IN_USE = '.in-use';
const TEMPORARY = /^rclsim-verify-(\d+)-/;

function temporaryFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), `rclsim-verify-${process.pid}-`));
  writeFileSync(join(dir, IN_USE), '');
  return dir;
}

/**
 * A SIGKILLed verify cannot remove its temporary traces: the next verify removes the folders whose
 * verify is gone without having ended (marked in use, their pid no process's). Kept traces (a
 * difference) lose the mark, and stay.
 */
function removeAbandonedFolders(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMPORARY.exec(name)?.[1];
    if (pid === undefined || processExists(Number(pid)) || !existsSync(join(tmpdir(), name, IN_USE))) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `--report`: the first run's trace as a report, with where the runs part ways. A report that
 * cannot be written is one line; whether it was (or none was asked for) is returned.
 */
async function writeVerifyReport(path: string | undefined, trace: string, divergence: DivergenceData | null): Promise<boolean> {
  if (path === undefined) return true;
  const { traceReport } = await import('./report.js');
  const { writeReport } = await import('../../report/reportHtml.js');
  try {
    writeReport(path, traceReport(trace, divergence));
  } catch (error) {
    if (!(error instanceof OutputError)) throw error;
    process.stderr.write(`rclsim: ${error.message}\n`);
    return false;
  }
  process.stdout.write(`report written to ${path}\n`);
  return true;
}

function describe(outcome: RunOutcome): string {
  const s = outcome.summary;
  if (outcome.hung) return outcome.failure;
  if (s === null) return `failed with exit code ${outcome.status}: ${outcome.failure}`;
  return `fingerprint ${String(s.fingerprint)}, ${String(s.callbacks)} callbacks, exit code ${String(s.exitCode)}, ${Number(s.wallSeconds).toFixed(2)} s`;
}

function compareOutcomes(a: RunOutcome, b: RunOutcome): string[] {
  const differences: string[] = [];
  if (a.status !== b.status) differences.push(`exit status ${a.status} vs ${b.status}`);
  if (a.failure !== b.failure) differences.push(`failure '${a.failure || 'none'}' vs '${b.failure || 'none'}'`);
  if (a.summary === null || b.summary === null) return differences;
  for (const key of ['fingerprint', 'callbacks', 'endTime', 'endReason', 'exitCode']) {
    if (a.summary[key] !== b.summary[key]) differences.push(`${key} ${String(a.summary[key])} vs ${String(b.summary[key])}`);
  }
  if (JSON.stringify(a.summary.results) !== JSON.stringify(b.summary.results)) differences.push('results differ');
  return differences;
}
