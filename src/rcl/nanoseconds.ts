const NS_PER_SECOND = 1_000_000_000n;

/** Seconds + nanoseconds (number, bigint or decimal string) to exact bigint nanoseconds. */
export function toNanoseconds(seconds: number | bigint | string, nanoseconds: number | bigint | string): bigint {
  if (seconds === 0 && typeof nanoseconds === 'bigint') return nanoseconds;
  return toBigInt(seconds, 'seconds') * NS_PER_SECOND + toBigInt(nanoseconds, 'nanoseconds');
}

function toBigInt(value: number | bigint | string, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`${what} must be an integer, got ${value}`);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`${what} must be an integer, got ${String(value)}`);
}

/** Splits bigint nanoseconds into whole seconds (floored) and the remaining nanoseconds. */
export function splitNanoseconds(ns: bigint): { seconds: number; nanoseconds: number } {
  let seconds = ns / NS_PER_SECOND;
  let rest = ns % NS_PER_SECOND;
  if (rest < 0n) {
    seconds -= 1n;
    rest += NS_PER_SECOND;
  }
  return { seconds: Number(seconds), nanoseconds: Number(rest) };
}

/** A timeout in milliseconds (of sim time) as nanoseconds. */
export function msToNs(ms: number): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RangeError(`invalid timeout ${ms} ms`);
  return Math.round(ms * 1e6);
}
