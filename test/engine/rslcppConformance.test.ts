import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cachedProgram } from '../support/cachedProgram.js';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { RSLCPP_REFERENCE } from '../support/rslcppReference.js';

const JOB = 'examples/synthetic-benchmark/job.ts';

function runBenchmark(paramsFiles: string[] = []): Record<string, unknown> {
  const result = runCli(['run', JOB, '--json', ...paramsFiles.flatMap((f) => ['--params-file', f])]);
  assert.equal(result.status, 0, result.stderr);
  return lastJsonLine(result.stdout);
}

interface Variant {
  timeoutS: number;
  a: { state: bigint; periods: [number, number]; ids: [bigint, bigint, bigint] };
  b: { state: bigint; period: number; ids: [bigint, bigint] };
  c: { state: bigint; ids: [bigint, bigint, bigint] };
  d: { state: bigint; ids: [bigint, bigint] };
  monitorPeriod: number;
}

function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

function randomVariant(seed: number): Variant {
  const r = lcg(seed);
  const int = (): bigint => BigInt(r(2 ** 30)) * BigInt(r(2 ** 30) + 1);
  const period = (): number => 5 + r(150);
  return {
    timeoutS: 3 + r(20),
    a: { state: int(), periods: [period(), period()], ids: [int(), int(), int()] },
    b: { state: int(), period: period(), ids: [int(), int()] },
    c: { state: int(), ids: [int(), int(), int()] },
    d: { state: int(), ids: [int(), int()] },
    monitorPeriod: 200 + r(1500),
  };
}

function paramsYaml(v: Variant): string {
  const node = (name: string, params: Record<string, string>): string =>
    `${name}:\n  ros__parameters:\n${Object.entries(params)
      .map(([k, value]) => `    ${k}: ${value}\n`)
      .join('')}`;
  const list = (xs: readonly (bigint | number)[]): string => `[${xs.join(', ')}]`;
  return [
    node('NodeA', { initial_state: String(v.a.state), periods_ms: list(v.a.periods), ids: list(v.a.ids) }),
    node('NodeB', { initial_state: String(v.b.state), periods_ms: list([v.b.period]), ids: list(v.b.ids) }),
    node('NodeC', { initial_state: String(v.c.state), ids: list(v.c.ids) }),
    node('NodeD', { initial_state: String(v.d.state), ids: list(v.d.ids) }),
    node('Monitor', { timeout_s: String(v.timeoutS), periods_ms: list([v.monitorPeriod]) }),
  ].join('');
}

function modelInput(v: Variant): string {
  return [
    10_000_000_000,
    v.timeoutS,
    v.a.state,
    ...v.a.periods,
    ...v.a.ids,
    v.b.state,
    v.b.period,
    ...v.b.ids,
    v.c.state,
    ...v.c.ids,
    v.d.state,
    ...v.d.ids,
    v.monitorPeriod,
  ].join(' ');
}

describe('conformance with rslcpp’s synthetic benchmark', () => {
  it('reproduces rslcpp’s reference final states and combined hash', () => {
    const summary = runBenchmark();
    assert.deepEqual(summary.results, RSLCPP_REFERENCE);
    assert.equal(summary.exitCode, 0);
    assert.equal(summary.startTime, '10000000000');
    assert.equal(summary.endTime, '110000000000');
  });

  it('gives the same states and fingerprint with random wall-clock busy-waits in every callback', () => {
    const dir = tempDir();
    const busy = writeTemp(dir, 'busy.yaml', '/**:\n  ros__parameters:\n    busy_wait_max_ms: 1.0\n');
    const plain = runBenchmark();
    const first = runBenchmark([busy]);
    const second = runBenchmark([busy]);
    assert.deepEqual(first.results, RSLCPP_REFERENCE);
    assert.deepEqual(plain.results, RSLCPP_REFERENCE);
    // The busy-wait parameter is announced on /parameter_events (an output), so the fingerprint
    // of busy runs differs from the plain run's; between runs that waited differently, it may not.
    assert.equal(second.fingerprint, first.fingerprint);
    assert.ok((first.wallSeconds as number) > (plain.wallSeconds as number), 'busy-waits must cost wall time');
  });

  it('matches an independent C++ model (libstdc++ heap) for other constants', needs('g++'), () => {
    const dir = tempDir();
    const model = cachedProgram('benchmark_model', ['-O2', '-std=c++17'], [join(repoRoot, 'test/reference/benchmark_model.cpp')]);
    for (const seed of [1, 2, 3, 4, 5]) {
      const variant = randomVariant(seed);
      const params = writeTemp(dir, `variant-${seed}.yaml`, paramsYaml(variant));
      const expected = execFileSync(model, { input: modelInput(variant) })
        .toString()
        .trim()
        .split('\n');
      const actual = runBenchmark([params]).results as Record<string, string>;
      assert.deepEqual([actual.NodeA, actual.NodeB, actual.NodeC, actual.NodeD, actual.combined], expected, `variant ${seed}: ${modelInput(variant)}`);
    }
  });
});
