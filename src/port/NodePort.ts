/**
 * The node port: everything a client library (the rclnodejs-shaped one, the rclpy-shaped one)
 * asks of the simulation, and the one way back, running a callback. It mirrors
 * `proto/node.proto`: `DirectPort` answers these calls in the simulation's own thread (an
 * in-process program), a wire port carries them over a separate program's socket. Ids are the
 * simulation's; callbacks are functions here and entity ids on the wire.
 *
 * Every rclnodejs program runs on it, in-process or not (architecture.md, "The node port").
 */
import type { CallerFrame } from '../base/callerFrame.js';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { SetParametersResult } from '../ros/NodeParameters.js';
import type { Parameter, ParameterDescriptor } from '../ros/Parameter.js';
import type { AssertionKind } from '../sim/Assertions.js';
import type { MessageTarget } from '../sim/Subscription.js';
import type { TimerInfo, TimerTarget } from '../sim/Timer.js';

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
  /** rclnodejs's enableTypedArray: false gives requests (a service's) or responses (a client's) with plain arrays. */
  plainArrays?: boolean;
}

/** The QoS events of a publisher or subscription (rclnodejs's PublisherEventCallbacks / SubscriptionEventCallbacks). */
export const ENTITY_EVENTS = ['matched', 'incompatibleQos', 'incompatibleType', 'deadline', 'liveliness', 'messageLost'] as const;

export type EntityEventName = (typeof ENTITY_EVENTS)[number];

/** What an event callback gets: the rmw status of that event, with its counts. */
export type EventCallback = (status: Record<string, unknown>) => unknown;

/** The event callbacks an endpoint is created with (its handlers are entities of its node). */
export interface EventHooks {
  /** A subscription's events (liveliness changed, message lost) rather than a publisher's. */
  subscription: boolean;
  callbacks: Partial<Record<EntityEventName, EventCallback>>;
}

/** A publisher or subscription as the simulation made it: its id, resolved topic, and the ids of its event handlers in creation order. */
export interface CreatedTopicEndpoint {
  id: number;
  topic: string;
  events: { name: EntityEventName; id: number }[];
}

export interface SubscriptionSpec extends TopicSpec {
  /** rclnodejs's subscription options the simulation acts on: isRaw, enableTypedArray, serializationMode, contentFilter. */
  options: Readonly<Record<string, unknown>>;
  /** The callback takes a MessageInfo (a second parameter), as rclnodejs decides by its arity. */
  wantsInfo: boolean;
  events?: EventHooks;
}

/** An entity of a node the simulation holds, as a node's entity lists give it (rclnodejs's `node._publishers` …). */
export interface EntityListing {
  id: number;
  kind: 'publisher' | 'subscription' | 'service' | 'client' | 'timer' | 'guard_condition' | 'event';
  /** The topic or service name; '' for timers, guards and events. */
  name: string;
  type: string;
}

/**
 * Questions and operations on one entity whose answers are plain values (JSON-safe, bigint and
 * bytes allowed), by name: what rclnodejs's entity methods ask of rcl.
 */
export const ENTITY_OPS = [
  // publisher
  'subscriptionCount',
  'waitForAllAcked',
  'assertLiveliness',
  'gid',
  // subscription
  'publisherCount',
  'setContentFilter',
  'clearContentFilter',
  // service and client
  'qosProfile',
  'configureIntrospection',
  // timer
  'isReady',
  'nextCallTime',
  'callTimerWithInfo',
  'changeTimerPeriod',
  // event handler: runs its callback with the oldest status, or the current one
  'takeData',
] as const;

export type EntityOpName = (typeof ENTITY_OPS)[number];

export type { MessageTarget, TimerInfo, TimerTarget };

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
  'countActionClients',
  'countActionServers',
  'getPublishersInfoByTopic',
  'getSubscriptionsInfoByTopic',
  'isSpinning',
] as const;

export type GraphQueryName = (typeof GRAPH_QUERIES)[number];

/** rcl's log severities. */
export type Severity = 10 | 20 | 30 | 40 | 50;

export interface NodePort {
  /** The interface types the simulation knows (the client makes, checks and shapes messages with them). */
  readonly interfaces: InterfaceRegistry;
  /** Whether messages are checked strictly (the job's strict_messages): the client normalizes as the simulation would. */
  readonly strictMessages: boolean;

