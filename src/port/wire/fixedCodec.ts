/**
 * The in-process link's hot messages in their fixed layout (docs/node-protocol.md, "The fixed
 * layout"; scripts/fixedLayout.mjs lays it out, fixedLayouts.ts is its table): the Run sent to a
 * C++ program in rclsim's process, and the Publish and Done it sends back, read and written at
 * fixed offsets instead of as protobuf varints. Both ends are one process, so the layout never
 * leaves it; a separate program and every other message keep the .proto's encoding.
 *
 * byte order: little-endian on every host (DataView's and Buffer's LE accessors); the C++
 * client writes and reads its numbers byte by byte, little-endian too (proto_runtime.hpp).
 *
 * The reader and writer are code made from the table when the codec loads, as flatCodec.ts's
 * are, and make the objects flatCodec.ts makes: every field, uint64 as numbers, int64 as bigint,
 * enums by name, bytes as views of the body, strings as Buffer's UTF-8 (what protobufjs's reader
 * of a Buffer gives). A value the layout cannot hold makes the writer give undefined (the caller
 * sends protobuf, which refuses it as before); a body that is not well formed, the reader's.
 */

import { FIXED_HEAD, FIXED_LAYOUTS } from './fixedLayouts.js';
import { type FlatEnvelope, type FlatField, int64Of } from './flatCodec.js';

export type FixedKind = 'uint64' | 'int64' | 'double' | 'uint32' | 'int32' | 'enum' | 'bool' | 'bytes' | 'string';

/** A hot message's layout (generated: fixedLayouts.ts). */
export interface FixedLayout {
  envelope: 'ToClient' | 'ToSimulation';
  member: string;
  /** Its field number in the envelope, the body's second byte. */
  number: number;
  fixedBytes: number;
  fields: readonly { name: string; kind: FixedKind; offset: number }[];
}

/** The envelope's head field: 0 in every fixed body (a question's ask, an answer's answers, are never hot). */
const HEADS = { ToClient: 'answers', ToSimulation: 'ask' } as const;

const EMPTY = Buffer.alloc(0);
const TWO_32 = 2 ** 32;

// Writing: into one buffer that grows, handed out with its length (valid until the next write).
let scratch = new Uint8Array(1 << 12);
let view = new DataView(scratch.buffer);

function room(bytes: number): void {
  if (bytes <= scratch.length) return;
  scratch = new Uint8Array(Math.max(scratch.length * 2, bytes));
  view = new DataView(scratch.buffer);
}

/** A safe integer's 64 bits at `at` (two's complement): its halves, as a number's are exact below 2^53. */
function putSafe(at: number, value: number): void {
  view.setUint32(at, value >>> 0, true);
  view.setInt32(at + 4, Math.floor(value / TWO_32), true);
}

/** The writers by kind, each the value at `at` (false: not a value the field takes). */
const PUT = {
  uint64(at: number, value: unknown): boolean {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value) || value < 0) return false;
      putSafe(at, value);
      return true;
    }
    if (typeof value !== 'bigint' || value < 0n || value > 0xffffffffffffffffn) return false;
    view.setBigUint64(at, value, true);
    return true;
  },
  int64(at: number, value: unknown): boolean {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) return false;
      putSafe(at, value);
      return true;
    }
    if (typeof value !== 'bigint') return false;
    // A sim time's bigint as the number it is: cheaper than the bigint's own store.
    const number = Number(value);
    if (Number.isSafeInteger(number)) putSafe(at, number);
    else if (value >= -(2n ** 63n) && value < 2n ** 63n) view.setBigInt64(at, value, true);
    else return false;
    return true;
  },
  uint32(at: number, value: unknown): boolean {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= TWO_32) return false;
    view.setUint32(at, value, true);
    return true;
  },
  int32(at: number, value: unknown): boolean {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) return false;
    view.setInt32(at, value, true);
    return true;
  },
  enum(at: number, value: unknown, field: FlatField): boolean {
    const number = typeof value === 'string' ? field.values![value] : typeof value === 'number' && field.names![value] !== undefined ? value : undefined;
    if (number === undefined) return false;
    view.setInt32(at, number, true);
    return true;
  },
  bool(at: number, value: unknown): boolean {
    if (typeof value !== 'boolean') return false;
    scratch[at] = value ? 1 : 0;
    return true;
  },
  double(at: number, value: unknown): boolean {
    if (typeof value !== 'number') return false;
    view.setFloat64(at, value, true);
    return true;
  },
};

