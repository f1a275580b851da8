import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type protobuf from 'protobufjs';
import { wallClock } from '../../src/base/realTime.js';
import { fdWaitAddon } from '../../src/build/inprocessAddon.js';
import type { FlatField, FlatMember } from '../../src/port/wire/flatCodec.js';
import { FrameReader, frameHeader, MAX_FRAME_BYTES, unwritten } from '../../src/port/wire/frames.js';
import {
  decodeToClient,
  decodeToSimulation,
  encodeToClient,
  encodeToClientTransient,
  encodeToSimulation,
  type ToClient,
  type ToSimulation,
  viaProtobufjs,
} from '../../src/port/wire/nodeMessages.js';
import { OutOfProtocol } from '../../src/port/wire/OutOfProtocol.js';
import { ProgramGone, type ProgramOptions, ProgramSocket, ProgramTimeout } from '../../src/port/wire/ProgramSocket.js';
import { describeExit } from '../../src/port/wire/programExit.js';
import { echoedBigRun } from '../support/bigRunEcho.js';
import { outputUntil } from '../support/childOutput.js';
import { has, needs, repoRoot } from '../support/helpers.js';

const FIXTURES = join(repoRoot, 'test/fixtures/nodeWire');
const WELCOME = {
  program: 'client.mjs',
  argv: ['--ros-args', '-r', '__node:=talker'],
  nowNs: 1_700_000_000_123_456_789n,
  seed: -7n,
  cpuCount: 2,
  rosDistro: 'jazzy',
  rmwImplementation: 'rmw_fastrtps_cpp',
  interfaceFolders: [{ path: '/job/interfaces', package: 'job_msgs' }],
  component: 'Listener',
  strictMessages: true,
  programName: 'client.mjs#2',
  sleepsTakeNoTime: true,
};

/** `bodies` as one delimited stream. */
function stream(bodies: Uint8Array[]): Buffer {
  return Buffer.concat(bodies.flatMap((body) => [frameHeader(body.length), body]));
}

/** The frames a reader cuts from `bytes` pushed in pieces of `piece` bytes. */
function cut(bytes: Uint8Array, piece: number, handedOver = false): Buffer[] {
  const reader = new FrameReader();
  const frames: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += piece) {
    reader.push(bytes.subarray(at, at + piece), handedOver);
    for (let frame = reader.next(); frame !== undefined; frame = reader.next()) frames.push(frame);
  }
  return frames;
}

describe('node protocol frames', () => {
  const bodies = [0, 1, 127, 128, 300, 16_383, 16_384, 70_000].map((length) => Buffer.alloc(length, length & 0xff));

  it('a reader cuts the same frames from one read, from byte-sized reads and from reads that split headers and bodies anywhere', () => {
    const bytes = stream(bodies);
    for (const piece of [bytes.length, 1, 2, 3, 7, 1000, 65_536]) assert.deepEqual(cut(bytes, piece), bodies, `pieces of ${piece} bytes`);
  });

  it('bytes handed over for good give the same frames, those wholly inside a piece as views of it', () => {
    const bytes = stream(bodies);
    for (const piece of [bytes.length, 1, 2, 3, 7, 1000, 65_536]) assert.deepEqual(cut(bytes, piece, true), bodies, `pieces of ${piece} bytes`);
    const reader = new FrameReader();
    const chunk = Buffer.from([2, 7, 8, 1, 9]);
    reader.push(chunk, true);
    const [first, second] = [reader.next()!, reader.next()!];
    assert.deepEqual([[...first], [...second]], [[7, 8], [9]]);
    assert.equal(first.buffer, chunk.buffer, 'a view, not a copy');
  });

  it('lengths are varints as protobuf writes them, and a body is never a view of the bytes pushed (they are reused)', () => {
    assert.deepEqual([...frameHeader(0)], [0]);
    assert.deepEqual([...frameHeader(300)], [0xac, 0x02]);
    assert.deepEqual([...frameHeader(2 ** 28)], [0x80, 0x80, 0x80, 0x80, 0x01]);
    const reader = new FrameReader();
    const chunk = Buffer.from([2, 7, 8]);
    reader.push(chunk);
    chunk.fill(0);
    assert.deepEqual([...reader.next()!], [7, 8]);
    assert.equal(reader.next(), undefined);
  });

  it('a length of more than five bytes, or beyond the limit, is out of protocol', () => {
    assert.throws(() => new FrameReader().push(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80])), OutOfProtocol);
    assert.throws(() => new FrameReader().push(frameHeader(MAX_FRAME_BYTES + 1)), OutOfProtocol);
  });

  it('what is left after a partial write', () => {
    const parts = [Buffer.from([1, 2]), Buffer.from([3, 4, 5])];
    assert.deepEqual(
      unwritten(parts, 0).map((part) => [...part]),
      [
        [1, 2],
        [3, 4, 5],
      ],
    );
    assert.deepEqual(
      unwritten(parts, 3).map((part) => [...part]),
      [[4, 5]],
    );
    assert.deepEqual(
      unwritten(parts, 2).map((part) => [...part]),
      [[3, 4, 5]],
    );
    assert.deepEqual(unwritten(parts, 5), []);
  });
});

