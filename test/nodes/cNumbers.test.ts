import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cFixed, stod, strtod } from '../../src/nodes/cNumbers.js';
import { cachedProgram } from '../support/cachedProgram.js';
import { needs, tempDir } from '../support/helpers.js';

describe("std::stod as the standard nodes read numbers (glibc's strtod)", () => {
  it('reads a prefix: white space, sign, decimals, exponents, hexadecimal floats, inf and nan; nothing read is invalid_argument, overflow out_of_range', () => {
    assert.equal(stod('  1.5xyz'), 1.5);
    assert.equal(stod('-2e3'), -2000);
    assert.equal(stod('1e'), 1);
    assert.equal(stod('.5'), 0.5);
    assert.equal(stod('0x1.8p1'), 3);
    assert.equal(stod('0x'), 0);
    assert.equal(stod('-inf'), -Infinity);
    assert.ok(Number.isNaN(stod('nan') as number));
    assert.equal(stod('abc'), 'invalid_argument');
    assert.equal(stod(''), 'invalid_argument');
    assert.equal(stod('1e999'), 'out_of_range');
    assert.equal(stod('1e-400'), 'out_of_range');
    assert.equal(stod('0e-400'), 0);
    assert.equal(strtod(' 12abc').length, 3);
  });
});

describe("printf's %f as the standard nodes print numbers (cFixed)", () => {
  it(
    "prints what the C library's printf prints: ties to even, every digit of large values, negative zeros and values that round to zero, inf",
    needs('g++'),
    () => {
      const values = [
        0,
        -0,
        1,
        -1,
        0.5,
        1 / 128,
        -1 / 128,
        3 / 128,
        2.5e-7,
        -4e-7,
        1e-320,
        -5e-324,
        0.1,
        2 / 3,
        123456.7890125,
        1e21,
        -1.5e300,
        Number.MAX_VALUE,
        2 ** 53 + 2,
        0.0000015,
        0.0000025,
        Infinity,
        -Infinity,
      ];
      const hex = (value: number): string => {
        const bytes = Buffer.alloc(8);
        bytes.writeDoubleBE(value);
        return bytes.toString('hex');
      };
      const dir = tempDir();
      const source = join(dir, 'fixed.cpp');
      // The values go in as bits, so no decimal reading of C's stands between them and printf.
      writeFileSync(
        source,
        '#include <cstdio>\n#include <cstdint>\n#include <cstring>\n#include <cinttypes>\n' +
          'int main() { uint64_t bits; while (scanf("%" SCNx64, &bits) == 1) { double v; std::memcpy(&v, &bits, 8); std::printf("%f\\n", v); } }\n',
      );
      const program = cachedProgram('fixed', ['-std=c++17'], [source]);
      const printed = execFileSync(program, { input: values.map(hex).join('\n'), encoding: 'utf8' })
        .split('\n')
        .slice(0, -1);
      assert.deepEqual(
        values.map((value) => cFixed(value)),
        printed,
      );
    },
  );
});
