import { Hash64 } from './Hash64.js';
import { cos, log } from './portableMath.js';

/**
 * A seeded pseudo-random generator (xoshiro128**, state from splitmix32), the same sequence on
 * every machine. Each consumer takes its own stream so that one consumer's draws never shift
 * another's.
 */
export class SeededRandom {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** `seed` is any safe integer: its high and low 32 bits both shape the state. */
  constructor(seed: number, stream = 0) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`a seed must be a safe integer, got ${seed}`);
    const high = Math.floor(seed / 4294967296) | 0;
    let s = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(high, 0x27d4eb2f) ^ Math.imul(stream | 0, 0x85ebca6b)) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
  }

  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.#b, 5), 7), 9) >>> 0;
    const t = this.#b << 9;
    this.#c ^= this.#a;
    this.#d ^= this.#b;
    this.#b ^= this.#c;
    this.#a ^= this.#d;
    this.#c ^= t;
    this.#d = rotl(this.#d, 11);
    return result;
  }

  /** A uniform double in [0, 1) with 53 random bits, like Math.random. */
  nextDouble(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** A standard normal draw (Box–Muller, from two uniform draws). */
  nextNormal(): number {
    const u = 1 - this.nextDouble();
    const v = this.nextDouble();
    return Math.sqrt(-2 * log(u)) * cos(2 * Math.PI * v);
  }

  fillBytes(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i += 4) {
      let word = this.nextUint32();
      for (let j = i; j < Math.min(i + 4, bytes.length); j++) {
        bytes[j] = word & 0xff;
        word >>>= 8;
      }
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * Stream `stream` of the consumer named `name` (a program: its Math.random, its crypto): from the
 * run's seed and a hash of the name and the stream number only, so the consumer draws the same
 * wherever it runs — beside others, alone, or in a process of its own, which derives it alike.
 */
export function namedStream(seed: number, name: string, stream: number): SeededRandom {
  const hash = new Hash64();
  hash.string(name);
  hash.word(stream);
  return new SeededRandom(seed, hash.finish().digestLo);
}
