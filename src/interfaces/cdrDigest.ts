import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { Hash64 } from '../base/Hash64.js';
import type { MessageType } from './MessageType.js';

/**
 * A message's digest (MessageType.digest) read from its CDR bytes, without making the message: a
 * program's publish carries CDR, and the fingerprint needs only its digest. It mixes the words
 * `type.digest(deserializeMessage(type, bytes))` mixes, in the same order: each value as CDR
 * decoding makes it (a `char` signed, as decodedFixup makes it; byte arrays four bytes to a word;
 * a float that is a whole number as that integer). It reads little-endian plain CDR (what rmw and
 * rclsim's clients write) and is stricter than the reader (every read within the bytes), so bytes
 * it takes are bytes the reader takes: anything else (another encapsulation, a wstring, bytes cut
 * short) gives false, and the caller decodes as before.
 */
export function cdrDigest(type: MessageType, bytes: Uint8Array, hash: Hash64): boolean {
  const walk = walkOf(type);
  if (walk === null || bytes.length < 4 || bytes[0] !== 0 || bytes[1] !== CDR_LE) return false;
  const cursor = CURSOR;
  cursor.bytes = bytes;
  cursor.at = 4;
  hash.reset();
  if (!walk(cursor, hash)) return false;
  hash.finish();
  return true;
}

/** The encapsulation kind of little-endian plain CDR (XCDR1): 64-bit values aligned to 8. */
const CDR_LE = 1;

/**
 * Where a walk is in the bytes; offsets count from the bytes' start, alignment from after the
 * 4-byte header. Values are read from the bytes themselves: a DataView over them would take their
 * `buffer`, which V8 gets in C++ (~500 instructions a call).
 */
interface Cursor {
  bytes: Uint8Array;
  at: number;
}

const CURSOR: Cursor = { bytes: new Uint8Array(0), at: 0 };

