import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { OutputError } from '../base/runErrors.js';
import { writePage } from '../report/reportHtml.js';
import type { RunResult } from './ResultsFolder.js';
import type { SweepOutcome } from './runSweep.js';
import type { SweepDefinition } from './sweepFile.js';

/** Runs listed one by one in the page (all of them count in its tables and plots). */
const RUNS_LISTED = 500;

/** What a sweep's HTML summary shows: the sweep, its axes, and per run its values and numbers. */
export interface SweepSummaryData {
  title: string;
  summary: Record<string, number | string>;
  /** Each axis' key and its values as written (the plots' x positions, in this order). */
  axes: { key: string; values: string[] }[];
  /** Numbers each run has: the job's numeric results, callbacks and wall seconds. */
  measures: string[];
  runs: {
    key: string;
    values: string[];
    seed: number | null;
    status: string;
    exitCode: number | null;
    fingerprint: string | null;
    wallSeconds: number;
    error: string | null;
    measures: (number | null)[];
  }[];
  /** How many runs there are beyond those listed. */
  unlisted: number;
}

/** A result as a number when it is one (bigints come as decimal strings). */
function numeric(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value)) return Number(value);
  return null;
}

function measuresOf(result: RunResult): Record<string, number | null> {
  const summary = result.summary as { callbacks?: number } | null;
  const own = Object.fromEntries(Object.entries(result.results ?? {}).map(([name, value]) => [`results.${name}`, numeric(value)]));
  return { ...own, callbacks: summary?.callbacks ?? null, wallSeconds: result.wallSeconds };
}

export function sweepSummaryData(sweep: SweepDefinition, outcome: SweepOutcome): SweepSummaryData {
  const measured = outcome.results.map(measuresOf);
  // A measure is plotted when some run has it as a number.
  const measures = [...new Set(measured.flatMap((m) => Object.keys(m)))].filter((name) => measured.some((m) => m[name] !== null && m[name] !== undefined));
  const ran = outcome.results.length - outcome.resumed;
  return {
    title: sweep.name,
    summary: {
      job: sweep.job,
      cases: outcome.cases.length,
      runs: outcome.results.length,
      ok: outcome.counts.ok,
      errors: outcome.counts.error,
      lost: outcome.counts.lost,
      'done before': outcome.resumed,
      'cases with differing fingerprints': outcome.differing.length,
      'wall seconds (this call)': Math.round(outcome.wallSeconds * 1000) / 1000,
      ...(ran > 0 ? { 'runs per second (this call)': Math.round((ran / outcome.wallSeconds) * 10) / 10 } : {}),
    },
    axes: sweep.axes.map((axis) => ({ key: axis.key, values: axis.values.map((value) => JSON.stringify(value)) })),
    measures,
    runs: outcome.results.map((result, i) => ({
      key: result.key,
      values: sweep.axes.map((axis) => JSON.stringify(result.values[axis.key])),
      seed: result.seed,
      status: result.status,
      exitCode: result.exitCode,
      fingerprint: result.fingerprint,
      wallSeconds: result.wallSeconds,
      error: result.error,
      measures: measures.map((name) => measured[i]![name] ?? null),
    })),
    unlisted: Math.max(0, outcome.results.length - RUNS_LISTED),
  };
}

/** Writes summary.html into the results folder; returns its path. One it cannot write whole is removed: OutputError. */
export function writeSweepSummary(sweep: SweepDefinition, outcome: SweepOutcome): string {
  const path = join(sweep.output, 'summary.html');
  const data = sweepSummaryData(sweep, outcome);
  try {
    writePage(path, `rclsim sweep: ${sweep.name}`, 'sweep.js', data);
  } catch (error) {
    rmSync(path, { force: true });
    throw new OutputError(path, OutputError.describe(error), { cause: error });
  }
  return path;
}
