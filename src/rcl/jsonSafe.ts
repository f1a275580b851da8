/**
 * rclnodejs's JSON helpers for messages: typed arrays become arrays; in `toJSONSafe` also
 * bigint becomes '<digits>n', ±Infinity and NaN strings, undefined null (what JSON cannot hold).
 */
import { isTypedArray } from '../interfaces/primitives.js';

function mapFields(value: object, convert: (field: unknown) => unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) result[key] = convert((value as Record<string, unknown>)[key]);
  return result;
}

/** Typed arrays as plain arrays, everything else as it is (serializationMode 'plain'). */
export function toPlainArrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isTypedArray(value)) return Array.from(value);
  if (Array.isArray(value)) return value.map(toPlainArrays);
  return mapFields(value, toPlainArrays);
}

/** A value JSON.stringify writes without loss or error (serializationMode 'json'). */
export function toJSONSafe(value: unknown): unknown {
  if (value === null || value === undefined) return value === undefined ? null : value;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : value === Infinity ? 'Infinity' : value === -Infinity ? '-Infinity' : value;
  if (typeof value === 'function') return '[Function]';
  if (typeof value !== 'object') return value;
  if (isTypedArray(value)) return Array.from(value, toJSONSafe);
  if (Array.isArray(value)) return value.map(toJSONSafe);
  return mapFields(value, toJSONSafe);
}

export function toJSONString(value: unknown, space?: string | number): string {
  return JSON.stringify(toJSONSafe(value), null, space);
}
