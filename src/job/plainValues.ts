/**
 * bigint integers (from intAsBigInt) as numbers where they fit, for schema validation; larger
 * ones as their digits, which durations read exactly (a start of 1.6e18 ns is 2020).
 */
export function toPlain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  return value;
}
