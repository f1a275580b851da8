import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import * as portableMath from '../../src/base/portableMath.js';
import { runCli, tempDir, writeTemp } from '../support/helpers.js';

/** Operands whose x ** y x86-64's V8 rounds otherwise than the portable pow. */
const OPERANDS: [number, number][] = [
  [1.2, 1.7],
  [1.3, 0.7],
  [1.6, 1.1],
];

/**
 * A program that prints its `**` and `**=` results and the line of its own stack frame (line 7),
 * after an expression of `**` over three lines. `: number` makes it TypeScript.
 */
const powProgram = (annotation: string): string => `const [x, y, z]${annotation === '' ? '' : ': number[]'} = [1.2, 1.7, 1.3];
let w = z; w **= 0.7;
const o = { p: 1.6 }; o.p **= 1.1;
const spread = 2 **
  0.5 ** (2 **
  1);
const frame = new Error('here').stack${annotation === '' ? '' : '!'}.split('\\n')[1];
console.log(JSON.stringify([x ** y, w, o.p, spread, String(2n ** 64n), frame]));
`;

/**
 * Side effects in the order they happen, for `**=` on members (a getter and setter, a computed
 * key converted twice as V8 converts it, a nested `**=` on the right), on a frozen object (quietly
 * kept in sloppy CommonJS), and BigInt powers mixed with numbers.
 */
const ORDER_PROGRAM = `const log = [];
const say = (what, value) => (log.push(what), value);
const o = { get p() { return say('get p', 1.6); }, set p(v) { log.push('set p ' + v.toPrecision(12)); }, q: 2 };
const key = { toString: () => say('key', 'p') };
say('object', o)[key] **= say('right', 1.1);
say('object', o).q **= (say('object', o).p **= 3);
let n = 1.3;
n **= say('right', (n = 5, 0.7));
log.push('n ' + n.toPrecision(12));
const frozen = Object.freeze({ r: 2 });
try { frozen.r **= 2; log.push('frozen ' + frozen.r); } catch (error) { log.push(error.constructor.name); }
try { 2n ** 1; } catch (error) { log.push(error.constructor.name + ': ' + error.message); }
log.push(String((-3n) ** 3n));
console.log(JSON.stringify(log));
`;

function run(file: string, process: 'in-process' | 'separate', dir: string): string {
  const result = runCli(['exec', '--process', process, file], dir, 60_000);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.split('\n')[0]!;
}

describe('a program’s ** operator', () => {
  it('computes as the portable Math.pow, in-process and separate, CommonJS, ES modules and TypeScript, lines in place', () => {
    const hostDiffers = OPERANDS.some(([x, y]) => x ** y !== portableMath.pow(x, y));
    assert.ok(hostDiffers, 'the operands tell the portable pow from this machine’s');
    const [[x, y], [z, a], [p, b]] = OPERANDS as [[number, number], [number, number], [number, number]];
    const portable = [portableMath.pow(x, y), portableMath.pow(z, a), portableMath.pow(p, b), portableMath.pow(2, 0.25), '18446744073709551616'];
    const dir = tempDir();
    const moduleDir = join(dir, 'module');
    mkdirSync(moduleDir);
    writeTemp(moduleDir, 'package.json', '{ "type": "module" }\n');
    const files = [
      writeTemp(dir, 'program.cjs', powProgram('')),
      writeTemp(dir, 'program.mjs', powProgram('')),
      // No import or export: an ES module only by its package.json.
      writeTemp(moduleDir, 'program.js', powProgram('')),
      // tsx compiles it to CommonJS (no "type": "module"), and this one to an ES module.
      writeTemp(dir, 'program.ts', powProgram(': number')),
      writeTemp(dir, 'program.mts', powProgram(': number')),
    ];
    for (const file of files) {
      for (const where of ['in-process', 'separate'] as const) {
        const printed = JSON.parse(run(file, where, dir)) as unknown[];
        assert.deepEqual(printed.slice(0, -1), portable, `${file} ${where}`);
        // The frame's line is the source's, through tsx's source map for TypeScript.
        assert.match(printed.at(-1) as string, new RegExp(`${basename(file).replace('.', '\\.')}(\\?[^:]*)?:7:\\d+\\)?$`), `${file} ${where}`);
      }
    }
  });

  it('evaluates **= as Node.js does: object and key once, the old value before the right side; BigInt powers exact', () => {
    const dir = tempDir();
    for (const name of ['order.cjs', 'order.mjs']) {
      const file = writeTemp(dir, name, ORDER_PROGRAM);
      const node = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();
      const expected = JSON.parse(node) as string[];
      assert.ok(expected.includes('get p') && expected.includes(name.endsWith('.mjs') ? 'TypeError' : 'frozen 2'), node);
      assert.deepEqual(JSON.parse(run(file, 'in-process', dir)), expected, name);
    }
  });

  it('leaves a program that is not valid JavaScript to fail as before, naming its line', () => {
    const dir = tempDir();
    const broken = 'const a = 2 ** 3;\nlet b = a ** 2;\nlet c = (b ** ;\n';
    for (const [name, line] of [
      ['broken.cjs', "cannot load program broken.cjs: Unexpected token ';'"],
      ['broken.mjs', "cannot load program broken.mjs: Unexpected token ';'"],
      ['broken.ts', `cannot load program broken.ts: ${join(dir, 'broken.ts')}:3:14: Unexpected ";"`],
    ]) {
      writeTemp(dir, name!, broken);
      const result = runCli(['exec', name!], dir, 60_000);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stderr, `rclsim: ${name}: ${line}\n`);
    }
  });
});
