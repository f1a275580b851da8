import type { CallerFrame } from '../../base/callerFrame.js';
import type { Message } from '../../interfaces/plainMessages.js';
import type {
  CreatedPublisher,
  CreatedTopicEndpoint,
  EntityListing,
  EntityOpName,
  EventHooks,
  MessageTarget,
  NodeInfo,
  NodeSpec,
  RequestTimeout,
  ServiceCallback,
  ServiceSpec,
  Severity,
  SubscriptionSpec,
  TimerTarget,
  TopicSpec,
} from '../NodePort.js';

/** The node port's entities section: the program's ROS entities: contexts, nodes, publishers, subscriptions, timers, services and clients, actions' parts, guard conditions, loggers and their records (proto/node.proto: Create, Destroy, Publish, SendRequest, SendResponse, ForgetRequest, TimerOp, TriggerGuard, EntityOp, ActionOp, NextGoalId, ContextOp, Log, LoggerOp, GetInterface). */
export interface EntitiesSection {
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

  /** The entities of the node the simulation holds (its own ones too: /parameter_events …), in creation order. */
  nodeEntities(node: number): EntityListing[];

  /** The publisher's id, its resolved topic, its event handlers and where its messages go. */
  createPublisher(spec: TopicSpec & { events?: EventHooks }): CreatedPublisher;

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

  destroyEntity(entity: number): void;

  /** A message of an interface type (`pkg/msg/Name`, `pkg/srv/Name_Response` …) with every default filled in. */
  defaultMessage(type: string): unknown;

  /** A goal id for an action client (16 bytes from the run's stream of goal ids, which every program shares). */
  nextGoalId(): Uint8Array;

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
}
