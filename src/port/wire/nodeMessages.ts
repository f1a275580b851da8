/**
 * The node protocol's messages (proto/node.proto) as TypeScript values, and their codec. The
 * messages' types are generated from the .proto (nodeProtoTypes.ts, scripts/nodeProtoTypes.mjs)
 * and exported from here.
 *
 * Decoded messages are plain objects with every field (proto3's defaults where none came),
 * camelCase names, enums by name, `bytes` as views of the received frame. 64-bit integers, one
 * rule for both sides: `uint64` fields are ids and counts and decode to numbers (a value beyond
 * 2^53 is out of protocol); `int64` fields are sim times, durations, seeds and sequence numbers
 * and decode to bigint, as the engine's times are. To encode, a 64-bit field takes either.
 * Oneof members are optional properties: exactly one of each oneof is present, or the message is
 * out of protocol.
 *
 * The messages of every callback (Run; Publish, SendRequest, SendResponse, Done) go through
 * flatCodec.ts, which makes the same objects in a fraction of the time (on the in-process link
 * Run, Publish and Done go in a fixed layout instead: fixedCodec.ts); the rest through
 * protobufjs. The codec is protobufjs/light, bundled with long in one file, over a JSON descriptor of
 * proto/node.proto; `npm run build` writes both beside this module (scripts/nodeProto.mjs). A
 * program's process loads them before its Hello and must start within its budget: from a fresh
 * process to the first Hello encoded, the full library parsing the .proto takes 55 ms, light
 * with the JSON 48 ms (Node resolves and reads its ~40 files one by one), bundled 30 ms (on the
 * project's 2-vCPU machine, where `node -e 0` then took ~100 ms). It loads with the first
 * message: a run without separate programs never loads it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';
import { type FixedCodec, fixedCodec } from './fixedCodec.js';
import { decodeFlat, encodeFlat, encodeFlatView, type FlatEnvelope, flatEnvelope } from './flatCodec.js';
import type { ToClient, ToSimulation, Welcome } from './nodeProtoTypes.js';
import { OutOfProtocol } from './OutOfProtocol.js';
import type { ProgramExit } from './programExit.js';

export type * from './nodeProtoTypes.js';

/** The QoS policies that are durations: Create.qos_json carries them as ns in decimal strings. */
export const QOS_DURATIONS = ['deadline', 'lifespan', 'livelinessLeaseDuration'] as const;

/** The interface types parameters and their descriptors travel as, in CDR (ParameterOp, Answer.cdr). */
export const PARAMETER = 'rcl_interfaces/msg/Parameter';
export const SET_PARAMETERS_RESULT = 'rcl_interfaces/msg/SetParametersResult';
/** Lists travel in the containers rcl_interfaces' services have for them. */
export const PARAMETER_LIST = 'rcl_interfaces/srv/SetParameters_Request';
export const SET_PARAMETERS_RESULTS = 'rcl_interfaces/srv/SetParameters_Response';
export const SET_PARAMETERS_ATOMICALLY_RESULT = 'rcl_interfaces/srv/SetParametersAtomically_Response';
export const PARAMETER_DESCRIPTORS = 'rcl_interfaces/srv/DescribeParameters_Response';

/** The newest protocol version this rclsim speaks: the handshake settles on min(client's, this). */
export const PROTOCOL_VERSION = 1;

const BIGINT = '$bigint';
const BYTES = '$bytes';

/**
 * A value as JSON where the protocol carries values (job results, EntityOp, graph answers): an
 * integer beyond JSON's as {"$bigint": "<decimal>"}, bytes (a Buffer or Uint8Array) as
 * {"$bytes": "<base64>"}.
 */
export function valueToJson(value: unknown): string {
  return (
    JSON.stringify(value, function (this: Record<string, unknown>, key, item: unknown) {
      // A Buffer has toJSON: the replacer sees its raw value on the holder.
      const raw = key === '' ? item : this[key];
      if (typeof raw === 'bigint') return { [BIGINT]: raw.toString() };
      if (raw instanceof Uint8Array) return { [BYTES]: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
      return item;
    }) ?? ''
  );
}

export function valueFromJson(text: string): unknown {
  if (text === '') return undefined;
  return JSON.parse(text, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const keys = Object.keys(item);
    if (keys.length !== 1) return item;
    if (keys[0] === BIGINT) return BigInt((item as Record<string, string>)[BIGINT]!);
    if (keys[0] === BYTES) return Buffer.from((item as Record<string, string>)[BYTES]!, 'base64');
    return item;
  });
}

