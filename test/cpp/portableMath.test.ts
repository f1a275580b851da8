import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

/** glibc told the CPU has no FMA: its libm takes other code paths, whose last bits differ, as another CPU's do. */
const WITHOUT_FMA = { GLIBC_TUNABLES: 'glibc.cpu.hwcaps=-FMA,-AVX2' };
const FIXTURE = join(repoRoot, 'test/fixtures/cpp/portable_math.cpp');
const PORTABLE_MATH = join(repoRoot, 'clients/cpp/src/portable_math.cpp');
/** As the client and programs are compiled: no a*b+c in one rounding. */
const FLAGS = ['-std=c++17', '-O0', '-ffp-contract=off'];
// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 400_000;

/**
 * Values at which x86-64's libm (with FMA) is an ulp off, and the correctly rounded results
 * (mpmath at 300 bits agrees), in C's hex notation, with errno.
 */
const KNOWN = [
  ['sinh', '0x1.04f1eb0153d68p+4', '0x1.7163f69c9424dp+22 0'],
  ['cbrt', '-0x1.4301fd5490ee9p+5', '-0x1.b71effe55e0b9p+1 0'],
  ['erfc', '0x1.61302966bc9ep+4', '0x1.a65b6f3c4cddap-709 0'],
  ['tgamma', '0x1.c51bab4ef5224p+1', '0x1.bca69d5fb68cap+1 0'],
  ['lgamma', '0x1.74d547cd6a8a2p+4', '0x1.8b4f4f4c7645cp+5 0'],
  ['log10', '0x1.718a65336ed37p+5', '0x1.aa216705113e5p+0 0'],
];

function compile(dir: string, args: string[]): void {
  const result = spawnSync('g++', args, { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

/** What a fixture program prints, asserting it ran. */
function run(program: string, args: string[] = [], env: Record<string, string> = {}): { stdout: string; stderr: string } {
  const result = spawnSync(program, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(result.status, 0, result.stderr);
  return result;
}

function digest(program: string, env: Record<string, string> = {}): string {
  const { stdout } = run(program, [], env);
  const found = /^25504 values ([0-9a-f]{16})$/m.exec(stdout);
  assert.ok(found, stdout);
  return found[1]!;
}

describe("C++ programs' <cmath>: the same bits on every CPU", needs('MPFR'), () => {
  before(() => cppClientBuilt());

  // The fixture with libm alone, with the client's portable math, and with it built without mpfr.h.
  const programs = { plain: '', portable: '', withoutMpfr: '' };
  before(() => {
    const dir = tempDir();
    compile(dir, [...FLAGS, '-c', FIXTURE, '-o', 'fixture.o']);
    compile(dir, [...FLAGS, '-DRCLSIM_HAVE_MPFR=1', '-c', PORTABLE_MATH, '-o', 'portable.o']);
    compile(dir, [...FLAGS, '-c', PORTABLE_MATH, '-o', 'without_mpfr.o']);
    compile(dir, ['fixture.o', '-o', 'plain']);
    compile(dir, ['fixture.o', 'portable.o', '-rdynamic', '-o', 'portable']);
    compile(dir, ['fixture.o', 'without_mpfr.o', '-rdynamic', '-o', 'without_mpfr']);
    programs.plain = join(dir, 'plain');
    programs.portable = join(dir, 'portable');
    programs.withoutMpfr = join(dir, 'without_mpfr');
  });

  it('gives every function, double and float, one digest with and without FMA, where libm gives two', (t) => {
    const plain = digest(programs.plain);
    const portable = digest(programs.portable);
    assert.notEqual(portable, plain, "the portable values are MPFR's, not this libm's");
    assert.equal(digest(programs.portable, WITHOUT_FMA), portable);
    if (plain === digest(programs.plain, WITHOUT_FMA)) t.diagnostic("this machine's libm gives the same bits without FMA");
  });

  it('gives the correctly rounded value where libm is an ulp off, and libm’s errno and special values', () => {
    for (const [name, x, expected] of KNOWN) {
      assert.equal(run(programs.portable, [name!, x!]).stdout.trim(), expected, `${name}(${x})`);
    }
    // glibc's errors and exact results stand; a domain error's NaN is positive on every CPU (x86-64's libm sets its sign).
    const at = (...args: string[]) => run(programs.portable, args).stdout.trim();
    assert.equal(at('log', '-1'), 'nan 33');
    assert.equal(at('log', '0'), '-inf 34');
    assert.equal(at('exp', '800'), 'inf 34');
    assert.equal(at('sin', '-0'), '-0x0p+0 0');
    assert.equal(at('pow', '-8', '0.5'), 'nan 33');
    assert.equal(at('pow', '2', '-1074'), '0x0.0000000000001p-1022 0');
    assert.equal(at('tgamma', '-2'), 'nan 33');
    assert.equal(at('lgamma', '-2'), 'inf 34');
    assert.equal(at('atan2', '-0', '-1'), '-0x1.921fb54442d18p+1 0');
  });

  it('gives a call made again its value again without computing it, -0 apart from 0, and errno set each time', () => {
    const at = (...args: string[]) => run(programs.portable, args).stdout.trim().split('\n');
    assert.deepEqual(at('sin', '0', '-0', '0', '-0'), ['0x0p+0 0', '-0x0p+0 0', '0x0p+0 0', '-0x0p+0 0']);
    assert.deepEqual(at('exp', '800', '800'), ['inf 34', 'inf 34']);
    assert.deepEqual(at('log', '-1', '-1'), ['nan 33', 'nan 33']);
    assert.deepEqual(at('atan2', '-0', '-1', '-0', '-1', '0', '-1'), ['-0x1.921fb54442d18p+1 0', '-0x1.921fb54442d18p+1 0', '0x1.921fb54442d18p+1 0']);
    const [name, x, expected] = KNOWN[0]!;
    assert.deepEqual(at(name!, x!, x!), [expected, expected]);
    // The same exponential 20,000 times against 20,000 of new arguments (MPFR's, microseconds each).
    const [same, fresh] = run(programs.portable, ['repeated', '20000']).stdout.trim().split(' ').map(Number);
    assert.ok(same! * 10 < fresh!, `${same} s for one argument again, ${fresh} s for new ones`);
    // lgamma's sign is set by every call, so its value is never the last call's.
    assert.equal(run(programs.portable, ['signgam']).stdout, '-1 1 -1\n');
  });

  it("says once that the functions are libm's where the client was built without mpfr.h, and gives libm's values", () => {
    const { stdout, stderr } = run(programs.withoutMpfr);
    assert.deepEqual(stderr.trim().split('\n'), [
      "rclsim: the C++ client was built without MPFR (no mpfr.h), so this program's math functions (sin, exp, pow…) are the C library's, whose last bits differ between CPUs (Debian's libmpfr-dev; docs/cpp-process.md)",
    ]);
    assert.equal(/values ([0-9a-f]{16})/.exec(stdout)?.[1], digest(programs.plain));
  });

  it("puts them in a C++ program's place: the dead-reckoning example runs the same without FMA", needs('C++ toolchain'), () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, 'examples/cpp-math/odometry.cpp'), join(dir, 'odometry.cpp'));
    copyFileSync(join(repoRoot, 'examples/cpp-math/job.yaml'), join(dir, 'job.yaml'));
    const first = runCli(['run', 'job.yaml', '--json'], dir, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    assert.doesNotMatch(first.stderr, /C library's/);
    const without = runCli(['run', 'job.yaml', '--json'], dir, BUILD_MS, WITHOUT_FMA);
    assert.equal(lastJsonLine(without.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
  });
});
