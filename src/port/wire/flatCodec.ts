/**
 * The node protocol's codec for the messages every callback sends (docs/node-protocol.md): an
 * envelope whose message is flat — scalars, enums, bytes and strings, none repeated, no oneof —
 * as `Run`, `Publish`, `SendRequest`, `SendResponse` and `Done` are. protobufjs makes an object
 * three times over (fromObject, encode; decode, toObject with defaults, and nodeMessages's
 * normalize walks it again): a separate program's callback spent ~10 µs on its four messages in
 * warm code and several times that in the code of a program's process, which runs too few
 * callbacks to be optimized. This reads and writes the bytes once, with code made from the same
 * descriptor when the codec loads (nothing here names a field): ~1.7 µs for the four, warm.
 *
 * It makes the objects nodeMessages.ts's protobufjs path makes (test/port/nodeWire.test.ts compares
 * both on every flat message): every field, proto3's defaults where none came, uint64 as numbers,
 * int64 as bigint, enums by name, bytes as views of the body. Whatever it does not take as it
 * comes — another message, a field it does not know, a wire type that is not the field's, a
 * string that is not ASCII (protobufjs and Buffer do not turn every string into the same bytes,
 * nor all bytes into the same string),
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
  /** Writes the message's fields that are not at their default; false when a value is not one this takes. */
  write: (message: Record<string, unknown>) => boolean;
  /** The message with its fields from `from` to `end` (the others at their defaults); undefined when there is one this does not take. */
  read: (bytes: Buffer, from: number, end: number) => Record<string, unknown> | undefined;
}

export interface FlatMember {
  name: string;
  number: number;
  type: FlatType;
  /** The envelope of this member: `{ [head]: head, [name]: value }`, with its keys named in code. */
  wrap: (head: number, value: Record<string, unknown>) => Record<string, unknown>;
}

/** An envelope (ToSimulation, ToClient): its first field (ask, answers) and its flat members. */
export interface FlatEnvelope {
  head: string;
  /** The flat members, by name and by number. */
  byName: Map<string, FlatMember>;
  byNumber: (FlatMember | undefined)[];
  /** The message's head (ask, answers) and its flat member, with its value; undefined when it has none, or another, or two. */
  split: (message: Record<string, unknown>) => { head: unknown; member: FlatMember; value: Record<string, unknown> } | undefined;
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
  return { fields, write: writer(fields), read: reader(fields) };
}

/** The tables of an envelope's flat members, made once from its protobufjs type. */
export function flatEnvelope(envelope: protobuf.Type): FlatEnvelope {
  const head = envelope.fieldsArray.find((field) => field.partOf === null)!.name;
  const byName = new Map<string, FlatMember>();
  const byNumber: (FlatMember | undefined)[] = [];
  const members = envelope.oneofsArray[0]!.fieldsArray;
  const flat = members.map((field) => {
    const type = field.resolvedType !== null && 'fieldsArray' in field.resolvedType ? flatType(field.resolvedType as protobuf.Type) : null;
    if (type === null) return undefined;
    const wrap = new Function(`return function wrap(h, v) { return { ${JSON.stringify(head)}: h, ${JSON.stringify(field.name)}: v }; };`)();
    const member: FlatMember = { name: field.name, number: field.id, type, wrap };
    byName.set(field.name, member);
    byNumber[field.id] = member;
    return member;
  });
  // The member found among the keys the message has (see writer).
  const cases = members.map(
    (field, i) => `      case ${JSON.stringify(field.name)}: if (found !== -1 || typeof v !== 'object') return undefined; found = ${i}; value = v; break;`,
  );
  const code = `return function split(m) {
  if (Object.getPrototypeOf(m) !== P) return undefined;
  let found = -1, value, head;
  for (const k in m) {
    const v = m[k];
    if (v === undefined || v === null) continue;
    switch (k) {
      case ${JSON.stringify(head)}: head = v; break;
${cases.join('\n')}
    }
  }
  const member = found < 0 ? undefined : L[found];
  return member === undefined ? undefined : { head, member, value };
};`;
  const split = new Function('L', 'P', code)(flat, Object.prototype) as FlatEnvelope['split'];
  return { head, byName, byNumber, split };
}