/** A message to encode: any field may be left out (it goes as its default), a 64-bit one given as a number or a bigint. */
export type Outgoing<T> = T extends undefined
  ? undefined
  : T extends bigint
    ? bigint | number
    : T extends Uint8Array | number | string | boolean
      ? T
      : T extends readonly (infer E)[]
        ? readonly Outgoing<E>[]
        : { [K in keyof T]?: Outgoing<T[K]> };

/** The client's end of a program's socket as a client library uses it (ClientSocket). */
export interface ClientLink {
  send(message: Outgoing<ToSimulation>): void;
  receive(): ToClient;
}

/** The simulation's end of a program's socket (ProgramSocket). */
export interface ProgramLink {
  /** Hello, then Welcome (ProgramSocket.handshake); OutOfProtocol when the program began otherwise or speaks no common version. */
  handshake(welcome: Outgoing<Welcome>): unknown;
  send(message: Outgoing<ToClient>): void;
  /** Waits until `deadline` (wall ms; none: for ever), then throws ProgramTimeout. */
  receive(deadline?: number): ToSimulation;
  /** Waits until `deadline` (wall ms) for the program's process to end by itself. */
  awaitEnd(deadline: number): void;
  /** Ends the program's process (SIGKILL). */
  kill(): void;
  /** How the program's process ended, once its socket closed (null: it cannot be told). */
  exitedNow(): ProgramExit | null;
}

/** Written beside this module by the build (scripts/nodeProto.mjs). */
const DESCRIPTOR = new URL('nodeProto.json', import.meta.url);
const PROTOBUF_LIGHT = './protobufLight.cjs';
const require = createRequire(import.meta.url);

const TO_OBJECT: protobuf.IConversionOptions = { longs: BigInt, enums: String, defaults: true };

interface Codec {
  toSimulation: protobuf.Type;
  toClient: protobuf.Type;
  /** The envelopes' flat messages, which flatCodec.ts reads and writes without protobufjs. */
  flatToSimulation: FlatEnvelope;
  flatToClient: FlatEnvelope;
  /** The in-process link's hot messages in their fixed layout (fixedCodec.ts). */
  fixed: FixedCodec;
}

let loaded: Codec | null = null;

function codec(): Codec {
  if (loaded === null) {
    const { Root } = require(PROTOBUF_LIGHT) as typeof protobuf;
    const root = Root.fromJSON(JSON.parse(readFileSync(DESCRIPTOR, 'utf8')) as protobuf.INamespace);
    root.resolveAll();
    const toSimulation = root.lookupType('rclsim.node.ToSimulation');
    const toClient = root.lookupType('rclsim.node.ToClient');
    const flatToSimulation = flatEnvelope(toSimulation);
    const flatToClient = flatEnvelope(toClient);
    loaded = { toSimulation, toClient, flatToSimulation, flatToClient, fixed: fixedCodec(flatToClient, flatToSimulation) };
  }
  return loaded;
}

let prepared = false;

/**
 * The codec loaded and protobufjs's code for both envelopes made (it makes a type's at its first
 * message): the simulation has it done while a program's process starts, which the run waits for
 * anyway, instead of on the way to the program's Welcome and first Create.
 */
export function prepareCodec(): void {
  if (prepared) return;
  prepared = true;
  const { toSimulation, toClient } = codec();
  toSimulation.setup();
  toClient.setup();
}

export function encodeToSimulation(message: Outgoing<ToSimulation>): Uint8Array {
  const { toSimulation, flatToSimulation } = codec();
  return encodeFlat(flatToSimulation, message as Record<string, unknown>) ?? toSimulation.encode(toSimulation.fromObject(message)).finish();
}

export function encodeToClient(message: Outgoing<ToClient>): Uint8Array {
  const { toClient, flatToClient } = codec();
  return encodeFlat(flatToClient, message as Record<string, unknown>) ?? toClient.encode(toClient.fromObject(message)).finish();
}

/** As encodeToClient, but the bytes may be the encoder's own, valid only until the next encode: for a caller that copies them at once. */
export function encodeToClientTransient(message: Outgoing<ToClient>): Uint8Array {
  const { toClient, flatToClient } = codec();
  return encodeFlatView(flatToClient, message as Record<string, unknown>) ?? toClient.encode(toClient.fromObject(message)).finish();
}

