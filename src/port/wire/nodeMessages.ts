/**
 * The node protocol's messages (proto/node.proto) as TypeScript values, and their codec.
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
 * flatCodec.ts, which makes the same objects in a fraction of the time; the rest through
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
import { decodeFlat, encodeFlat, type FlatEnvelope, flatEnvelope } from './flatCodec.js';
import { OutOfProtocol } from './OutOfProtocol.js';
import type { ProgramExit } from './programExit.js';

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

export interface Hello {
  protocolVersion: number;
  client: string;
  language: string;
}

export interface Welcome {
  protocolVersion: number;
  program: string;
  argv: string[];
  nowNs: bigint;
  seed: bigint;
  cpuCount: number;
  rosDistro: string;
  rmwImplementation: string;
  interfaceFolders: InterfaceFolder[];
  component: string;
  strictMessages: boolean;
  programName: string;
}

export interface InterfaceFolder {
  path: string;
  package: string;
}

export type EntityKind = 'ENTITY_KIND_UNSPECIFIED' | 'NODE' | 'PUBLISHER' | 'SUBSCRIPTION' | 'SERVICE' | 'CLIENT' | 'TIMER' | 'GUARD_CONDITION';

export interface Create {
  kind: EntityKind;
  node: number;
  name: string;
  namespace: string;
  type: string;
  qosJson: string;
  periodNs: bigint;
  clock: string;
  filterExpression: string;
  filterParameters: string[];
  callbackGroup: number;
  reentrant: boolean;
  events: string[];
  context: number;
  args: string[];
  useGlobalArguments: boolean;
  optionsJson: string;
  canceled: boolean;
  subscriptionOptionsJson: string;
  customGroup: boolean;
}

export interface Created {
  id: number;
  name: string;
  namespace: string;
  logger: string;
  parameterOverrides: Uint8Array[];
  resolvedName: string;
  events: EventHandler[];
}

export interface EventHandler {
  name: string;
  id: number;
}

export interface Destroy {
  id: number;
  node: boolean;
  wake: boolean;
}

export interface Publish {
  publisher: number;
  cdr: Uint8Array;
}

export interface SendRequest {
  client: number;
  sequence: bigint;
  cdr: Uint8Array;
  hasTimeout: boolean;
  timeoutMs: number;
}

export interface ForgetRequest {
  client: number;
  sequence: bigint;
}

export interface SendResponse {
  service: number;
  request: number;
  cdr: Uint8Array;
}

/** One of cancel, reset, changePeriodNs, state. */
export interface TimerOp {
  timer: number;
  cancel?: boolean;
  reset?: boolean;
  changePeriodNs?: bigint;
  state?: boolean;
}

export type JsTimerKind = 'SET_TIMEOUT' | 'SET_INTERVAL' | 'SET_IMMEDIATE';

export interface JsTimer {
  kind: JsTimerKind;
  delayMs: number;
}

/** One of cancel, ref, unref, refresh. */
export interface JsTimerOp {
  timer: number;
  cancel?: boolean;
  ref?: boolean;
  unref?: boolean;
  refresh?: boolean;
}

/** One of create, init, shutdown, state, defaultContext. */
export interface ContextOp {
  context: number;
  create?: boolean;
  init?: Arguments;
  shutdown?: boolean;
  state?: boolean;
  defaultContext?: boolean;
}

export interface Arguments {
  argv: string[];
}

export type SpinHow = 'SPIN' | 'SPIN_ONCE' | 'STOP';

export interface Spin {
  node: number;
  how: SpinHow;
  threads: number;
}

export interface Hold {
  entity: number;
  on: boolean;
}

export interface TriggerGuard {
  guard: number;
}

export interface Log {
  node: number;
  logger: string;
  severity: number;
  message: string;
  function: string;
  file: string;
  line: number;
}

export type AssertionKindName = 'ALWAYS' | 'SOMETIMES' | 'REACHABLE' | 'UNREACHABLE';

export interface Assertion {
  kind: AssertionKindName;
  message: string;
  holds: boolean;
  detailsJson: string;
}

export interface GraphQuery {
  query: string;
  arguments: string[];
}

export interface Answer {
  json: string;
  cdr: Uint8Array;
}

/** One of declare, get, set, undeclare, read, hook. */
export interface ParameterOp {
  node: number;
  declare?: DeclareParameters;
  get?: string;
  set?: SetParameters;
  undeclare?: string;
  read?: ParameterRead;
  hook?: ParameterHook;
}

export interface SetParameters {
  parameters: Uint8Array;
  atomically: boolean;
}

export type ParameterReadWhat = 'WHAT_UNSPECIFIED' | 'VALUES' | 'NAMES' | 'DESCRIPTORS' | 'HAS' | 'HAS_DESCRIPTOR' | 'OVERRIDES';

export interface ParameterRead {
  what: ParameterReadWhat;
  names: string[];
}

export type ParameterHook = 'PARAMETER_HOOK_UNSPECIFIED' | 'ON_SET' | 'POST_SET' | 'PRE_SET';

/** One of serviceOfClient, atNs. */
export interface Await {
  serviceOfClient?: number;
  atNs?: bigint;
  timeoutMs: number;
  weak: boolean;
  afterReady: boolean;
}

export interface EntityOp {
  entity: number;
  op: string;
  argsJson: string;
}

/** One of add, remove. */
export interface ActionOp {
  node: number;
  add?: AddAction;
  remove?: number;
}

export interface AddAction {
  type: string;
  parts: number[];
}

/** One of level, setLevel, addChild, removeChild. */
export interface LoggerOp {
  logger: string;
  level?: boolean;
  setLevel?: number;
  addChild?: string;
  removeChild?: string;
}

