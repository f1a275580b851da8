/**
 * The node port: everything a client library (the rclnodejs-shaped one, the rclpy-shaped one)
 * asks of the simulation, and the one way back, running a callback. It mirrors
 * `proto/node.proto`: `DirectPort` answers these calls in the simulation's own thread (an
 * in-process program), a wire port carries them over a separate program's socket. Ids are the
 * simulation's; callbacks are functions here and entity ids on the wire.
 *
 * Every rclnodejs program runs on it, in-process or not (architecture.md, "The node port").
 */

import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Parameter } from '../ros/Parameter.js';
import type { MessageTarget } from '../sim/Subscription.js';
import type { TimerInfo, TimerTarget } from '../sim/Timer.js';
import type { EntitiesSection } from './sections/EntitiesSection.js';
import type { ExecutorSection } from './sections/ExecutorSection.js';
import type { GraphSection } from './sections/GraphSection.js';
import type { JobSection } from './sections/JobSection.js';
import type { ParametersSection } from './sections/ParametersSection.js';

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
  /** Requests and responses as CDR bytes (a program's own, which it reads and writes), never decoded unless something else needs the message. */
  raw?: boolean;
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

/**
 * Where a client's publisher hands its messages: in-process the simulation's publisher itself,
 * so that a publish reaches it in one call, with no lookup by id (issue 52: each object read on
 * the way is a cache miss per message); elsewhere the port, naming the publisher by id.
 */
export interface PublishSink {
  publish(message: Message | Buffer): void;
}

/** A publisher as the simulation made it, and where its messages go. */
export interface CreatedPublisher extends CreatedTopicEndpoint {
  sink: PublishSink;
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

/**
 * How a service's callback answers a request, now or later: in-process the simulation's response
 * handle itself, so that a request makes no function to reply with.
 */
export interface ServiceReply {
  send(response: unknown): void;
}

/** A service's callback: the request, and where its response goes (the callback may return the response instead). */
export type ServiceCallback = (request: unknown, reply: ServiceReply) => unknown;

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

/**
 * The node port, section by section (port/sections/): every operation a client asks of the
 * simulation, as proto/node.proto carries it for a separate program.
 */
export interface NodePort extends EntitiesSection, ParametersSection, GraphSection, JobSection, ExecutorSection {
  /** The interface types the simulation knows (the client makes, checks and shapes messages with them). */
  readonly interfaces: InterfaceRegistry;

  /** Whether messages are checked strictly (the job's strict_messages): the client normalizes as the simulation would. */
  readonly strictMessages: boolean;
}
