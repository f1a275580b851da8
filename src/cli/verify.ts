import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareTraces, formatDivergence } from '../job/traceDiff.js';
import type { DivergenceData } from '../report/ReportData.js';
import { ExitCode } from './exitCodes.js';

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
}

interface RunOutcome {
  /** The run's exit status (128 + the signal's number when a signal ended it). */
  status: number;
  summary: Record<string, unknown> | null;
  /** The run's one-line failure ('' when it succeeded). */
  failure: string;
  trace: string;
}

const cli = fileURLToPath(new URL('./main.js', import.meta.url));

/**
 * `rclsim verify`: runs the job in N separate processes, each writing a trace, and compares what
 * each run did: exit status, failure, fingerprint, callbacks, end time and reason, results. On a
 * difference it shows where the traces part ways (exit 5, also when only some runs fail); when
 * every run agrees it exits 0, or with the runs' common exit status when the job fails.
 * SIGINT/SIGTERM stop the running child (its recordings are finished) and end verify with
 * 128 + the signal's number. Temporary traces are removed unless they show a difference.
 */
export async function verify(job: string, options: VerifyOptions): Promise<number> {
  const dir = options.keepTraces ?? mkdtempSync(join(tmpdir(), 'rclsim-verify-'));
  mkdirSync(dir, { recursive: true });
  let keep = options.keepTraces !== undefined;
  let current: ChildProcess | undefined;
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
    for (let i = 1; i <= options.runs && interrupted === undefined; i++) {
      const trace = join(dir, `run-${i}.trace`);
      const args = [cli, options.program ? 'exec' : 'run', job, '--json', '--quiet', '--trace', trace];
      if (options.until !== undefined) args.push('--until', options.until);
      if (options.perturb) args.push('--perturb');
      if (options.callbackTimeout !== undefined) args.push('--callback-timeout', options.callbackTimeout);
      for (const file of options.paramsFile) args.push('--params-file', file);
      if (options.seed !== undefined) args.push('--seed', String(options.seed));
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      current = child;
      const outcome = await finished(child, trace);
      current = undefined;
      if (interrupted !== undefined) break;
      outcomes.push(outcome);
      process.stdout.write(`run ${i}/${options.runs}: ${describe(outcome)}\n`);
    }
    if (interrupted !== undefined) {
      process.stderr.write(`rclsim verify: interrupted by ${interrupted} after ${outcomes.length} of ${options.runs} runs\n`);
      return 128 + constants.signals[interrupted];
    }
    const reference = outcomes[0]!;
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
    await writeVerifyReport(options.report, reference.trace, null);
    if (reference.status !== 0) {
      process.stdout.write(`${runs}, and every run fails: ${reference.failure || `exit code ${reference.status}`}\n`);
      return reference.status;
    }
    process.stdout.write(`${runs}: fingerprint ${String(reference.summary!.fingerprint)}\n`);
    return ExitCode.ok;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** `--report`: the first run's trace as a report, with where the runs part ways. */
async function writeVerifyReport(path: string | undefined, trace: string, divergence: DivergenceData | null): Promise<void> {
  if (path === undefined) return;
  const { traceReport } = await import('./report.js');
  const { writeReport } = await import('../report/reportHtml.js');
  writeReport(path, traceReport(trace, divergence));
  process.stdout.write(`report written to ${path}\n`);
}

function describe(outcome: RunOutcome): string {
  const s = outcome.summary;
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

function finished(child: ChildProcess, trace: string): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const last = stdout.trimEnd().split('\n').pop() ?? '';
      let summary: Record<string, unknown> | null = null;
      try {
        summary = JSON.parse(last) as Record<string, unknown>;
      } catch {
        summary = null;
      }
      const failure =
        stderr
          .split('\n')
          .filter((line) => line.startsWith('rclsim: '))
          .pop()
          ?.slice('rclsim: '.length) ?? '';
      const status = code ?? 128 + (signal === null ? 0 : constants.signals[signal]);
      resolve({ status, summary, failure: status === 0 ? '' : failure || stderr.trim().split('\n').pop() || '', trace });
    });
  });
}