describe('node protocol messages', () => {
  /** Every message of both envelopes with every field set: the TypeScript types name each field, the descriptor must have it. */
  const toSimulation: ToSimulation[] = [
    { ask: 0, hello: { protocolVersion: 3, client: 'c', language: 'javascript' } },
    {
      ask: 1,
      create: {
        kind: 'SUBSCRIPTION',
        node: 2,
        name: 'chatter',
        namespace: '/ns',
        type: 'std_msgs/msg/String',
        qosJson: '{"depth":5}',
        periodNs: 1_000_000n,
        clock: 'ros',
        filterExpression: 'data = %0',
        filterParameters: ["'a'"],
        callbackGroup: 3,
        reentrant: true,
        events: ['matched'],
        context: 4,
        args: ['--ros-args'],
        useGlobalArguments: true,
        optionsJson: '{}',
        canceled: true,
        subscriptionOptionsJson: '{"isRaw":true}',
        customGroup: true,
      },
    },
    { ask: 0, destroy: { id: 5, node: true, wake: false } },
    { ask: 0, publish: { publisher: 6, cdr: Buffer.from([0, 1, 0, 0]) } },
    { ask: 0, sendRequest: { client: 7, sequence: -8n, cdr: Buffer.from([9]), hasTimeout: true, timeoutMs: 0.5 } },
    { ask: 0, forgetRequest: { client: 7, sequence: -8n } },
    { ask: 11, awaitEvent: { serviceOfClient: 7, timeoutMs: -1, weak: false, afterReady: false } },
    { ask: 17, awaitEvent: { atNs: 2n ** 62n, timeoutMs: -1, weak: true, afterReady: true } },
    { ask: 18, entity: { entity: 4, op: 'setContentFilter', argsJson: '[{"expression":"data = %0","parameters":["a"]}]' } },
    { ask: 19, action: { node: 2, add: { type: 'example_interfaces/action/Fibonacci', parts: [3, 4, 5] } } },
    { ask: 20, action: { node: 2, remove: 1 } },
    { ask: 21, nextGoalId: {} },
    { ask: 22, logger: { logger: 'talker', setLevel: 10 } },
    { ask: 23, logger: { logger: 'talker', addChild: 'child' } },
    { ask: 25, logger: { logger: 'talker', level: true } },
    { ask: 26, logger: { logger: 'talker', removeChild: 'child' } },
    { ask: 24, context: { context: 0, defaultContext: true } },
    { ask: 0, sendResponse: { service: 10, request: 11, cdr: Buffer.from([12]) } },
    { ask: 0, timer: { timer: 13, changePeriodNs: 14n } },
    { ask: 2, timer: { timer: 13, state: true } },
    { ask: 0, trigger: { guard: 15 } },
    { ask: 3, log: { node: 16, logger: 'l', severity: 20, message: 'm', function: 'f', file: 'x.js', line: 17 } },
    { ask: 4, graph: { query: 'node_names', arguments: ['a'] } },
    { ask: 5, getInterface: { type: 'std_msgs/msg/String' } },
    { ask: 6, job: { onEnd: 18 } },
    { ask: 7, job: { startNs: 1_700_000_000_123_456_789n } },
    { ask: 0, job: { setResult: { name: 'r', valueJson: '{"$bigint":"18446744073709551615"}' } } },
    { ask: 0, wait: { thread: 1, deadlineNs: 0n, clientSequence: 19n, client: 20 } },
    {
      ask: 0,
      done: {
        run: 21,
        error: 'e',
        pending: true,
        loadFailed: true,
        result: Buffer.from([4]),
        wroteOutput: true,
        inputError: 'i',
        failedKind: 'JS_TIMER',
        failedEntity: 26,
        failedAtNs: -3n,
        failedLabel: 'l',
        exitCodeSet: true,
        exitCode: -9n,
        failed: true,
        moreTasks: true,
        woke: true,
      },
    },
    { ask: 0, exit: { code: -1, reason: 'read the clock 2,000,000 times' } },
    { ask: 7, context: { context: 22, init: { argv: ['x'] } } },
    { ask: 8, spin: { node: 23, how: 'SPIN_ONCE', threads: 4 } },
    { ask: 0, hold: { entity: 23, on: true } },
    { ask: 0, assertion: { kind: 'SOMETIMES', message: 'm', holds: true, detailsJson: '{"count":3}' } },
    { ask: 0, turn: { thread: 'worker' } },
    { ask: 9, jsTimer: { kind: 'SET_INTERVAL', delayMs: 2.5 } },
    { ask: 0, jsTimerOp: { timer: 24, unref: true } },
    { ask: 10, parameter: { node: 25, declare: { parameters: Buffer.from([1]), descriptors: Buffer.from([2]), ignoreOverrides: true } } },
    { ask: 12, parameter: { node: 25, get: 'a' } },
    { ask: 13, parameter: { node: 25, set: { parameters: Buffer.from([3]), atomically: true } } },
    { ask: 14, parameter: { node: 25, undeclare: 'b' } },
    { ask: 15, parameter: { node: 25, read: { what: 'HAS_DESCRIPTOR', names: ['c'] } } },
    { ask: 16, parameter: { node: 25, hook: 'POST_SET' } },
    {
      ask: 17,
      bag: { bag: 0, open: { uri: 'out', storageId: 'mcap', cwd: '/w', write: true, storagePresetProfile: 'zstd_fast', storageConfigUri: 'mcap.yaml' } },
    },
    { ask: 18, bag: { bag: 1, readNext: true } },
    { ask: 19, bag: { bag: 1, setFilter: { topics: ['/a'], topicsRegex: 'b.*', regexToExclude: 'c', excludeTopics: ['/d'] } } },
    { ask: 20, bag: { bag: 1, seekNs: -5n } },
    {
      ask: 21,
      bag: {
        bag: 2,
        createTopic: {
          name: '/t',
          type: 'std_msgs/msg/String',
          serializationFormat: 'cdr',
          offeredQosProfiles: '- depth: 1',
          typeDescriptionHash: 'RIHS01_00',
        },
      },
    },
    { ask: 22, bag: { bag: 2, write: { topic: '/t', recvNs: 7n, sendNs: 6n, data: Buffer.from([0, 1, 0, 0]) } } },
    { ask: 23, bag: { bag: 2, close: true } },
    { ask: 24, worldJoints: { claim: 0, open: { model: 'rover', joints: ['left', 'right'] } } },
    { ask: 25, worldJoints: { claim: 1, read: true } },
    { ask: 0, worldJoints: { claim: 1, write: { velocities: [0.5, Number.NaN] } } },
  ];
  const toClient: ToClient[] = [
    { answers: 0, welcome: { protocolVersion: 1, ...WELCOME } },
    {
      answers: 1,
      created: {
        id: 2 ** 53 - 1,
        name: 'n',
        namespace: '/',
        logger: 'n',
        parameterOverrides: [Buffer.from([1])],
        resolvedName: '/chatter',
        events: [{ name: 'matched', id: 12 }],
      },
    },
    { answers: 2, answer: { json: '[]', cdr: Buffer.from([3]) } },
    { answers: 3, failed: { message: 'no', kind: 'TypeError', inputError: true } },
    {
      answers: 0,
      run: {
        run: 4,
        thread: 1,
        kind: 'MESSAGE',
        entity: 5,
        nowNs: 2n ** 62n,
        input: Buffer.from([0, 1, 0, 0, 5]),
        sourceTimestampNs: 6n,
        receivedTimestampNs: 7n,
        publisherGid: Buffer.alloc(16, 8),
        request: 9,
        sequence: 10n,
        expectedCallNs: 11n,
        publicationSequence: 12n,
        receptionSequence: 13n,
        timedOut: true,
        parameterHook: 'ON_SET',
        readPolls: 200,
        executionNs: 15n,
      },
    },
    { answers: 0, resume: { thread: 2, nowNs: 14n, timedOut: true } },
    { answers: 0, shutdown: { reason: 'end' } },
  ];
  const descriptor = JSON.parse(readFileSync(join(repoRoot, 'dist/src/port/wire/nodeProto.json'), 'utf8')) as protobuf.INamespace;
  const messages = ((descriptor.nested!.rclsim as protobuf.INamespace).nested!.node as protobuf.INamespace).nested as Record<string, protobuf.IType>;

  it('the descriptor the codec loads is proto/node.proto (npm run build writes it: scripts/nodeProto.mjs)', () => {
    const { loadSync } = createRequire(import.meta.url)('protobufjs') as typeof protobuf;
    assert.deepEqual(JSON.parse(JSON.stringify(loadSync(join(repoRoot, 'proto/node.proto')).toJSON())), descriptor);
  });

  it('every message of both envelopes comes back as it went, with every field of the .proto', () => {
    const seen = new Set<string>();
    const visit = (type: string, value: Record<string, unknown>): void => {
      for (const [name, field] of Object.entries(messages[type]!.fields)) {
        if (value[name] === undefined) continue;
        seen.add(`${type}.${name}`);
        if (messages[field.type]?.fields === undefined) continue;
        const nested = value[name];
        for (const item of Array.isArray(nested) ? nested : [nested]) visit(field.type, item as Record<string, unknown>);
      }
    };
    for (const message of toSimulation) {
      assert.deepEqual(decodeToSimulation(encodeToSimulation(message)), message);
      visit('ToSimulation', message as unknown as Record<string, unknown>);
    }
    for (const message of toClient) {
      assert.deepEqual(decodeToClient(encodeToClient(message)), message);
      visit('ToClient', message as unknown as Record<string, unknown>);
    }
    const oneofMembers = new Set([
      'TimerOp.cancel',
      'TimerOp.reset',
      'ContextOp.create',
      'ContextOp.shutdown',
      'ContextOp.state',
      'JobOp.finish',
      'JobOp.setResultJson',
      'JobOp.getResult',
      'Wait.sleepNs',
      'JsTimerOp.cancel',
      'JsTimerOp.ref',
      'JsTimerOp.refresh',
      'ParameterOp.get',
    ]);
    const missing = Object.entries(messages)
      .filter(([, type]) => type.fields !== undefined)
      .flatMap(([type, { fields }]) => Object.keys(fields).map((name) => `${type}.${name}`))
      .filter((name) => !seen.has(name) && !oneofMembers.has(name));
    assert.deepEqual(missing, [], 'fields of proto/node.proto that no sample here sets: nodeMessages.ts may lack them');
  });

  it('fields left out decode to their defaults: uint64 as numbers, int64 as bigint, enums by name, bytes empty', () => {
    assert.deepEqual(decodeToClient(encodeToClient({ run: {} })).run, {
      run: 0,
      thread: 0,
      kind: 'RUN_KIND_UNSPECIFIED',
      entity: 0,
      nowNs: 0n,
      input: Buffer.alloc(0),
      sourceTimestampNs: 0n,
      receivedTimestampNs: 0n,
      publisherGid: Buffer.alloc(0),
      request: 0,
      sequence: 0n,
      expectedCallNs: 0n,
      publicationSequence: 0n,
      receptionSequence: 0n,
      timedOut: false,
      parameterHook: 'PARAMETER_HOOK_UNSPECIFIED',
      readPolls: 0,
      executionNs: 0n,
    });
    assert.equal(decodeToClient(encodeToClient({ run: { nowNs: 5 } })).run!.nowNs, 5n, 'a number for an int64 field');
  });

  it('bytes that are no message, an envelope without its message, a oneof without its member and ids beyond 2^53 are out of protocol', () => {
    assert.throws(() => decodeToSimulation(Buffer.from([0xff, 0xff, 0xff])), OutOfProtocol);
    assert.throws(() => decodeToSimulation(encodeToSimulation({ ask: 3 })), /ToSimulation message without its message/);
    assert.throws(() => decodeToSimulation(encodeToSimulation({ timer: { timer: 1 } })), /TimerOp message without its op/);
    assert.throws(() => decodeToClient(encodeToClient({ created: { id: 2 ** 53 } })), /Created.id is 9007199254740992/);
  });
});

