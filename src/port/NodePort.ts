/**
 * The node port: everything a client library (the rclnodejs-shaped one, the rclpy-shaped one)
 * asks of the simulation, and the one way back, running a callback. It mirrors
 * `proto/node.proto`: `DirectPort` answers these calls in the simulation's own thread (an
 * in-process program), a wire port carries them over a separate program's socket. Ids are the
 * simulation's; callbacks are functions here and entity ids on the wire.
 *
 * Grows operation by operation as the client takes over from the facade (architecture.md,
 * "The coming seam").
 */
import type { CallerFrame } from '../engine/callerFrame.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { SetParametersResult } from '../rcl/NodeParameters.js';
import type { Parameter, ParameterDescriptor } from '../rcl/Parameter.js';

/** What a node is created with: rclnodejs's createNode arguments that the simulation acts on. */
export interface NodeSpec {
  context: number;
  name: string;
  namespace: string;
  /** ROS arguments of this node alone (rcl's node options arguments). */
  args: readonly string[];
  useGlobalArguments: boolean;
  /** NodeOptions the simulation acts on (rosout, parameter services, overrides …), as rclnodejs's NodeOptions fields. */
  options: Readonly<Record<string, unknown>>;
}

/** A node as the simulation made it: its id and its name after the job's and the program's remaps. */
export interface NodeInfo {
  id: number;
  name: string;
  namespace: string;
  /** Its logger's name (rcl's: the namespace's parts, then the name, joined by dots). */
  logger: string;
}

export interface TopicSpec {
  node: number;
  /** The interface type, `pkg/msg/Type`. */
  type: string;
  /** The topic as the program gave it: the simulation expands and remaps it as rcl does. */
  topic: string;
  /** The QoS as the program gave it (a QoS object, a profile name, a depth): the simulation checks and resolves it. */
  qos: unknown;
}

export interface ServiceSpec {
  node: number;
  /** The service type, `pkg/srv/Type`. */
  type: string;
  /** The service name as the program gave it (expanded and remapped by the simulation). */
  service: string;
  qos: unknown;
}

/** A subscription's callback: the message as the simulation delivered it, and when wanted its MessageInfo. */
export type MessageCallback = (message: unknown, info?: unknown) => unknown;

/** What a timer callback gets on Jazzy: when the call was due, when it ran. */
export type TimerCallback = (info: { expectedCallTime: bigint; actualCallTime: bigint }) => unknown;

/** A service's callback: the request, and a reply function for a response sent later (the callback may return the response instead). */
export type ServiceCallback = (request: unknown, reply: (response: unknown) => void) => unknown;

/**
 * A program's set-parameters callbacks of one kind on a node, as one: `preSet` returns the
 * parameters to set instead (anything but a list refuses the change), `onSet` a
 * SetParametersResult that may refuse it, `postSet` is told of it.
 */
export type ParameterHook = (parameters: Parameter[]) => unknown;

export type ParameterHookKind = 'preSet' | 'onSet' | 'postSet';

/** A request's wait for its response bounded in sim time (rclnodejs's sendRequestAsync timeout). */
export interface RequestTimeout {
  ms: number;
  /** Runs as the client's callback when no response came in time; the response is then dropped. */
  onTimeout: () => unknown;
}

/** The graph queries of rclnodejs's Node whose answers are plain values (names, types, counts), by their method names. */
export const GRAPH_QUERIES = [
  'getNodeNames',
  'getNodeNamesAndNamespaces',
  'getNodeNamesAndNamespacesWithEnclaves',
  'getTopicNamesAndTypes',
  'getServiceNamesAndTypes',
  'getPublisherNamesAndTypesByNode',
  'getSubscriptionNamesAndTypesByNode',
  'getServiceNamesAndTypesByNode',
  'getClientNamesAndTypesByNode',
  'countPublishers',
  'countSubscribers',
  'countServices',
  'countClients',
  'resolveTopicName',
  'resolveServiceName',
] as const;

export type GraphQueryName = (typeof GRAPH_QUERIES)[number];

/** rcl's log severities. */
export type Severity = 10 | 20 | 30 | 40 | 50;

export interface NodePort {
  /** Sim time now, ns since the epoch. */
  now(): bigint;

  /** A context of the program (rclnodejs's `new Context()`); the default one is id 0. */
  createContext(): number;
  /** `init(context, argv)`: its ROS arguments apply to nodes created from now on. */
  initContext(context: number, argv: readonly string[]): void;
  shutdownContext(context: number): void;
  contextState(context: number): 'uninitialized' | 'initialized' | 'shutdown';

  createNode(spec: NodeSpec): NodeInfo;
  destroyNode(node: number): void;
  /** The node's callbacks run from now on (spin), once (spinOnce), or no more (stop). */
  spin(node: number, how: 'spin' | 'spinOnce' | 'stop'): void;