/** A string or bytes field's contents as bytes (undefined: neither). */
function contents(value: unknown, kind: FixedKind): Uint8Array | undefined {
  if (kind === 'bytes') return value instanceof Uint8Array ? value : undefined;
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : undefined;
}

const isVariable = (kind: FixedKind): boolean => kind === 'bytes' || kind === 'string';

/**
 * A member's writer, made as code that names each field: it takes the fields the message has
 * through for-in, as flatCodec.ts's writer does (a load of a field an object lacks, at a site
 * that sees Runs of many shapes, misses V8's caches), then writes every one, the absent at their
 * defaults. Its body's length, its bytes in `scratch`; undefined when a value is not one it takes.
 */
function writer(layout: FixedLayout, flat: FlatField[]): (message: Record<string, unknown>) => number | undefined {
  const fields = layout.fields.map((field) => ({ ...field, flat: flat.find((each) => each.name === field.name)! }));
  // Each field's value, at its default until the message gives one.
  const locals = fields.map((field, i) => `f${i} = ${isVariable(field.kind) ? 'EMPTY' : field.kind === 'bool' ? 'false' : '0'}`);
  const cases = fields.map((field, i) =>
    isVariable(field.kind)
      ? `      case ${JSON.stringify(field.name)}: f${i} = C(v, ${JSON.stringify(field.kind)}); if (f${i} === undefined) return undefined; break;`
      : `      case ${JSON.stringify(field.name)}: f${i} = v; break;`,
  );
  const variable = fields.map((field, i) => [field, i] as const).filter(([field]) => isVariable(field.kind));
  const size = [String(layout.fixedBytes), ...variable.map(([, i]) => `f${i}.length`)].join(' + ');
  const puts = fields.map((field, i) =>
    isVariable(field.kind)
      ? `  V().setUint32(${field.offset}, f${i}.length, true);`
      : `  if (!W.${field.kind}(${field.offset}, f${i}, F[${i}])) return undefined;`,
  );
  const tails = variable.map(([, i]) => `  s.set(f${i}, t); t += f${i}.length;`);
  const code = `return function write(m) {
  if (Object.getPrototypeOf(m) !== P) return undefined;
  let ${locals.join(', ')};
  for (const k in m) {
    const v = m[k];
    if (v === undefined || v === null) continue;
    switch (k) {
${cases.join('\n')}
    }
  }
  const size = ${size};
  R(size);
  const s = S();
  s[0] = 0;
  s[1] = ${layout.number};
${puts.join('\n')}
  let t = ${layout.fixedBytes};
${tails.join('\n')}
  return size;
};`;
  return new Function('P', 'EMPTY', 'C', 'R', 'S', 'V', 'W', 'F', code)(
    Object.prototype,
    EMPTY,
    contents,
    room,
    () => scratch,
    () => view,
    PUT,
    fields.map((field) => field.flat),
  ) as (message: Record<string, unknown>) => number | undefined;
}

// Reading: at fixed offsets of the body, which stays the caller's (bytes fields are views of it).

function u32(b: Buffer, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;
}

