/**
 * Samples of the node protocol's messages (proto/node.proto) for the tests of its codecs in other
 * languages (test/python/protocol.test.ts, test/port/cppProtocol.test.ts): every field of every
 * message at values that are not its default, oneof members at their defaults, and the recorded
 * conversations (test/fixtures/nodeProtocol) as messages.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type protobuf from 'protobufjs';
import { repoRoot } from './helpers.js';

export type Message = Record<string, unknown>;

export const pb = createRequire(import.meta.url)('protobufjs') as typeof protobuf;
/** node.proto as the build wrote it for the codec (scripts/nodeProto.mjs). */
export const nodeRoot = pb.Root.fromJSON(JSON.parse(readFileSync(join(repoRoot, 'dist/src/port/wire/nodeProto.json'), 'utf8')) as protobuf.INamespace);
nodeRoot.resolveAll();

export const CONVERSATIONS = ['talker', 'waiter'].map((name) => join(repoRoot, `test/fixtures/nodeProtocol/${name}.conversation.json`));

export const INT64 = new Set(['int64', 'sint64', 'sfixed64']);
export const UINT64 = new Set(['uint64', 'fixed64']);

export function isMessage(field: protobuf.Field): boolean {
  return field.resolvedType !== null && 'fieldsArray' in field.resolvedType;
}

export function hex(body: Uint8Array): string {
  return Buffer.from(body).toString('hex');
}

/** Values that are not the default, cycled by `variant`: extremes, negatives, several bytes, non-ASCII. */
export const VALUES: Record<string, readonly unknown[]> = {
  uint64: [1, 300, 2 ** 53 - 1, 2 ** 32 + 5],
  int64: [-1n, -(2n ** 63n), 2n ** 63n - 1n, 1_700_000_000_123_456_789n],
  uint32: [1, 2 ** 32 - 1, 300, 127],
  int32: [-1, 2 ** 31 - 1, -(2 ** 31), 5],
  sint64: [-1n, -(2n ** 63n), 2n ** 63n - 1n, 64n],
  sint32: [-1, 2 ** 31 - 1, -(2 ** 31), 64],
  fixed64: [1n, 2n ** 64n - 1n, 2n ** 63n, 300n],
  sfixed64: [-1n, -(2n ** 63n), 2n ** 63n - 1n, 300n],
  fixed32: [1, 2 ** 32 - 1, 2 ** 31, 300],
  sfixed32: [-1, 2 ** 31 - 1, -(2 ** 31), 300],
  bool: [true],
  double: [0.5, -1e300, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324],
  float: [0.5, -1e300, -0, Number.NaN, 0.1, 3.4e38, 1e-45],
  string: ['a', 'né 🙂 \u00ff', 'x'.repeat(200)],
  bytes: [Buffer.from([0, 1, 2]), Buffer.alloc(200, 7)],
};

const VARIANTS = Math.max(...Object.values(VALUES).map((values) => values.length));

function scalar(field: protobuf.Field, variant: number): unknown {
  const resolved = field.resolvedType;
  if (resolved !== null && 'values' in resolved) {
    const names = Object.keys(resolved.values).filter((name) => resolved.values[name] !== 0);
    return names[variant % names.length];
  }
  const values = VALUES[field.type];
  assert.ok(values !== undefined, `no sample values of ${field.type}: add them`);
  return values[variant % values.length];
}

/**
 * Each field of `type` at a value that is not its default (fields by number, as protobufjs writes
 * them), the `variant`th member of each oneof; messages nested two deep at most (a type may hold itself).
 */
export function sample(type: protobuf.Type, variant: number, depth = 0): Message {
  const chosen = new Set(type.oneofsArray.map((oneof) => oneof.fieldsArray[variant % oneof.fieldsArray.length]!.name));
  const message: Message = {};
  for (const field of [...type.fieldsArray].sort((a, b) => a.id - b.id)) {
    if ((field.partOf !== null && !chosen.has(field.name)) || (isMessage(field) && depth === 2)) continue;
    const one = (index: number): unknown => (isMessage(field) ? sample(field.resolvedType as protobuf.Type, index, depth + 1) : scalar(field, index));
    message[field.name] = field.repeated ? [one(variant), one(variant + 1), one(variant + 2)] : one(variant);
  }
  return message;
}

