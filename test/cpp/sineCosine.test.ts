import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { needs, repoRoot, tempDir } from '../support/helpers.js';

const run = promisify(execFile);
const FIXTURES = join(repoRoot, 'test/fixtures/cpp');
/** As the C++ client is compiled (Release, rclsim's numeric flags): no a*b+c in one rounding. */
const FLAGS = ['-std=c++17', '-O3', '-ffp-contract=off', '-fno-fast-math'];
/** Seeded arguments of the common kind per function and type; with the other kinds, 1.3 million. */
const COUNT = 750_000;

interface Kind {
  arguments: number;
  leftToMpfr: number;
  differ: number;
  line: string;
}

/** The check's lines, "KIND: N arguments, F left to MPFR, D differ…", by kind. */
function kinds(stdout: string): Map<string, Kind> {
  const found = new Map<string, Kind>();
  for (const line of stdout.trim().split('\n')) {
    const match = /^([^:]+): (\d+) arguments, (\d+) left to MPFR, (\d+) differ/.exec(line);
    if (match) found.set(match[1]!, { arguments: Number(match[2]), leftToMpfr: Number(match[3]), differ: Number(match[4]), line });
  }
  return found;
}

describe("the C++ client's sin and cos without MPFR where their rounding is decided", needs('MPFR'), () => {
  let check = '';
  before(() => {
    const dir = tempDir();
    check = join(dir, 'sine_cosine_check');
    const source = join(FIXTURES, 'sine_cosine_check.cpp');
    const include = `-I${join(repoRoot, 'clients/cpp/src')}`;
    const compiled = spawnSync('g++', [...FLAGS, include, source, '-lmpfr', '-o', check], { encoding: 'utf8' });
    assert.equal(compiled.status, 0, compiled.stderr);
  });

  it('gives MPFR’s bits for millions of seeded arguments, double and float, leaving few to MPFR', async (t) => {
    const runs = ['sin', 'cos'].flatMap((name) => ['double', 'float'].map((type) => ({ name, type })));
    const outputs = await Promise.all(runs.map(({ name, type }) => run(check, [name, type, String(COUNT)])));
    runs.forEach(({ name, type }, i) => {
      const found = kinds(outputs[i]!.stdout);
      assert.deepEqual([...found.keys()], ['uniform', 'any exponent', 'near multiples of pi/4', 'at the limits', 'special']);
      for (const [kind, { differ, line }] of found) {
        t.diagnostic(`${name} ${type} ${line}`);
        assert.equal(differ, 0, `${name} ${type} ${kind}: ${line}`);
      }
      // The common case almost never needs MPFR (none of 750,000 here); near multiples of π/2 a few do.
      const uniform = found.get('uniform')!;
      assert.ok(uniform.leftToMpfr * 10_000 <= uniform.arguments, `${name} ${type} ${uniform.line}`);
      const near = found.get('near multiples of pi/4')!;
      assert.ok(near.leftToMpfr * 100 <= near.arguments, `${name} ${type} ${near.line}`);
      // ±inf and NaN, the largest finite (beyond the reduction's bound) are MPFR's (and libm's).
      assert.equal(found.get('special')!.leftToMpfr, 5);
    });
  });

  it('leaves to MPFR every argument whose result its error bound cannot place against a midpoint', async (t) => {
    for (const name of ['sin', 'cos']) {
      const { stdout } = await run(check, [name, 'hard', join(FIXTURES, `${name}_worst_cases.txt`)]);
      t.diagnostic(`${name}: ${stdout.trim().replace('\n', '; ')}`);
      const hard = kinds(stdout).get('hardest to round')!;
      assert.equal(hard.differ, 0, hard.line);
      const near = /^near a midpoint: (\d+) arguments, (\d+) decided$/m.exec(stdout);
      assert.ok(near && Number(near[1]) > 300, stdout);
      assert.equal(Number(near[2]), 0, stdout);
    }
  });
});
