import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stod, strtod } from '../../src/nodes/cNumbers.js';

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