export interface DeclareParameters {
  parameters: Uint8Array;
  descriptors: Uint8Array;
  ignoreOverrides: boolean;
}

export interface GetInterface {
  type: string;
}

/** One of finish, setResult, getResult, onEnd. */
export interface JobOp {
  finish?: number;
  setResult?: SetResult;
  getResult?: string;
  onEnd?: number;
}

export interface SetResult {
  name: string;
  valueJson: string;
}

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

/** One of sleepNs, deadlineNs. */
export interface Wait {
  thread: number;
  sleepNs?: bigint;
  deadlineNs?: bigint;
  clientSequence: bigint;
  client: number;
}

export interface Resume {
  thread: number;
  nowNs: bigint;
  timedOut: boolean;
}

export type RunKind =
  | 'RUN_KIND_UNSPECIFIED'
  | 'TIMER_FIRED'
  | 'MESSAGE'
  | 'REQUEST'
  | 'RESPONSE'
  | 'GUARD_TRIGGERED'
  | 'EVENT'
  | 'CONTINUATION'
  | 'END_HOOK'
  | 'JS_TIMER'
  | 'PARAMETERS'
  | 'SETTLED'
  | 'CAN_EXECUTE';

export interface Run {
  run: number;
  thread: number;
  kind: RunKind;
  entity: number;
  nowNs: bigint;
  input: Uint8Array;
  sourceTimestampNs: bigint;
  receivedTimestampNs: bigint;
  publisherGid: Uint8Array;
  request: number;
  sequence: bigint;
  expectedCallNs: bigint;
  publicationSequence: bigint;
  receptionSequence: bigint;
  timedOut: boolean;
  parameterHook: ParameterHook;
  readPolls: number;
}

export interface Done {
  run: number;
  error: string;
  pending: boolean;
  loadFailed: boolean;
  result: Uint8Array;
  wroteOutput: boolean;
  inputError: string;
  failedKind: RunKind;
  failedEntity: number;
  failedAtNs: bigint;
  failedLabel: string;
  exitCodeSet: boolean;
  exitCode: bigint;
  failed: boolean;
  moreTasks: boolean;
  woke: boolean;
}

export interface Exit {
  code: number;
}

export interface Shutdown {
  reason: string;
}

export interface Failed {
  message: string;
  kind: string;
  inputError: boolean;
}

/** What a client sends: `ask` ≠ 0 on a question, and one of the rest. */
export interface ToSimulation {
  ask: number;
  hello?: Hello;
  create?: Create;
  destroy?: Destroy;
  publish?: Publish;
  sendRequest?: SendRequest;
  sendResponse?: SendResponse;
  timer?: TimerOp;
  trigger?: TriggerGuard;
  log?: Log;
  graph?: GraphQuery;
  getInterface?: GetInterface;
  job?: JobOp;
  wait?: Wait;
  done?: Done;
  exit?: Exit;
  context?: ContextOp;
  spin?: Spin;
  jsTimer?: JsTimer;
  jsTimerOp?: JsTimerOp;
  parameter?: ParameterOp;
  forgetRequest?: ForgetRequest;
  awaitEvent?: Await;
  entity?: EntityOp;
  action?: ActionOp;
  nextGoalId?: Record<string, never>;
  logger?: LoggerOp;
  hold?: Hold;
  assertion?: Assertion;
}

/** What the simulation sends: `answers` names the question it answers (0: none), and one of the rest. */
export interface ToClient {
  answers: number;
  welcome?: Welcome;
  created?: Created;
  answer?: Answer;
  failed?: Failed;
  run?: Run;
  resume?: Resume;
  shutdown?: Shutdown;
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
}

let loaded: Codec | null = null;

function codec(): Codec {
  if (loaded === null) {
    const { Root } = require(PROTOBUF_LIGHT) as typeof protobuf;
    const root = Root.fromJSON(JSON.parse(readFileSync(DESCRIPTOR, 'utf8')) as protobuf.INamespace);
    root.resolveAll();
    const toSimulation = root.lookupType('rclsim.node.ToSimulation');
    const toClient = root.lookupType('rclsim.node.ToClient');
    loaded = { toSimulation, toClient, flatToSimulation: flatEnvelope(toSimulation), flatToClient: flatEnvelope(toClient) };
  }
  return loaded;
}

export function encodeToSimulation(message: Outgoing<ToSimulation>): Uint8Array {
  const { toSimulation, flatToSimulation } = codec();
  return encodeFlat(flatToSimulation, message as Record<string, unknown>) ?? toSimulation.encode(toSimulation.fromObject(message)).finish();
}

export function encodeToClient(message: Outgoing<ToClient>): Uint8Array {
  const { toClient, flatToClient } = codec();
  return encodeFlat(flatToClient, message as Record<string, unknown>) ?? toClient.encode(toClient.fromObject(message)).finish();
}

/** A frame's body from a client; OutOfProtocol when it is no ToSimulation. */
export function decodeToSimulation(body: Uint8Array): ToSimulation {
  const { toSimulation, flatToSimulation } = codec();
  return (decodeFlat(flatToSimulation, body) ?? decode(toSimulation, body)) as unknown as ToSimulation;
}

/** A frame's body from the simulation; OutOfProtocol when it is no ToClient. */
export function decodeToClient(body: Uint8Array): ToClient {
  const { toClient, flatToClient } = codec();
  return (decodeFlat(flatToClient, body) ?? decode(toClient, body)) as unknown as ToClient;
}

/**
 * The general path alone (protobufjs), and the flat messages' tables: test/nodeWire.test.ts
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
