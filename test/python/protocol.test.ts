import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type protobuf from 'protobufjs';
import { wallClock } from '../../src/base/realTime.js';
import { FrameReader, frameHeader } from '../../src/port/wire/frames.js';
import { decodeToClient, decodeToSimulation, encodeToClient, encodeToSimulation, viaProtobufjs } from '../../src/port/wire/nodeMessages.js';
import { OutOfProtocol } from '../../src/port/wire/OutOfProtocol.js';
import { ProgramSocket } from '../../src/port/wire/ProgramSocket.js';
import { needs, repoRoot } from '../support/helpers.js';

const SCRIPT = join(repoRoot, 'test/fixtures/python/protocol_check.py');
const CONVERSATIONS = ['talker', 'waiter'].map((name) => join(repoRoot, `test/fixtures/nodeProtocol/${name}.conversation.json`));
const pb = createRequire(import.meta.url)('protobufjs') as typeof protobuf;
const nodeDescriptor = JSON.parse(readFileSync(join(repoRoot, 'dist/src/port/wire/nodeProto.json'), 'utf8')) as protobuf.INamespace;
const nodeRoot = pb.Root.fromJSON(nodeDescriptor);
nodeRoot.resolveAll();

type Message = Record<string, unknown>;

const WELCOME = { program: 'check.py', argv: [], nowNs: 0n, seed: 1n, cpuCount: 4, rosDistro: 'jazzy', rmwImplementation: 'rmw_fastrtps_cpp' };

/** One envelope of node.proto and TypeScript's codec of it (nodeMessages.ts; viaProtobufjs: protobufjs alone). */
const ENVELOPES = [
  {
    type: nodeRoot.lookupType('rclsim.node.ToClient'),
    encode: (message: Message) => encodeToClient(message as never),
    decode: decodeToClient as (body: Uint8Array) => unknown,
    protobufjs: (message: Message) => viaProtobufjs.encodeToClient(message as never),
  },
  {
    type: nodeRoot.lookupType('rclsim.node.ToSimulation'),
    encode: (message: Message) => encodeToSimulation(message as never),
    decode: decodeToSimulation as (body: Uint8Array) => unknown,
    protobufjs: (message: Message) => viaProtobufjs.encodeToSimulation(message as never),
  },
];

// ---------------------------------------------------------------- the Python process

function stream(bodies: Uint8Array[]): Buffer {
  return Buffer.concat(bodies.flatMap((body) => [frameHeader(body.length), body]));
}

/**
 * protocol_check.py in one python3 process, spoken to over its fd 3 (a socket pair) in frames: a
 * JSON request and the frames it announces, answered by JSON and the frames it announces.
 */
class PythonSide {
  readonly #child: ChildProcess;
  readonly #socket: Socket;
  readonly #frames = new FrameReader();
  readonly #bodies: Buffer[] = [];
  #wake: (() => void) | null = null;
  #stderr = '';
  #stdout = '';
  #exit: number | null | undefined;
  readonly exited: Promise<{ code: number | null; stdout: string }>;

