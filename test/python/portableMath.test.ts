import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/python');
/** glibc told the CPU has no FMA: its libm takes other code paths, whose last bits differ, as another CPU's do. */
const WITHOUT_FMA = { GLIBC_TUNABLES: 'glibc.cpu.hwcaps=-FMA,-AVX2' };

function programs(...names: string[]): string {
  const dir = tempDir();
  for (const name of names) copyFileSync(join(fixtures, name), join(dir, name));
  return dir;
}

/** The digest line portable_math.py prints, run by plain python3 or by `rclsim exec`. */
function digest(command: 'python3' | 'rclsim', dir: string, env: Record<string, string> = {}): string {
  const result =
    command === 'python3'
      ? spawnSync('python3', ['portable_math.py'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } })
      : runCli(['exec', 'portable_math.py'], dir, 120_000, env);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^11401 values [0-9a-f]{64}$/m);
  return /^11401 values ([0-9a-f]{64})$/m.exec(result.stdout)![1]!;
}

describe("Python programs' math: the same bits on every CPU", needs('mpmath'), () => {
  it('gives math, cmath, float **, pow and random’s distributions the same bits with and without FMA', (t) => {
    const dir = programs('portable_math.py');
    const plain = digest('python3', dir);
    if (plain === digest('python3', dir, WITHOUT_FMA)) {
      t.skip("this machine's libm gives the same bits without FMA: nothing to tell apart");
      return;
    }
    const simulated = digest('rclsim', dir);
    assert.notEqual(simulated, plain, "rclsim's values are mpmath's, not this libm's");
    assert.equal(digest('rclsim', dir, WITHOUT_FMA), simulated);
  });

  it("rewrites the program's ** and **= (its own file and the modules it imports) and pow, keeping other types' ** and the lines", () => {
    const dir = programs('powers.py', 'power_helpers.py');
    const result = runCli(['exec', 'powers.py'], dir, 120_000, WITHOUT_FMA);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n'), [
      'own file 0',
      'imported module 0',
      'builtin pow 0',
      'in place True True True',
      'ints 1267650600228229401496703205376 True 1 float complex',
      'ZeroDivisionError 0.0 cannot be raised to a negative power',
      "OverflowError (34, 'Numerical result out of range')",
      'OverflowError int too large to convert to float',
      'line 9',
    ]);
    // Plain Python's ** is libm's pow, which math.pow under rclsim is not: the counts above can fail.
    const plain = spawnSync('python3', ['-c', POWERS_DIFFER], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...WITHOUT_FMA, PYTHONPATH: join(repoRoot, 'clients/python') },
    });
    assert.equal(plain.status, 0, plain.stderr);
    assert.ok(Number(plain.stdout) > 0, `libm's ** and the portable pow agree on all 20,000 pairs here (${plain.stdout.trim()})`);
  });

  it('says once that math is the C library’s where mpmath is not installed, and runs on', () => {
    const dir = programs('portable_math.py');
    const venv = join(dir, 'venv');
    const made = spawnSync('python3', ['-m', 'venv', '--without-pip', venv], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    const python = join(venv, 'bin/python3');
    const result = runCli(['exec', 'portable_math.py', '--python', python], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('mpmath is not installed'));
    assert.deepEqual(warnings, [
      `rclsim: mpmath is not installed for ${python}, so this program's math functions and float ** are the C library's, whose last bits differ between CPUs (pip install mpmath, or Debian's python3-mpmath; docs/python.md)`,
    ]);
    assert.equal(/values ([0-9a-f]{64})/.exec(result.stdout)?.[1], digest('python3', dir));
  });
});

/** How many of powers.py's pairs libm's ** gives other bits for than the client's portable pow. */
const POWERS_DIFFER = `
import random
from rclsim import _portable_math
pow_ = _portable_math.portable_functions()["pow"]
draw = random.Random(3)
pairs = [(draw.uniform(0.1, 30.0), draw.uniform(-8.0, 8.0)) for _ in range(20000)]
print(sum(b**e != pow_(b, e) for b, e in pairs))
`;
