import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { InterfaceRegistry } from '../../src/interfaces/InterfaceRegistry.js';
import type { MessageType } from '../../src/interfaces/MessageType.js';
import { PRIMITIVES } from '../../src/interfaces/primitives.js';

/**
 * Messages of any type that reach the edges of what CDR and bags must carry: `plain` values
 * (defaults, empty sequences), `extreme` ones (integer limits, NaN and ±Infinity, non-ASCII text
 * with a 4-byte character, sequences at their bounds, large unbounded arrays).
 */
export type Variant = 'plain' | 'extreme';

export const NON_ASCII = 'Grüße 世界 🤖';
/** Long enough to span pages and several MCAP writes; longer only slows the Python readers that check them. */
const LARGE = 4_096;

/** Whether a type can be written at all (wstring is implementation-defined and not supported). */
export function isWritable(type: MessageType): boolean {
  return [type, ...type.dependencies].every((t) => t.own.fields.every((f) => f.type !== 'wstring'));
}

export function sampleMessage(type: MessageType, registry: InterfaceRegistry, variant: Variant): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  for (const field of type.own.fields) {
    if (field.isConstant === true) continue;
    // A char beyond ASCII has no agreed meaning (readers decode it as signed, unsigned or text).
    const fieldVariant = type.own.declared.get(field.name) === 'char' ? 'plain' : variant;
    message[field.name] = field.isArray === true ? sampleArray(field, registry, fieldVariant) : sampleValue(field, registry, fieldVariant, 0);
  }
  return message;
}

function sampleArray(field: MessageDefinitionField, registry: InterfaceRegistry, variant: Variant): unknown {
  const length = field.arrayLength ?? (variant === 'plain' ? 0 : (field.arrayUpperBound ?? (field.isComplex === true || field.type === 'string' ? 3 : LARGE)));
  const items = Array.from({ length }, (_, i) => sampleValue(field, registry, variant, i));
  const typed = field.isComplex === true ? undefined : PRIMITIVES[field.type]?.array;
  return typed === undefined ? items : (typed as unknown as { from(a: unknown[]): unknown }).from(items);
}

function sampleValue(field: MessageDefinitionField, registry: InterfaceRegistry, variant: Variant, index: number): unknown {
  if (field.isComplex === true) return sampleMessage(registry.message(field.type), registry, variant);
  const primitive = PRIMITIVES[field.type]!;
  if (variant === 'plain') {
    if (primitive.kind === 'string') return field.upperBound === undefined ? 'plain text' : 'x'.repeat(Math.min(field.upperBound, 3));
    if (primitive.kind === 'bool') return index % 2 === 1;
    if (primitive.kind === 'bigint') return BigInt(index + 7);
    if (primitive.kind === 'float') return 1.5 + index;
    return index % 100;
  }
  switch (primitive.kind) {
    case 'string':
      return field.upperBound === undefined ? `${NON_ASCII} ${index}` : 'y'.repeat(field.upperBound);
    case 'bool':
      return index % 2 === 0;
    case 'float':
      return [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, field.type === 'float32' ? 3.4028234663852886e38 : 5e-324][index % 4];
    default:
      // Signed types at their minimum, unsigned at their maximum, alternating inside arrays.
      return (index % 2 === 0) === (primitive.min as number | bigint) < 0 ? primitive.min : primitive.max;
  }
}

/**
 * Whether a type holds, anywhere, a `byte` field or a `char` array: the oracle's two decoders
 * read those differently (int8 or bytes; hex or a list), so such types are checked against
 * rosbags alone (see readWithRosbags).
 */
export function hasOpaqueBytes(type: MessageType): boolean {
  return [type, ...type.dependencies].some((t) =>
    t.own.fields.some((f) => t.own.declared.get(f.name) === 'byte' || (t.own.declared.get(f.name) === 'char' && f.isArray === true)),
  );
}

/**
 * A message as the bag oracle prints what rosbags decoded: int64/uint64 beyond 2^53 as decimal
 * strings, NaN/Infinity as strings, uint8 and char arrays as hex, `byte` values as rosbags reads
 * them (int8), floats of float32 fields rounded to float32, empty messages without members.
 */
export function oracleForm(type: MessageType, registry: InterfaceRegistry, message: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of type.own.fields) {
    if (field.isConstant === true) continue;
    const value = message[field.name];
    if (type.own.declared.get(field.name) === 'byte') {
      out[field.name] = field.isArray === true ? Array.from(new Int8Array(Uint8Array.from(value as Uint8Array).buffer)) : ((value as number) << 24) >> 24;
    } else if (field.isArray === true) {
      if (field.type === 'uint8') {
        out[field.name] = Buffer.from(value as Uint8Array).toString('hex');
      } else {
        out[field.name] = Array.from(value as ArrayLike<unknown>, (item) => oracleValue(field, registry, item));
      }
    } else {
      out[field.name] = oracleValue(field, registry, value);
    }
  }
  return out;
}

function oracleValue(field: MessageDefinitionField, registry: InterfaceRegistry, value: unknown): unknown {
  if (field.isComplex === true) return oracleForm(registry.message(field.type), registry, value as Record<string, unknown>);
  if (typeof value === 'bigint') return value > 2n ** 53n || value < -(2n ** 53n) ? String(value) : Number(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  if (typeof value === 'number' && field.type === 'float32') return Math.fround(value);
  if (typeof value === 'number' && !Number.isSafeInteger(value) && Math.abs(value) > 2 ** 53) return String(value);
  return value;
}
