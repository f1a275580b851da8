import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AdaptiveSpin } from '../../src/port/wire/AdaptiveSpin.js';

describe("a separate program's wait: how long it spins before it sleeps", () => {
  it('stops spinning while answers come after the spin (a busy machine), and spins again, doubling, once they come within it', () => {
    const spin = new AdaptiveSpin(2);
    const seen: number[] = [spin.ms];
    for (let i = 0; i < 8; i++) {
      spin.waited(true, spin.ms + 1);
      seen.push(spin.ms);
    }
    assert.deepEqual(seen, [2, 1, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0, 0]);
    // Without a spin, an answer within the floor counts as one a spin would have caught.
    spin.waited(true, 0.01);
    assert.equal(spin.ms, AdaptiveSpin.FLOOR_MS);
    for (let i = 0; i < 10; i++) spin.waited(true, 0);
    assert.equal(spin.ms, 2);
    // A wait that ended without the answer (the slice ran out, an output pipe) counts as a miss.
    spin.waited(false, 0);
    assert.equal(spin.ms, 1);
  });

  it('never spins where the longest spin is none (one CPU)', () => {
    const spin = new AdaptiveSpin(0);
    spin.waited(true, 0);
    assert.equal(spin.ms, 0);
  });
});
