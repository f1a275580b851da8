import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareTraces, formatDivergence } from '../job/traceDiff.js';
import { ExitCode } from './exitCodes.js';

export interface VerifyOptions {
  runs: number;
  /** The file is an rclnodejs program (run as `rclsim exec` does), not a job. */
  program?: boolean;
  until?: string;
  perturb?: boolean;
  keepTraces?: string;
  paramsFile: string[];
  seed?: number;
}

interface RunOutcome {
  status: number | null;
  summary: Record<string, unknown> | null;
  stderr: string;
  trace: string;
}

const cli = fileURLToPath(new URL('./main.js', import.meta.url));

/**
 * `rclsim verify`: runs the job in N separate processes, each writing a trace, and compares
 * their fingerprints, results, end times and exit codes; on a difference, shows where the
 * traces part ways. Exit 0 when every run agrees, 5 when they do not.
 */
export async function verify(job: string, options: VerifyOptions): Promise<number> {
  const dir = options.keepTraces ?? mkdtempSync(join(tmpdir(), 'rclsim-verify-'));
  mkdirSync(dir, { recursive: true });
  const outcomes: RunOutcome[] = [];
  for (let i = 1; i <= options.runs; i++) {
    const trace = join(dir, `run-${i}.trace`);
    const args = [cli, options.program ? 'exec' : 'run', job, '--json', '--quiet', '--trace', trace];
    if (options.until !== undefined) args.push('--until', options.until);
    if (options.perturb) args.push('--perturb');
    for (const file of options.paramsFile) args.push('--params-file', file);
    if (options.seed !== undefined) args.push('--seed', String(options.seed));
    const outcome = await runChild(args, trace);
    outcomes.push(outcome);
    if (outcome.summary === null) {
      process.stderr.write(`rclsim verify: run ${i} failed without a summary:\n${outcome.stderr}`);
      return outcome.status ?? ExitCode.internalError;
    }
    const s = outcome.summary;
    process.stdout.write(`run ${i}/${options.runs}: fingerprint ${String(s.fingerprint)}, ${String(s.callbacks)} callbacks, exit code ${String(s.exitCode)}, ${Number(s.wallSeconds).toFixed(2)} s\n`);
  }
  const reference = outcomes[0]!;
  for (let i = 1; i < outcomes.length; i++) {
    const differences = compareSummaries(reference.summary!, outcomes[i]!.summary!);
    if (differences.length === 0) continue;
    process.stdout.write(`run ${i + 1} differs from run 1: ${differences.join('; ')}\n`);
    const comparison = await compareTraces(reference.trace, outcomes[i]!.trace);
    if (!comparison.identical) process.stdout.write(`${formatDivergence(comparison, 'run 1', `run ${i + 1}`)}\n`);
    process.stdout.write(`traces kept in ${dir}\n`);
    return ExitCode.notDeterministic;
  }
  process.stdout.write(
    `all ${options.runs} runs agree${options.perturb ? ' (perturbed)' : ''}: fingerprint ${String(reference.summary!.fingerprint)}\n`,
  );
  return ExitCode.ok;
}

function compareSummaries(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const differences: string[] = [];
  for (const key of ['fingerprint', 'callbacks', 'endTime', 'endReason', 'exitCode']) {
    if (a[key] !== b[key]) differences.push(`${key} ${String(a[key])} vs ${String(b[key])}`);
  }
  if (JSON.stringify(a.results) !== JSON.stringify(b.results)) differences.push('results differ');
  return differences;
}

function runChild(args: string[], trace: string): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const last = stdout.trimEnd().split('\n').pop() ?? '';
      let summary: Record<string, unknown> | null = null;
      try {
        summary = JSON.parse(last) as Record<string, unknown>;
      } catch {
        summary = null;
      }
      resolve({ status, summary, stderr, trace });
    });
  });
}