// Encoding: into one buffer that grows, the member's fields first, after room for the envelope's
// head and the member's key and length, which go just before them once the length is known: the
// message is one piece of the buffer, handed out as a view (valid until the next encode) or copied.

/** The most an envelope's head (key, varint < 2^53), the member's key and its length take. */
const HEAD_ROOM = 1 + 8 + 2 + 5;

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

/** A varint of a 64-bit two's complement value (a negative int64 takes ten bytes), from its 32-bit halves. */
function writeBig(value: bigint): void {
  // A number below 2^53 is exact, and no larger bigint converts to one: a number's comparisons
  // cost less than a bigint's (sim times, every Run).
  const number = Number(value);
  if (number >= 0 && number < 2 ** 53) {
    writeNumber(number);
    return;
  }
  const bits = BigInt.asUintN(64, value);
  let lo = Number(bits & 0xffffffffn);
  let hi = Number(bits >> 32n);
  room(10);
  while (hi !== 0 || lo >= 0x80) {
    scratch[at++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  scratch[at++] = lo;
}

const MAX_UINT64 = 2n ** 64n - 1n;
const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

// One function per kind writes a field's value (nothing at its default): false when the value is
// not one this takes.
type Write = (key: number, value: unknown, field: FlatField) => boolean;

/**
 * A 64-bit field's bigint that is a non-negative safe integer, written as the number it is
 * (compared as a number first: a sim time's bigint comparisons were most of a Run's encoding);
 * false for any other, which the caller writes.
 */
function wroteAsNumber(key: number, value: bigint): boolean {
  const number = Number(value);
  if (!(number >= 0 && number < 2 ** 53)) return false;
  if (number !== 0) {
    writeNumber(key);
    writeNumber(number);
  }
  return true;
}

const WRITE: Record<Kind, Write> = {
  uint64(key, value) {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value) || value < 0) return false;
      if (value === 0) return true;
      writeNumber(key);
      writeNumber(value);
      return true;
    }
    if (typeof value !== 'bigint') return false;
    if (wroteAsNumber(key, value)) return true;
    if (value < 0n || value > MAX_UINT64) return false;
    writeNumber(key);
    writeBig(value);
    return true;
  },
  int64(key, value) {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) return false;
      if (value === 0) return true;
      writeNumber(key);
      if (value > 0) writeNumber(value);
      else writeBig(BigInt(value));
      return true;
    }
    if (typeof value !== 'bigint') return false;
    if (wroteAsNumber(key, value)) return true;
    if (value < MIN_INT64 || value > MAX_INT64) return false;
    writeNumber(key);
    writeBig(value);
    return true;
  },
  uint32(key, value) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) return false;
    if (value === 0) return true;
    writeNumber(key);
    writeNumber(value);
    return true;
  },
  bool(key, value) {
    if (typeof value !== 'boolean') return false;
    if (!value) return true;
    writeNumber(key);
    writeNumber(1);
    return true;
  },
  enum(key, value, field) {
    const number = typeof value === 'string' ? field.values![value] : typeof value === 'number' && field.names![value] !== undefined ? value : undefined;
    if (number === undefined || number < 0) return false;
    if (number === 0) return true;
    writeNumber(key);
    writeNumber(number);
    return true;
  },
  bytes(key, value) {
    if (!(value instanceof Uint8Array)) return false;
    if (value.length === 0) return true;
    writeNumber(key);
    writeNumber(value.length);
    room(value.length);
    scratch.set(value, at);
    at += value.length;
    return true;
  },
  string(key, value) {
    if (typeof value !== 'string' || !isAscii(value)) return false;
    if (value.length === 0) return true;
    writeNumber(key);
    writeNumber(value.length);
    room(value.length);
    at += scratch.write(value, at, 'latin1');
    return true;
  },
  double(key, value) {
    if (typeof value !== 'number') return false;
    if (Object.is(value, 0)) return true;
    writeNumber(key);
    room(8);
    at = scratch.writeDoubleLE(value, at);
    return true;
  },
};

