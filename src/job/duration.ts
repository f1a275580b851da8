/**
 * Durations in job files and on the command line: `100ms`, `2.5s`, `1.5min`, `250us`, `10ns`,
 * or an integer number of nanoseconds. Converted exactly (no floating point) to bigint ns.
 */
const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  min: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

export class DurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DurationError';
  }
}

export function parseDuration(value: unknown): bigint {
  if (typeof value === 'bigint') return check(value, value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new DurationError(`invalid duration ${value}: a bare number is integer nanoseconds`);
    return check(BigInt(value), value);
  }
  if (typeof value !== 'string') throw new DurationError(`invalid duration ${String(value)}: expected e.g. 100ms, 2.5s or integer nanoseconds`);
  const match = /^\s*(\d+)(?:\.(\d+))?\s*(ns|us|ms|s|min|h)?\s*$/.exec(value);
  if (!match) throw new DurationError(`invalid duration '${value}': expected e.g. 100ms, 2.5s or integer nanoseconds`);
  const [, whole, fraction = '', unit] = match;
  if (unit === undefined) {
    if (fraction !== '') throw new DurationError(`invalid duration '${value}': a bare number is integer nanoseconds; add a unit`);
    return check(BigInt(whole!), value);
  }
  const scale = UNITS[unit]!;
  const denominator = 10n ** BigInt(fraction.length);
  const numerator = (BigInt(whole!) * denominator + BigInt(fraction || '0')) * scale;
  if (numerator % denominator !== 0n) throw new DurationError(`invalid duration '${value}': finer than a nanosecond`);
  return check(numerator / denominator, value);
}

function check(ns: bigint, original: unknown): bigint {
  if (ns < 0n) throw new DurationError(`invalid duration ${String(original)}: must not be negative`);
  return ns;
}
