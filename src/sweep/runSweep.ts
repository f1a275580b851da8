import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJobFile } from '../job/jobFile.js';
import { caseJobText } from './caseJob.js';
import { expandCases, expandRuns, type SweepCase, type SweepRun } from './cases.js';
import { PooledRuns, type RunAnswer } from './PooledRuns.js';
import { ResultsFolder, type RunResult } from './ResultsFolder.js';
import { type SweepDefinition, SweepFileError } from './sweepFile.js';
import type { PoolTask } from './WorkerPool.js';

export interface SweepOptions {
  /** Worker processes (default: the machine's cores). */
  jobs?: number;
  /** Put the runs on this Redis (BullMQ) for `rclsim worker`s to take (rclsim sweep --queue). */
  queue?: string;
  /** Told of each run as it ends: how many have, of how many. */
  onProgress?: (done: number, total: number, result: RunResult) => void;
}

export interface SweepOutcome {
  cases: SweepCase[];
  /** Every run's result, this call's and earlier calls' alike, in sweep order. */
  results: RunResult[];
  /** Runs skipped because an earlier call finished them. */
  resumed: number;
  /** Cases whose runs gave different fingerprints (verify > 1). */
  differing: SweepCase[];
  /** How many of the results have each status. */
  counts: Record<RunResult['status'], number>;
  wallSeconds: number;
}

/** The values of a case as one short line, for messages. */
export function describeValues(values: Record<string, unknown>): string {
  const entries = Object.entries(values);
  return entries.length === 0 ? '(the job as it is)' : entries.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(' ');
}

/**
 * Runs a sweep: every case of the matrix (`verify` times each) on warm worker processes, each
 * result appended to the results folder as it comes. Runs finished by an earlier call are not
 * run again. A run whose worker died or that hung is retried (`retries`) on a fresh worker, then
 * recorded as lost; a run that fails as a run (bad input, a callback threw) is recorded as it failed.
 */
export async function runSweep(sweep: SweepDefinition, options: SweepOptions = {}): Promise<SweepOutcome> {
  const started = performance.now();
  const cases = expandCases(sweep);
  const baseText = readFileSync(sweep.job, 'utf8');
  // Each distinct set of values is checked once, before any run: a value the job cannot take fails the sweep with one line.
  const texts = new Map<string, string>();
  for (const sweepCase of cases) {
    const valuesKey = JSON.stringify(sweepCase.values);
    if (texts.has(valuesKey)) continue;
    let text: string;
    try {
      text = caseJobText(baseText, sweep.axes, sweepCase.values, null);
      parseJobFile(text, sweep.job);
    } catch (error) {
      throw new SweepFileError(`${sweep.file}: the case ${describeValues(sweepCase.values)}: ${(error as Error).message.split('\n')[0]}`);
    }
    texts.set(valuesKey, text);
  }

  const folder = new ResultsFolder(sweep.output);
  const earlier = folder.read();
  const runs = expandRuns(cases, sweep.verify);
  const pending = runs.filter((run) => !earlier.has(run.key));
  const results = new Map(earlier);
  let done = 0;

  const taskOf = (run: SweepRun): PoolTask => {
    const runDir = folder.runDir(run.key);
    const jobText = sweep.record ? caseJobText(baseText, sweep.axes, run.sweepCase.values, runDir) : texts.get(JSON.stringify(run.sweepCase.values))!;
    return {
      caseId: run.sweepCase.id,
      task: { key: run.key, jobText, jobPath: sweep.job, seed: run.sweepCase.seed, reportPath: sweep.report ? join(runDir, 'report.html') : null },
    };
  };

  if (pending.length > 0) {
    const finish = (run: SweepRun, answer: RunAnswer): void => {
      const full: RunResult = {
        key: run.key,
        case: run.sweepCase.index,
        id: run.sweepCase.id,
        repeat: run.repeat,
        values: run.sweepCase.values,
        seed: run.sweepCase.seed,
        attempts: answer.attempts,
        worker: answer.worker,
        ...resultOf(answer),
      };
      folder.append(full);
      results.set(run.key, full);
      done++;
      options.onProgress?.(done, pending.length, full);
    };
    const pool = await PooledRuns.open(
      {
        name: sweep.name,
        timeoutMs: sweep.timeoutMs,
        retries: sweep.retries,
        spreadRepeats: sweep.verify > 1,
        ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
        ...(options.queue === undefined ? {} : { queue: options.queue }),
      },
      pending.length,
    );
    try {
      await Promise.all(pending.map(async (run) => finish(run, await pool.run(taskOf(run)))));
    } finally {
      await pool.close();
    }
  }

  const ordered = runs.map((run) => results.get(run.key)!).filter((result) => result !== undefined);
  const fingerprints = new Map<string, Set<string | null>>();
  const counts = { ok: 0, error: 0, lost: 0 };
  for (const result of ordered) {
    counts[result.status]++;
    if (result.status !== 'ok') continue;
    const prints = fingerprints.get(result.id) ?? new Set();
    prints.add(result.fingerprint);
    fingerprints.set(result.id, prints);
  }
  const differing = cases.filter((sweepCase) => (fingerprints.get(sweepCase.id)?.size ?? 0) > 1);
  return { cases, results: ordered, resumed: runs.length - pending.length, differing, counts, wallSeconds: (performance.now() - started) / 1000 };
}

/** What a run's answer says: its summary's figures, or why it failed or was lost. */
function resultOf(answer: RunAnswer): Pick<RunResult, 'status' | 'exitCode' | 'fingerprint' | 'endReason' | 'results' | 'wallSeconds' | 'error' | 'summary'> {
  if (answer.kind === 'lost') {
    return {
      status: 'lost',
      exitCode: null,
      fingerprint: null,
      endReason: null,
      results: null,
      wallSeconds: answer.wallSeconds,
      error: answer.why,
      summary: null,
    };
  }
  const result = answer.result;
  if (!result.ok) {
    return {
      status: 'error',
      exitCode: result.exitCode,
      fingerprint: null,
      endReason: null,
      results: null,
      wallSeconds: result.wallSeconds,
      error: result.error,
      summary: null,
    };
  }
  const summary = JSON.parse(result.summary) as Record<string, unknown> & {
    exitCode: number;
    fingerprint: string;
    endReason: string;
    results: Record<string, unknown>;
  };
  return {
    status: 'ok',
    exitCode: summary.exitCode,
    fingerprint: summary.fingerprint,
    endReason: summary.endReason,
    results: summary.results,
    wallSeconds: result.wallSeconds,
    error: null,
    summary,
  };
}
