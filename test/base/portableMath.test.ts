import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import * as portableMath from '../../src/base/portableMath.js';

type Name = keyof typeof portableMath;
const NAMES = Object.keys(portableMath) as Name[];
const PORTABLE: Record<Name, (x: number, y: number) => number> = { ...portableMath };
const BINARY = new Set<Name>(['atan2', 'pow']);
const call = (name: Name, x: number, y: number): number => PORTABLE[name](x, y);
const host = (name: Name, x: number, y: number): number => (Math[name] as (x: number, y: number) => number)(x, y);

/** Operands whose results ECMAScript defines exactly, alone or with one of ORDINARY. */
const EXACT = [0, -0, Infinity, -Infinity, NaN];
const ORDINARY = [1, -1, 0.5, -2, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE];

const scratch = new DataView(new ArrayBuffer(8));
/** A double's bits as a signed integer ordered as the doubles are, so that a difference counts ulps. */
function ordinal(x: number): bigint {
  scratch.setFloat64(0, x, true);
  const bits = scratch.getBigInt64(0, true);
  return bits < 0n ? -(bits & 0x7fffffffffffffffn) : bits;
}

/** Operands over each function's useful range and beyond, from integer arithmetic (the same on every machine). */
function* operands(count: number): Generator<[number, number]> {
  let state = 0x2545f491;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  for (let i = 0; i < count; i++) {
    let scale = 1 / 1099511627776; // 2^-40
    for (let k = Math.floor(next() * 80); k > 0; k--) scale *= 2;
    const x = i % 4 === 0 ? scale * (next() - 0.5) : (next() * 2 - 1) * [1, 10, 50, 800][i % 4]!;
    yield [x, (next() * 2 - 1) * 30];
  }
}

describe('portable math', () => {
  it('returns what Math does for the operands whose results ECMAScript defines exactly, and converts its arguments as Math does', () => {
    for (const name of NAMES) {
      const pairs = BINARY.has(name)
        ? [...EXACT, ...ORDINARY].flatMap((x) =>
            [...EXACT, ...(EXACT.includes(x) ? ORDINARY : [])].flatMap((y) => [
              [x, y],
              [y, x],
            ]),
          )
        : EXACT.map((x) => [x, 0]);
      for (const [x, y] of pairs) assert.ok(Object.is(call(name, x!, y!), host(name, x!, y!)), `${name}(${x}, ${y})`);
      assert.ok(Object.is(call(name, '0.5' as never, { valueOf: () => 2 } as never), call(name, 0.5, 2)), `${name} of a string and an object`);
    }
    assert.throws(() => portableMath.sin(1n as never), TypeError);
  });

  it("mends stdlib where it errs: a negative base's sign, atan2's sign when y / x underflows, sinh and cosh near overflow", () => {
    const exact: [number, number][] = [
      [-1, Number.MAX_VALUE],
      [-3, 2 ** 60],
      [-0.5, -(2 ** 60)],
      [-2, 3],
      [-2, -1],
      [-3, 0.5],
    ];
    for (const [x, y] of exact) assert.ok(Object.is(portableMath.pow(x, y), x ** y), `pow(${x}, ${y})`);
    assert.equal(portableMath.atan2(-1e-300, -1e300), -Math.PI);
    assert.equal(portableMath.sinh(-710), -portableMath.sinh(710));
    assert.ok(Number.isFinite(portableMath.sinh(710.4)) && Number.isFinite(portableMath.cosh(-710.4)));
    assert.equal(portableMath.cosh(710.5), Infinity);
  });

  it('stays within 2 ulps of this machine’s Math everywhere, at most 1 from exp, log, log1p, expm1 and cbrt, and agrees in kind (finite, NaN, sign)', () => {
    const tight = new Set<Name>(['exp', 'log', 'log1p', 'expm1', 'cbrt']);
    for (const name of NAMES) {
      for (const [x, y] of operands(5_000)) {
        const a = name === 'acosh' ? Math.abs(x) + 1 : x;
        const ours = call(name, a, y);
        const theirs = host(name, a, y);
        if (Number.isNaN(theirs) || !Number.isFinite(theirs)) {
          assert.ok(Object.is(ours, theirs), `${name}(${a}, ${y}): ${ours} vs ${theirs}`);
          continue;
        }
        const ulps = ordinal(ours) - ordinal(theirs);
        assert.ok(ulps >= -2n && ulps <= 2n && (!tight.has(name) || (ulps >= -1n && ulps <= 1n)), `${name}(${a}, ${y}): ${ours} vs ${theirs}`);
      }
    }
  });

  // Checked on x86-64 and, under qemu, on arm64, armv7l, ppc64le and s390x (big-endian).
  it('gives the same bits as on every machine', () => {
    const hash = createHash('sha256');
    for (const name of NAMES) {
      for (const [x, y] of operands(2_000)) {
        const value = call(name, x, y);
        // A NaN's payload is the CPU's (x86-64's 0 / 0 sets the sign bit, arm64's does not).
        scratch.setFloat64(0, Number.isNaN(value) ? NaN : value, true);
        hash.update(new Uint8Array(scratch.buffer));
      }
    }
    assert.equal(hash.digest('hex').slice(0, 16), '51bfb10bef4e08e4');
  });
});
