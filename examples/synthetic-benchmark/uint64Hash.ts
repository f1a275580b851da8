// rslcpp's 64-bit hash functions in wrapping unsigned 64-bit arithmetic. A value is kept as two
// 32-bit halves and multiplied with 16-bit limbs, because BigInt arithmetic costs more than
// everything else a benchmark callback does. Halves are held as signed 32-bit integers (the same
// bits): V8 stores those without allocating, where unsigned values above 2^31 would each take a
// heap number.
const scratch = new BigUint64Array(1);
const scratchHalves = new Int32Array(scratch.buffer);
// Which half of the scratch holds the low 32 bits depends on the machine's byte order.
const LO = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HI = 1 - LO;

/** An unsigned 64-bit value as two 32-bit halves, updated in place. */
export class U64 {
  hi: number;
  lo: number;

  constructor(hi = 0, lo = 0) {
    this.hi = hi | 0;
    this.lo = lo | 0;
  }

  /** The value mod 2^64 (storing into a BigUint64Array wraps it). */
  static from(value: bigint): U64 {
    return new U64().set(value);
  }

  set(value: bigint): this {
    scratch[0] = value;
    this.hi = scratchHalves[HI]!;
    this.lo = scratchHalves[LO]!;
    return this;
  }

  toBigInt(): bigint {
    scratchHalves[LO] = this.lo;
    scratchHalves[HI] = this.hi;
    return scratch[0]!;
  }

  /** this := hc(this, other). */
  combine(other: U64): this {
    hc(this, this.hi, this.lo, other.hi, other.lo);
    return this;
  }
}

// mul() returns the low half of a product and leaves the high half here, so the hash runs on
// local numbers without allocating.
let productHi = 0;

/** a · b mod 2^64: returns the low 32 bits, the high 32 bits go to productHi. */
function mul(ah: number, al: number, bh: number, bl: number): number {
  const a0 = al & 0xffff;
  const a1 = al >>> 16;
  const b0 = bl & 0xffff;
  const b1 = bl >>> 16;
  let t = a0 * b0;
  const w0 = t & 0xffff;
  t = a1 * b0 + (t >>> 16);
  const w1 = t & 0xffff;
  const w2 = t >>> 16;
  t = a0 * b1 + w1;
  productHi = (a1 * b1 + w2 + (t >>> 16) + Math.imul(ah, bl) + Math.imul(al, bh)) | 0;
  return ((t & 0xffff) << 16) | w0;
}

const K_HI = 0x9ddfea08 | 0;
const K_LO = 0xeb382d69 | 0;

/** out := hc(h1, h2), with h1 and h2 given as halves. */
function hc(out: U64, h1hi: number, h1lo: number, h2hi: number, h2lo: number): void {
  // a = (h1 ^ h2) * k; a ^= a >> 47
  let lo = mul(h1hi ^ h2hi, h1lo ^ h2lo, K_HI, K_LO);
  let hi = productHi;
  lo ^= hi >>> 15;
  // b = (h2 ^ a) * k; b ^= b >> 47; b *= k
  lo = mul(h2hi ^ hi, h2lo ^ lo, K_HI, K_LO);
  hi = productHi;
  lo ^= hi >>> 15;
  lo = mul(hi, lo, K_HI, K_LO);
  hi = productHi;
  // splitmix64(b)
  const sum = (lo >>> 0) + 0x7f4a7c15;
  lo = sum | 0;
  hi = (hi + (0x9e3779b9 | 0) + (sum > 0xffffffff ? 1 : 0)) | 0;
  lo ^= (lo >>> 30) | (hi << 2);
  hi ^= hi >>> 30;
  lo = mul(hi, lo, 0xbf58476d | 0, 0x1ce4e5b9);
  hi = productHi;
  lo ^= (lo >>> 27) | (hi << 5);
  hi ^= hi >>> 27;
  lo = mul(hi, lo, 0x94d049bb | 0, 0x133111eb);
  hi = productHi;
  out.lo = lo ^ ((lo >>> 31) | (hi << 1));
  out.hi = hi ^ (hi >>> 31);
}

/** hc on bigints, for code that has them at hand (results, tests). */
export function hcBig(h1: bigint, h2: bigint): bigint {
  return U64.from(h1).combine(U64.from(h2)).toBigInt();
}

/** Parses a decimal uint64 string, as rslcpp reads the service response. */
export function parseUint64(text: string): bigint {
  if (!/^\d+$/.test(text)) throw new Error(`not a uint64: '${text}'`);
  return BigInt.asUintN(64, BigInt(text));
}