  /** Sim time now, ns since the epoch. */
  now(): bigint;

  /** A context of the program (rclnodejs's `new Context(domainId)`). */
  createContext(): number;
  /** The program's default context: the one it has, or a fresh one once that was shut down (as rclnodejs's). */
  defaultContext(): number;
  /** `init(context, argv)`: its ROS arguments apply to nodes created from now on. */
  initContext(context: number, argv: readonly string[]): void;
  shutdownContext(context: number): void;
  contextState(context: number): 'uninitialized' | 'initialized' | 'shutdown';

  createNode(spec: NodeSpec): NodeInfo;
  destroyNode(node: number): void;
  /** The node's callbacks run from now on (spin), once (spinOnce), or no more (stop). */
  spin(node: number, how: 'spin' | 'spinOnce' | 'stop'): void;

  /** The entities of the node the simulation holds (its own ones too: /parameter_events …), in creation order. */
  nodeEntities(node: number): EntityListing[];

  /** The publisher's id, its resolved topic and its event handlers. */
  createPublisher(spec: TopicSpec & { events?: EventHooks }): CreatedTopicEndpoint;
  /**
   * `message` is what the client normalized (in-process) or CDR bytes (a separate program, or a
   * raw publish): the simulation digests and delivers either alike.
   */
  publish(publisher: number, message: Message | Buffer): void;

  createSubscription(spec: SubscriptionSpec, target: MessageTarget): CreatedTopicEndpoint;

  createTimer(node: number, period: bigint, autostart: boolean, target: TimerTarget): number;
  cancelTimer(timer: number): void;
  resetTimer(timer: number): void;
  timerState(timer: number): { canceled: boolean; period: bigint; nextCall: bigint; lastCall: bigint };

  /** Returns the service's id and its resolved name. */
  createService(spec: ServiceSpec, callback: ServiceCallback): { id: number; service: string };
  createClient(spec: ServiceSpec): { id: number; service: string };
  /**
   * An action client or server of the node is made of these entities: the node lists them as the
   * action's, and the action's type (`pkg/action/Name`) is in use on it. The action's id.
   */
  addAction(node: number, type: string, parts: readonly number[]): number;
  /** The action is gone, with the entities it was made of. */
  removeAction(node: number, action: number): void;

  /** A guard condition: `callback` runs once per trigger, as the node's callbacks run. */
  createGuardCondition(node: number, callback: () => unknown): number;
  triggerGuard(guard: number): void;

  /** One of ENTITY_OPS on an entity (args and answer JSON-safe, bigint and bytes allowed). */
  entityOp(entity: number, op: EntityOpName, args: readonly unknown[]): unknown;

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

  /**
   * The callback under way settled a promise the program awaits (a response, a wait's end): its
   * continuations run before the simulation goes on, where an in-process program's resume.
   */
  resume(): void;

  /**
   * `onWake` runs at sim time `at` (ns since the epoch), where a promise settled by that time
   * resumes its awaits: a rate's tick, a timeout, a clock's sleep. A weak wake-up alone does not
   * keep the run going; one `afterReady` comes once the callbacks ready at `at` ran
   * (Engine#scheduleAt). Its id, for cancelWake.
   */
  wakeAt(at: bigint, onWake: () => unknown, weak: boolean, afterReady?: boolean): number;
  cancelWake(wake: number): void;

  /** A goal id for an action client (16 bytes from the run's stream of goal ids, which every program shares). */
  nextGoalId(): Uint8Array;

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

  /** A logger's level as it holds now (its own, an ancestor's, or the default). */
  loggerLevel(logger: string): number;
  setLoggerLevel(logger: string, level: number): void;
  /** A node logger's child publishes on /rosout too (rcl's subloggers): false when `parent` is no node's logger. */
  addSublogger(parent: string, child: string): boolean;
  removeSublogger(parent: string, child: string): void;

  /**
   * A record of `logger`: printed at its level and, for a node's logger, published on /rosout.
   * False when below the level. `caller` is read only when /rosout needs it (a stack trace costs).
   */
  log(logger: string, severity: Severity, message: string, caller: () => CallerFrame): boolean;

  /** An assertion of the program's code (rclsim's `always` …), counted by its message; `details` is JSON text or ''. */
  assertion(kind: AssertionKind, message: string, holds: boolean, details: string): void;
}