/**
 * The in-process link's codec (fixedCodec.ts): a ToClient message in the fixed layout when it has
 * one (its length; its bytes at the start of `fixedBytes()`, valid until the next encode), and a
 * body that starts with the layout's 0 read from it (OutOfProtocol when it is malformed).
 */
export function encodeToClientFixed(message: Outgoing<ToClient>): number | undefined {
  return codec().fixed.write(message as Record<string, unknown>);
}

export function fixedBytes(): Uint8Array {
  return codec().fixed.bytes();
}

export function decodeToSimulationFixed(body: Buffer, from: number, end: number): ToSimulation {
  const message = codec().fixed.read(body, from, end);
  if (message === undefined) throw new OutOfProtocol(`a body in the fixed layout that is malformed (member ${body[from + 1]}, ${end - from} bytes)`);
  return message as unknown as ToSimulation;
}

/** A frame's body from a client; OutOfProtocol when it is no ToSimulation. */
export function decodeToSimulation(body: Uint8Array, from = 0, end = body.length): ToSimulation {
  const { toSimulation, flatToSimulation } = codec();
  const flat = decodeFlat(flatToSimulation, body, from, end);
  if (flat !== undefined) return flat as unknown as ToSimulation;
  return decode(toSimulation, from === 0 && end === body.length ? body : body.subarray(from, end)) as unknown as ToSimulation;
}

/** A frame's body from the simulation; OutOfProtocol when it is no ToClient. */
export function decodeToClient(body: Uint8Array): ToClient {
  const { toClient, flatToClient } = codec();
  return (decodeFlat(flatToClient, body) ?? decode(toClient, body)) as unknown as ToClient;
}

/**
 * The general path alone (protobufjs), and the flat messages' tables: test/port/nodeWire.test.ts
 * checks that flatCodec.ts makes what protobufjs makes.
 */
export const viaProtobufjs = {
  encodeToSimulation: (message: Outgoing<ToSimulation>): Uint8Array => codec().toSimulation.encode(codec().toSimulation.fromObject(message)).finish(),
  encodeToClient: (message: Outgoing<ToClient>): Uint8Array => codec().toClient.encode(codec().toClient.fromObject(message)).finish(),
  decodeToSimulation: (body: Uint8Array): ToSimulation => decode(codec().toSimulation, body) as unknown as ToSimulation,
  decodeToClient: (body: Uint8Array): ToClient => decode(codec().toClient, body) as unknown as ToClient,
  flat: (): { toSimulation: FlatEnvelope; toClient: FlatEnvelope } => ({ toSimulation: codec().flatToSimulation, toClient: codec().flatToClient }),
};

function decode(type: protobuf.Type, body: Uint8Array): Record<string, unknown> {
  let object: Record<string, unknown>;
  try {
    object = type.toObject(type.decode(body), TO_OBJECT);
  } catch (error) {
    throw new OutOfProtocol(`bytes that are no ${type.name} message (${(error as Error).message})`);
  }
  normalize(type, object);
  return object;
}

/** uint64 fields to numbers, down the message; checks that each oneof has its member. */
function normalize(type: protobuf.Type, object: Record<string, unknown>): void {
  for (const field of type.fieldsArray) {
    const value = object[field.name];
    if (value === undefined || value === null) continue;
    if (field.type === 'uint64') {
      object[field.name] = field.repeated ? (value as bigint[]).map((item) => safeNumber(type, field, item)) : safeNumber(type, field, value as bigint);
    } else if (field.resolvedType !== null && 'fieldsArray' in field.resolvedType) {
      const nested = field.resolvedType as protobuf.Type;
      for (const item of field.repeated ? (value as Record<string, unknown>[]) : [value as Record<string, unknown>]) normalize(nested, item);
    }
  }
  for (const oneof of type.oneofsArray) {
    if (!oneof.oneof.some((name) => object[name] !== undefined)) throw new OutOfProtocol(`a ${type.name} message without its ${oneof.name}`);
  }
}

/** Which message an envelope carries, for errors ("done", "run" …). */
export function carried(message: ToSimulation | ToClient): string {
  return Object.keys(message).find((key) => key !== 'ask' && key !== 'answers') ?? 'nothing';
}

function safeNumber(type: protobuf.Type, field: protobuf.Field, value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new OutOfProtocol(`${type.name}.${field.name} is ${value}, beyond the ids the protocol uses`);
  return number;
}
