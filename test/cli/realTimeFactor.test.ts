import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { realTimeFactor } from '../../src/cli/run/realTimeFactor.js';

describe('the real-time factor a run prints', () => {
  it('whole numbers from 10 up, two significant digits below, a dash without wall time', () => {
    // A 1 kHz C++ loop simulated slower than real time printed "0x real time" before.
    assert.equal(realTimeFactor(2, 5.978), '0.33');
    assert.equal(realTimeFactor(7, 2), '3.5');
    assert.equal(realTimeFactor(100, 1.5), '67');
    assert.equal(realTimeFactor(1, 0), '-');
  });
});
