import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type protobuf from 'protobufjs';
import { wallClock } from '../../src/base/realTime.js';
import { frameHeader } from '../../src/port/wire/frames.js';
import { decodeToClient, decodeToSimulation, encodeToClient, encodeToSimulation, viaProtobufjs } from '../../src/port/wire/nodeMessages.js';
import { OutOfProtocol } from '../../src/port/wire/OutOfProtocol.js';
import { ProgramSocket } from '../../src/port/wire/ProgramSocket.js';
import { echoedBigRun } from '../support/bigRunEcho.js';
import { FramedChild } from '../support/framedChild.js';
import { needs, repoRoot } from '../support/helpers.js';
import {
  CONVERSATIONS,
  conversation,
  envelopeSamples,
  fieldsSet,
  hex,
  INT64,
  isMessage,
  type Message,
  nodeRoot,
  pb,
  reachableFields,
  sample,
  UINT64,
} from '../support/nodeMessageSamples.js';

const SCRIPT = join(repoRoot, 'test/fixtures/python/protocol_check.py');

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

/**
 * protocol_check.py in one python3 process, spoken to over its fd 3 (a socket pair) in frames: a
 * JSON request and the frames it announces, answered by JSON and the frames it announces.
 */
class PythonSide extends FramedChild {
  constructor() {
    super('python3', [SCRIPT]);
  }

  async ask(request: Message, bodies: Uint8Array[] = []): Promise<{ answer: Message; bodies: Buffer[] }> {
    this.write([Buffer.from(JSON.stringify({ ...request, frames: bodies.length })), ...bodies]);
    const answer = JSON.parse((await this.next()).toString()) as Message;
    if (typeof answer.error === 'string') assert.fail(`protocol_check.py: ${answer.error}`);
    const out: Buffer[] = [];
    for (let i = 0; i < (answer.frames as number); i++) out.push(await this.next());
    return { answer, bodies: out };
  }
}

// ---------------------------------------------------------------- messages as Python has them

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

/** What TypeScript makes of a body: the message, or null when it is out of protocol. */
function judged(decode: (body: Uint8Array) => unknown, body: Uint8Array): unknown {
  try {
    return decode(body);
  } catch (error) {
    if (error instanceof OutOfProtocol) return null;
    throw error;
  }
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
      const recorded = conversation(file);
      const sent = recorded.sent.map(toClient.encode);
      const said = recorded.said;
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
      assert.equal(echoedBigRun(socket, deadline)?.run, 1);
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