/**
 * A type's writer, made as code that names each field. It goes through the keys the message has
 * (for-in, which V8 runs from the object's map) instead of loading each field of the type: a load
 * of a field an object does not have, at a site that sees objects of many shapes (Runs of each
 * kind), missed V8's caches and made a new handler every time (page faults, new maps: 9% of the
 * run thread's time). A message that is no plain object goes to protobufjs.
 */
function writer(fields: FlatField[]): FlatType['write'] {
  const cases = fields.map((field, i) => `      case ${JSON.stringify(field.name)}: if (!W.${field.kind}(${field.key}, v, F[${i}])) return false; break;`);
  const code = `return function write(m) {
  if (Object.getPrototypeOf(m) !== P) return false;
  for (const k in m) {
    const v = m[k];
    if (v === undefined || v === null) continue;
    switch (k) {
${cases.join('\n')}
    }
  }
  return true;
};`;
  return new Function('W', 'F', 'P', code)(WRITE, fields, Object.prototype) as FlatType['write'];
}

/**
 * An envelope with a flat message, encoded, as a view of the encoder's buffer that the next encode
 * overwrites (for a caller that copies it at once, as the in-process link's addon does); undefined
 * when it is not one this takes.
 */
export function encodeFlatView(envelope: FlatEnvelope, message: Record<string, unknown>): Buffer | undefined {
  const split = envelope.split(message);
  if (split === undefined) return undefined;
  const { member } = split;
  const head = split.head ?? 0;
  if (!(typeof head === 'number' && Number.isSafeInteger(head) && head >= 0)) return undefined;
  at = HEAD_ROOM;
  if (!member.type.write(split.value)) return undefined;
  const end = at;
  // The envelope's head (field 1, left out when 0) and the member's key and length, written after
  // the fields, then moved to just before them (at most HEAD_ROOM bytes).
  if (head !== 0) {
    writeNumber(1 << 3);
    writeNumber(head);
  }
  writeNumber((member.number << 3) | 2);
  writeNumber(end - HEAD_ROOM);
  const start = HEAD_ROOM - (at - end);
  scratch.copyWithin(start, end, at);
  return scratch.subarray(start, end);
}

/** An envelope with a flat message, encoded into a buffer of its own; undefined when it is not one this takes. */
export function encodeFlat(envelope: FlatEnvelope, message: Record<string, unknown>): Buffer | undefined {
  const view = encodeFlatView(envelope, message);
  return view === undefined ? undefined : Buffer.from(view);
}

// Decoding: fields read into an object that has every field from the start.

/** The last varint read, as its 32-bit halves. */
const V = { low: 0, high: 0 };

/** Reads a varint at `from` into V: the position after it, or -1 when it is cut or too long. */
function readVarint(bytes: Buffer, from: number, end: number): number {
  let position = from;
  let lo = 0;
  let hi = 0;
  for (let shift = 0; shift < 28; shift += 7) {
    if (position >= end) return -1;
    const byte = bytes[position++]!;
    lo |= (byte & 0x7f) << shift;
    if (byte < 0x80) {
      V.low = lo >>> 0;
      V.high = 0;
      return position;
    }
  }
  if (position >= end) return -1;
  let byte = bytes[position++]!;
  lo |= (byte & 0x7f) << 28;
  hi = (byte & 0x7f) >> 4;
  if (byte < 0x80) {
    V.low = lo >>> 0;
    V.high = hi >>> 0;
    return position;
  }
  for (let shift = 3; shift < 32; shift += 7) {
    if (position >= end) return -1;
    byte = bytes[position++]!;
    hi |= (byte & 0x7f) << shift;
    if (byte < 0x80) {
      V.low = lo >>> 0;
      V.high = hi >>> 0;
      return position;
    }
  }
  return -1;
}

const EMPTY = Buffer.alloc(0);

/** The bytes from `from` to `to` as text when they are ASCII (a Hello, a Done's error): undefined otherwise. */
function asciiText(bytes: Buffer, from: number, to: number): string | undefined {
  for (let i = from; i < to; i++) if (bytes[i]! >= 0x80) return undefined;
  return bytes.toString('latin1', from, to);
}

