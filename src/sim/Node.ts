import type { Executable } from '../engine/Executable.js';
import type { Executor } from '../engine/executors/Executor.js';
import type { ActionType, ServiceType } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import { type DescribedType, describeType } from '../interfaces/typeDescription.js';
import type { MessageOf, RequestOf } from '../interfaces/typeMaps.js';
import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import type { Host } from '../network/Host.js';
import { ClockType } from '../ros/ClockType.js';
import type { PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import {
  NodeParameters,
  type PostSetParametersCallback,
  type PreSetParametersCallback,
  type SetParametersCallback,
  type SetParametersResult,
} from '../ros/NodeParameters.js';
import { expandTopicName, fullyQualifiedNodeName, normalizeNamespace, validateNodeName } from '../ros/names.js';
import { Parameter, type ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import { QoS, type QoSProfileName, resolveQoS } from '../ros/QoS.js';
import { parseRosArguments, type RemapRule } from '../ros/RosArguments.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { remapName, remapNamespace, remapNodeName } from '../ros/remap.js';
import { Time } from '../ros/Time.js';
import { Client } from './Client.js';
import { argumentOverrides, type Context } from './Context.js';
import type { Entity } from './Entity.js';
import { EntityEvents } from './EntityEvents.js';
import { type TopicEndpointInfo, topicEndpointInfo } from './endpointInfo.js';
import { GuardCondition } from './GuardCondition.js';
import { startLoggerServices } from './LoggerServices.js';
import { Logging } from './Logging.js';
import { startParameterServices } from './ParameterServices.js';
import { loadParamsFile } from './ParamsFile.js';
import { Publisher } from './Publisher.js';
import { RosoutLoggers } from './Rosout.js';
import { Service, type ServiceCallback } from './Service.js';
import type { Simulation } from './Simulation.js';
import { type MessageTarget, Subscription, type SubscriptionOptions } from './Subscription.js';
import { Timer, type TimerTarget } from './Timer.js';
import { TypeDescriptionService } from './TypeDescriptionService.js';

/** The order in which rclnodejs's spinOnce executes ready entities, by kind (sort is stable). */
const SPIN_ORDER = ['timer', 'event', 'subscription', 'guard_condition', 'client', 'service'];

/** Options of the create* calls (what a client of the node port passes on, and what rclsim's own nodes use). */
export interface Options extends SubscriptionOptions {
  qos?: QoS | QoSProfileName | number;
}

/**
 * A node in the simulation (rclnodejs's Node is client/Node.ts, which asks for this through the
 * node port): creates entities on the simulation's graph and engine, resolves names as ROS 2
 * does, owns parameters, its logger and its actions' parts.
 */
export class Node {
  readonly context: Context;
  readonly simulation: Simulation;
  /** Construction index in the simulation: the order in which its timers enter the heap. */
  readonly nodeId: number;
  /** The network host it runs on; null off the network (and always, without one). */
  readonly host: Host | null;
  /** The executor that runs its callbacks; null for the default events executor. */
  executor: Executor | null;
  /** How many of its entities the node made for itself (rosout, parameter and other services). */
  #builtIn = 0;
  readonly #name: string;
  readonly #namespace: string;
  readonly #options: NodeOptions;
  readonly #logger: Logging;
  readonly #parameters: NodeParameters;
  readonly #entities: Entity[] = [];
  /** Entities an action client or server is made of: rclnodejs lists them under the action only. */
  readonly #actionParts = new Set<Entity>();
  /** Its action clients and servers (their types and parts), by the ids _addAction gave them. */
  readonly #actions = new Map<number, { type: ActionType; parts: Entity[] }>();
  #actionIds = 0;
  /** Whether the node takes part in /rosout (rclnodejs's `_enableRosout`), and rcl's publisher if it got one (not among its publishers). */
  #rosoutEnabled = false;
  #rosout: Publisher | null = null;
  /** The context's remapping rules, then the simulation's. */
  readonly #remaps: readonly RemapRule[];
  #spinning: boolean;
  #timers = 0;
  #guards = 0;
  #destroyed = false;
  /** Entities with events held while the node does not spin, in the order they arrived. */
  readonly #parked = new Set<Entity>();
  /** Whether spin() was called (the job's executor spinning a node is not a call). */
  #spunByCode = false;

  /**
   * `args` are ROS arguments of this node alone (rcl's node options arguments: remaps, `-p`,
   * params files), which come before the context's; without `useGlobalArguments` the context's
   * (the program's and the job file's) do not apply to it.
   */
  constructor(
    nodeName: string,
    namespace = '',
    context: Context,
    nodeOptions: NodeOptions | Partial<NodeOptions> = NodeOptions.defaultOptions,
    args: readonly string[] = [],
    useGlobalArguments = true,
  ) {
    const options = nodeOptions instanceof NodeOptions ? nodeOptions : NodeOptions.from(nodeOptions);
    const local = parseRosArguments(args);
    this.context = context;
    this.simulation = context.simulation;
    this.#remaps = [...local.remaps, ...(useGlobalArguments ? context.remaps : []), ...this.simulation.remaps];
    validateNodeName(nodeName);
    normalizeNamespace(namespace);
    this.#name = remapNodeName(nodeName, this.#remaps);
    validateNodeName(this.#name);
    this.#namespace = normalizeNamespace(remapNamespace(this.#name, namespace, this.#remaps));
    this.host = this.simulation.hostOf(this.getFullyQualifiedName(), this.#name);
    this.executor = this.simulation.executorOf(this.getFullyQualifiedName(), this.#name, context.program);
    this.#options = options;
    this.#spinning = context.program.byJob;
    context.onNodeCreated(this);
    this.nodeId = this.simulation.registerNode(this);
    this.#logger = new Logging(this.#loggerName(), this.simulation);
    if (options.enableRosout && context.rosoutLogs) this.#startRosout(options);

    const fqn = this.getFullyQualifiedName();
    this.#parameters = new NodeParameters(fqn, [
      ...this.simulation.parameterOverridesFor(fqn),
      ...(useGlobalArguments ? context.parameterOverridesFor(this.#name, fqn) : []),
      ...argumentOverrides(local, this.#name, fqn, (file) => loadParamsFile(local.paramsFiles[file]!)),
      ...options.parameterOverrides.map((parameter) => ({ parameter, source: 'NodeOptions.parameterOverrides' })),
    ]);
    this.#parameters.allowUndeclared = options.allowUndeclaredParameters;
    if (options.startParameterServices) this.#parameters.onChange = startParameterServices(this);
    if (options.enableLoggerService) startLoggerServices(this);
    this.#parameters.declare([new Parameter('use_sim_time', ParameterType.PARAMETER_BOOL, true)], [], true);
    if (options.startTypeDescriptionService) new TypeDescriptionService(this).start();
    if (options.automaticallyDeclareParametersFromOverrides) {
      const pending = this.#parameters.overrides().filter((p) => !this.#parameters.has(p.name));
      this.#parameters.declare(pending);
    }
    this.#builtIn = this.#entities.length;
  }

  /** The create* options with their defaults. */
  #withDefaults(options: Options = {}): Options {
    return {
      enableTypedArray: true,
      isRaw: false,
      ...options,
      qos: options.qos ?? QoS.profileDefault,
      serializationMode: options.serializationMode ?? 'default',
    };
  }

  // ---- identity ---------------------------------------------------------------------------

  name(): string {
    return this.#name;
  }

  namespace(): string {
    return this.#namespace;
  }

  getFullyQualifiedName(): string {
    return fullyQualifiedNodeName(this.#name, this.#namespace);
  }

  options(): NodeOptions {
    return this.#options;
  }

  getLogger(): Logging {
    return this.#logger;
  }

  /** What the node's ROS clock reads, without going through it (one memory access less per callback). */
  now(): Time {
    return Time.fromNanoseconds(this.simulation.engine.nowAbs, ClockType.ROS_TIME);
  }

  /** Where an entity stands among the node's, in creation order (a name for its execution-time stream). */
  _entityIndex(entity: Entity): number {
    return this.#entities.indexOf(entity);
  }

  /**
   * What runs callbacks among the entities its program created (timers, subscriptions, services,
   * clients, guard conditions, event handlers), in creation order: an rclc executor's handles.
   * The node's own services (parameters, type description, loggers) are not among them.
   */
  _callbackEntities(): Executable[] {
    const executables: Executable[] = [];
    for (let i = this.#builtIn; i < this.#entities.length; i++) {
      const executable = this.#entities[i]!.executable;
      if (typeof executable.execute === 'function') executables.push(executable);
    }
    return executables;
  }

  // ---- spinning: the simulation drives execution, spin() decides whether callbacks run ---------

  get spinning(): boolean {
    return this.#spinning;
  }

  /** The graph query of whether it spins (the node port's). */
  isSpinning(): boolean {
    return this.#spinning;
  }

  #setSpinning(spinning: boolean): void {
    this.#spinning = spinning;
    for (const entity of this.#entities) entity.spinning = spinning;
  }

  /** From now on the node's callbacks run; events held until now are queued again, in order. */
  spin(): void {
    // A node the job's executor spins (a job's or component's) may be spun once more by its code.
    if (this.#spinning && this.#spunByCode) throw new Error('The node is already spinning.');
    this.#spunByCode = true;
    this.#setSpinning(true);
    const engine = this.simulation.engine;
    for (const entity of this.#parked) {
      for (let i = entity.pendingEvents(); i > 0; i--) engine.enqueue(entity.executable);
    }
    this.#parked.clear();
  }

  /**
   * One round of the node's executor, run before it returns, as rclnodejs's: each entity with
   * something ready runs once — a timer that came due meanwhile, then subscriptions, guard
   * conditions, clients and services with an event, each kind in creation order (rclnodejs's
   * order of a wait set). Their queued events then find nothing left and run nothing.
   */
  spinOnce(): void {
    if (this.#spinning && this.#spunByCode) throw new Error('The node is already spinning.');
    if (this.#spinning) return;
    const ready = this.#entities.filter((entity) => (entity.executable.kind === 'timer' ? this.#parked.has(entity) : entity.pendingEvents() > 0));
    ready.sort((a, b) => SPIN_ORDER.indexOf(a.executable.kind) - SPIN_ORDER.indexOf(b.executable.kind));
    const engine = this.simulation.engine;
    for (const entity of ready) {
      if (entity.isDestroyed()) continue;
      entity.grant();
      engine.executeNow(entity.executable);
      if (entity.executable.kind === 'timer' || entity.pendingEvents() === 0) this.#parked.delete(entity);
    }
  }

  stop(): void {
    this.#spunByCode = false;
    this.#setSpinning(false);
  }

  /** Holds an entity whose event arrived while the node does not spin. */
  park(entity: Entity): void {
    this.#parked.add(entity);
  }

  /**
   * From now on `executor` runs the node's callbacks, those of the entities it has and will make
   * (a C++ program's MultiThreadedExecutor spins it: Executors#spinWith). Called while the node
   * does not spin, so that what it held goes to the new executor when it spins.
   */
  _runIn(executor: Executor): void {
    this.executor = executor;
    for (const entity of this.#entities) entity._runIn(executor);
  }

  /** Drops what an entity held (a timer canceled meanwhile). */
  unpark(entity: Entity): void {
    this.#parked.delete(entity);
  }

  // ---- entities ---------------------------------------------------------------------------

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, optionsIn?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    const options = this.#withDefaults(optionsIn);
    const name = this.#resolve(topic, 'topic');
    const publisher = new Publisher<T>(
      this.#alive('create publisher'),
      interfaceTypeName(typeClass, 'msg'),
      name,
      resolveQoS(options.qos, 'qos_profile_default'),
    );
    this.#ownEvents(publisher, eventCallbacks);
    this.simulation.graph.addPublisher(publisher);
    return this.#own(publisher);
  }

  /** With `isRaw` the callback gets the message's CDR bytes. */
  createSubscription(
    typeClass: TypeClass,
    topic: string,
    optionsIn: Options | undefined,
    target: MessageTarget,
    eventCallbacks?: SubscriptionEventCallbacks,
  ): Subscription {
    const options = this.#withDefaults(optionsIn);
    const name = this.#resolve(topic, 'topic');
    const subscription = new Subscription(
      this.#alive('create subscription'),
      interfaceTypeName(typeClass, 'msg'),
      name,
      resolveQoS(options.qos, 'qos_profile_default'),
      target,
      options,
    );
    this.#own(subscription);
    this.#ownEvents(subscription, eventCallbacks);
    this.simulation.graph.addSubscription(subscription);
    return subscription;
  }

  /** Event callbacks of a publisher or subscription: their handlers are the node's entities. */
  #ownEvents(entity: Publisher | Subscription, callbacks: PublisherEventCallbacks | SubscriptionEventCallbacks | undefined): void {
    if (callbacks === undefined || callbacks === null) return;
    entity.events = new EntityEvents(this, entity.topic, callbacks);
    for (const handler of entity.events.handlers) this.#own(handler);
  }

  /** `period` in nanoseconds; `autostart: false` creates it canceled (rcl_timer_init2). */
  createTimer(period: bigint, target: TimerTarget, options: { autostart?: boolean } = {}): Timer {
    return this.#own(new Timer(this.#alive('create timer'), period, target, this.#timers++, options.autostart ?? true));
  }

  createClient(typeClass: TypeClass, serviceName: string, optionsIn?: Options): Client {
    const options = this.#withDefaults(optionsIn);
    const client = new Client(
      this.#alive('create client'),
      interfaceTypeName(typeClass, 'srv'),
      this.#resolve(serviceName, 'service'),
      resolveQoS(options.qos, 'qos_profile_services_default'),
      options.enableTypedArray === false,
    );
    this.simulation.graph.addClient(client);
    return this.#own(client);
  }

  /** The callback's request and response are typed by the service type name. */
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, optionsIn: Options | undefined, callback: ServiceCallback<T>): Service {
    const options = this.#withDefaults(optionsIn);
    const service = new Service(
      this.#alive('create service'),
      interfaceTypeName(typeClass, 'srv'),
      this.#resolve(serviceName, 'service'),
      resolveQoS(options.qos, 'qos_profile_services_default'),
      callback as ServiceCallback,
      options.enableTypedArray === false,
    );
    this.#own(service);
    this.simulation.graph.addService(service);
    return service;
  }

  createGuardCondition(callback: () => unknown): GuardCondition {
    if (typeof callback !== 'function') throw new TypeError('createGuardCondition needs a callback function');
    return this.#own(new GuardCondition(this.#alive('create guard condition'), callback, this.#guards++));
  }

  /** Destroys an entity of the node with its event handlers (what the node port's destroy does). */
  destroyEndpoint(entity: Entity): void {
    const events = entity instanceof Publisher || entity instanceof Subscription ? entity.events : undefined;
    for (const handler of events?.handlers ?? []) this.#destroyEntity(handler);
    this.#destroyEntity(entity);
  }

  /** Destroys every entity of the node; it receives and runs nothing afterwards. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#actions.clear();
    for (const entity of [...this.#entities]) this.#destroyEntity(entity);
    if (this.#rosoutEnabled) this.simulation.rosout.removeNode(this.#logger.name);
    this.#rosout?.destroy();
    this.#rosout = null;
    this.#destroyed = true;
    this.#setSpinning(false);
    this.context.onNodeDestroyed(this);
  }

  get isDestroyed(): boolean {
    return this.#destroyed;
  }

  /**
   * rcl's node type cache, read when asked: the description of the type with this RIHS01 hash
   * that one of the node's publishers, subscriptions, services, clients or actions uses now.
   */
  _typeInUse(hash: string): DescribedType | undefined {
    const types: (MessageType | ServiceType | ActionType | null)[] = [
      ...(this.#rosout === null ? [] : [this.#rosout.type]),
      ...this.#entities.map(typeOf),
      ...[...this.#actions.values()].map((action) => action.type),
    ];
    for (const type of types) {
      if (type === null) continue;
      const described = describeType(type);
      if (described.hash === hash) return described;
    }
    return undefined;
  }

  /**
   * An action client or server of the node (a client of the node port made it) is made of these
   * entities: they are the action's in the node's listings, and its type is in use. Its id.
   */
  _addAction(type: ActionType, parts: Entity[]): number {
    this.#actions.set(++this.#actionIds, { type, parts });
    for (const part of parts) this.#actionParts.add(part);
    return this.#actionIds;
  }

  /** Whether an entity is one of those an action client or server is made of (rclpy's executors take an action as one waitable). */
  _isActionPart(entity: Entity): boolean {
    return this.#actionParts.has(entity);
  }

  /** The action is gone, with the entities it was made of (which it returns). */
  _removeAction(action: number): Entity[] {
    const found = this.#actions.get(action);
    if (found === undefined) return [];
    this.#actions.delete(action);
    for (const part of found.parts) this.#destroyEntity(part);
    return found.parts;
  }

  /** Its entities as rclnodejs's Node lists them: those an action is made of are the action's. */
  _listedEntities(): Entity[] {
    return this.#entities.filter((entity) => !this.#actionParts.has(entity));
  }

  // ---- parameters -------------------------------------------------------------------------

  declareParameter(parameter: Parameter, descriptor?: ParameterDescriptor, ignoreOverride = false): Parameter {
    return this.#parameters.declare([parameter], descriptor ? [descriptor] : [], ignoreOverride)[0]!;
  }

  declareParameters(parameters: Parameter[], descriptors: ParameterDescriptor[] = [], ignoreOverrides = false): Parameter[] {
    return this.#parameters.declare(parameters, descriptors, ignoreOverrides);
  }

  undeclareParameter(name: string): void {
    this.#parameters.undeclare(name);
  }

  hasParameter(name: string): boolean {
    return this.#parameters.has(name);
  }

  getParameter(name: string): Parameter {
    return this.#parameters.get(name);
  }

  getParameters(names: string[] = []): Parameter[] {
    return this.#parameters.getMany(names);
  }

  getParameterNames(): string[] {
    return this.#parameters.names();
  }

  getParameterOverrides(): Parameter[] {
    return this.#parameters.overrides();
  }

  /** Where each of getParameterOverrides() came from (a -p argument, a params file's line …). */
  parameterOverrideSources(): string[] {
    return this.#parameters.overrideSources();
  }

  hasParameterDescriptor(name: string): boolean {
    return this.#parameters.hasDescriptor(name);
  }

  getParameterDescriptor(name: string): ParameterDescriptor {
    return this.#parameters.descriptor(name);
  }

  getParameterDescriptors(names: string[] = []): ParameterDescriptor[] {
    return this.#parameters.descriptors(names);
  }

  setParameter(parameter: Parameter): SetParametersResult {
    return this.#parameters.set([parameter])[0]!;
  }

  setParameters(parameters: Parameter[]): SetParametersResult[] {
    return this.#parameters.set(parameters);
  }

  setParametersAtomically(parameters: Parameter[]): SetParametersResult {
    return this.#parameters.setAtomically(parameters);
  }

  addOnSetParametersCallback(callback: SetParametersCallback): void {
    this.#parameters.addCallback(callback);
  }

  removeOnSetParametersCallback(callback: SetParametersCallback): void {
    this.#parameters.removeCallback(callback);
  }

  addPreSetParametersCallback(callback: PreSetParametersCallback): void {
    this.#parameters.addPreCallback(callback);
  }

  removePreSetParametersCallback(callback: PreSetParametersCallback): void {
    this.#parameters.removePreCallback(callback);
  }

  addPostSetParametersCallback(callback: PostSetParametersCallback): void {
    this.#parameters.addPostCallback(callback);
  }

  removePostSetParametersCallback(callback: PostSetParametersCallback): void {
    this.#parameters.removePostCallback(callback);
  }

  // ---- graph queries ----------------------------------------------------------------------

  getNodeNames(): string[] {
    return this.simulation.nodes.filter((n) => !n.isDestroyed).map((n) => n.name());
  }

  getNodeNamesAndNamespaces(): { name: string; namespace: string }[] {
    return this.simulation.nodes.filter((n) => !n.isDestroyed).map((n) => ({ name: n.name(), namespace: n.namespace() }));
  }

  getTopicNamesAndTypes(): { name: string; types: string[] }[] {
    return this.simulation.graph.topicNamesAndTypes();
  }

  getServiceNamesAndTypes(): { name: string; types: string[] }[] {
    return this.simulation.graph.serviceNamesAndTypes();
  }

  getPublisherNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    const fqn = fullyQualifiedNodeName(nodeName, normalizeNamespace(namespace));
    return this.simulation.graph.topicNamesAndTypes((e) => e instanceof Publisher && e.node.getFullyQualifiedName() === fqn);
  }

  getSubscriptionNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    const fqn = fullyQualifiedNodeName(nodeName, normalizeNamespace(namespace));
    return this.simulation.graph.topicNamesAndTypes((e) => e instanceof Subscription && e.node.getFullyQualifiedName() === fqn);
  }

  getServiceNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    const fqn = fullyQualifiedNodeName(nodeName, normalizeNamespace(namespace));
    return this.simulation.graph.serviceNamesAndTypes((e) => e instanceof Service && e.node.getFullyQualifiedName() === fqn);
  }

  getClientNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    const fqn = fullyQualifiedNodeName(nodeName, normalizeNamespace(namespace));
    return this.simulation.graph.serviceNamesAndTypes((e) => e instanceof Client && e.node.getFullyQualifiedName() === fqn);
  }

  countPublishers(topic: string): number {
    return this.simulation.graph.publishersOf(this.#resolve(topic, 'topic')).length;
  }

  countSubscribers(topic: string): number {
    return this.simulation.graph.subscriptionsOf(this.#resolve(topic, 'topic')).length;
  }

  countServices(serviceName: string): number {
    return this.simulation.graph.serversNamed(this.#resolve(serviceName, 'service')).length;
  }

  countClients(serviceName: string): number {
    return this.simulation.graph.clientsOf(this.#resolve(serviceName, 'service')).length;
  }

  /** Action clients of an action: subscriptions to its feedback topic (action names are not remapped). */
  countActionClients(actionName: string): number {
    return this.simulation.graph.subscriptionsOf(`${this.#expand(actionName, 'action')}/_action/feedback`).length;
  }

  countActionServers(actionName: string): number {
    return this.simulation.graph.publishersOf(`${this.#expand(actionName, 'action')}/_action/feedback`).length;
  }

  /** rclnodejs's graph query: `noDemangle` takes the name as it is, otherwise it is resolved. */
  getPublishersInfoByTopic(topic: string, noDemangle = false): TopicEndpointInfo[] {
    const name = noDemangle ? topic : this.#resolve(topic, 'topic');
    return this.simulation.graph.publishersOf(name).map((publisher) => topicEndpointInfo(publisher, 'publisher'));
  }

  getSubscriptionsInfoByTopic(topic: string, noDemangle = false): TopicEndpointInfo[] {
    const name = noDemangle ? topic : this.#resolve(topic, 'topic');
    return this.simulation.graph.subscriptionsOf(name).map((subscription) => topicEndpointInfo(subscription, 'subscription'));
  }

  getNodeNamesAndNamespacesWithEnclaves(): { name: string; namespace: string; enclave: string }[] {
    return this.simulation.nodes.filter((n) => !n.isDestroyed).map((n) => ({ name: n.name(), namespace: n.namespace(), enclave: n.context.enclave }));
  }

  /** The name a topic resolves to on this node: expanded, then remapped unless `onlyExpand`. */
  resolveTopicName(topicName: string, onlyExpand = false): string {
    if (typeof topicName !== 'string') throw new TypeValidationError('topicName', topicName, 'string', { nodeName: this.name() });
    return onlyExpand ? this.#expand(topicName, 'topic') : this.#resolve(topicName, 'topic');
  }

  resolveServiceName(service: string, onlyExpand = false): string {
    if (typeof service !== 'string') throw new TypeValidationError('service', service, 'string', { nodeName: this.name() });
    return onlyExpand ? this.#expand(service, 'service') : this.#resolve(service, 'service');
  }

  // ---- internals --------------------------------------------------------------------------

  #loggerName(): string {
    return this.#namespace === '/' ? this.#name : `${this.#namespace.slice(1).replaceAll('/', '.')}.${this.#name}`;
  }

  #expand(name: string, kind: string): string {
    return expandTopicName(name, this.#name, this.#namespace, kind);
  }

  #resolve(name: string, kind: string): string {
    return remapName(this.#expand(name, kind), this.#name, this.#namespace, this.#remaps, kind);
  }

  #alive(what: string): this {
    if (this.#destroyed) throw new Error(`${what} on node ${this.getFullyQualifiedName()}: the node has been destroyed`);
    return this;
  }

  #own<T extends Entity>(entity: T): T {
    this.#entities.push(entity);
    return entity;
  }

  #destroyEntity(entity: Entity): void {
    const index = this.#entities.indexOf(entity);
    if (index < 0) return;
    this.#entities.splice(index, 1);
    this.#actionParts.delete(entity);
    entity.destroy();
  }

  /**
   * rcl_logging_rosout_init_publisher_for_node: a /rosout publisher for the node's logger, with
   * the NodeOptions' rosoutQos or rcl's rosout profile — unless another node already registered
   * the logger name (rcl's warning; its logs go out over that node's publisher).
   */
  #startRosout(options: NodeOptions): void {
    this.#rosoutEnabled = true;
    const name = this.#logger.name;
    if (!this.simulation.rosout.canRegister(name)) {
      this.simulation.logOutput.log(
        LoggingSeverity.WARN,
        'rcl.logging_rosout',
        `Publisher already registered for node name: '${this.#name}'. If this is due to multiple nodes with the same name then all logs for the logger named '${name}' will go out over the existing publisher. As soon as any node with that name is destructed it will unregister the publisher, preventing any further logs for that name from being published on the rosout topic.`,
        this.simulation.engine.nowAbs,
      );
      return;
    }
    const qos = options.rosoutQos === null ? RosoutLoggers.QOS : resolveQoS(options.rosoutQos, 'qos_profile_default');
    const publisher = new Publisher(this, 'rcl_interfaces/msg/Log', '/rosout', qos);
    this.simulation.graph.addPublisher(publisher);
    this.simulation.rosout.addNode(name, this, publisher);
    this.#rosout = publisher;
  }
}

export type { MessageOf, RequestOf };

/** The interface type an entity uses (timers, guards and event handlers have none). */
function typeOf(entity: Entity): MessageType | ServiceType | null {
  if (entity instanceof Publisher || entity instanceof Subscription) return entity.type;
  if (entity instanceof Service || entity instanceof Client) return entity.type;
  return null;
}
