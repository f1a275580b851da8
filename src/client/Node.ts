import type { MessageOf, RequestOf } from '../interfaces/typeMaps.js';
import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import type { EntityEventName, EntityListing, EventHooks, NodeInfo, NodePort } from '../port/NodePort.js';
// Value classes and rules rclnodejs programs use (no simulation in them): the client shares rcl's.
import { ClockType } from '../ros/ClockType.js';
import { type PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { checkSerializationMode } from '../ros/jsonSafe.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import type { PostSetParametersCallback, PreSetParametersCallback, SetParametersCallback, SetParametersResult } from '../ros/NodeParameters.js';
import { fullyQualifiedNodeName } from '../ros/names.js';
import type { Parameter, ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import { QoS, type QoSProfileName } from '../ros/QoS.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { Time } from '../ros/Time.js';
import type { TopicEndpointInfo } from '../sim/endpointInfo.js';
import { Client } from './Client.js';
import { type Clock, ROSClock } from './Clock.js';
import { Context } from './Context.js';
import { EventHandler } from './EventHandler.js';
import { GuardCondition } from './GuardCondition.js';
import { Logging } from './Logging.js';
import { type ValidationOptions, ValidationSetting } from './messageValidation.js';
import { type NamesAndTypes, NodeGraphQueries } from './NodeGraphQueries.js';
import { ObservableSubscription } from './ObservableSubscription.js';
import { OwnParameters } from './OwnParameters.js';
import { ParameterClient } from './ParameterClient.js';
import { ParameterEventHandler } from './ParameterEventHandler.js';
import { ParameterWatcher } from './ParameterWatcher.js';
import { Publisher } from './Publisher.js';
import { declareQoSOverrides, type QoSOverridingOptions } from './QoSOverridingOptions.js';
import { Rate } from './Rate.js';
import { Service, type ServiceCallback } from './Service.js';
import { Subscription, type SubscriptionCallback, type SubscriptionOptions } from './Subscription.js';
import { Timer, type TimerCallback } from './Timer.js';

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

/** An entity object of the node, as its lists hold it. */
type NodeEntity = Publisher | Subscription | Service | Client | Timer | GuardCondition | EventHandler;

/** An action client or server: its type and the entities it is made of, which rclnodejs lists under the action only. */
export interface ActionParts {
  readonly actionTypeName: string;
  readonly parts: readonly { readonly id: number }[];
  destroy(): void;
}

/**
 * rclnodejs's Node as a client of the node port. The simulation owns the node (its names after
 * remapping, parameters, /rosout, its own services, spinning); this object holds what the
 * program handed it — callbacks, options, the objects it made — and asks the port for the rest.
 * One implementation for every program, in rclsim's process or in its own.
 */
export class Node {
  readonly #port: NodePort;
  readonly #info: NodeInfo;
  readonly context: Context;
  readonly #options: NodeOptions;
  readonly #logger: Logging;
  #clock: ROSClock | null = null;
  readonly #parameters: OwnParameters;
  readonly #graph: NodeGraphQueries;
  /** The entity objects the program made or was given, by the simulation's id. */
  readonly #entities = new Map<number, NodeEntity>();
  /** Helpers made by the node's create* methods, destroyed with it as rclnodejs destroys them. */
  readonly #helpers: { destroy(): void }[] = [];
  readonly #actionClients: ActionParts[] = [];
  readonly #actionServers: ActionParts[] = [];
  /** The simulation's ids of the node's actions. */
  readonly #actionIds = new Map<ActionParts, number>();
  #destroyed = false;

  /** rclnodejs's constructor (a program's own subclass calls it): the simulation makes the node in `context`. */
  constructor(
    nodeName: string,
    namespace = '',
    context: Context = Context.defaultContext(),
    options: NodeOptions | Partial<NodeOptions> = NodeOptions.defaultOptions,
    args: readonly string[] = [],
    useGlobalArguments = true,
  ) {
    // Checked here as rcl checks them: what travels as a string must be one.
    if (typeof nodeName !== 'string') throw new TypeValidationError('nodeName', nodeName, 'string');
    if (typeof namespace !== 'string') throw new TypeValidationError('namespace', namespace, 'string');
    this.#port = context.port;
    this.#options = options instanceof NodeOptions ? options : NodeOptions.from(options ?? {});
    this.#info = this.#port.createNode({ context: context.id, name: nodeName, namespace, args, useGlobalArguments, options: this.#options as never });
    this.context = context;
    context.nodeCreated(this);
    this.#logger = new Logging(this.#info.logger, this.#port);
    this.#parameters = new OwnParameters(this.#port, this.#info.id, this.#info.name);
    this.#graph = new NodeGraphQueries(this.#port, this.#info.id, this.#info.name);
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

  /** The port the node reaches the simulation through. */
  get port(): NodePort {
    return this.#port;
  }

  /** The simulation's id of the node (what the port names it by). */
  get id(): number {
    return this.#info.id;
  }

  // ---- identity ---------------------------------------------------------------------------

  name(): string {
    return this.#info.name;
  }

  namespace(): string {
    return this.#info.namespace;
  }

  getFullyQualifiedName(): string {
    return fullyQualifiedNodeName(this.#info.name, this.#info.namespace);
  }

  options(): NodeOptions {
    return this.#options;
  }

  getLogger(): Logging {
    return this.#logger;
  }

  /** The node's ROS clock: ROS time on, the simulation its time source. */
  getClock(): ROSClock {
    if (this.#clock === null) {
      this.#clock = new ROSClock(this.#port);
      this.#clock.isRosTimeActive = true;
    }
    return this.#clock;
  }

  /** What the node's ROS clock reads: sim time. */
  now(): Time {
    return Time.fromNanoseconds(this.#port.now(), ClockType.ROS_TIME);
  }

  // ---- spinning: the simulation drives execution, spin() decides whether callbacks run ---------

  /** Whether its callbacks run (spin(), or the job's executor for a job's or component's node). */
  get spinning(): boolean {
    return this.#graph.isSpinning();
  }

  spin(): void {
    this.#port.spin(this.#info.id, 'spin');
  }

  spinOnce(): void {
    this.#port.spin(this.#info.id, 'spinOnce');
  }

  stop(): void {
    this.#port.spin(this.#info.id, 'stop');
  }

  // ---- entities ---------------------------------------------------------------------------

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, optionsIn?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    const options = this._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'msg');
    this.#alive('create publisher');
    const qos = this.#qos('publisher', topic, options);
    const created = this.#port.createPublisher({ node: this.#info.id, type, topic, qos, events: this.#eventHooks(eventCallbacks, false) });
    const validation = new ValidationSetting(options.validateMessages === true, options.validationOptions);
    const publisher = new Publisher<T>(this.#port, { id: created.id, type, topic: created.topic, options, loggerName: this.#logger.name }, validation);
    this.#own(publisher);
    this.#ownEvents(publisher, created.events);
    return publisher;
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
    const type = interfaceTypeName(typeClass, 'msg');
    this.#alive('create subscription');
    const qos = this.#qos('subscription', topic, options);
    const subscription = new Subscription(this.#port, type, callback, options, this.#logger.name);
    const { qos: _given, validateMessages: _v, validateRequests: _r, validationOptions: _o, qosOverridingOptions: _q, ...acted } = options;
    const created = this.#port.createSubscription(
      { node: this.#info.id, type, topic, qos, options: acted, wantsInfo: subscription.wantsInfo, events: this.#eventHooks(eventCallbacks, true) },
      subscription,
    );
    this.#own(subscription.created(created.id, created.topic));
    this.#ownEvents(subscription, created.events);
    return subscription;
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
    callback: TimerCallback | (() => unknown),
    optionsOrClock: { autostart?: boolean } | Clock | null = null,
    clock: Clock | null = null,
  ): Timer {
    if (typeof callback !== 'function') throw new TypeError('createTimer needs a callback function');
    const options = isClock(optionsOrClock) || optionsOrClock === null ? {} : optionsOrClock;
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw new TypeValidationError('options', optionsOrClock, 'object or Clock', { nodeName: this.name() });
    }
    if (clock !== null && !isClock(clock)) throw new TypeValidationError('clock', clock, 'Clock', { nodeName: this.name() });
    if (options.autostart !== undefined && typeof options.autostart !== 'boolean') {
      throw new TypeValidationError('options.autostart', options.autostart, 'boolean', { nodeName: this.name() });
    }
    const ns = typeof period === 'bigint' ? period : BigInt(Math.round(period * 1e6));
    this.#alive('create timer');
    const timer = new Timer(this.#port, callback as TimerCallback, this.#logger.name);
    return this.#own(timer.created(this.#port.createTimer(this.#info.id, ns, options.autostart ?? true, timer)));
  }

  async createRate(hz = 1): Promise<Rate> {
    this.#alive('create rate');
    return new Rate(this.#port, hz);
  }

  createClient<T extends string>(typeClass: T | TypeClass, serviceName: string, optionsIn?: Options): Client<T> {
    const options = this._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'srv');
    this.#alive('create client');
    const created = this.#port.createClient({
      node: this.#info.id,
      type,
      service: serviceName,
      qos: options.qos,
      plainArrays: options.enableTypedArray === false,
    });
    const validation = new ValidationSetting(options.validateRequests === true, options.validationOptions);
    return this.#own(new Client<T>(this.#port, { id: created.id, type, serviceName: created.service, options, loggerName: this.#logger.name }, validation));
  }

  /** The callback's request and response are typed by the service type name. */
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, callback: ServiceCallback<T>): Service;
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, options: Options | undefined, callback: ServiceCallback<T>): Service;
  createService(typeClass: TypeClass, serviceName: string, optionsOrCallback: Options | ServiceCallback | undefined, maybeCallback?: ServiceCallback): Service {
    const [optionsIn, callback] = splitCallback(optionsOrCallback, maybeCallback, 'createService');
    const options = this._validateOptions(optionsIn);
    const type = interfaceTypeName(typeClass, 'srv');
    this.#alive('create service');
    const service = new Service(this.#port, type, callback as ServiceCallback, options, this.#logger.name);
    const created = this.#port.createService(
      { node: this.#info.id, type, service: serviceName, qos: options.qos, plainArrays: options.enableTypedArray === false },
      service.serve,
    );
    return this.#own(service.created(created.id, created.service));
  }

  createGuardCondition(callback: () => unknown): GuardCondition {
    if (typeof callback !== 'function') throw new TypeError('createGuardCondition needs a callback function');
    this.#alive('create guard condition');
    const guard = new GuardCondition(this.#port, callback);
    return this.#own(guard.created(this.#port.createGuardCondition(this.#info.id, guard.run)));
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

  #attach<T extends { destroy(): void }>(helper: T): T {
    this.#helpers.push(helper);
    return helper;
  }

  #detach(helper: { destroy(): void }): void {
    const index = this.#helpers.indexOf(helper);
    if (index >= 0) this.#helpers.splice(index, 1);
    helper.destroy();
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
  #destroyOwn(entity: NodeEntity, kind: abstract new (...args: never[]) => NodeEntity, argument: string): void {
    if (!(entity instanceof kind)) {
      throw new TypeValidationError(argument, entity, `${kind.name} instance`, { nodeName: this.name() });
    }
    this._destroyEntity(entity);
  }

  /** Destroys an entity of the node (with its event handlers, which the simulation destroys too). */
  _destroyEntity(entity: { readonly id: number }): void {
    if (!this.#entities.has(entity.id) || this.#destroyed) return;
    this.#entities.delete(entity.id);
    const handlers = entity instanceof Publisher || entity instanceof Subscription ? entity.eventHandlers : [];
    for (const handler of handlers) {
      this.#entities.delete(handler.id);
      handler._destroyed();
    }
    (entity as NodeEntity)._destroyed();
    this.#port.destroyEntity(entity.id);
  }

  /** Destroys every entity of the node; it receives and runs nothing afterwards. */
  destroy(): void {
    if (this.#destroyed) return;
    for (const helper of this.#helpers.splice(0)) helper.destroy();
    for (const action of [...this.#actionClients, ...this.#actionServers]) action.destroy();
    this.#destroyed = true;
    for (const entity of this.#entities.values()) entity._destroyed();
    this.#entities.clear();
    this.context.nodeDestroyed(this);
    this.#port.destroyNode(this.#info.id);
  }

  get isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** Called by an action client or server on its node once it made its entities (rclnodejs lists them under the action). */
  _addActionClient(client: ActionParts): void {
    this.#actionClients.push(client);
    this.#addAction(client);
  }

  _addActionServer(server: ActionParts): void {
    this.#actionServers.push(server);
    this.#addAction(server);
  }

  #addAction(action: ActionParts): void {
    this.#actionIds.set(
      action,
      this.#port.addAction(
        this.#info.id,
        action.actionTypeName,
        action.parts.map((part) => part.id),
      ),
    );
  }

  /** Called by a destroyed action client or server: the entities it was made of go with it. */
  _removeAction(action: ActionParts): void {
    for (const list of [this.#actionClients, this.#actionServers]) {
      const index = list.indexOf(action);
      if (index >= 0) list.splice(index, 1);
    }
    const id = this.#actionIds.get(action);
    if (id === undefined || this.#destroyed) return;
    this.#actionIds.delete(action);
    for (const part of action.parts) {
      (this.#entities.get(part.id) as NodeEntity | undefined)?._destroyed();
      this.#entities.delete(part.id);
    }
    this.#port.removeAction(this.#info.id, id);
  }

  // rclnodejs's Node keeps its entities in these arrays; programs and its own tests read them.
  get _publishers(): Publisher[] {
    return this.#listed('publisher') as Publisher[];
  }
  get _subscriptions(): Subscription[] {
    return this.#listed('subscription') as Subscription[];
  }
  get _clients(): Client[] {
    return this.#listed('client') as Client[];
  }
  get _services(): Service[] {
    return this.#listed('service') as Service[];
  }
  get _timers(): Timer[] {
    return this.#listed('timer') as Timer[];
  }
  get _guards(): GuardCondition[] {
    return this.#listed('guard_condition') as GuardCondition[];
  }
  get _events(): EventHandler[] {
    return this.#listed('event') as EventHandler[];
  }
  get _actionClients(): ActionParts[] {
    return [...this.#actionClients];
  }
  get _actionServers(): ActionParts[] {
    return [...this.#actionServers];
  }
  get _setParametersCallbacks(): SetParametersCallback[] {
    return this.#parameters.setParametersCallbacks;
  }

  /**
   * The node's entities of a kind as the simulation lists them (its own ones too, such as the
   * /parameter_events publisher; not an action's parts), the program's objects where it made them.
   */
  #listed(kind: EntityListing['kind']): NodeEntity[] {
    if (this.#destroyed) return [];
    return this.#port
      .nodeEntities(this.#info.id)
      .filter((listing) => listing.kind === kind)
      .map((listing) => {
        let entity = this.#entities.get(listing.id);
        if (entity === undefined) {
          entity = listedEntity(this.#port, listing, this.#logger.name);
          this.#entities.set(listing.id, entity);
        }
        return entity;
      });
  }

  // ---- parameters: the simulation's, as rclnodejs's Node has them (OwnParameters) -------------

  declareParameter(parameter: Parameter, descriptor?: ParameterDescriptor, ignoreOverride = false): Parameter {
    return this.declareParameters([parameter], descriptor === undefined ? [] : [descriptor], ignoreOverride)[0]!;
  }

  declareParameters(parameters: Parameter[], descriptors: ParameterDescriptor[] = [], ignoreOverrides = false): Parameter[] {
    return this.#parameters.declareParameters(parameters, descriptors, ignoreOverrides);
  }

  undeclareParameter(name: string): void {
    this.#parameters.undeclareParameter(name);
  }

  hasParameter(name: string): boolean {
    return this.#parameters.hasParameter(name);
  }

  getParameter(name: string): Parameter {
    return this.#parameters.getParameter(name);
  }

  getParameters(names: string[] = []): Parameter[] {
    return this.#parameters.getParameters(names);
  }

  getParameterNames(): string[] {
    return this.#parameters.getParameterNames();
  }

  getParameterOverrides(): Parameter[] {
    return this.#parameters.getParameterOverrides();
  }

  hasParameterDescriptor(name: string): boolean {
    return this.#parameters.hasParameterDescriptor(name);
  }

  getParameterDescriptor(name: string): ParameterDescriptor {
    return this.#parameters.getParameterDescriptor(name);
  }

  getParameterDescriptors(names: string[] = []): ParameterDescriptor[] {
    return this.#parameters.getParameterDescriptors(names);
  }

  getParameterTypes(names: string[] = []): ParameterType[] {
    return this.#parameters.getParameterTypes(names);
  }

  setParameter(parameter: Parameter): SetParametersResult {
    return this.#parameters.setParameters([parameter], false)[0]!;
  }

  setParameters(parameters: Parameter[]): SetParametersResult[] {
    return this.#parameters.setParameters(parameters, false);
  }

  setParametersAtomically(parameters: Parameter[]): SetParametersResult {
    return this.#parameters.setParameters(parameters, true)[0]!;
  }

  addOnSetParametersCallback(callback: SetParametersCallback): void {
    this.#parameters.addOnSetParametersCallback(callback);
  }

  removeOnSetParametersCallback(callback: SetParametersCallback): void {
    this.#parameters.removeOnSetParametersCallback(callback);
  }

  addPreSetParametersCallback(callback: PreSetParametersCallback): void {
    this.#parameters.addPreSetParametersCallback(callback);
  }

  removePreSetParametersCallback(callback: PreSetParametersCallback): void {
    this.#parameters.removePreSetParametersCallback(callback);
  }

  addPostSetParametersCallback(callback: PostSetParametersCallback): void {
    this.#parameters.addPostSetParametersCallback(callback);
  }

  removePostSetParametersCallback(callback: PostSetParametersCallback): void {
    this.#parameters.removePostSetParametersCallback(callback);
  }

  // ---- graph queries: the simulation's graph, as rclnodejs's Node answers them (NodeGraphQueries)

  getNodeNames(): string[] {
    return this.#graph.getNodeNames();
  }

  getNodeNamesAndNamespaces(): { name: string; namespace: string }[] {
    return this.#graph.getNodeNamesAndNamespaces();
  }

  getNodeNamesAndNamespacesWithEnclaves(): { name: string; namespace: string; enclave: string }[] {
    return this.#graph.getNodeNamesAndNamespacesWithEnclaves();
  }

  getTopicNamesAndTypes(): NamesAndTypes {
    return this.#graph.getTopicNamesAndTypes();
  }

  getServiceNamesAndTypes(): NamesAndTypes {
    return this.#graph.getServiceNamesAndTypes();
  }

  getPublisherNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph.getPublisherNamesAndTypesByNode(nodeName, namespace);
  }

  getSubscriptionNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph.getSubscriptionNamesAndTypesByNode(nodeName, namespace);
  }

  getServiceNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph.getServiceNamesAndTypesByNode(nodeName, namespace);
  }

  getClientNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph.getClientNamesAndTypesByNode(nodeName, namespace);
  }

  countPublishers(topic: string): number {
    return this.#graph.countPublishers(topic);
  }

  countSubscribers(topic: string): number {
    return this.#graph.countSubscribers(topic);
  }

  countServices(serviceName: string): number {
    return this.#graph.countServices(serviceName);
  }

  countClients(serviceName: string): number {
    return this.#graph.countClients(serviceName);
  }

  countActionClients(actionName: string): number {
    return this.#graph.countActionClients(actionName);
  }

  countActionServers(actionName: string): number {
    return this.#graph.countActionServers(actionName);
  }

  getPublishersInfoByTopic(topic: string, noDemangle = false): TopicEndpointInfo[] {
    return this.#graph.getPublishersInfoByTopic(topic, noDemangle);
  }

  getSubscriptionsInfoByTopic(topic: string, noDemangle = false): TopicEndpointInfo[] {
    return this.#graph.getSubscriptionsInfoByTopic(topic, noDemangle);
  }

  getClientsInfoByService(): null {
    return this.#graph.getClientsInfoByService();
  }

  getServersInfoByService(): null {
    return this.#graph.getServersInfoByService();
  }

  getActionClientsInfoByAction(): null {
    return this.#graph.getActionClientsInfoByAction();
  }

  getActionServersInfoByAction(): null {
    return this.#graph.getActionServersInfoByAction();
  }

  getRMWImplementationIdentifier(): string {
    return this.#graph.getRMWImplementationIdentifier();
  }

  resolveTopicName(topicName: string, onlyExpand = false): string {
    return this.#graph.resolveTopicName(topicName, onlyExpand);
  }

  resolveServiceName(service: string, onlyExpand = false): string {
    return this.#graph.resolveServiceName(service, onlyExpand);
  }

  // ---- internals --------------------------------------------------------------------------

  /** A topic endpoint's QoS: the options', with the parameter overrides its options allow (declared before the endpoint, as rcl does). */
  #qos(entityType: 'publisher' | 'subscription', topic: string, options: Options): unknown {
    const overridable = options.qosOverridingOptions;
    if (overridable === undefined) return options.qos;
    return declareQoSOverrides(entityType, this, this.resolveTopicName(topic), options.qos, overridable);
  }

  #eventHooks(callbacks: PublisherEventCallbacks | SubscriptionEventCallbacks | undefined, subscription: boolean): EventHooks | undefined {
    if (callbacks === undefined || callbacks === null) return undefined;
    const given: EventHooks['callbacks'] = {};
    for (const name of ['matched', 'incompatibleQos', 'incompatibleType', 'deadline', 'liveliness', 'messageLost'] as const) {
      const callback = (callbacks as Partial<Record<EntityEventName, unknown>>)[name];
      if (typeof callback === 'function') given[name] = (status) => (callbacks as unknown as Record<string, (status: unknown) => unknown>)[name]!(status);
    }
    return { subscription: subscription || callbacks instanceof SubscriptionEventCallbacks, callbacks: given };
  }

  /** The event handlers the simulation made for an endpoint, entities of the node. */
  #ownEvents(endpoint: Publisher | Subscription, events: { name: EntityEventName; id: number }[]): void {
    for (const { name, id } of events) {
      const handler = new EventHandler(this.#port, id, name, endpoint.topic, this.#logger.name);
      this.#entities.set(id, handler);
      endpoint.eventHandlers.push(handler);
    }
  }

  #alive(what: string): this {
    if (this.#destroyed) throw new Error(`${what} on node ${this.getFullyQualifiedName()}: the node has been destroyed`);
    return this;
  }

  #own<T extends NodeEntity>(entity: T): T {
    this.#entities.set(entity.id, entity);
    return entity;
  }
}

export type { MessageOf, RequestOf };

function isClock(value: unknown): value is Clock {
  return typeof value === 'object' && value !== null && typeof (value as Clock).now === 'function' && 'clockType' in value;
}

function splitCallback<C>(optionsOrCallback: Options | C | undefined, maybeCallback: C | undefined, method: string): [Options | undefined, C] {
  if (typeof optionsOrCallback === 'function') return [undefined, optionsOrCallback as C];
  if (typeof maybeCallback !== 'function') throw new TypeError(`${method} needs a callback function`);
  return [optionsOrCallback as Options | undefined, maybeCallback];
}

/** An entity the simulation made for the node itself (its /parameter_events publisher, its services): an object of its kind, without callbacks. */
function listedEntity(port: NodePort, listing: EntityListing, loggerName: string): NodeEntity {
  const options = Node.getDefaultOptions();
  switch (listing.kind) {
    case 'publisher':
      return new Publisher(port, { id: listing.id, type: listing.type, topic: listing.name, options, loggerName });
    case 'subscription':
      return new Subscription(port, listing.type, () => undefined, options, loggerName).created(listing.id, listing.name);
    case 'service':
      return new Service(port, listing.type, () => undefined, options, loggerName).created(listing.id, listing.name);
    case 'client':
      return new Client(port, { id: listing.id, type: listing.type, serviceName: listing.name, options, loggerName });
    case 'timer':
      return new Timer(port, () => undefined, loggerName).created(listing.id);
    case 'guard_condition':
      return new GuardCondition(port, () => undefined).created(listing.id);
    case 'event':
      return new EventHandler(port, listing.id, 'matched', listing.name, loggerName);
  }
}
