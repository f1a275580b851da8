/**
 * A streaming 64-bit hash built from 32-bit integer operations only (Math.imul, shifts), so it
 * gives the same value on every machine and Node.js version. Two murmur3-style lanes; the
 * second lane also mixes the first, so the halves are not independent 32-bit hashes.
 *
 * Used for the run fingerprint and for message digests.
 */
const scratch = new DataView(new ArrayBuffer(8));
const unsigned64 = new BigUint64Array(1);
// byte order: native-order views of one 64-bit value, read through LOW and HIGH below, so the
// low word is mixed first on every machine (on a big-endian one halves[0] holds the high word).
const signed64 = new BigInt64Array(unsigned64.buffer);
// Signed: V8 passes int32 values around without allocating, unsigned ones above 2^31 it boxes.
// byte order: see signed64.
const halves = new Int32Array(unsigned64.buffer);
const TWO_32 = 4294967296;
/** Whether an Int32Array over bytes reads them as little-endian words, as `bytes` mixes them. */
// byte order: this is the test of the machine's order.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** The index in `halves` of a 64-bit value's low 32 bits, and of its high 32 bits. */
const LOW = LITTLE_ENDIAN ? 0 : 1;
const HIGH = 1 - LOW;
const MAX_U64 = 0xffffffffffffffffn;
const MIN_I64 = -0x8000000000000000n;

export class Hash64 {
  lo = 0;
  hi = 0;
  /** The last `finish()` result. */
  digestLo = 0;
  digestHi = 0;
  #words = 0;

  constructor() {
    this.reset();
  }

  reset(): this {
    this.lo = 0x243f6a88;
    this.hi = 0x85a308d3 | 0;
    this.#words = 0;
    return this;
  }

  /** Mix one 32-bit word. */
  word(w: number): void {
    this.lo = mixWord(this.lo, this.hi, w);
    this.hi = mixedHi;
    this.#words++;
  }

  /** Mix an integer in the exact range of a double (|n| < 2^53) as two words. */
  integer(n: number): void {
    this.word(n >>> 0);
    this.word(Math.floor(n / TWO_32) | 0);
  }

  /**
   * Mix any double by its IEEE-754 bits (so 0 and -0 are told apart). Every NaN mixes as the one
   * quiet NaN: a NaN's sign and payload are the CPU's (x86-64's 0 / 0 sets the sign bit, arm64's
   * does not), and the same run must give the same fingerprint on both.
   */
  float(n: number): void {
    if (Number.isNaN(n)) {
      this.word(0);
      this.word(0x7ff80000);
      return;
    }
    scratch.setFloat64(0, n, true);
    this.word(scratch.getUint32(0, true));
    this.word(scratch.getUint32(4, true));
  }

  bigint(n: bigint): void {
    // The common 64-bit cases go through typed arrays instead of BigInt arithmetic.
    if (n >= 0n && n <= MAX_U64) {
      this.uint64(n);
      return;
    }
    if (n < 0n && n >= MIN_I64) {
      this.int64(n);
      return;
    }
    // Beyond 64 bits: magnitude in 64-bit words, then the signed word count.
    const negative = n < 0n;
    let rest = negative ? -n : n;
    let count = 0;
    do {
      const part = BigInt.asUintN(64, rest);
      this.word(Number(part & 0xffffffffn));
      this.word(Number(part >> 32n));
      rest >>= 64n;
      count++;
    } while (rest > 0n);
    this.word(negative ? -count : count);
  }

  /**
   * `bigint` for a value known to be in [0, 2^64) (a uint64 field's): the same words, without
   * comparing bigints.
   */
  uint64(n: bigint): void {
    unsigned64[0] = n;
    this.halves64(halves[LOW]!, halves[HIGH]!, false);
  }

  /** `bigint` for a value known to be in [-2^63, 2^63) (an int64 field's): the same words. */
  int64(n: bigint): void {
    signed64[0] = n;
    this.halves64(halves[LOW]!, halves[HIGH]!, true);
  }

