import type { MessageOf, RequestOf } from '../interfaces/typeMaps.js';
import type { TypeClass } from '../interfaces/typeNames.js';
import type { EntityListing, NodeInfo, NodePort } from '../port/NodePort.js';
// Value classes and rules rclnodejs programs use (no simulation in them): the client shares rcl's.
import { ClockType } from '../ros/ClockType.js';
import type { PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import type { PostSetParametersCallback, PreSetParametersCallback, SetParametersCallback, SetParametersResult } from '../ros/NodeParameters.js';
import { fullyQualifiedNodeName } from '../ros/names.js';
import type { Parameter, ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import type { QoS, QoSProfileName } from '../ros/QoS.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { Time } from '../ros/Time.js';
import type { TopicEndpointInfo } from '../sim/endpointInfo.js';
import { Client } from './Client.js';
import { type Clock, ROSClock } from './Clock.js';
import { Context } from './Context.js';
import type { EventHandler } from './EventHandler.js';
import { defaultOptions, type Options, validateOptions } from './entityOptions.js';
import { GuardCondition } from './GuardCondition.js';
import { Logging } from './Logging.js';
import { type ActionParts, NodeActions } from './NodeActions.js';
import { NodeEntities, type NodeEntity } from './NodeEntities.js';
import { type NamesAndTypes, NodeGraphQueries } from './NodeGraphQueries.js';
import { NodeServices } from './NodeServices.js';
import { NodeTimers } from './NodeTimers.js';
import { NodeTopics } from './NodeTopics.js';
import type { ObservableSubscription } from './ObservableSubscription.js';
import { OwnParameters } from './OwnParameters.js';
import { ParameterClient } from './ParameterClient.js';
import { ParameterEventHandler } from './ParameterEventHandler.js';
import { ParameterWatcher } from './ParameterWatcher.js';
import { Publisher } from './Publisher.js';
import type { Rate } from './Rate.js';
import { Service, type ServiceCallback } from './Service.js';
import { Subscription, type SubscriptionCallback } from './Subscription.js';
import { Timer, type TimerCallback } from './Timer.js';

export type { ActionParts, Options };

/**
 * rclnodejs's Node as a client of the node port. The simulation owns the node (its names after
 * remapping, parameters, /rosout, its own services, spinning); this object holds what the
 * program handed it — callbacks, options, the objects it made — and asks the port for the rest.
 * One implementation for every program, in rclsim's process or in its own. Split by entity as
 * rclcpp's node_interfaces/ are: its entity objects (NodeEntities), topics, services and timers
 * (NodeTopics, NodeServices, NodeTimers), actions (NodeActions), parameters (OwnParameters) and
 * graph queries (NodeGraphQueries); this class is rclnodejs's surface over them.
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
  readonly #entities: NodeEntities;
  readonly #topics: NodeTopics;
  readonly #services: NodeServices;
  readonly #timers: NodeTimers;
  readonly #actions: NodeActions;
  /** Helpers made by the node's create* methods, destroyed with it as rclnodejs destroys them. */
  readonly #helpers: { destroy(): void }[] = [];
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
    this.#entities = new NodeEntities(this.#port, this.#info.id, this.#logger.name);
    const alive = (what: string): void => void this.#alive(what);
    this.#topics = new NodeTopics(this, this.#entities, alive);
    this.#services = new NodeServices(this, this.#entities, alive);
    this.#timers = new NodeTimers(this.#info.name, this.#entities, alive);
    this.#actions = new NodeActions(this.#port, this.#info.id, this.#entities);
  }

  static getDefaultOptions(): Options {
    return defaultOptions();
  }

  /**
   * rclnodejs's check of create* options: an object or nothing (TypeValidationError otherwise),
   * with its defaults filled in — into the caller's object, as rclnodejs does — and a known
   * serializationMode.
   */
  _validateOptions(options?: Options | null): Options {
    return validateOptions(options, this.name());
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

  // ---- entities (NodeTopics, NodeServices, NodeTimers) ---------------------------------------

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, options?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    return this.#topics.createPublisher(typeClass, topic, options, eventCallbacks);
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
    return this.#topics.createSubscription(typeClass, topic, optionsOrCallback, maybeCallback, eventCallbacks);
  }

  /** A subscription whose messages are an RxJS Observable (`.observable`). */
  createObservableSubscription<T extends string>(typeClass: T | TypeClass, topic: string, options: Options = {}): ObservableSubscription {
    return this.#topics.createObservableSubscription(typeClass, topic, options);
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
    return this.#timers.createTimer(period, callback, optionsOrClock, clock);
  }

  async createRate(hz = 1): Promise<Rate> {
    return this.#timers.createRate(hz);
  }

  createClient<T extends string>(typeClass: T | TypeClass, serviceName: string, options?: Options): Client<T> {
    return this.#services.createClient(typeClass, serviceName, options);
  }

  /** The callback's request and response are typed by the service type name. */
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, callback: ServiceCallback<T>): Service;
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, options: Options | undefined, callback: ServiceCallback<T>): Service;
  createService(typeClass: TypeClass, serviceName: string, optionsOrCallback: Options | ServiceCallback | undefined, maybeCallback?: ServiceCallback): Service {
    return this.#services.createService(typeClass, serviceName, optionsOrCallback, maybeCallback);
  }

  createGuardCondition(callback: () => unknown): GuardCondition {
    if (typeof callback !== 'function') throw new TypeError('createGuardCondition needs a callback function');
    this.#alive('create guard condition');
    const guard = new GuardCondition(this.#port, callback);
    return this.#entities.own(guard.created(this.#port.createGuardCondition(this.#info.id, guard.run)));
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
    if (this.#destroyed) return;
    this.#entities.destroy(entity);
  }

  /** Destroys every entity of the node; it receives and runs nothing afterwards. */
  destroy(): void {
    if (this.#destroyed) return;
    for (const helper of this.#helpers.splice(0)) helper.destroy();
    this.#actions.destroyAll();
    this.#destroyed = true;
    this.#entities.destroyAll();
    this.context.nodeDestroyed(this);
    this.#port.destroyNode(this.#info.id);
  }

  get isDestroyed(): boolean {
    return this.#destroyed;
  }

  // ---- actions (NodeActions) ------------------------------------------------------------------

  /** Called by an action client or server on its node once it made its entities (rclnodejs lists them under the action). */
  _addActionClient(client: ActionParts): void {
    this.#actions.addClient(client);
  }

  _addActionServer(server: ActionParts): void {
    this.#actions.addServer(server);
  }

  /** Called by a destroyed action client or server: the entities it was made of go with it. */
  _removeAction(action: ActionParts): void {
    this.#actions.remove(action, this.#destroyed);
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
    return [...this.#actions.clients];
  }
  get _actionServers(): ActionParts[] {
    return [...this.#actions.servers];
  }
  get _setParametersCallbacks(): SetParametersCallback[] {
    return this.#parameters.setParametersCallbacks;
  }

  #listed(kind: EntityListing['kind']): NodeEntity[] {
    return this.#destroyed ? [] : this.#entities.listed(kind);
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

  #alive(what: string): this {
    if (this.#destroyed) throw new Error(`${what} on node ${this.getFullyQualifiedName()}: the node has been destroyed`);
    return this;
  }
}

export type { MessageOf, RequestOf };
