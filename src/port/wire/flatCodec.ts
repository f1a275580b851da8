/**
 * The node protocol's codec for the messages every callback sends (docs/node-protocol.md): an
 * envelope whose message is flat — scalars, enums, bytes and strings, none repeated, no oneof —
 * as `Run`, `Publish`, `SendRequest`, `SendResponse` and `Done` are. protobufjs makes an object
 * three times over (fromObject, encode; decode, toObject with defaults, and nodeMessages's
 * normalize walks it again): a separate program's callback spent ~10 µs on its four messages in
 * warm code and several times that in the code of a program's process, which runs too few
 * callbacks to be optimized. This reads and writes the bytes once, with tables made from the same
 * descriptor (nothing here names a field).
 *
 * It makes the objects nodeMessages.ts's protobufjs path makes (test/nodeWire.test.ts compares
 * both on every flat message): every field, proto3's defaults where none came, uint64 as numbers,
 * int64 as bigint, enums by name, bytes as views of the body. Whatever it does not take as it
 * comes — another message, a field it does not know, a wire type that is not the field's, a
 * string that is not empty (protobufjs and Buffer do not turn every string into the same bytes),
 * an id beyond 2^53, a value of another type than the field's — it leaves to protobufjs
 * (undefined), which gives the same objects, or the same OutOfProtocol.
 */
import type protobuf from 'protobufjs';

export type Kind = 'uint64' | 'uint32' | 'int64' | 'bool' | 'enum' | 'bytes' | 'string' | 'double';

export interface FlatField {
  name: string;
  kind: Kind;
  /** The field's key: its number and wire type, as a varint (< 2^14: one or two bytes). */
  key: number;
  /** An enum's names by number, and numbers by name. */
  names: Record<number, string> | null;
  values: Record<string, number> | null;
}

export interface FlatType {
  fields: FlatField[];
  /** Fields by number (undefined: one this does not take). */
  byNumber: (FlatField | undefined)[];
}

export interface FlatMember {
  name: string;
  number: number;
  type: FlatType;
}

/** An envelope (ToSimulation, ToClient): its first field (ask, answers) and its flat members. */
export interface FlatEnvelope {
  head: string;
  /** Every member's name, flat or not: a message with two is left to protobufjs. */
  memberNames: string[];
  /** The flat members, by name and by number. */
  byName: Map<string, FlatMember>;
  byNumber: (FlatMember | undefined)[];
}

const SCALAR_KINDS = new Set(['uint64', 'uint32', 'int64', 'bool', 'bytes', 'string', 'double']);

function wireType(kind: Kind): number {
  if (kind === 'double') return 1;
  return kind === 'bytes' || kind === 'string' ? 2 : 0;
}

function flatType(type: protobuf.Type): FlatType | null {
  if (type.oneofsArray.length > 0) return null;
  const fields: FlatField[] = [];
  for (const field of type.fieldsArray) {
    if (field.repeated || field.map) return null;
    const resolved = field.resolvedType as (protobuf.Enum & { valuesById: Record<number, string> }) | protobuf.Type | null;
    let kind: Kind;
    let names: Record<number, string> | null = null;
    let values: Record<string, number> | null = null;
    if (resolved !== null && 'valuesById' in resolved) {
      kind = 'enum';
      names = resolved.valuesById;
      values = resolved.values;
    } else if (resolved === null && SCALAR_KINDS.has(field.type)) {
      kind = field.type as Kind;
    } else {
      return null;
    }
    if (field.id >= 2 ** 11) return null;
    fields.push({ name: field.name, kind, key: (field.id << 3) | wireType(kind), names, values });
  }
  const byNumber: (FlatField | undefined)[] = [];
  for (const field of fields) byNumber[field.key >> 3] = field;
  return { fields, byNumber };
}

/** The tables of an envelope's flat members, made once from its protobufjs type. */
export function flatEnvelope(envelope: protobuf.Type): FlatEnvelope {
  const head = envelope.fieldsArray.find((field) => field.partOf === null)!;
  const byName = new Map<string, FlatMember>();
  const byNumber: (FlatMember | undefined)[] = [];
  const memberNames: string[] = [];
  for (const field of envelope.oneofsArray[0]!.fieldsArray) {
    memberNames.push(field.name);
    const type = field.resolvedType !== null && 'fieldsArray' in field.resolvedType ? flatType(field.resolvedType as protobuf.Type) : null;
    if (type === null) continue;
    const member = { name: field.name, number: field.id, type };
    byName.set(field.name, member);
    byNumber[field.id] = member;
  }
  return { head: head.name, memberNames, byName, byNumber };
}

// Encoding: into one buffer that grows, then copied out (a message is small; a caller may keep
// what it gets until it writes, ClientSocket does).