  /**
   * A 64-bit integer given as its low and high 32-bit words (`high` read as signed), as `uint64`
   * (`signed` false) or `int64` mixes it: the words, then the sign (a CDR reader's, which has no bigint).
   */
  halves64(low: number, high: number, signed: boolean): void {
    this.word(low);
    this.word(high);
    this.word(signed && high < 0 ? -1 : 1);
  }

  /** Mix bytes, four to a word (little-endian, whatever the machine), then the length. */
  bytes(b: Uint8Array): void {
    const n = b.length;
    const whole = n & ~3;
    // The state stays in locals over the run of words: this is the hot loop of large messages.
    let lo = this.lo;
    let hi = this.hi;
    if (LITTLE_ENDIAN && (b.byteOffset & 3) === 0) {
      // byte order: native words are the little-endian words only on a little-endian machine;
      // elsewhere (and for unaligned bytes) the loop below assembles them byte by byte.
      const words = new Int32Array(b.buffer, b.byteOffset, whole >> 2);
      // mixWord written out: through it, each word's second lane went through a module variable
      // (a store and a load in the chain from word to word), 1.5× slower over an image.
      for (let i = 0; i < words.length; i++) {
        let k = Math.imul(words[i]!, 0xcc9e2d51);
        k = (k << 15) | (k >>> 17);
        k = Math.imul(k, 0x1b873593);
        let a = lo ^ k;
        a = (a << 13) | (a >>> 19);
        a = (Math.imul(a, 5) + 0xe6546b64) | 0;
        let c = hi ^ Math.imul(k ^ a, 0x85ebca6b);
        c = (c << 17) | (c >>> 15);
        hi = (Math.imul(c, 9) + 0x38495ab5) | 0;
        lo = a;
      }
    } else {
      for (let i = 0; i < whole; i += 4) {
        lo = mixWord(lo, hi, b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24));
        hi = mixedHi;
      }
    }
    this.lo = lo;
    this.hi = hi;
    this.#words += whole >> 2;
    let tail = 0;
    for (let i = whole; i < n; i++) tail |= b[i]! << (8 * (i - whole));
    this.word(tail);
    this.word(n);
  }

  string(s: string): void {
    this.word(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
  }

  /** The text of ASCII bytes (each below 0x80) from `start` to `end`, as `string` mixes it: one UTF-16 unit a byte. */
  asciiString(b: Uint8Array, start: number, end: number): void {
    this.word(end - start);
    // The state in locals over the characters, as in `bytes` (a JointState's names are most of its words).
    let lo = this.lo;
    let hi = this.hi;
    for (let i = start; i < end; i++) {
      lo = mixWord(lo, hi, b[i]!);
      hi = mixedHi;
    }
    this.lo = lo;
    this.hi = hi;
    this.#words += end - start;
  }

  /** Final avalanche of both lanes into `digestLo`/`digestHi`; the running state is kept. */
  finish(): this {
    let lo = this.lo ^ this.#words;
    let hi = this.hi ^ this.#words;
    lo = fmix32(lo ^ hi);
    hi = fmix32(hi + lo);
    this.digestLo = (lo + hi) | 0;
    this.digestHi = hi;
    return this;
  }

  hex(): string {
    this.finish();
    return (this.digestHi >>> 0).toString(16).padStart(8, '0') + (this.digestLo >>> 0).toString(16).padStart(8, '0');
  }
}

/** The second lane's value after the last `mixWord` (two results without allocating). */
let mixedHi = 0;

/** One word into both lanes: returns the first lane's new value, leaves the second's in `mixedHi`. */
function mixWord(lo: number, hi: number, w: number): number {
  let k = Math.imul(w | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let a = lo ^ k;
  a = (a << 13) | (a >>> 19);
  a = (Math.imul(a, 5) + 0xe6546b64) | 0;
  let b = hi ^ Math.imul(k ^ a, 0x85ebca6b);
  b = (b << 17) | (b >>> 15);
  mixedHi = (Math.imul(b, 9) + 0x38495ab5) | 0;
  return a;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
