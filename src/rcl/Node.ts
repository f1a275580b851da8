import type { Executable } from '../engine/Executable.js';
import type { Executor } from '../engine/executors/Executor.js';
import type { ActionType, ServiceType } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import { type DescribedType, describeType } from '../interfaces/typeDescription.js';
import type { MessageOf, RequestOf } from '../interfaces/typeMaps.js';
import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import type { Host } from '../network/Host.js';
import type { ActionClient } from './actions/ActionClient.js';
import type { ActionServer } from './actions/ActionServer.js';
import { Client } from './Client.js';
import { Clock, ROSClock } from './Clock.js';
import { ClockType } from './ClockType.js';
import { argumentOverrides, Context } from './Context.js';
import type { Entity } from './Entity.js';
import { EntityEvents, EventHandler, type PublisherEventCallbacks, type SubscriptionEventCallbacks } from './EntityEvents.js';
import { type TopicEndpointInfo, topicEndpointInfo } from './endpointInfo.js';
import { TypeValidationError } from './errors.js';
import { GuardCondition } from './GuardCondition.js';
import { checkSerializationMode } from './jsonSafe.js';
import { startLoggerServices } from './LoggerServices.js';
import { Logging } from './Logging.js';
import { LoggingSeverity } from './LogOutput.js';
import { type ValidationOptions, ValidationSetting } from './messageValidation.js';
import { notOnJazzy, SIMULATED_RMW } from './middleware.js';
import { NodeOptions } from './NodeOptions.js';
import {
  NodeParameters,
  type PostSetParametersCallback,
  type PreSetParametersCallback,
  type SetParametersCallback,
  type SetParametersResult,
} from './NodeParameters.js';
import { expandTopicName, fullyQualifiedNodeName, normalizeNamespace, validateNodeName } from './names.js';
import { ObservableSubscription } from './ObservableSubscription.js';
import { Parameter, type ParameterDescriptor, ParameterType } from './Parameter.js';
import { ParameterClient } from './ParameterClient.js';
import { ParameterEventHandler } from './ParameterEventHandler.js';
import { startParameterServices } from './ParameterServices.js';
import { ParameterWatcher } from './ParameterWatcher.js';
import { loadParamsFile, overridesFor } from './ParamsFile.js';
import { Publisher } from './Publisher.js';
import { QoS, type QoSProfileName, type ResolvedQoS, resolveQoS } from './QoS.js';
import { declareQoSOverrides, type QoSOverridingOptions } from './QoSOverridingOptions.js';
import { Rate } from './Rate.js';
import { parseRosArguments, type RemapRule } from './RosArguments.js';
import { RosoutLoggers } from './Rosout.js';
import { remapName, remapNamespace, remapNodeName } from './remap.js';
import { Service, type ServiceCallback } from './Service.js';
import type { Simulation } from './Simulation.js';
import { Subscription, type SubscriptionCallback, type SubscriptionOptions } from './Subscription.js';
import { Time } from './Time.js';
import { Timer, type TimerCallback } from './Timer.js';
import { TypeDescriptionService } from './TypeDescriptionService.js';

/** The order in which rclnodejs's spinOnce executes ready entities, by kind (sort is stable). */
const SPIN_ORDER = ['timer', 'event', 'subscription', 'guard_condition', 'client', 'service'];

/** Options of create* calls, as rclnodejs's. */
export interface Options extends SubscriptionOptions {
  qos?: QoS | QoSProfileName | number;
  /** A publisher checks what it publishes with validateMessage (rclnodejs 1.x). */
  validateMessages?: boolean;
  /** A client checks its requests with validateMessage (rclnodejs 1.x). */
  validateRequests?: boolean;
  validationOptions?: ValidationOptions;
  /** Which QoS policies parameters may override (rclnodejs 2.x, rclcpp's QosOverridingOptions). */
  qosOverridingOptions?: QoSOverridingOptions;
}