let scratch = Buffer.allocUnsafe(1 << 12);
let at = 0;

function room(bytes: number): void {
  if (at + bytes <= scratch.length) return;
  const larger = Buffer.allocUnsafe(Math.max(scratch.length * 2, at + bytes));
  scratch.copy(larger, 0, 0, at);
  scratch = larger;
}

/** A varint of a non-negative number below 2^53. */
function writeNumber(value: number): void {
  room(8);
  let rest = value;
  while (rest >= 0x80) {
    scratch[at++] = (rest % 0x80) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  scratch[at++] = rest;
}

/** A varint of a 64-bit two's complement value (a negative int64 takes ten bytes). */
function writeBig(value: bigint): void {
  if (value >= 0n && value < 2n ** 53n) {
    writeNumber(Number(value));
    return;
  }
  room(10);
  let rest = BigInt.asUintN(64, value);
  while (rest >= 0x80n) {
    scratch[at++] = Number(rest & 0x7fn) | 0x80;
    rest >>= 7n;
  }
  scratch[at++] = Number(rest);
}

const MAX_UINT64 = 2n ** 64n - 1n;
const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** Writes a flat message's fields (those not at their default); false when a value is not one this takes. */
function writeFields(type: FlatType, message: Record<string, unknown>): boolean {
  for (const field of type.fields) {
    const value = message[field.name];
    if (value === undefined || value === null) continue;
    switch (field.kind) {
      case 'uint64':
        if (typeof value === 'number') {
          if (!Number.isSafeInteger(value) || value < 0) return false;
          if (value === 0) continue;
          writeNumber(field.key);
          writeNumber(value);
        } else if (typeof value === 'bigint') {
          if (value < 0n || value > MAX_UINT64) return false;
          if (value === 0n) continue;
          writeNumber(field.key);
          writeBig(value);
        } else return false;
        break;
      case 'int64':
        if (typeof value === 'number') {
          if (!Number.isSafeInteger(value)) return false;
          if (value === 0) continue;
          writeNumber(field.key);
          if (value > 0) writeNumber(value);
          else writeBig(BigInt(value));
        } else if (typeof value === 'bigint') {
          if (value < MIN_INT64 || value > MAX_INT64) return false;
          if (value === 0n) continue;
          writeNumber(field.key);
          writeBig(value);
        } else return false;
        break;
      case 'uint32':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) return false;
        if (value === 0) continue;
        writeNumber(field.key);
        writeNumber(value);
        break;
      case 'bool':
        if (typeof value !== 'boolean') return false;
        if (!value) continue;
        writeNumber(field.key);
        writeNumber(1);
        break;
      case 'enum': {
        const number = typeof value === 'string' ? field.values![value] : typeof value === 'number' && field.names![value] !== undefined ? value : undefined;
        if (number === undefined || number < 0) return false;
        if (number === 0) continue;
        writeNumber(field.key);
        writeNumber(number);
        break;
      }
      case 'bytes':
        if (!(value instanceof Uint8Array)) return false;
        if (value.length === 0) continue;
        writeNumber(field.key);
        writeNumber(value.length);
        room(value.length);
        scratch.set(value, at);
        at += value.length;
        break;
      case 'string':
        if (typeof value !== 'string' || !isAscii(value)) return false;
        if (value.length === 0) continue;
        writeNumber(field.key);
        writeNumber(value.length);
        room(value.length);
        at += scratch.write(value, at, 'latin1');
        break;
      case 'double':
        if (typeof value !== 'number') return false;
        if (Object.is(value, 0)) continue;
        writeNumber(field.key);
        room(8);
        at = scratch.writeDoubleLE(value, at);
        break;
    }
  }
  return true;
}

/** An envelope with a flat message, encoded; undefined when it is not one this takes. */
export function encodeFlat(envelope: FlatEnvelope, message: Record<string, unknown>): Buffer | undefined {
  let member: FlatMember | undefined;
  for (const name of envelope.memberNames) {
    const value = message[name];
    if (value === undefined || value === null) continue;
    if (member !== undefined) return undefined;
    member = envelope.byName.get(name);
    if (member === undefined || typeof value !== 'object') return undefined;
  }
  if (member === undefined) return undefined;
  const head = message[envelope.head] ?? 0;
  if (!(typeof head === 'number' && Number.isSafeInteger(head) && head >= 0)) return undefined;
  at = 0;
  if (!writeFields(member.type, message[member.name] as Record<string, unknown>)) return undefined;
  const length = at;
  // The envelope's head (field 1, left out when 0) and the member's key and length go before the member's fields.
  if (head !== 0) {
    writeNumber(1 << 3);
    writeNumber(head);
  }
  writeNumber((member.number << 3) | 2);
  writeNumber(length);
  const out = Buffer.allocUnsafe(at);
  scratch.copy(out, 0, length, at);
  scratch.copy(out, at - length, 0, length);
  return out;
}

