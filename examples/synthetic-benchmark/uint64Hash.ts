// rslcpp's 64-bit hash functions, in wrapping unsigned 64-bit arithmetic.
const MASK = 0xffffffffffffffffn;

export function splitmix64(value: bigint): bigint {
  let x = (value + 0x9e3779b97f4a7c15n) & MASK;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return x ^ (x >> 31n);
}

export function hc(h1: bigint, h2: bigint): bigint {
  const k = 0x9ddfea08eb382d69n;
  let a = ((h1 ^ h2) * k) & MASK;
  a ^= a >> 47n;
  let b = ((h2 ^ a) * k) & MASK;
  b ^= b >> 47n;
  b = (b * k) & MASK;
  return splitmix64(b);
}

/** Parses a decimal uint64 string, as rslcpp reads the service response. */
export function parseUint64(text: string): bigint {
  if (!/^\d+$/.test(text)) throw new Error(`not a uint64: '${text}'`);
  return BigInt(text) & MASK;
}