describe('node protocol messages of every callback (flatCodec)', () => {
  /** A seeded xorshift, so that a failure comes back. */
  let state = 0x9e3779b9;
  const random = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const bytes = (): Buffer => Buffer.from(Array.from({ length: pick([0, 1, 4, 16, 200]) }, () => Math.floor(random() * 256)));
  const value = (field: FlatField): unknown => {
    switch (field.kind) {
      case 'uint64':
        return pick([0, 1, 127, 128, 300, 2 ** 31, 2 ** 32 + 5, 2 ** 53 - 1, Math.floor(random() * 2 ** 40)]);
      case 'uint32':
        return pick([0, 1, 300, 2 ** 31, 2 ** 32 - 1]);
      case 'int64':
        return pick([0n, 1n, -1n, 2n ** 62n, -(2n ** 63n), 2n ** 63n - 1n, 1_700_000_000_123_456_789n, BigInt(Math.floor(random() * 2 ** 50)) - 2n ** 49n]);
      case 'bool':
        return random() < 0.5;
      case 'enum':
        return pick(Object.keys(field.values!));
      case 'bytes':
        return bytes();
      case 'string':
        return pick(['', 'a', 'an error\n  at x (y.js:1:2)', 'né', '🙂']);
      case 'double':
        return pick([0, -0, 0.5, -1e300, 12.5, Number.POSITIVE_INFINITY, Number.NaN]);
    }
  };
  const sample = (member: FlatMember): Record<string, unknown> =>
    Object.fromEntries(member.type.fields.filter(() => random() < 0.7).map((field) => [field.name, value(field)]));

  it("a message's bytes are its own: the next encode leaves them, while the transient ones are the encoder's to reuse", () => {
    const first = encodeToClient({ answers: 3, run: { run: 1, entity: 7, nowNs: 10n ** 12n } });
    const kept = Buffer.from(first);
    encodeToClient({ run: { run: 2, input: Buffer.alloc(64, 0xee) } });
    assert.deepEqual(Buffer.from(first), kept);
    assert.deepEqual(decodeToClient(encodeToClientTransient({ answers: 3, run: { run: 1, entity: 7, nowNs: 10n ** 12n } })), decodeToClient(kept));
  });

  it("takes every callback's messages: Run; Publish, SendRequest, SendResponse, Done", () => {
    const { toSimulation, toClient } = viaProtobufjs.flat();
    assert.ok(toClient.byName.has('run'));
    for (const name of ['publish', 'sendRequest', 'sendResponse', 'done']) assert.ok(toSimulation.byName.has(name), name);
  });

  it('makes the bytes and the objects protobufjs makes, proto3 defaults and all, for every flat message', () => {
    const envelopes = [
      {
        envelope: viaProtobufjs.flat().toSimulation,
        encode: encodeToSimulation,
        decode: decodeToSimulation,
        general: viaProtobufjs.encodeToSimulation,
        read: viaProtobufjs.decodeToSimulation,
      },
      {
        envelope: viaProtobufjs.flat().toClient,
        encode: encodeToClient,
        decode: decodeToClient,
        general: viaProtobufjs.encodeToClient,
        read: viaProtobufjs.decodeToClient,
      },
    ] as const;
    for (const { envelope, encode, decode, general, read } of envelopes) {
      for (const member of envelope.byName.values()) {
        for (let i = 0; i < 300; i++) {
          const message = { [envelope.head]: pick([0, 0, 1, 2 ** 40]), [member.name]: sample(member) };
          const expected = read(general(message as never));
          const body = encode(message as never);
          if (encode === encodeToClient)
            assert.deepEqual(Buffer.from(encodeToClientTransient(message as never)), Buffer.from(body), 'the transient bytes are the same');
          assert.deepEqual(decode(body), expected, `${member.name}: ${JSON.stringify(message, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`);
          assert.deepEqual(read(body), expected);
          assert.deepEqual(decode(general(message as never)), expected);
          // A body cut or changed anywhere is what protobufjs makes of it, or its error.
          const broken = Buffer.from(body);
          if (broken.length > 0) broken[Math.floor(random() * broken.length)] = Math.floor(random() * 256);
          for (const bad of [broken, Buffer.from(body.subarray(0, Math.floor(random() * body.length)))]) {
            let want: unknown;
            try {
              want = read(bad);
            } catch (error) {
              assert.throws(
                () => decode(bad),
                (thrown: unknown) => thrown instanceof OutOfProtocol && (thrown as Error).message === (error as Error).message,
              );
              continue;
            }
            assert.deepEqual(decode(bad), want);
          }
        }
      }
    }
  });
});

