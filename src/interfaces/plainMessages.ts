import { Hash64 } from '../engine/Hash64.js';

/**
 * Messages are plain objects shaped like rclnodejs's (bigint for 64-bit integers, typed arrays
 * for numeric arrays). These helpers copy them and digest their content without knowing the
 * type; once definitions are known, a per-type copier and digest can replace them.
 */

export type Message = Record<string, unknown>;

export function cloneMessage<T>(value: T): T {
  return cloneValue(value) as T;
}

function cloneValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = cloneValue(value[i]);
    return copy;
  }
  if (ArrayBuffer.isView(value)) {
    if (Buffer.isBuffer(value)) return Buffer.from(value);
    return (value as unknown as { slice(): unknown }).slice();
  }
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    copy[key] = cloneValue((value as Record<string, unknown>)[key]);
  }
  return copy;
}

const TAG = { undefined: 1, null: 2, false: 3, true: 4, number: 5, bigint: 6, string: 7, array: 8, bytes: 9, object: 10, byteArray: 11 };

/**
 * Digest of a message's content (field names, value types and values, in field order), left
 * in `hash.digestLo`/`hash.digestHi`. The hash is reset first, so one can be reused.
 */
export function digestMessage(value: unknown, hash: Hash64): Hash64 {
  digestValue(value, hash.reset());
  return hash.finish();
}

function digestValue(value: unknown, hash: Hash64): void {
  switch (typeof value) {
    case 'number':
      hash.word(TAG.number);
      if (Number.isSafeInteger(value)) hash.integer(value);
      else hash.float(value);
      return;
    case 'bigint':
      hash.word(TAG.bigint);
      hash.bigint(value);
      return;
    case 'string':
      hash.word(TAG.string);
      hash.string(value);
      return;
    case 'boolean':
      hash.word(value ? TAG.true : TAG.false);
      return;
    case 'undefined':
      hash.word(TAG.undefined);
      return;
  }
  if (value === null) {
    hash.word(TAG.null);
  } else if (Array.isArray(value)) {
    hash.word(TAG.array);
    hash.word(value.length);
    for (const item of value) digestValue(item, hash);
  } else if (value instanceof Uint8Array || value instanceof Int8Array) {
    // Byte arrays (images, point clouds) are hashed four bytes at a time; the element kind
    // keeps int8 and uint8 arrays of the same bytes apart.
    hash.word(TAG.byteArray);
    hash.word(value instanceof Int8Array ? -1 : 1);
    hash.bytes(value instanceof Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.length));
  } else if (ArrayBuffer.isView(value)) {
    const view = value as unknown as ArrayLike<number | bigint>;
    hash.word(TAG.bytes);
    hash.word(view.length);
    for (let i = 0; i < view.length; i++) digestValue(view[i], hash);
  } else if (typeof value === 'object') {
    hash.word(TAG.object);
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      hash.string(keys[i]!);
      digestValue((value as Record<string, unknown>)[keys[i]!], hash);
    }
  }
}