// Decoding: fields read into an object that has every field from the start.

let low = 0;
let high = 0;

/** Reads a varint at `from` into `low` and `high` (its 32-bit halves): the position after it, or -1 when it is cut or too long. */
function readVarint(bytes: Buffer, from: number, end: number): number {
  let position = from;
  let lo = 0;
  let hi = 0;
  for (let shift = 0; shift < 28; shift += 7) {
    if (position >= end) return -1;
    const byte = bytes[position++]!;
    lo |= (byte & 0x7f) << shift;
    if (byte < 0x80) {
      low = lo >>> 0;
      high = 0;
      return position;
    }
  }
  if (position >= end) return -1;
  let byte = bytes[position++]!;
  lo |= (byte & 0x7f) << 28;
  hi = (byte & 0x7f) >> 4;
  if (byte < 0x80) {
    low = lo >>> 0;
    high = hi >>> 0;
    return position;
  }
  for (let shift = 3; shift < 32; shift += 7) {
    if (position >= end) return -1;
    byte = bytes[position++]!;
    hi |= (byte & 0x7f) << shift;
    if (byte < 0x80) {
      low = lo >>> 0;
      high = hi >>> 0;
      return position;
    }
  }
  return -1;
}

const EMPTY = Buffer.alloc(0);

function defaults(type: FlatType): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const field of type.fields) {
    switch (field.kind) {
      case 'uint64':
      case 'uint32':
      case 'double':
        object[field.name] = 0;
        break;
      case 'int64':
        object[field.name] = 0n;
        break;
      case 'bool':
        object[field.name] = false;
        break;
      case 'enum':
        object[field.name] = field.names![0];
        break;
      case 'bytes':
        object[field.name] = EMPTY;
        break;
      case 'string':
        object[field.name] = '';
        break;
    }
  }
  return object;
}

/** A flat message's fields from `from` to `end`; undefined when there is one this does not take. */
function readFields(type: FlatType, bytes: Buffer, from: number, end: number): Record<string, unknown> | undefined {
  const object = defaults(type);
  let position = from;
  while (position < end) {
    position = readVarint(bytes, position, end);
    if (position < 0 || high !== 0 || low >= 2 ** 14) return undefined;
    const field = type.byNumber[low >>> 3];
    if (field === undefined || field.key !== low) return undefined;
    if (field.kind === 'double') {
      if (position + 8 > end) return undefined;
      object[field.name] = bytes.readDoubleLE(position);
      position += 8;
      continue;
    }
    position = readVarint(bytes, position, end);
    if (position < 0) return undefined;
    switch (field.kind) {
      case 'uint64':
        if (high >= 0x200000) return undefined;
        object[field.name] = high * 2 ** 32 + low;
        break;
      case 'int64':
        object[field.name] = high < 0x200000 ? BigInt(high * 2 ** 32 + low) : BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low));
        break;
      case 'uint32':
        object[field.name] = low;
        break;
      case 'bool':
        object[field.name] = low !== 0;
        break;
      case 'enum': {
        const name = field.names![low | 0];
        if (name === undefined) return undefined;
        object[field.name] = name;
        break;
      }
      case 'bytes':
        if (high !== 0 || position + low > end) return undefined;
        object[field.name] = bytes.subarray(position, position + low);
        position += low;
        break;
      case 'string':
        if (low !== 0) return undefined;
        object[field.name] = '';
        break;
    }
  }
  return object;
}

/** An envelope with one flat message, decoded; undefined when it is not one this takes. */
export function decodeFlat(envelope: FlatEnvelope, body: Uint8Array): Record<string, unknown> | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  let head = 0;
  let member: FlatMember | undefined;
  let value: Record<string, unknown> | undefined;
  let position = 0;
  while (position < body.length) {
    position = readVarint(body, position, body.length);
    if (position < 0 || high !== 0) return undefined;
    const key = low;
    if (key === 1 << 3) {
      position = readVarint(body, position, body.length);
      if (position < 0 || high >= 0x200000) return undefined;
      head = high * 2 ** 32 + low;
      continue;
    }
    if ((key & 7) !== 2 || member !== undefined) return undefined;
    member = envelope.byNumber[key >>> 3];
    if (member === undefined) return undefined;
    position = readVarint(body, position, body.length);
    const end = position + low;
    if (position < 0 || high !== 0 || end > body.length) return undefined;
    value = readFields(member.type, body, position, end);
    if (value === undefined) return undefined;
    position = end;
  }
  if (member === undefined) return undefined;
  return { [envelope.head]: head, [member.name]: value };
}