/** An int64 from its 32-bit halves (unsigned; fixedCodec.ts reads them too). */
export function int64Of(low: number, high: number): bigint {
  if (high < 0x200000) return BigInt(high * 2 ** 32 + low);
  if (high < 0x80000000) return (BigInt(high) << 32n) + BigInt(low);
  return BigInt.asIntN(64, (BigInt(high) << 32n) + BigInt(low));
}

/** An int64 from V. */
function int64(): bigint {
  return int64Of(V.low, V.high);
}

/** The code that reads one field's value at `p` (after its key) into `o`, or returns undefined. */
function readValue(field: FlatField, i: number): string {
  const into = `o[${JSON.stringify(field.name)}]`;
  const value = 'p = R(b, p, end); if (p < 0) return undefined;';
  switch (field.kind) {
    case 'uint64':
      return `${value} if (V.high >= 0x200000) return undefined; ${into} = V.high * 4294967296 + V.low;`;
    case 'int64':
      return `${value} ${into} = I();`;
    case 'uint32':
      return `${value} ${into} = V.low;`;
    case 'bool':
      return `${value} ${into} = V.low !== 0;`;
    case 'enum':
      return `${value} { const name = F[${i}].names[V.low | 0]; if (name === undefined) return undefined; ${into} = name; }`;
    case 'bytes':
      return `${value} if (V.high !== 0 || p + V.low > end) return undefined; ${into} = b.subarray(p, p + V.low); p += V.low;`;
    case 'string':
      return `${value} if (V.high !== 0 || p + V.low > end) return undefined; { const text = A(b, p, p + V.low); if (text === undefined) return undefined; ${into} = text; } p += V.low;`;
    case 'double':
      return `if (p + 8 > end) return undefined; ${into} = b.readDoubleLE(p); p += 8;`;
  }
}

/** The value a field that did not come has, as code. */
function defaultValue(field: FlatField, i: number): string {
  switch (field.kind) {
    case 'int64':
      return '0n';
    case 'bool':
      return 'false';
    case 'enum':
      return `F[${i}].names[0]`;
    case 'bytes':
      return 'EMPTY';
    case 'string':
      return "''";
    default:
      return '0';
  }
}

/** A type's reader, made as code that names each field (see writer); the object has every field from the start, in the .proto's order. */
function reader(fields: FlatField[]): FlatType['read'] {
  const object = fields.map((field, i) => `${JSON.stringify(field.name)}: ${defaultValue(field, i)}`).join(', ');
  const cases = fields.map((field, i) => `      case ${field.key}: ${readValue(field, i)} break;`);
  const code = `return function read(b, p, end) {
  const o = { ${object} };
  while (p < end) {
    p = R(b, p, end);
    if (p < 0 || V.high !== 0) return undefined;
    switch (V.low) {
${cases.join('\n')}
      default: return undefined;
    }
  }
  return o;
};`;
  return new Function('R', 'V', 'I', 'A', 'F', 'EMPTY', code)(readVarint, V, int64, asciiText, fields, EMPTY) as FlatType['read'];
}

/** An envelope with one flat message, `body` from `from` to `end`, decoded; undefined when it is not one this takes. */
export function decodeFlat(envelope: FlatEnvelope, body: Uint8Array, from = 0, end = body.length): Record<string, unknown> | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  let head = 0;
  let member: FlatMember | undefined;
  let value: Record<string, unknown> | undefined;
  let position = from;
  while (position < end) {
    position = readVarint(body, position, end);
    if (position < 0 || V.high !== 0) return undefined;
    const key = V.low;
    if (key === 1 << 3) {
      position = readVarint(body, position, end);
      if (position < 0 || V.high >= 0x200000) return undefined;
      head = V.high * 2 ** 32 + V.low;
      continue;
    }
    if ((key & 7) !== 2 || member !== undefined) return undefined;
    member = envelope.byNumber[key >>> 3];
    if (member === undefined) return undefined;
    position = readVarint(body, position, end);
    const fieldsEnd = position + V.low;
    if (position < 0 || V.high !== 0 || fieldsEnd > end) return undefined;
    value = member.type.read(body, position, fieldsEnd);
    if (value === undefined) return undefined;
    position = fieldsEnd;
  }
  if (member === undefined) return undefined;
  return member.wrap(head, value!);
}
