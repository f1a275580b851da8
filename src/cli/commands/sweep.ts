import { join, resolve } from 'node:path';
import { OutputError } from '../../base/runErrors.js';
import { ExitCode } from '../../job/exitCodes.js';
import { nearestRank } from '../../sim/timeStats.js';
import { QueueUnreachable, RunsInterrupted } from '../../sweep/PooledRuns.js';
import type { RunResult } from '../../sweep/ResultsFolder.js';
import { describeValues, runSweep, type SweepOutcome } from '../../sweep/runSweep.js';
import { loadSweepFile, MAX_SWEEP_RUNS, runCount, type SweepDefinition, SweepFileError } from '../../sweep/sweepFile.js';
import { writeSweepSummary } from '../../sweep/sweepSummary.js';
import { saidCollision, shownPath } from '../outputCollisions.js';
import { runFiles } from '../run/runFiles.js';

export interface SweepCommandOptions {
  jobs?: number;
  retries?: number;
  verify?: number;
  timeout?: number;
  output?: string;
  json?: boolean;
  quiet?: boolean;
  /** Put the runs on this Redis (BullMQ) for `rclsim worker`s to take. */
  queue?: string;
}

/** Failures listed by their one line before "…". */
const FAILURES_SHOWN = 10;

/**
 * `rclsim sweep SWEEP.yaml`: runs the sweep (resuming one begun before), prints a table of its
 * cases grouped by their values (or, with --json, one JSON object), and exits 0 when every run
 * finished, 1 when some failed or were lost, 5 when a case's runs gave different fingerprints,
 * 2 for a sweep file it cannot use, 74 for a results folder it cannot write, 69 for a queue that
 * does not answer, and 128 + the signal's number for SIGINT/SIGTERM (with how many runs ended:
 * their results are kept, and the same command resumes).
 */
export async function sweepCommand(file: string, options: SweepCommandOptions): Promise<number> {
  let sweep: SweepDefinition | undefined;
  let outcome: SweepOutcome;
  let summaryPage: string;
  let ended = 0;
  try {
    sweep = loadSweepFile(file);
    sweep = {
      ...sweep,
      ...(options.retries === undefined ? {} : { retries: options.retries }),
      ...(options.verify === undefined ? {} : { verify: options.verify }),
      ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
      ...(options.output === undefined ? {} : { output: resolve(options.output) }),
    };
    if (runCount(sweep) > MAX_SWEEP_RUNS) {
      process.stderr.write(
        `rclsim: --verify ${sweep.verify}: ${runCount(sweep)} runs (seeds × the matrix's cases × verify): a sweep takes at most ${MAX_SWEEP_RUNS}\n`,
      );
      return ExitCode.usage;
    }
    const { inputs } = runFiles({ command: 'run', target: shownPath(sweep.job), args: [], options: { paramsFile: [], fingerprint: true, logLevel: 'info' } });
    const results = ['results.jsonl', 'summary.html'].map((name) => ({
      name: `the sweep's ${shownPath(join(sweep!.output, name))}`,
      path: join(sweep!.output, name),
    }));
    if (saidCollision(results, [{ name: `the sweep file ${file}`, path: file }, ...inputs])) return ExitCode.badInput;
    const live = process.stderr.isTTY && options.quiet !== true;
    outcome = await runSweep(sweep, {
      ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
      ...(options.queue === undefined ? {} : { queue: options.queue }),
      onProgress: (done, total) => {
        ended = done;
        if (live) process.stderr.write(`\r${done} / ${total} runs${done === total ? '\n' : ''}`);
      },
    });
    summaryPage = writeSweepSummary(sweep, outcome);
  } catch (error) {
    if (error instanceof RunsInterrupted) {
      const results = join(sweep!.output, 'results.jsonl');
      const runs = `${ended} run${ended === 1 ? '' : 's'} ended`;
      process.stderr.write(`rclsim sweep: ${error.message} after ${runs} (their results are in ${results}; the same command resumes)\n`);
      return error.exitCode;
    }
    const code = error instanceof OutputError ? ExitCode.outputFailed : error instanceof QueueUnreachable ? ExitCode.unavailable : ExitCode.badInput;
    if (code === ExitCode.badInput && !(error instanceof SweepFileError) && (error as Error).name !== 'JobFileError') throw error;
    process.stderr.write(`rclsim: ${(error as Error).message}\n`);
    return code;
  }
  const failed = outcome.results.filter((result) => result.status !== 'ok');
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({
        sweep: sweep.name,
        runs: outcome.results.length,
        ok: outcome.counts.ok,
        errors: outcome.counts.error,
        lost: outcome.counts.lost,
        resumed: outcome.resumed,
        differing: outcome.differing.map((c) => c.id),
        wallSeconds: outcome.wallSeconds,
        results: `${sweep.output}/results.jsonl`,
        summary: summaryPage,
      })}\n`,
    );
  } else process.stdout.write(`${formatTable(sweep, outcome, failed)}summary: ${summaryPage}\n`);
  if (outcome.differing.length > 0) return ExitCode.notDeterministic;
  return failed.length > 0 ? 1 : ExitCode.ok;
}

function formatTable(sweep: SweepDefinition, outcome: SweepOutcome, failed: RunResult[]): string {
  const ran = outcome.results.length - outcome.resumed;
  const lines = [
    `sweep ${sweep.name}: ${outcome.results.length} runs (${outcome.cases.length} cases × ${sweep.verify}), ${outcome.resumed} done before, ${ran} run now in ${outcome.wallSeconds.toFixed(1)} s` +
      (ran > 0 ? ` (${(ran / outcome.wallSeconds).toFixed(1)} runs/s)` : ''),
  ];
  const groups = new Map<string, RunResult[]>();
  for (const result of outcome.results) {
    const key = describeValues(result.values);
    const group = groups.get(key) ?? [];
    group.push(result);
    groups.set(key, group);
  }
  const rows = [['values', 'runs', 'ok', 'errors', 'lost', 'fingerprints', 'exit codes', 'wall (median)']];
  for (const [key, group] of groups) {
    const ok = group.filter((r) => r.status === 'ok');
    const walls = Float64Array.from(group.map((r) => r.wallSeconds)).sort();
    rows.push([
      key,
      String(group.length),
      String(ok.length),
      String(group.filter((r) => r.status === 'error').length),
      String(group.filter((r) => r.status === 'lost').length),
      String(new Set(ok.map((r) => r.fingerprint)).size),
      [...new Set(group.map((r) => r.exitCode ?? '-'))].join(' '),
      `${nearestRank(walls, 0.5).toFixed(3)} s`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) lines.push(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  for (const result of failed.slice(0, FAILURES_SHOWN)) {
    lines.push(`${result.status} ${result.key} (${describeValues(result.values)}${result.seed === null ? '' : ` seed ${result.seed}`}): ${result.error}`);
  }
  if (failed.length > FAILURES_SHOWN) lines.push(`… and ${failed.length - FAILURES_SHOWN} more failed runs`);
  for (const sweepCase of outcome.differing)
    lines.push(`different fingerprints: case ${sweepCase.id} (${describeValues(sweepCase.values)}${sweepCase.seed === null ? '' : ` seed ${sweepCase.seed}`})`);
  lines.push(`results: ${sweep.output}/results.jsonl`);
  return `${lines.join('\n')}\n`;
}