/** The readers by kind, as code of the value at offset `at` of the body from `p` (after `t`'s contents for a string or bytes). */
function readValue(kind: FixedKind, at: string, i: number): string {
  switch (kind) {
    case 'uint64':
      return `const f${i} = U(b, ${at}) + U(b, ${at} + 4) * 4294967296; if (U(b, ${at} + 4) >= 0x200000) return undefined;`;
    case 'int64':
      // 0n written out: a bigint made for every absent time of a Done cost more than protobuf's varints.
      return `const l${i} = U(b, ${at}), h${i} = U(b, ${at} + 4); const f${i} = l${i} === 0 && h${i} === 0 ? 0n : I(l${i}, h${i});`;
    case 'uint32':
      return `const f${i} = U(b, ${at});`;
    case 'int32':
      return `const f${i} = U(b, ${at}) | 0;`;
    case 'enum':
      return `const f${i} = F[${i}].names[U(b, ${at}) | 0]; if (f${i} === undefined) return undefined;`;
    case 'bool':
      return `const f${i} = b[${at}] !== 0;`;
    case 'double':
      return `const f${i} = b.readDoubleLE(${at});`;
    case 'bytes':
      return `n = U(b, ${at}); if (n > end - t) return undefined; const f${i} = n === 0 ? EMPTY : b.subarray(t, t + n); t += n;`;
    case 'string':
      return `n = U(b, ${at}); if (n > end - t) return undefined; const f${i} = n === 0 ? '' : b.toString('utf8', t, t + n); t += n;`;
  }
}

/** A member's reader: its envelope, or undefined when the body is not well formed. */
function reader(layout: FixedLayout, flat: FlatField[]): (b: Buffer, p: number, end: number) => Record<string, unknown> | undefined {
  const fields = layout.fields.map((field) => flat.find((each) => each.name === field.name)!);
  const values = layout.fields.map((field, i) => readValue(field.kind, `p + ${field.offset}`, i));
  const object = layout.fields.map((field, i) => `${JSON.stringify(field.name)}: f${i}`).join(', ');
  const code = `return function read(b, p, end) {
  if (end - p < ${layout.fixedBytes}) return undefined;
  let t = p + ${layout.fixedBytes};
  let n = 0;
${values.map((line) => `  ${line}`).join('\n')}
  if (t !== end) return undefined;
  return { ${JSON.stringify(HEADS[layout.envelope])}: 0, ${JSON.stringify(layout.member)}: { ${object} } };
};`;
  return new Function('U', 'I', 'F', 'EMPTY', code)(u32, int64Of, fields, EMPTY) as (b: Buffer, p: number, end: number) => Record<string, unknown> | undefined;
}

export interface FixedCodec {
  /** A ToClient message in the fixed layout: its length, its bytes at the start of `bytes()`; undefined when it has none. */
  write: (message: Record<string, unknown>) => number | undefined;
  /** The encoder's buffer, valid until the next write (it grows). */
  bytes: () => Uint8Array;
  /** A ToSimulation body in the fixed layout, from `from` (its 0) to `end`; undefined when it is malformed or of a member without one. */
  read: (body: Buffer, from: number, end: number) => Record<string, unknown> | undefined;
}

/** The codec of the hot messages, over the envelopes' flat tables (their fields' enums). */
export function fixedCodec(toClient: FlatEnvelope, toSimulation: FlatEnvelope): FixedCodec {
  const envelopes = { ToClient: toClient, ToSimulation: toSimulation };
  const flatOf = (layout: FixedLayout): FlatField[] => envelopes[layout.envelope].byNumber[layout.number]!.type.fields;
  const writers = new Map<string, (message: Record<string, unknown>) => number | undefined>();
  const readers: ((b: Buffer, p: number, end: number) => Record<string, unknown> | undefined)[] = [];
  for (const layout of FIXED_LAYOUTS) {
    if (layout.envelope === 'ToClient') writers.set(layout.member, writer(layout, flatOf(layout)));
    else readers[layout.number] = reader(layout, flatOf(layout));
  }
  return {
    write(message) {
      let writer: ((member: Record<string, unknown>) => number | undefined) | undefined;
      let member: unknown;
      for (const key in message) {
        const value = message[key];
        if (value === undefined) continue;
        if (writer !== undefined) return undefined;
        writer = writers.get(key);
        if (writer === undefined) return undefined;
        member = value;
      }
      return writer?.(member as Record<string, unknown>);
    },
    bytes: () => scratch,
    read(body, from, end) {
      if (end - from < FIXED_HEAD || body[from] !== 0) return undefined;
      return readers[body[from + 1]!]?.(body, from, end);
    },
  };
}