/** The default of a field, as a oneof member has it when it is set to it (it is written all the same). */
function atDefault(field: protobuf.Field): unknown {
  if (isMessage(field)) return {};
  const resolved = field.resolvedType;
  if (resolved !== null && 'values' in resolved) return Object.keys(resolved.values).find((name) => resolved.values[name] === 0);
  return { string: '', bytes: Buffer.alloc(0), bool: false, int64: 0n }[field.type] ?? 0;
}

/**
 * Messages of an envelope: each member with every field set, as many times as its oneofs have
 * members and at least as many as a kind has VALUES (each field takes each); empty (every field at its default); and each oneof member of each set to its default
 * (written all the same).
 */
export function envelopeSamples(envelope: protobuf.Type): Message[] {
  const head = envelope.fieldsArray.find((field) => field.partOf === null)!;
  const members = envelope.oneofsArray[0]!.fieldsArray;
  return members.flatMap((member, m) => {
    const type = member.resolvedType as protobuf.Type;
    const variants = Math.max(VARIANTS, ...type.oneofsArray.map((oneof) => oneof.fieldsArray.length));
    const full = Array.from({ length: variants }, (_, i) => ({ [head.name]: VALUES.uint64![(m + i) % 4], [member.name]: sample(type, i) }));
    const defaults = type.oneofsArray.flatMap((oneof) => oneof.fieldsArray.map((field) => ({ [member.name]: { [field.name]: atDefault(field) } })));
    // Empty, unless it has a oneof (a oneof without its member is out of protocol).
    const empty = type.oneofsArray.length === 0 ? [{ [member.name]: {} }] : [];
    return [...full, ...empty, ...defaults];
  });
}

/** Every `Type.field` of the types reachable from `type`. */
export function reachableFields(type: protobuf.Type, into = new Set<string>()): Set<string> {
  for (const field of type.fieldsArray) {
    const name = `${type.name}.${field.name}`;
    if (into.has(name)) continue;
    into.add(name);
    if (isMessage(field)) reachableFields(field.resolvedType as protobuf.Type, into);
  }
  return into;
}

/** Adds the `Type.field` of each field `message` sets, down the message, to `into`. */
export function fieldsSet(type: protobuf.Type, message: Message, into: Set<string>): void {
  for (const [name, value] of Object.entries(message)) {
    const field = type.fields[name]!;
    into.add(`${type.name}.${name}`);
    if (isMessage(field))
      for (const item of field.repeated ? (value as Message[]) : [value as Message]) fieldsSet(field.resolvedType as protobuf.Type, item, into);
  }
}

/** A step's message or expectation made a message: "<any>" left out (any value will do), {hex} bytes, 64-bit integers as bigints; a name node.proto does not have fails. */
export function concrete(type: protobuf.Type, expected: Message): Message {
  const out: Message = {};
  for (const [name, value] of Object.entries(expected)) {
    if (value === '<any>') continue;
    const field = type.fields[name];
    assert.ok(field !== undefined, `${type.name} has no field ${name}: the recording names what node.proto no longer has`);
    const one = (item: unknown): unknown => {
      if (isMessage(field)) return concrete(field.resolvedType as protobuf.Type, item as Message);
      if (item !== null && typeof item === 'object' && 'hex' in item) return Buffer.from((item as { hex: string }).hex, 'hex');
      return INT64.has(field.type) || UINT64.has(field.type) ? BigInt(item as string | number) : item;
    };
    out[name] = field.repeated ? (value as unknown[]).map(one) : one(value);
  }
  return out;
}

/** A recorded conversation's steps: what the simulation sent (ToClient) and what the client said (ToSimulation), as messages. */
export function conversation(file: string): { sent: Message[]; said: Message[] } {
  const { steps } = JSON.parse(readFileSync(file, 'utf8')) as { steps: ({ send: Message } | { expect: Message })[] };
  const toClient = nodeRoot.lookupType('rclsim.node.ToClient');
  const toSimulation = nodeRoot.lookupType('rclsim.node.ToSimulation');
  return {
    sent: steps.flatMap((step) => ('send' in step ? [concrete(toClient, step.send)] : [])),
    said: steps.flatMap((step) => ('expect' in step ? [concrete(toSimulation, step.expect)] : [])),
  };
}