  /** Returns the publisher's id and its resolved topic. */
  createPublisher(spec: TopicSpec): { id: number; topic: string };
  /**
   * `message` is what the client normalized (in-process) or CDR bytes (a separate program, or a
   * raw publish): the simulation digests and delivers either alike.
   */
  publish(publisher: number, message: Message | Buffer): void;

  createSubscription(spec: TopicSpec & { options: Readonly<Record<string, unknown>> }, callback: MessageCallback): { id: number; topic: string };

  createTimer(node: number, period: bigint, autostart: boolean, callback: TimerCallback): number;
  cancelTimer(timer: number): void;
  resetTimer(timer: number): void;
  timerState(timer: number): { canceled: boolean; period: bigint; nextCall: bigint; lastCall: bigint };

  /** Returns the service's id and its resolved name. */
  createService(spec: ServiceSpec, callback: ServiceCallback): { id: number; service: string };
  createClient(spec: ServiceSpec): { id: number; service: string };
  /**
   * Sends a request; `onResponse` runs as the client's callback when the response arrives (sim
   * time). Returns the request's number, for forgetRequest.
   */
  sendRequest(client: number, request: unknown, onResponse: (response: unknown) => unknown, timeout?: RequestTimeout): number;
  /** The program no longer waits for this response (an aborted request): it is dropped when it comes. */
  forgetRequest(client: number, request: number): void;
  /** Whether a service server is matched now. */
  serviceIsReady(client: number): boolean;
  /** A graph query of `node` (rclnodejs's method of that name) with its arguments: names, types, counts. */
  queryGraph(node: number, query: GraphQueryName, args: readonly (string | boolean)[]): unknown;
  /**
   * `onSettled(true)` once a server matches the client, `onSettled(false)` after `timeoutMs` of
   * sim time (none: no limit); it runs where a promise continuation of that event would.
   */
  waitForService(client: number, timeoutMs: number | undefined, onSettled: (available: boolean) => unknown): void;

  /**
   * Declares a node's parameters as one change, with a descriptor each or none (their overrides
   * from the job or the arguments apply unless ignored); the parameters as they are then.
   */
  declareParameters(node: number, parameters: readonly Parameter[], descriptors: readonly ParameterDescriptor[], ignoreOverrides: boolean): Parameter[];
  getParameter(node: number, name: string): Parameter;
  /** The parameters of these names (every declared one if none). */
  getParameters(node: number, names: readonly string[]): Parameter[];
  /** Sets each (or, atomically, all or none); the program's set-parameters callbacks run meanwhile. */
  setParameters(node: number, parameters: readonly Parameter[], atomically: boolean): SetParametersResult[];
  undeclareParameter(node: number, name: string): void;
  hasParameter(node: number, name: string): boolean;
  parameterNames(node: number): string[];
  hasParameterDescriptor(node: number, name: string): boolean;
  /** The descriptors of these names (every declared one if none). */
  parameterDescriptors(node: number, names: readonly string[]): ParameterDescriptor[];
  parameterOverrides(node: number): Parameter[];
  /** The program's set-parameters callbacks of this kind take part in every change of the node's parameters from now on. */
  hookParameters(node: number, kind: ParameterHookKind, hook: ParameterHook): void;

  /** A message of an interface type (`pkg/msg/Name`, `pkg/srv/Name_Response` …) with every default filled in. */
  defaultMessage(type: string): unknown;

  /** rclnodejs's Rate: ticks every 1/hz s from now (no timer of the graph); its id. */
  createRate(node: number, hz: number): number;
  /** `onTick` runs at the rate's next tick, where an in-process `await rate.sleep()` resumes. */
  rateSleep(rate: number, onTick: () => unknown): void;
  /** A sleep under way never ends, as in rclnodejs. */
  cancelRate(rate: number): void;

  /** A JavaScript timer of the program (setTimeout & co.) on sim time; its id. */
  startJsTimer(kind: 'setTimeout' | 'setInterval' | 'setImmediate', delayMs: number, callback: () => unknown): number;
  jsTimer(timer: number, op: 'cancel' | 'ref' | 'unref' | 'refresh'): void;

  /** The job's operations a component uses (a program has none: they throw). The job ends with this exit code after the step under way. */
  finishJob(code: number): void;
  setResult(name: string, value: unknown): void;
  getResult(name: string): unknown;
  /** `hook` runs once the run's loop ended, in the order end hooks were registered (in-process ones too). */
  onEnd(hook: () => unknown): void;

  /** process.exit(code): the program ends (its contexts shut down; a code that is not 0 ends the run). */
  exit(code: number): never;

  destroyEntity(entity: number): void;

  /**
   * A record of `logger`: printed at its level and, for a node's logger, published on /rosout.
   * False when below the level. `caller` is read only when /rosout needs it (a stack trace costs).
   */
  log(logger: string, severity: Severity, message: string, caller: () => CallerFrame): boolean;
}