/** How the simulation waits for a program: trying reads (no C compiler), or in poll(2) (rclsim's addon: native/inprocess/fd_wait.c). */
const WAITS = [
  { how: 'trying non-blocking reads', fdWait: null, options: {} },
  { how: "in poll(2) (rclsim's addon)", fdWait: has('g++') ? fdWaitAddon() : null, options: needs('g++') },
];
let fdWait: string | null = null;

/** A program process running test/fixtures/nodeWire/client.mjs with `scenario`, waited for as the describe block says. */
function program(scenario: string[], options: Partial<ProgramOptions> = {}): ProgramSocket {
  return ProgramSocket.spawn({ name: 'client.mjs', command: process.execPath, args: [join(FIXTURES, 'client.mjs'), ...scenario], fdWait, ...options });
}

/** Runs `body` with a program that has said hello, and kills it after. */
async function withProgram(scenario: string[], body: (socket: ProgramSocket) => void | Promise<void>): Promise<void> {
  const socket = program(scenario);
  try {
    socket.handshake(WELCOME, wallClock() + 10_000);
    await body(socket);
  } finally {
    socket.kill();
    socket.close();
  }
}

/** What the program told with a Log (client.mjs's tell). */
function told(socket: ProgramSocket): unknown {
  const message = socket.receive(wallClock() + 10_000);
  assert.ok(message.log !== undefined, `a Log, not ${Object.keys(message).join(', ')}`);
  return JSON.parse(message.log.message);
}