/** The little-endian 32-bit word at `at`, signed. */
function int32(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

/** A float's bytes copied into `FLOAT_BYTES` are read as it (the words of a little-endian machine's float). */
const FLOAT64 = new Float64Array(1);
// byte order: FLOAT_BYTES is filled in this machine's order from CDR_LE's (LITTLE_ENDIAN below): the float read is the same on every machine.
const FLOAT32 = new Float32Array(FLOAT64.buffer, 0, 1);
// byte order: as FLOAT32.
const FLOAT_BYTES = new Uint8Array(FLOAT64.buffer);
// byte order: CDR_LE's bytes are a float's in memory on a little-endian machine; on another, reversed.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// byte order: FLOAT64's two words in this machine's order, the low one at LOW.
const FLOAT_HALVES = new Int32Array(FLOAT64.buffer);
const LOW = LITTLE_ENDIAN ? 0 : 1;
const HIGH = 1 - LOW;

/**
 * The float64 at `at`, mixed as Hash64's `integer` or `float` mixes the value: from its two words,
 * which are its IEEE-754 bits as `float` mixes them (every float64 of a JointState goes here).
 */
function mixFloat64(bytes: Uint8Array, at: number, hash: Hash64): void {
  const low = int32(bytes, at);
  const high = int32(bytes, at + 4);
  FLOAT_HALVES[LOW] = low;
  FLOAT_HALVES[HIGH] = high;
  const value = FLOAT64[0]!;
  if (Number.isSafeInteger(value)) hash.integer(value);
  // A NaN mixes as the one quiet NaN, whatever its bits.
  else if (Number.isNaN(value)) hash.float(value);
  else {
    hash.word(low);
    hash.word(high);
  }
}

function float32(bytes: Uint8Array, at: number): number {
  for (let i = 0; i < 4; i++) FLOAT_BYTES[LITTLE_ENDIAN ? i : 3 - i] = bytes[at + i]!;
  return FLOAT32[0]!;
}

/** Mixes one value (or a whole message) read at the cursor; false when the bytes end first. */
type Walk = (cursor: Cursor, hash: Hash64) => boolean;

/** Moves the cursor to a multiple of `size` from the header's end (as @foxglove/cdr's reader aligns), and checks that `bytes` more are there. */
function take(cursor: Cursor, size: number, bytes: number): boolean {
  const misaligned = (cursor.at - 4) % size;
  if (misaligned > 0) cursor.at += size - misaligned;
  return cursor.at + bytes <= cursor.bytes.length;
}

const walks = new WeakMap<MessageType, Walk | null>();

/** A type's walk, made once (null: it holds something this does not read). */
function walkOf(type: MessageType): Walk | null {
  let walk = walks.get(type);
  if (walk === undefined) {
    walk = messageWalk(type);
    walks.set(type, walk);
  }
  return walk;
}

function messageWalk(type: MessageType): Walk | null {
  const fields = type.fields;
  // An empty message is one byte on the wire (ROS 2's structure_needs_at_least_one_member), digested as nothing.
  if (fields.length === 0)
    return (cursor) => {
      if (!take(cursor, 1, 1)) return false;
      cursor.at++;
      return true;
    };
  const parts: Walk[] = [];
  for (const field of fields) {
    const part = fieldWalk(type, field);
    if (part === null) return null;
    parts.push(part);
  }
  return (cursor, hash) => {
    for (let i = 0; i < parts.length; i++) if (!parts[i]!(cursor, hash)) return false;
    return true;
  };
}

function fieldWalk(type: MessageType, field: MessageDefinitionField): Walk | null {
  const char = type.own.declared.get(field.name) === 'char';
  const element = field.isComplex === true ? walkOf(type.fieldMessageType(field)) : primitiveWalk(field.type, char);
  if (element === null) return null;
  if (field.isArray !== true) return element;
  const fixed = field.arrayLength;
  // Byte arrays decode as typed arrays over the bytes, digested four bytes to a word; no alignment.
  const bytesArray = field.type === 'uint8' || field.type === 'int8';
  const float64s = field.isComplex !== true && field.type === 'float64';
  // The reader aligns a numeric array once, before its first element (not for an empty one).
  const align = field.isComplex === true || field.type === 'bool' || field.type === 'string' ? 0 : ALIGNMENT[field.type]!;
  return (cursor, hash) => {
    let count = fixed;
    if (count === undefined) {
      if (!take(cursor, 4, 4)) return false;
      count = int32(cursor.bytes, cursor.at) >>> 0;
      cursor.at += 4;
    }
    hash.word(count);
    if (bytesArray) {
      if (cursor.at + count > cursor.bytes.length) return false;
      hash.bytes(cursor.bytes.subarray(cursor.at, cursor.at + count));
      cursor.at += count;
      return true;
    }
    if (count > 0 && align > 0 && !take(cursor, align, 0)) return false;
    if (float64s) {
      // Aligned once, the elements follow one another: one bounds check for them all.
      const end = cursor.at + 8 * count;
      if (end > cursor.bytes.length) return false;
      for (let at = cursor.at; at < end; at += 8) mixFloat64(cursor.bytes, at, hash);
      cursor.at = end;
      return true;
    }
    for (let i = 0; i < count; i++) if (!element(cursor, hash)) return false;
    return true;
  };
}

/** Each numeric type's size, which is its alignment in plain CDR. */
const ALIGNMENT: Record<string, number> = { int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, int64: 8, uint64: 8, float32: 4, float64: 8 };

const utf8 = new TextDecoder('utf8');

function primitiveWalk(name: string, char: boolean): Walk | null {
  switch (name) {
    case 'bool':
      return (cursor, hash) => {
        if (!take(cursor, 1, 1)) return false;
        hash.word(cursor.bytes[cursor.at++] !== 0 ? 1 : 0);
        return true;
      };
    case 'int8':
      return (cursor, hash) => {
        if (!take(cursor, 1, 1)) return false;
        hash.integer((cursor.bytes[cursor.at++]! << 24) >> 24);
        return true;
      };
    case 'uint8':
      return (cursor, hash) => {
        if (!take(cursor, 1, 1)) return false;
        const byte = cursor.bytes[cursor.at++]!;
        hash.integer(char ? (byte << 24) >> 24 : byte);
        return true;
      };
    case 'int16':
      return integer(2, (bytes, at) => ((bytes[at]! | (bytes[at + 1]! << 8)) << 16) >> 16);
    case 'uint16':
      return integer(2, (bytes, at) => bytes[at]! | (bytes[at + 1]! << 8));
    case 'int32':
      return integer(4, int32);
    case 'uint32':
      return integer(4, (bytes, at) => int32(bytes, at) >>> 0);
    case 'float32':
      return float(4, float32);
    case 'float64':
      return (cursor, hash) => {
        if (!take(cursor, 8, 8)) return false;
        mixFloat64(cursor.bytes, cursor.at, hash);
        cursor.at += 8;
        return true;
      };
    case 'int64':
    case 'uint64': {
      // Hash64.int64 and uint64's words, from the value's 32-bit halves.
      const signed = name === 'int64';
      return (cursor, hash) => {
        if (!take(cursor, 8, 8)) return false;
        hash.halves64(int32(cursor.bytes, cursor.at), int32(cursor.bytes, cursor.at + 4), signed);
        cursor.at += 8;
        return true;
      };
    }
    case 'string':
      return (cursor, hash) => {
        if (!take(cursor, 4, 4)) return false;
        const length = int32(cursor.bytes, cursor.at) >>> 0;
        cursor.at += 4;
        if (cursor.at + length > cursor.bytes.length) return false;
        // The length counts the terminating zero; the text is what UTF-8 decoding makes of the bytes before it.
        const end = cursor.at + Math.max(0, length - 1);
        let ascii = true;
        for (let i = cursor.at; i < end; i++) if (cursor.bytes[i]! >= 0x80) ascii = false;
        if (ascii) hash.asciiString(cursor.bytes, cursor.at, end);
        else hash.string(utf8.decode(cursor.bytes.subarray(cursor.at, end)));
        cursor.at += length;
        return true;
      };
    default:
      // wstring (which the reader refuses), ROS 1's time and duration.
      return null;
  }
}

function integer(size: number, read: (bytes: Uint8Array, at: number) => number): Walk {
  return (cursor, hash) => {
    if (!take(cursor, size, size)) return false;
    hash.integer(read(cursor.bytes, cursor.at));
    cursor.at += size;
    return true;
  };
}

function float(size: number, read: (bytes: Uint8Array, at: number) => number): Walk {
  return (cursor, hash) => {
    if (!take(cursor, size, size)) return false;
    const value = read(cursor.bytes, cursor.at);
    if (Number.isSafeInteger(value)) hash.integer(value);
    else hash.float(value);
    cursor.at += size;
    return true;
  };
}
