import type { Document } from 'yaml';

/**
 * A YAML document as plain values for schema validation: bigint integers (from intAsBigInt) as
 * numbers where they fit, larger ones as their digits, which durations read exactly (a start of
 * 1.6e18 ns is 2020). Converted as yaml builds the values (a reviver), not in a copy of them: a job
 * file may hold 100,000 parameters.
 */
export function plainValues(doc: Document): unknown {
  return doc.toJS({ reviver: (_key: unknown, value: unknown) => (typeof value === 'bigint' ? plainInteger(value) : value) });
}

function plainInteger(value: bigint): number | string {
  return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
}