/**
 * rclnodejs's Node inside a simulation: creates entities on the simulation's graph and engine,
 * resolves names as ROS 2 does, owns parameters, logger and clock.
 */
export class Node {
  readonly context: Context;
  readonly simulation: Simulation;
  /** Construction index in the simulation: the order in which its timers enter the heap. */
  readonly nodeId: number;
  /** The network host it runs on; null off the network (and always, without one). */
  readonly host: Host | null;
  /** The executor that runs its callbacks; null for the default events executor. */
  readonly executor: Executor | null;
  /** How many of its entities the node made for itself (rosout, parameter and other services). */
  #builtIn = 0;
  readonly #name: string;
  readonly #namespace: string;
  readonly #options: NodeOptions;
  readonly #logger: Logging;
  readonly #clock: ROSClock;
  readonly #parameters: NodeParameters;
  readonly #entities: Entity[] = [];
  /** Entities an action client or server is made of: rclnodejs lists them under the action only. */
  readonly #actionParts = new Set<Entity>();
  readonly #actionClients: ActionClient[] = [];
  readonly #actionServers: ActionServer[] = [];
  readonly #helpers: { destroy(): void }[] = [];
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
    context: Context = Context.defaultContext(),
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
    this.executor = this.simulation.executorOf(this.getFullyQualifiedName(), this.#name);
    this.#options = options;
    this.#spinning = context.program.byJob;
    context.onNodeCreated(this);
    this.nodeId = this.simulation.registerNode(this);
    this.#logger = new Logging(this.#loggerName(), this.simulation);
    if (options.enableRosout && context.rosoutLogs) this.#startRosout(options);
    this.#clock = new ROSClock(this.simulation);
    this.#clock.isRosTimeActive = true;

    const fqn = this.getFullyQualifiedName();
    this.#parameters = new NodeParameters(fqn, [
      ...this.simulation.parameterOverridesFor(fqn),
      ...(useGlobalArguments ? context.parameterOverridesFor(this.#name, fqn) : []),
      ...local.paramsFiles.flatMap((file) => overridesFor(loadParamsFile(file), fqn)),
      ...argumentOverrides(local, this.#name, fqn),
      ...options.parameterOverrides.map((parameter) => ({ parameter, source: 'NodeOptions.parameterOverrides' })),
    ]);
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

  static getDefaultOptions(): Options {
    return { enableTypedArray: true, isRaw: false, qos: QoS.profileDefault };
  }

  /**
   * rclnodejs's check of create* options: an object or nothing (TypeValidationError otherwise),
   * with its defaults filled in — into the caller's object, as rclnodejs does — and a known
   * serializationMode.
   */
  _validateOptions(options?: Options | null): Options {
    if (options === undefined) return Node.getDefaultOptions();
    if (options === null || typeof options !== 'object') throw new TypeValidationError('options', options, 'object', { nodeName: this.name() });
    options.enableTypedArray ??= true;
    options.qos ??= QoS.profileDefault;
    options.isRaw ??= false;
    options.serializationMode = checkSerializationMode(options.serializationMode ?? 'default');
    return options;
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

  getClock(): ROSClock {
    return this.#clock;
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

  // ---- entities ---------------------------------------------------------------------------

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, optionsIn?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    const options = this._validateOptions(optionsIn);
    const name = this.#resolve(topic, 'topic');
    const publisher = new Publisher<T>(
      this.#alive('create publisher'),
      interfaceTypeName(typeClass, 'msg'),
      name,
      this.#qos('publisher', name, options),
      new ValidationSetting(options.validateMessages === true, options.validationOptions),
    );
    publisher.options = options;
    this.#ownEvents(publisher, eventCallbacks);
    this.simulation.graph.addPublisher(publisher);
    return this.#own(publisher);
  }

  /** The callback's message is typed by the type name (see rclsim/interfaces); raw gets a Buffer. */
  createSubscription<T extends string>(typeClass: T | TypeClass, topic: string, callback: SubscriptionCallback<MessageOf<T>>): Subscription;
  createSubscription<T extends string>(
    typeClass: T | TypeClass,
    topic: string,
    options: Options | undefined,
    callback: SubscriptionCallback<MessageOf<T>>,
    eventCallbacks?: SubscriptionEventCallbacks,
  ): Subscription;
  createSubscription(
    typeClass: TypeClass,
    topic: string,
    optionsOrCallback: Options | SubscriptionCallback | undefined,
    maybeCallback?: SubscriptionCallback,
    eventCallbacks?: SubscriptionEventCallbacks,
  ): Subscription {
    const [optionsIn, callback] = splitCallback(optionsOrCallback, maybeCallback, 'createSubscription');
    const options = this._validateOptions(optionsIn);
    const name = this.#resolve(topic, 'topic');
    const subscription = new Subscription(
      this.#alive('create subscription'),
      interfaceTypeName(typeClass, 'msg'),
      name,
      this.#qos('subscription', name, options),
      callback,
      options,
    );
    subscription.options = options;
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

  /** A subscription whose messages are an RxJS Observable (`.observable`). */
  createObservableSubscription<T extends string>(typeClass: T | TypeClass, topic: string, options: Options = {}): ObservableSubscription {
    let observable: ObservableSubscription | null = null;
    const subscription = this.createSubscription(typeClass as TypeClass, topic, options, (message: unknown) => observable?.emit(message));
    observable = new ObservableSubscription(subscription);
    return observable;
  }

  /**
   * `period` is bigint nanoseconds (rclnodejs 0.x programs passing a number mean milliseconds).
   * As rclnodejs 2.x: `{ autostart: false }` creates it canceled, and a clock may be given (every
   * clock of a simulation reads sim time, so timers run on it whichever is given).
   */
  createTimer(
    period: bigint | number,
    callback: TimerCallback,
    optionsOrClock: { autostart?: boolean } | Clock | null = null,
    clock: Clock | null = null,
  ): Timer {
    if (typeof callback !== 'function') throw new TypeError('createTimer needs a callback function');
    const options = optionsOrClock instanceof Clock || optionsOrClock === null ? {} : optionsOrClock;
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw new TypeValidationError('options', optionsOrClock, 'object or Clock', { nodeName: this.name() });
    }
    if (clock !== null && !(clock instanceof Clock)) throw new TypeValidationError('clock', clock, 'Clock', { nodeName: this.name() });
    if (options.autostart !== undefined && typeof options.autostart !== 'boolean') {
      throw new TypeValidationError('options.autostart', options.autostart, 'boolean', { nodeName: this.name() });
    }
    const ns = typeof period === 'bigint' ? period : BigInt(Math.round(period * 1e6));
    return this.#own(new Timer(this.#alive('create timer'), ns, callback, this.#timers++, options.autostart ?? true));
  }

  async createRate(hz = 1): Promise<Rate> {
    this.#alive('create rate');
    return new Rate(this.simulation, hz);
  }

  createClient<T extends string>(typeClass: T | TypeClass, serviceName: string, optionsIn?: Options): Client<T> {
    const options = this._validateOptions(optionsIn);
    const client = new Client<T>(
      this.#alive('create client'),
      interfaceTypeName(typeClass, 'srv'),
      this.#resolve(serviceName, 'service'),
      resolveQoS(options.qos, 'qos_profile_services_default'),
      new ValidationSetting(options.validateRequests === true, options.validationOptions),
      options.enableTypedArray === false,
    );
    client.options = options;
    this.simulation.graph.addClient(client);
    return this.#own(client);
  }

  /** The callback's request and response are typed by the service type name. */
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, callback: ServiceCallback<T>): Service;
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, options: Options | undefined, callback: ServiceCallback<T>): Service;
  createService(typeClass: TypeClass, serviceName: string, optionsOrCallback: Options | ServiceCallback | undefined, maybeCallback?: ServiceCallback): Service {
    const [optionsIn, callback] = splitCallback(optionsOrCallback, maybeCallback, 'createService');
    const options = this._validateOptions(optionsIn);
    const service = new Service(
      this.#alive('create service'),
      interfaceTypeName(typeClass, 'srv'),
      this.#resolve(serviceName, 'service'),
      resolveQoS(options.qos, 'qos_profile_services_default'),
      callback as ServiceCallback,
      options.enableTypedArray === false,
    );
    service.options = options;
    this.#own(service);
    this.simulation.graph.addService(service);
    return service;
  }

  createParameterClient(remoteNodeName: string, options?: { timeout?: number }): ParameterClient {
    return this.#attach(new ParameterClient(this.#alive('create parameter client'), remoteNodeName, options));
  }

  createParameterWatcher(remoteNodeName: string, parameterNames: string[], options?: { timeout?: number }): ParameterWatcher {
    return this.#attach(new ParameterWatcher(this.#alive('create parameter watcher'), remoteNodeName, parameterNames, options));
  }

  createParameterEventHandler(options: { qos?: QoS | QoSProfileName } = {}): ParameterEventHandler {
    return this.#attach(new ParameterEventHandler(this.#alive('create parameter event handler'), options));
  }

  destroyParameterEventHandler(handler: ParameterEventHandler): void {
    this.#detach(handler);
  }

  destroyParameterClient(client: ParameterClient): void {
    this.#detach(client);
  }

  destroyParameterWatcher(watcher: ParameterWatcher): void {
    this.#detach(watcher);
  }

  /** Helpers made by the node's create* methods, destroyed with it as rclnodejs destroys them. */
  #attach<T extends { destroy(): void }>(helper: T): T {
    this.#helpers.push(helper);
    return helper;
  }