  constructor() {
    const child = spawn('python3', [SCRIPT], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    this.#child = child;
    this.#socket = child.stdio[3] as Socket;
    this.#socket.on('data', (chunk: Buffer) => {
      this.#frames.push(chunk);
      for (let body = this.#frames.next(); body !== undefined; body = this.#frames.next()) this.#bodies.push(body);
      this.#wake?.();
    });
    child.stdout!.on('data', (data: Buffer) => (this.#stdout += data.toString()));
    child.stderr!.on('data', (data: Buffer) => (this.#stderr += data.toString()));
    this.exited = new Promise((resolve) =>
      child.once('close', (code) => {
        this.#exit = code;
        this.#wake?.();
        resolve({ code, stdout: this.#stdout });
      }),
    );
  }

  async ask(request: Message, bodies: Uint8Array[] = []): Promise<{ answer: Message; bodies: Buffer[] }> {
    this.#socket.write(stream([Buffer.from(JSON.stringify({ ...request, frames: bodies.length })), ...bodies]));
    const answer = JSON.parse((await this.#next()).toString()) as Message;
    if (typeof answer.error === 'string') assert.fail(`protocol_check.py: ${answer.error}`);
    const out: Buffer[] = [];
    for (let i = 0; i < (answer.frames as number); i++) out.push(await this.#next());
    return { answer, bodies: out };
  }

  /** Writes raw bytes, then closes this end (the simulation's, as it does at the run's end). */
  end(bytes: Uint8Array): void {
    if (!this.#socket.writableEnded) this.#socket.end(bytes);
  }

  /** Closes this end and waits for the process to end: killed if it does not within seconds (a check that hangs). */
  async close(): Promise<void> {
    this.end(Buffer.alloc(0));
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  async #next(): Promise<Buffer> {
    while (this.#bodies.length === 0) {
      if (this.#exit !== undefined) assert.fail(`protocol_check.py exited (${this.#exit}) instead of answering:\n${this.#stderr}`);
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    return this.#bodies.shift()!;
  }
}

// ---------------------------------------------------------------- messages as Python has them

function isMessage(field: protobuf.Field): boolean {
  return field.resolvedType !== null && 'fieldsArray' in field.resolvedType;
}

/** A value as the check script's JSON carries it: what JSON cannot hold, tagged. */
function tag(value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: `${value}` };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return { $double: Object.is(value, -0) ? '-0' : `${value}` };
  return value;
}

/** A TypeScript message (camelCase) as a Python dict (node.proto's snake_case names), tagged for JSON. */
function toPython(type: protobuf.Type, message: Message): Message {
  const out: Message = {};
  for (const [name, value] of Object.entries(message)) {
    const field = type.fields[name];
    assert.ok(field !== undefined, `${type.name} has no field ${name}`);
    const one = (item: unknown): unknown => (isMessage(field) ? toPython(field.resolvedType as protobuf.Type, item as Message) : tag(item));
    out[field.protoName ?? name] = field.repeated ? (value as unknown[]).map(one) : one(value);
  }
  return out;
}

const INT64 = new Set(['int64', 'sint64', 'sfixed64']);
const UINT64 = new Set(['uint64', 'fixed64']);

/**
 * A Python dict from the check script's JSON as TypeScript has it: camelCase, bytes as Buffers,
 * 64-bit integers as nodeMessages.ts decodes them (int64 bigint, uint64 number), or as bigints
 * for protobufjs's fromObject.
 */
function fromPython(type: protobuf.Type, message: Message, uint64: 'number' | 'bigint' = 'number'): Message {
  const out: Message = {};
  for (const [key, value] of Object.entries(message)) {
    const field = type.fieldsArray.find((candidate) => (candidate.protoName ?? candidate.name) === key);
    assert.ok(field !== undefined, `${type.name} has no field ${key} (from Python)`);
    const one = (item: unknown): unknown => {
      if (isMessage(field)) return fromPython(field.resolvedType as protobuf.Type, item as Message, uint64);
      const plain = item !== null && typeof item === 'object' ? Object.values(item)[0] : item;
      if (item !== null && typeof item === 'object' && '$bytes' in item) return Buffer.from(plain as string, 'base64');
      if (item !== null && typeof item === 'object' && '$double' in item) return Number(plain);
      if (INT64.has(field.type)) return BigInt(plain as string | number);
      if (UINT64.has(field.type)) return uint64 === 'number' ? Number(plain) : BigInt(plain as string | number);
      return plain;
    };
    out[field.name] = field.repeated ? (value as unknown[]).map(one) : one(value);
  }
  return out;
}

// ---------------------------------------------------------------- samples of every message

/** Values that are not the default, cycled by `variant`: extremes, negatives, several bytes, non-ASCII. */
const VALUES: Record<string, readonly unknown[]> = {
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
function sample(type: protobuf.Type, variant: number, depth = 0): Message {
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
function envelopeSamples(envelope: protobuf.Type): Message[] {
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
function reachableFields(type: protobuf.Type, into = new Set<string>()): Set<string> {
  for (const field of type.fieldsArray) {
    const name = `${type.name}.${field.name}`;
    if (into.has(name)) continue;
    into.add(name);
    if (isMessage(field)) reachableFields(field.resolvedType as protobuf.Type, into);
  }
  return into;
}

function fieldsSet(type: protobuf.Type, message: Message, into: Set<string>): void {
  for (const [name, value] of Object.entries(message)) {
    const field = type.fields[name]!;
    into.add(`${type.name}.${name}`);
    if (isMessage(field))
      for (const item of field.repeated ? (value as Message[]) : [value as Message]) fieldsSet(field.resolvedType as protobuf.Type, item, into);
  }
}

/** What TypeScript makes of a body: the message, or null when it is out of protocol. */
function judged(decode: (body: Uint8Array) => unknown, body: Uint8Array): unknown {
  try {
    return decode(body);
  } catch (error) {
    if (error instanceof OutOfProtocol) return null;
    throw error;
  }
}

function hex(body: Uint8Array): string {
  return Buffer.from(body).toString('hex');
}

// ---------------------------------------------------------------- recorded conversations

/** A step's message or expectation made a message: "<any>" left out (any value will do), {hex} bytes, 64-bit integers as bigints; a name node.proto does not have fails. */
function concrete(type: protobuf.Type, expected: Message): Message {
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

// ---------------------------------------------------------------- the test

describe('the Python client: the node protocol codec and frames (clients/python/rclsim/_protocol.py)', { ...needs('python3'), timeout: 60_000 }, () => {
  let python: PythonSide;
  before(() => {
    python = new PythonSide();
  });
  after(async () => {
    await python.close();
  });

  it('samples set every field of every message reachable from both envelopes, and TypeScript makes the bytes protobufjs makes of them', () => {
    for (const { type, encode, protobufjs } of ENVELOPES) {
      const seen = new Set<string>();
      for (const message of envelopeSamples(type)) {
        fieldsSet(type, message, seen);
        assert.equal(hex(encode(message)), hex(protobufjs(message)), JSON.stringify(toPython(type, message)));
      }
      assert.deepEqual(
        [...reachableFields(type)].filter((name) => !seen.has(name)),
        [],
        `${type.name}: fields no sample sets`,
      );
    }
  });

  it('Python decodes what TypeScript encodes to the values TypeScript decodes, and encodes them back to the same bytes', async () => {
    for (const { type, encode, decode } of ENVELOPES) {
      const samples = envelopeSamples(type);
      const bodies = samples.map(encode);
      const { answer, bodies: again } = await python.ask({ do: 'decode', type: type.fullName.slice(1) }, bodies);
      const decoded = answer.messages as Message[];
      for (const [i, body] of bodies.entries()) {
        const what = `${type.name} ${JSON.stringify(toPython(type, samples[i]!))}`;
        assert.deepEqual(fromPython(type, decoded[i]!), decode(body), what);
        assert.equal(hex(again[i]!), hex(body), what);
      }
    }
  });

  it('Python encodes dicts with snake_case names into the bytes protobufjs makes (which TypeScript reads as its own)', async () => {
    for (const { type, protobufjs } of ENVELOPES) {
      const samples = envelopeSamples(type);
      const { bodies } = await python.ask({ do: 'encode', type: type.fullName.slice(1), messages: samples.map((message) => toPython(type, message)) });
      for (const [i, message] of samples.entries()) {
        const expected = protobufjs(message);
        assert.equal(hex(bodies[i]!), hex(expected), `${type.name} ${JSON.stringify(toPython(type, message))}`);
      }
    }
  });

  it('a body cut anywhere is out of protocol on both sides, or the same message on both', async () => {
    for (const { type, encode, decode } of ENVELOPES) {
      const bodies = envelopeSamples(type)
        .filter((_, i) => i % 3 === 0)
        .flatMap((message) => {
          const body = encode(message);
          return Array.from({ length: body.length }, (_, cut) => body.subarray(0, cut));
        });
      const { answer } = await python.ask({ do: 'judge', type: type.fullName.slice(1) }, bodies);
      for (const [i, body] of bodies.entries()) {
        const verdict = (answer.messages as (Message | null)[])[i]!;
        assert.deepEqual(verdict === null ? null : fromPython(type, verdict), judged(decode, Buffer.from(body)), `${type.name} ${hex(body)}`);
      }
    }
  });

  it('the recorded conversations go through Python: what the simulation sent decodes, what the client said encodes', async () => {
    const [toClient, toSimulation] = ENVELOPES as [(typeof ENVELOPES)[0], (typeof ENVELOPES)[0]];
    for (const file of CONVERSATIONS) {
      const { steps } = JSON.parse(readFileSync(file, 'utf8')) as { steps: ({ send: Message } | { expect: Message })[] };
      const sent = steps.flatMap((step) => ('send' in step ? [toClient.encode(concrete(toClient.type, step.send))] : []));
      const said = steps.flatMap((step) => ('expect' in step ? [concrete(toSimulation.type, step.expect)] : []));
      assert.ok(sent.length > 0 && said.length > 0, file);
      const decoded = await python.ask({ do: 'decode', type: 'rclsim.node.ToClient' }, sent);
      for (const [i, body] of sent.entries()) {
        assert.deepEqual(fromPython(toClient.type, (decoded.answer.messages as Message[])[i]!), toClient.decode(body), `${file}: sent ${i}`);
        assert.equal(hex(decoded.bodies[i]!), hex(body), `${file}: sent ${i}`);
      }
      const encoded = await python.ask({
        do: 'encode',
        type: 'rclsim.node.ToSimulation',
        messages: said.map((message) => toPython(toSimulation.type, message)),
      });
      for (const [i, message] of said.entries()) {
        assert.equal(hex(encoded.bodies[i]!), hex(toSimulation.protobufjs(message)), `${file}: said ${JSON.stringify(toPython(toSimulation.type, message))}`);
      }
    }
  });

  it('is driven by the descriptor: every proto3 scalar kind, packed and unpacked numbers, negative enums, recursion and the largest field number', async () => {
    const { root } = pb.parse(`
      syntax = "proto3";
      package check;
      message Kinds {
        enum Color { RED = 0; GREEN = 1; BLUE = -2; }
        int32 i32 = 1; sint32 s32 = 2; sint64 s64 = 3; fixed32 f32 = 4; sfixed32 sf32 = 5; fixed64 f64 = 6; sfixed64 sf64 = 7;
        float real32 = 8; double real64 = 9; bool flag = 10; Color color = 11; string text = 12; bytes data = 13;
        repeated int32 many_i32 = 14; repeated sint64 many_s64 = 15; repeated fixed32 many_f32 = 16; repeated float many_real32 = 17;
        repeated double many_real64 = 18; repeated bool flags = 19; repeated Color colors = 20; repeated string texts = 21;
        repeated uint64 unpacked = 22 [packed = false];
        Kinds child = 23; repeated Kinds children = 24;
        uint32 far = 536870911;
        oneof choice { sint32 chosen_s32 = 25; float chosen_real32 = 26; }
      }`);
    root.resolveAll();
    const type = root.lookupType('check.Kinds');
    const samples = [0, 1, 2, 3, 4, 5, 6].map((variant) => ({ ...sample(type, variant), texts: ['', 'b', ''] }));
    const bodies = samples.map((message) => type.encode(type.fromObject(message)).finish());
    const request = { type: 'check.Kinds', descriptor: root.toJSON() };
    const { answer, bodies: again } = await python.ask({ do: 'decode', ...request }, bodies);
    const encoded = await python.ask({ do: 'encode', ...request, messages: samples.map((message) => toPython(type, message)) });
    for (const [i, body] of bodies.entries()) {
      assert.equal(hex(again[i]!), hex(body), `decoded and encoded again, sample ${i}`);
      // What Python decoded is what protobufjs encoded: protobufjs makes the same bytes of it.
      const values = fromPython(type, (answer.messages as Message[])[i]!, 'bigint');
      assert.equal(hex(type.encode(type.fromObject(values)).finish()), hex(body), `decoded values, sample ${i}`);
      assert.equal(hex(encoded.bodies[i]!), hex(body), `encoded, sample ${i}`);
    }
  });

  it("the simulation's own end (ProgramSocket) and a Python client: the handshake, a 4 MB Run echoed each way, a callback's round trip", async (t) => {
    const socket = ProgramSocket.spawn({ name: 'protocol_check.py', command: 'python3', args: [SCRIPT, 'client'] });
    try {
      const deadline = wallClock() + 20_000;
      assert.deepEqual(socket.handshake(WELCOME, deadline).hello, { protocolVersion: 1, client: 'protocol_check.py', language: 'python' });
      // More than the socket buffers hold, each way.
      const big = Buffer.alloc(4 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4) big.writeUInt32LE(i, i);
      socket.send({ run: { run: 1, entity: 9, input: big } }, deadline);
      const published = socket.receive(deadline).publish!;
      assert.equal(published.publisher, 9);
      assert.ok(big.equals(published.cdr), 'the 4 MB came back as they went');
      assert.equal(socket.receive(deadline).done?.run, 1);
      const input = Buffer.alloc(100, 1);
      const roundTrips = (runs: number, first: number): number => {
        const begun = wallClock();
        for (let run = first; run < first + runs; run++) {
          socket.send({ run: { run, kind: 'MESSAGE', entity: 9, nowNs: 12_345_678_901n, input } }, deadline);
          assert.equal(socket.receive(deadline).publish?.cdr.length, 100);
          assert.equal(socket.receive(deadline).done?.run, run);
        }
        return ((wallClock() - begun) * 1000) / runs;
      };
      roundTrips(500, 2);
      t.diagnostic(`a Run with a 100-byte input answered by Publish and Done: ${roundTrips(2000, 502).toFixed(1)} µs per round trip`);
      socket.close();
      // The program's end: its process group is killed.
      assert.deepEqual(await socket.exited, { kind: 'signal', signal: 'SIGKILL' });
    } finally {
      socket.kill();
      socket.close();
    }
  });

  it("Python's own checks: frames cut anywhere, the end of the stream inside a frame, writes of more pieces than writev takes, errors", async () => {
    const { answer } = await python.ask({ do: 'selfcheck' });
    assert.deepEqual(answer.failures, []);
  });

  it('speed: a callback round trip budget of tens of µs', async (t) => {
    const { answer } = await python.ask({ do: 'speed' });
    const us = answer.us as Record<string, number>;
    t.diagnostic(
      Object.entries(us)
        .map(([name, value]) => `${name}: ${value.toFixed(2)} µs`)
        .join('; '),
    );
    // Loose: a slow machine passes, a codec that went quadratic or lost its compiled tables does not.
    for (const [name, value] of Object.entries(us)) assert.ok(value < 60, `${name}: ${value} µs`);
  });

  it('the end of the stream: when the simulation closes its end, even inside a frame, the client sees the end', async () => {
    python.end(Buffer.concat([frameHeader(100), Buffer.alloc(10)]));
    assert.deepEqual(await python.exited, { code: 0, stdout: 'end of stream\n' });
  });
});
