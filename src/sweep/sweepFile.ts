import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import type { Ajv as AjvClass } from 'ajv';
import { notRegularFile } from '../base/regularFile.js';
import { type DurationError, parseDuration } from '../job/duration.js';
import { readYamlFile } from '../job/yamlFile.js';
import { RUN_TIMEOUT_MS } from './defaultRunTimeout.js';

/** A sweep file that cannot be used: one line naming the file, line and field. */
export class SweepFileError extends Error {
  override name = 'SweepFileError';
}

/** One dimension of the matrix: a job-file key and the values it takes. */
export interface SweepAxis {
  /** As written, e.g. `parameters./monitor.ros__parameters.timeout_s` or `play[0].bag`. */
  key: string;
  /** The key as a path into the job file's YAML. */
  path: (string | number)[];
  values: unknown[];
}

export interface SweepDefinition {
  file: string;
  name: string;
  /** The base job file (YAML), absolute. */
  job: string;
  /** Seeds of each case; [null]: the job's own. */
  seeds: (number | null)[];
  axes: SweepAxis[];
  /** The results folder, absolute. */
  output: string;
  /** Wall time a run may take before it counts as hung, ms. */
  timeoutMs: number;
  /** Attempts after the first for a run that crashed or hung. */
  retries: number;
  /** Runs of each case (on different workers where there are enough); > 1 flags cases whose fingerprints differ. */
  verify: number;
  /** Keep each run's recordings (the job's `record` entries) under the results folder; else they are left out. */
  record: boolean;
  /** Write an HTML report of each run under the results folder. */
  report: boolean;
}

const DEFAULT_RETRIES = 1;
/** Runs a sweep takes at most (seeds × the matrix's cases × verify): each is kept in memory, and a result line. */
export const MAX_SWEEP_RUNS = 1_000_000;

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['job'],
  properties: {
    name: { type: 'string' },
    job: { type: 'string' },
    seeds: { anyOf: [{ type: 'array', items: { type: 'integer' }, minItems: 1 }, { type: 'string' }, { type: 'integer' }] },
    matrix: { type: 'object', additionalProperties: { type: 'array', minItems: 1 } },
    output: { type: 'string' },
    timeout: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    retries: { type: 'integer', minimum: 0 },
    verify: { type: 'integer', minimum: 1 },
    record: { type: 'boolean' },
    report: { type: 'boolean' },
  },
};

interface SweepFile {
  name?: string;
  job: string;
  seeds?: number[] | string | number;
  matrix?: Record<string, unknown[]>;
  output?: string;
  timeout?: string | number;
  retries?: number;
  verify?: number;
  record?: boolean;
  report?: boolean;
}

/**
 * Reads a sweep file: a base job, its matrix (job-file keys by path, each with its values) and
 * seeds; paths relative to the sweep file. Errors are one line naming the file, line and field.
 */
export function loadSweepFile(path: string): SweepDefinition {
  const file = resolve(path);
  const { data, fail, check } = readYamlFile(file, 'sweep file', (message) => new SweepFileError(message));
  if (data === null || typeof data !== 'object') fail([], "a sweep file is a map with at least 'job'");
  const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
  check(new Ajv({ allErrors: false, strict: false }).compile(schema));
  const sweep = data as SweepFile;
  const dir = dirname(file);
  const job = resolve(dir, sweep.job);
  if (!/\.ya?ml$/i.test(job)) fail(['job'], 'the base job of a sweep is a YAML job file (its keys are what the matrix sets)');
  if (!existsSync(job)) fail(['job'], `no such file '${sweep.job}' (looked for ${job})`);
  const problem = notRegularFile(job);
  if (problem !== undefined) fail(['job'], `'${sweep.job}' is ${problem}`);
  let timeoutMs = RUN_TIMEOUT_MS;
  if (sweep.timeout !== undefined) {
    try {
      timeoutMs = Number(parseDuration(sweep.timeout) / 1_000_000n);
    } catch (error) {
      fail(['timeout'], (error as DurationError).message);
    }
    if (timeoutMs <= 0) fail(['timeout'], 'must be at least 1ms');
  }
  const axes = Object.entries(sweep.matrix ?? {}).map(([key, values]) => {
    const path = keyPath(key);
    if (path === null) fail(['matrix', key], `'${key}' is no key path (keys joined by '.', list items as [n], e.g. nodes[0].parameters.rate)`);
    return { key, path: path!, values };
  });
  const name = sweep.name ?? basename(file).replace(/\.ya?ml$/i, '');
  const seeds = sweep.seeds === undefined ? [null] : seedList(sweep.seeds, (message) => fail(['seeds'], message));
  const verify = sweep.verify ?? 1;
  const runs = runCount({ seeds, axes, verify });
  if (runs > MAX_SWEEP_RUNS) {
    const field = verify > MAX_SWEEP_RUNS ? 'verify' : sweep.seeds === undefined ? 'matrix' : 'seeds';
    fail([field], `${runs} runs (seeds × the matrix's cases × verify): a sweep takes at most ${MAX_SWEEP_RUNS}`);
  }
  return {
    file,
    name,
    job,
    seeds,
    axes,
    output: resolve(dir, sweep.output ?? `${name}-results`),
    timeoutMs,
    retries: sweep.retries ?? DEFAULT_RETRIES,
    verify,
    record: sweep.record ?? false,
    report: sweep.report ?? false,
  };
}

/** Runs of a sweep: seeds × the matrix's cases × verify. */
export function runCount(sweep: Pick<SweepDefinition, 'seeds' | 'axes' | 'verify'>): number {
  return sweep.axes.reduce((product, axis) => product * axis.values.length, sweep.seeds.length * sweep.verify);
}

/** `a.b[2].c` as ['a', 'b', 2, 'c']; null when it is not one. */
export function keyPath(key: string): (string | number)[] | null {
  const path: (string | number)[] = [];
  for (const part of key.split('.')) {
    const match = /^([^[\]]+)((?:\[\d+\])*)$/.exec(part);
    if (match === null) return null;
    path.push(match[1]!);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) path.push(Number(index[1]));
  }
  return path;
}

/** Seeds as written: a list, one integer, or an inclusive range `FROM..TO`. */
export function seedList(value: number[] | string | number, fail: (message: string) => never): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value;
  const range = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/.exec(value);
  if (range === null) return fail(`'${value}' is no seed range: write FROM..TO (inclusive), a list, or one integer`);
  const from = Number(range[1]);
  const to = Number(range[2]);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from) return fail(`'${value}': the range must go up, between safe integers`);
  if (to - from + 1 > MAX_SWEEP_RUNS) return fail(`'${value}' is ${to - from + 1} seeds: a sweep takes at most ${MAX_SWEEP_RUNS} runs`);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