  #detach(helper: { destroy(): void }): void {
    const index = this.#helpers.indexOf(helper);
    if (index >= 0) this.#helpers.splice(index, 1);
    helper.destroy();
  }

  createGuardCondition(callback: () => unknown): GuardCondition {
    if (typeof callback !== 'function') throw new TypeError('createGuardCondition needs a callback function');
    return this.#own(new GuardCondition(this.#alive('create guard condition'), callback, this.#guards++));
  }

  destroyPublisher(publisher: Publisher): void {
    this.#destroyOwn(publisher, Publisher, 'publisher');
  }
  destroySubscription(subscription: Subscription): void {
    this.#destroyOwn(subscription, Subscription, 'subscription');
  }
  destroyClient(client: Client): void {
    this.#destroyOwn(client, Client, 'client');
  }
  destroyService(service: Service): void {
    this.#destroyOwn(service, Service, 'service');
  }
  destroyTimer(timer: Timer): void {
    this.#destroyOwn(timer, Timer, 'timer');
  }
  destroyGuardCondition(guard: GuardCondition): void {
    this.#destroyOwn(guard, GuardCondition, 'guard');
  }

  /** rclnodejs's destroy* checks: an entity of the kind, else a TypeValidationError; its event handlers go with it. */
  #destroyOwn(entity: Entity, kind: abstract new (...args: never[]) => Entity, argument: string): void {
    if (!(entity instanceof kind)) {
      throw new TypeValidationError(argument, entity, `${kind.name} instance`, { nodeName: this.name() });
    }
    this.destroyEndpoint(entity);
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
    for (const helper of this.#helpers.splice(0)) helper.destroy();
    for (const action of [...this.#actionClients, ...this.#actionServers]) action.destroy();
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
      ...this.#actionClients.map((client) => client.type),
      ...this.#actionServers.map((server) => server.type),
    ];
    for (const type of types) {
      if (type === null) continue;
      const described = describeType(type);
      if (described.hash === hash) return described;
    }
    return undefined;
  }

  /** Called by an action client or server on its node, with the entities it is made of. */
  _addActionClient(client: ActionClient, parts: Entity[]): void {
    this.#actionClients.push(client);
    for (const part of parts) this.#actionParts.add(part);
  }

  _addActionServer(server: ActionServer, parts: Entity[]): void {
    this.#actionServers.push(server);
    for (const part of parts) this.#actionParts.add(part);
  }

  /** Called by a destroyed action client or server: destroys the entities it was made of. */
  _removeAction(action: ActionClient | ActionServer, parts: Entity[]): void {
    for (const list of [this.#actionClients, this.#actionServers] as (ActionClient | ActionServer)[][]) {
      const index = list.indexOf(action);
      if (index >= 0) list.splice(index, 1);
    }
    for (const part of parts) this.#destroyEntity(part);
  }

  // rclnodejs's Node keeps its entities in these arrays; programs and its own tests read them.
  get _publishers(): Publisher[] {
    return this.#listed(Publisher);
  }
  get _subscriptions(): Subscription[] {
    return this.#listed(Subscription);
  }
  get _clients(): Client[] {
    return this.#listed(Client);
  }
  get _services(): Service[] {
    return this.#listed(Service);
  }
  get _timers(): Timer[] {
    return this.#listed(Timer);
  }
  get _guards(): GuardCondition[] {
    return this.#listed(GuardCondition);
  }
  get _events(): EventHandler[] {
    return this.#listed(EventHandler);
  }
  get _actionClients(): ActionClient[] {
    return [...this.#actionClients];
  }
  get _actionServers(): ActionServer[] {
    return [...this.#actionServers];
  }
  get _setParametersCallbacks(): SetParametersCallback[] {
    return this.#parameters.callbacks();
  }

  #listed<T extends Entity>(kind: abstract new (...args: never[]) => T): T[] {
    return this.#entities.filter((entity): entity is T => entity instanceof kind && !this.#actionParts.has(entity));
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

  /** The types of the declared parameters among `names` (undeclared ones are left out). */
  getParameterTypes(names: string[] = []): ParameterType[] {
    return names.filter((name) => this.#parameters.hasDescriptor(name)).map((name) => this.#parameters.descriptor(name).type);
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

  // rmw has service and action endpoint info from ROS 2 Lyrical on; on Jazzy rclnodejs says so.
  getClientsInfoByService(): null {
    return notOnJazzy('getClientsInfoByService');
  }
  getServersInfoByService(): null {
    return notOnJazzy('getServersInfoByService');
  }
  getActionClientsInfoByAction(): null {
    return notOnJazzy('getActionClientsInfoByAction');
  }
  getActionServersInfoByAction(): null {
    return notOnJazzy('getActionServersInfoByAction');
  }

  getNodeNamesAndNamespacesWithEnclaves(): { name: string; namespace: string; enclave: string }[] {
    return this.simulation.nodes.filter((n) => !n.isDestroyed).map((n) => ({ name: n.name(), namespace: n.namespace(), enclave: n.context.enclave }));
  }

  getRMWImplementationIdentifier(): string {
    return SIMULATED_RMW;
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

  /** A topic endpoint's QoS: the options', with the parameter overrides its options allow. */
  #qos(entityType: 'publisher' | 'subscription', topic: string, options: Options): ResolvedQoS {
    const overridable = options.qosOverridingOptions;
    const qos = overridable ? declareQoSOverrides(entityType, this, topic, options.qos, overridable) : options.qos;
    return resolveQoS(qos, 'qos_profile_default');
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

function splitCallback<C>(optionsOrCallback: Options | C | undefined, maybeCallback: C | undefined, method: string): [Options | undefined, C] {
  if (typeof optionsOrCallback === 'function') return [undefined, optionsOrCallback as C];
  if (typeof maybeCallback !== 'function') throw new TypeError(`${method} needs a callback function`);
  return [optionsOrCallback as Options | undefined, maybeCallback];
}
