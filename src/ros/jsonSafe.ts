/**
 * rclnodejs's JSON helpers for messages (its `message_serialization`): typed arrays become
 * arrays; in `toJSONSafe` also bigint becomes '<digits>n', ±Infinity and NaN strings, functions
 * '[Function]' (what JSON cannot hold); and the subscription option `serializationMode`.
 */
import { isTypedArray } from '../interfaces/primitives.js';
import { ValidationError } from './rclErrors.js';

export { isTypedArray };

const SERIALIZATION_MODES = ['default', 'plain', 'json'] as const;
export type SerializationMode = (typeof SERIALIZATION_MODES)[number];

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
  if (value === null || value === undefined) return value;
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

/** Whether JSON cannot hold the value as it is. */
export function needsJSONConversion(value: unknown): boolean {
  return typeof value === 'bigint' || typeof value === 'function' || value === undefined || (typeof value === 'number' && !Number.isFinite(value));
}

export function isValidSerializationMode(mode: unknown): mode is SerializationMode {
  return (SERIALIZATION_MODES as readonly unknown[]).includes(mode);
}

/** The mode, or rclnodejs's ValidationError naming the valid ones. */
export function checkSerializationMode(mode: unknown): SerializationMode {
  if (isValidSerializationMode(mode)) return mode;
  throw new ValidationError(`Invalid serializationMode: ${String(mode)}. Valid modes are: 'default', 'plain', 'json'`, {
    code: 'INVALID_SERIALIZATION_MODE',
    argumentName: 'serializationMode',
    providedValue: mode,
    expectedType: "'default' | 'plain' | 'json'",
  });
}

/** A message as a subscription in `mode` hands it over. */
export function applySerializationMode(message: unknown, mode: SerializationMode): unknown {
  const checked = checkSerializationMode(mode);
  return checked === 'json' ? toJSONSafe(message) : checked === 'plain' ? toPlainArrays(message) : message;
}