/** User + system CPU time of a process, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

for (const wait of WAITS)
  describe(`node protocol over a socket pair to a program process, waiting ${wait.how}`, wait.options, () => {
    beforeEach(() => {
      fdWait = wait.fdWait;
    });

    it('the handshake: Welcome carries what the simulation gives the program, in the version both speak', async () => {
      await withProgram(['version', '1'], (socket) => {
        assert.deepEqual(told(socket), { protocolVersion: 1, ...WELCOME, nowNs: `${WELCOME.nowNs}n`, seed: `${WELCOME.seed}n` });
      });
    });

    it('a client that speaks a newer version gets the version this rclsim speaks', async () => {
      const socket = program(['version', '7']);
      try {
        const { hello, version } = socket.handshake(WELCOME, wallClock() + 10_000);
        assert.equal(hello.protocolVersion, 7);
        assert.equal(version, 1);
        assert.equal((told(socket) as { protocolVersion: number }).protocolVersion, 1);
      } finally {
        socket.kill();
        socket.close();
      }
    });

    it('a client that speaks no common version gets Failed and exits 2 with one line on stderr', async () => {
      const socket = program(['version', '0'], { stderr: 'pipe' });
      let stderr = '';
      socket.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
      const closed = new Promise((resolve) => socket.stderr!.once('close', resolve));
      assert.throws(
        () => socket.handshake(WELCOME, wallClock() + 10_000),
        /no common node protocol version: nodeWire fixture speaks up to version 0, this rclsim 1 to 1/,
      );
      assert.deepEqual(await socket.exited, { kind: 'code', code: 2 });
      await closed;
      socket.close();
      assert.equal(stderr, 'rclsim: no common node protocol version: nodeWire fixture speaks up to version 0, this rclsim 1 to 1\n');
    });

    it('a question is answered by the next message, and what the program sent while the event loop ran is still read in order', async () => {
      await withProgram(['ask'], async (socket) => {
        // The event loop runs meanwhile: it must not take the program's bytes from the socket.
        await sleep(100);
        const question = socket.receive(wallClock() + 10_000);
        assert.deepEqual(question, { ask: 1, graph: { query: 'node_names', arguments: [] } });
        socket.send({ answers: 1, answer: { json: '["/talker"]' } });
        assert.deepEqual(told(socket), { answers: 1, answer: { json: '["/talker"]', cdr: { type: 'Buffer', data: [] } } });
      });
    });

    it('4 MB each way: a Run with a 4 MB input, published back', async () => {
      await withProgram(['echo'], (socket) => {
        assert.deepEqual(echoedBigRun(socket, wallClock() + 20_000), {
          run: 1,
          error: '',
          pending: false,
          loadFailed: false,
          result: Buffer.alloc(0),
          wroteOutput: false,
          inputError: '',
          failedKind: 'RUN_KIND_UNSPECIFIED',
          failedEntity: 0,
          failedAtNs: 0n,
          failedLabel: '',
          exitCodeSet: false,
          exitCode: 0n,
          failed: false,
          moreTasks: false,
          woke: false,
        });
      });
    });

    it('many small messages keep their order: 20,000 Runs sent before any answer is read, 10,000 publishes of one callback', async () => {
      await withProgram(['echo'], (socket) => {
        const runs = 20_000;
        // More than both socket buffers hold: sending reads what the program answers meanwhile.
        for (let run = 1; run <= runs; run++) socket.send({ run: { run, entity: run, input: Buffer.from([run & 0xff]) } }, wallClock() + 10_000);
        for (let run = 1; run <= runs; run++) {
          assert.equal(socket.receive(wallClock() + 10_000).publish?.publisher, run);
          assert.equal(socket.receive(wallClock() + 10_000).done?.run, run);
        }
      });
      await withProgram(['burst', '10000'], (socket) => {
        socket.send({ run: { run: 1 } });
        for (let i = 0; i < 10_000; i++) {
          const { publisher, cdr } = socket.receive(wallClock() + 10_000).publish!;
          assert.equal(publisher, i);
          assert.deepEqual([...cdr], [i & 0xff, (i >> 8) & 0xff]);
        }
        assert.equal(socket.receive(wallClock() + 10_000).done?.run, 1);
      });
    });

    it('a program blocked in read(2) costs no CPU while it waits', async () => {
      await withProgram(['idle'], async (socket) => {
        // Past the end of its start (a loaded machine finishes a runtime's start late); a program
        // that polled would spend most of the second, one that blocks a few ticks of stray work.
        await sleep(200);
        const before = cpuTicks(socket.pid!);
        await sleep(1000);
        const ticks = cpuTicks(socket.pid!) - before;
        assert.ok(ticks <= 5, `${ticks} clock ticks (10 ms each) in 1 s: at most 5`);
      });
    });

    it('a receive with a deadline throws on time, and returns an answer that comes before it', async () => {
      await withProgram(['slow', '50'], (socket) => {
        const begun = wallClock();
        assert.throws(() => socket.receive(begun + 20), ProgramTimeout);
        const waited = wallClock() - begun;
        assert.ok(waited >= 20 && waited < 120, `gave up after ${waited} ms`);
        socket.send({ run: { run: 1 } });
        const sent = wallClock();
        assert.equal(socket.receive(sent + 5000).done?.run, 1);
        assert.ok(wallClock() - sent >= 50);
      });
    });

    it('the end of the stream is ProgramGone, and `exited` tells a signal, an abort, out of memory, an exit code and no start apart', async () => {
      const gone = async (scenario: string[], options: Partial<ProgramOptions> = {}, kill = false) => {
        const socket = program(scenario, { stderr: 'ignore', ...options });
        socket.handshake(WELCOME, wallClock() + 10_000);
        if (kill) socket.kill('SIGKILL');
        else socket.send({ run: { run: 1 } });
        assert.throws(() => socket.receive(wallClock() + 20_000), ProgramGone);
        assert.throws(() => socket.receive(), ProgramGone, 'and stays gone');
        const exit = await socket.exited;
        socket.close();
        return exit;
      };
      assert.deepEqual(await gone(['idle'], {}, true), { kind: 'signal', signal: 'SIGKILL' });
      assert.deepEqual(await gone(['die', 'abort']), { kind: 'signal', signal: 'SIGABRT' });
      assert.deepEqual(await gone(['die', 'oom'], { args: ['--max-old-space-size=20', join(FIXTURES, 'client.mjs'), 'die', 'oom'] }), {
        kind: 'out-of-memory',
      });
      assert.deepEqual(await gone(['die', 'exit']), { kind: 'code', code: 3 });

      const missing = ProgramSocket.spawn({ name: 'missing', command: join(FIXTURES, 'no-such-program'), args: [], fdWait });
      assert.throws(() => missing.receive(wallClock() + 5000), ProgramGone);
      const exit = await missing.exited;
      missing.close();
      assert.equal(exit.kind, 'not-started');
      assert.match(describeExit(exit), /could not start: spawn .*no-such-program ENOENT/);
    });

    it('a program whose socket the simulation closes ends: its process group is killed', async () => {
      const socket = program(['idle']);
      socket.handshake(WELCOME, wallClock() + 10_000);
      socket.close();
      assert.deepEqual(await socket.exited, { kind: 'signal', signal: 'SIGKILL' });
    });

    it('a program exits by itself when the simulation process is killed with SIGKILL', async () => {
      const parent = spawn(process.execPath, [join(FIXTURES, 'parent.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
      const pid = Number(await outputUntil(parent, 'stdout', (text) => text.endsWith('\n')));
      assert.ok(alive(pid));
      parent.kill('SIGKILL');
      const killed = wallClock();
      while (alive(pid) && wallClock() - killed < 5000) await sleep(10);
      assert.ok(!alive(pid), 'the program is gone');
    });
  });

/** Whether a process runs (a zombie, dead but not yet reaped by whoever adopted it, does not). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}
