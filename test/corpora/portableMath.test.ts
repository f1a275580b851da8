import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as portableMath from '../../src/base/portableMath.js';
import { corpusCases, firstDifference, runPython } from '../support/corpus.js';
import { needs, repoRoot, tempDir } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/portableMath');
const CASES = join(fixtures, 'cases.txt');

/** One line of cases.txt (its head says the form). */
interface Case {
  /** FUNCTION X [Y], as each runner echoes it. */
  call: string;
  result: string;
  error: 'domain' | 'pole' | 'overflow' | undefined;
  /** What ECMAScript defines, or rclsim's TypeScript gives, in place of `result`. */
  es: string | undefined;
  js: string | undefined;
}

function parse(line: string): Case {
  const [call, answer] = line.split(' = ') as [string, string];
  const [result, ...notes] = answer.split(' ') as [string, ...string[]];
  const note = (key: string): string | undefined => notes.find((word) => word.startsWith(`${key}=`))?.slice(key.length + 1);
  const error = notes.find((word) => !word.includes('=')) as Case['error'];
  return { call, result, error, es: note('es'), js: note('js') };
}

const cases = corpusCases(CASES).map(parse);

const scratch = new DataView(new ArrayBuffer(8));
function fromBits(hex: string): number {
  scratch.setBigUint64(0, BigInt(`0x${hex}`));
  return scratch.getFloat64(0);
}
function bitsOf(value: number): string {
  scratch.setFloat64(0, value);
  return scratch.getBigUint64(0).toString(16).padStart(16, '0');
}

/** JavaScript has one NaN (Object.is): any NaN's bits print as `nan`. */
const jsValue = (value: number): string => (Number.isNaN(value) ? 'nan' : bitsOf(value));
const jsExpected = (hex: string): string => (hex === 'nan' || Number.isNaN(fromBits(hex)) ? 'nan' : hex);

/** The corpus's lines each language must print: its own form of a case's error. */
const EXPECTED = {
  typescript: (c: Case) => `${c.call} = ${jsExpected(c.es ?? c.js ?? c.result)}`,
  python: (c: Case) => `${c.call} = ${c.error === undefined ? `${c.result} -` : `- ${c.error === 'overflow' ? 'OverflowError' : 'ValueError'}`}`,
  cpp: (c: Case) => `${c.call} = ${c.result} ${c.error === undefined ? '-' : c.error === 'domain' ? 'EDOM' : 'ERANGE'}`,
};

function expectedOutput(language: keyof typeof EXPECTED): string {
  return `${cases.map(EXPECTED[language]).join('\n')}\n`;
}

function assertSame(language: string, output: string, expected: string): void {
  assert.ok(output === expected, `${language} differs from cases.txt at ${firstDifference(output, expected)}`);
}

// Each client's math, the same bits on every CPU, one corpus of cases for all three: Python's and
// C++'s correctly rounded (mpmath, MPFR), TypeScript's stdlib's, whose differences the corpus names.
describe('portable math: one corpus of cases through every client', () => {
  it('has every function the three share, at its special arguments and ordinary ones', () => {
    const functions = new Set(cases.map((c) => c.call.split(' ')[0]));
    assert.deepEqual([...functions].sort(), Object.keys(portableMath).sort());
    assert.ok(cases.length >= 700, `${cases.length} cases`);
  });

  it('gives the bits of each case in TypeScript (src/base/portableMath.ts)', (t) => {
    const call = portableMath as unknown as Record<string, (...args: number[]) => number>;
    const output = cases.map((c) => {
      const [name, ...args] = c.call.split(' ') as [string, ...string[]];
      return `${c.call} = ${jsValue(call[name]!(...args.map(fromBits)))}`;
    });
    assertSame('TypeScript', `${output.join('\n')}\n`, expectedOutput('typescript'));
    t.diagnostic(`${cases.filter((c) => c.js !== undefined).length} of ${cases.length} cases an ulp from the correctly rounded value`);
  });

  it('gives the bits and errors of each case in Python (rclsim._portable_math)', needs('mpmath'), () => {
    assertSame('Python', runPython(join(fixtures, 'cases.py'), CASES), expectedOutput('python'));
  });

  it('gives the bits and errno of each case in C++ (clients/cpp/src/portable_math.cpp)', needs('MPFR'), () => {
    const dir = tempDir();
    const program = join(dir, 'cases');
    // As the client and programs are compiled: no a*b+c in one rounding.
    const sources = [join(fixtures, 'cases.cpp'), join(repoRoot, 'clients/cpp/src/portable_math.cpp')];
    const built = spawnSync('g++', ['-std=c++17', '-O0', '-ffp-contract=off', '-DRCLSIM_HAVE_MPFR=1', ...sources, '-rdynamic', '-ldl', '-o', program], {
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stderr);
    const run = spawnSync(program, [CASES], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assertSame('C++', run.stdout, expectedOutput('cpp'));
  });
});
