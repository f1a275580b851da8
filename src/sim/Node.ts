import type { Executable } from '../engine/Executable.js';
import type { Executor } from '../engine/executors/Executor.js';
import type { ActionType } from '../interfaces/InterfaceRegistry.js';
import type { DescribedType } from '../interfaces/typeDescription.js';
import type { MessageOf, RequestOf } from '../interfaces/typeMaps.js';
import type { TypeClass } from '../interfaces/typeNames.js';
import type { Host } from '../network/Host.js';
import { ClockType } from '../ros/ClockType.js';
import type { PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import {
  NodeParameters,
  type PostSetParametersCallback,
  type PreSetParametersCallback,
  type SetParametersCallback,
  type SetParametersResult,
} from '../ros/NodeParameters.js';
import { Parameter, type ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import { parseRosArguments } from '../ros/RosArguments.js';
import { Time } from '../ros/Time.js';
import { Client } from './Client.js';
import { argumentOverrides, type Context } from './Context.js';
import type { Entity } from './Entity.js';
import type { TopicEndpointInfo } from './endpointInfo.js';
import type { Options } from './entityOptions.js';
import { GuardCondition } from './GuardCondition.js';
import { startLoggerServices } from './LoggerServices.js';
import type { Logging } from './Logging.js';
import { NodeEntities } from './NodeEntities.js';
import { NodeGraph } from './NodeGraph.js';
import { NodeLogging } from './NodeLogging.js';
import { NodeNames } from './NodeNames.js';
import { NodeServices } from './NodeServices.js';
import { NodeSpinning } from './NodeSpinning.js';
import { NodeTopics } from './NodeTopics.js';
import { startParameterServices } from './ParameterServices.js';
import { loadParamsFile } from './ParamsFile.js';
import { Publisher } from './Publisher.js';
import { Service, type ServiceCallback } from './Service.js';
import type { Simulation } from './Simulation.js';
import { type MessageTarget, Subscription } from './Subscription.js';
import { Timer, type TimerTarget } from './Timer.js';
import { TypeDescriptionService } from './TypeDescriptionService.js';

export type { Options };

/**
 * A node in the simulation (rclnodejs's Node is client/Node.ts, which asks for this through the
 * node port): creates entities on the simulation's graph and engine, resolves names as ROS 2
 * does, owns parameters, its logger and its actions' parts. Split by entity as rclcpp's
 * node_interfaces/ are: its names (NodeNames), what it is made of (NodeEntities), whether it spins
 * (NodeSpinning), its topics and services (NodeTopics, NodeServices), its graph queries
 * (NodeGraph), its logger (NodeLogging) and its parameters (ros/NodeParameters); this class is
 * the surface the node port and rclsim's own nodes call.
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
  readonly #names: NodeNames;
  readonly #options: NodeOptions;
  readonly #entities = new NodeEntities();
  readonly #spinning: NodeSpinning;
  readonly #topics: NodeTopics;
  readonly #services: NodeServices;
  readonly #graph: NodeGraph;
  readonly #logging: NodeLogging;
  readonly #parameters: NodeParameters;
  #timers = 0;
  #guards = 0;
  #destroyed = false;

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
    this.#names = new NodeNames(nodeName, namespace, [...local.remaps, ...(useGlobalArguments ? context.remaps : []), ...this.simulation.remaps]);
    const name = this.#names.name;
    const fqn = this.#names.fullyQualified;
    this.host = this.simulation.hostOf(fqn, name);
    this.executor = this.simulation.executorOf(fqn, name, context.program);
    this.#options = options;
    this.#spinning = new NodeSpinning(this.#entities, this.simulation.engine, context.program.byJob);
    const alive = (what: string): Node => this.#alive(what);
    this.#topics = new NodeTopics(this.#names, this.#entities, alive);
    this.#services = new NodeServices(this.#names, this.#entities, alive);
    this.#graph = new NodeGraph(this.simulation, this.#names);
    context.onNodeCreated(this);
    this.nodeId = this.simulation.registerNode(this);
    this.#logging = new NodeLogging(this, this.#names.loggerName);
    if (options.enableRosout && context.rosoutLogs) this.#logging.startRosout(options);

    this.#parameters = new NodeParameters(fqn, [
      ...this.simulation.parameterOverridesFor(fqn),
      ...(useGlobalArguments ? context.parameterOverridesFor(name, fqn) : []),
      ...argumentOverrides(local, name, fqn, (file) => loadParamsFile(local.paramsFiles[file]!)),
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
    this.#entities.markBuiltIn();
  }

  // ---- identity ---------------------------------------------------------------------------

  name(): string {
    return this.#names.name;
  }

  namespace(): string {
    return this.#names.namespace;
  }

  getFullyQualifiedName(): string {
    return this.#names.fullyQualified;
  }

  options(): NodeOptions {
    return this.#options;
  }

  getLogger(): Logging {
    return this.#logging.logger;
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
    return this.#entities.callbackEntities();
  }

  // ---- spinning: the simulation drives execution, spin() decides whether callbacks run ---------

  get spinning(): boolean {
    return this.#spinning.spinning;
  }

  /** The graph query of whether it spins (the node port's). */
  isSpinning(): boolean {
    return this.#spinning.spinning;
  }

  spin(): void {
    this.#spinning.spin();
  }

  spinOnce(): void {
    this.#spinning.spinOnce();
  }

  stop(): void {
    this.#spinning.stop();
  }

  /** Holds an entity whose event arrived while the node does not spin. */
  park(entity: Entity): void {
    this.#spinning.park(entity);
  }

  /** Drops what an entity held (a timer canceled meanwhile). */
  unpark(entity: Entity): void {
    this.#spinning.unpark(entity);
  }

  /**
   * From now on `executor` runs the node's callbacks, those of the entities it has and will make
   * (a C++ program's MultiThreadedExecutor spins it: Executors#spinWith). Called while the node
   * does not spin, so that what it held goes to the new executor when it spins.
   */
  _runIn(executor: Executor): void {
    this.executor = executor;
    for (const entity of this.#entities.all) entity._runIn(executor);
  }

  // ---- entities ---------------------------------------------------------------------------

  createPublisher<T extends string>(typeClass: T | TypeClass, topic: string, options?: Options, eventCallbacks?: PublisherEventCallbacks): Publisher<T> {
    return this.#topics.createPublisher(typeClass, topic, options, eventCallbacks);
  }

  /** With `isRaw` the callback gets the message's CDR bytes. */
  createSubscription(
    typeClass: TypeClass,
    topic: string,
    options: Options | undefined,
    target: MessageTarget,
    eventCallbacks?: SubscriptionEventCallbacks,
  ): Subscription {
    return this.#topics.createSubscription(typeClass, topic, options, target, eventCallbacks);
  }

  /** `period` in nanoseconds; `autostart: false` creates it canceled (rcl_timer_init2). */
  createTimer(period: bigint, target: TimerTarget, options: { autostart?: boolean } = {}): Timer {
    return this.#entities.own(new Timer(this.#alive('create timer'), period, target, this.#timers++, options.autostart ?? true));
  }

  createClient(typeClass: TypeClass, serviceName: string, options?: Options): Client {
    return this.#services.createClient(typeClass, serviceName, options);
  }

  /** The callback's request and response are typed by the service type name. */
  createService<T extends string>(typeClass: T | TypeClass, serviceName: string, options: Options | undefined, callback: ServiceCallback<T>): Service {
    return this.#services.createService(typeClass, serviceName, options, callback);
  }

  createGuardCondition(callback: () => unknown): GuardCondition {
    if (typeof callback !== 'function') throw new TypeError('createGuardCondition needs a callback function');
    return this.#entities.own(new GuardCondition(this.#alive('create guard condition'), callback, this.#guards++));
  }

  /** Destroys an entity of the node with its event handlers (what the node port's destroy does). */
  destroyEndpoint(entity: Entity): void {
    this.#entities.destroyEndpoint(entity);
  }

  /** Destroys every entity of the node; it receives and runs nothing afterwards. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#entities.destroyAll();
    this.#logging.end();
    this.#destroyed = true;
    this.#spinning.end();
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
    return this.#entities.typeInUse(hash, this.#logging.typesInUse);
  }

  /**
   * An action client or server of the node (a client of the node port made it) is made of these
   * entities: they are the action's in the node's listings, and its type is in use. Its id.
   */
  _addAction(type: ActionType, parts: Entity[]): number {
    return this.#entities.addAction(type, parts);
  }

  /** Whether an entity is one of those an action client or server is made of (rclpy's executors take an action as one waitable). */
  _isActionPart(entity: Entity): boolean {
    return this.#entities.isActionPart(entity);
  }

  /** The action is gone, with the entities it was made of (which it returns). */
  _removeAction(action: number): Entity[] {
    return this.#entities.removeAction(action);
  }

  /** Its entities as rclnodejs's Node lists them: those an action is made of are the action's. */
  _listedEntities(): Entity[] {
    return this.#entities.listed();
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

  // ---- graph queries (NodeGraph) ------------------------------------------------------------

  getNodeNames(): string[] {
    return this.#graph.liveNodes().map((n) => n.name());
  }

  getNodeNamesAndNamespaces(): { name: string; namespace: string }[] {
    return this.#graph.liveNodes().map((n) => ({ name: n.name(), namespace: n.namespace() }));
  }

  getNodeNamesAndNamespacesWithEnclaves(): { name: string; namespace: string; enclave: string }[] {
    return this.#graph.liveNodes().map((n) => ({ name: n.name(), namespace: n.namespace(), enclave: n.context.enclave }));
  }

  getTopicNamesAndTypes(): { name: string; types: string[] }[] {
    return this.#graph.topicNamesAndTypes();
  }

  getServiceNamesAndTypes(): { name: string; types: string[] }[] {
    return this.#graph.serviceNamesAndTypes();
  }

  getPublisherNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    return this.#graph.namesAndTypesByNode(Publisher, nodeName, namespace);
  }

  getSubscriptionNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    return this.#graph.namesAndTypesByNode(Subscription, nodeName, namespace);
  }

  getServiceNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    return this.#graph.namesAndTypesByNode(Service, nodeName, namespace);
  }

  getClientNamesAndTypesByNode(nodeName: string, namespace = '/'): { name: string; types: string[] }[] {
    return this.#graph.namesAndTypesByNode(Client, nodeName, namespace);
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

  /** Action clients of an action: subscriptions to its feedback topic (action names are not remapped). */
  countActionClients(actionName: string): number {
    return this.#graph.countActionClients(actionName);
  }

  countActionServers(actionName: string): number {
    return this.#graph.countActionServers(actionName);
  }

  /** rclnodejs's graph query: `noDemangle` takes the name as it is, otherwise it is resolved. */
  getPublishersInfoByTopic(topic: string, noDemangle = false): TopicEndpointInfo[] {
    return this.#graph.publishersInfoByTopic(topic, noDemangle);
  }

  getSubscriptionsInfoByTopic(topic: string, noDemangle = false): TopicEndpointInfo[] {
    return this.#graph.subscriptionsInfoByTopic(topic, noDemangle);
  }

  /** The name a topic resolves to on this node: expanded, then remapped unless `onlyExpand`. */
  resolveTopicName(topicName: string, onlyExpand = false): string {
    return this.#graph.resolveName('topicName', topicName, onlyExpand);
  }

  resolveServiceName(service: string, onlyExpand = false): string {
    return this.#graph.resolveName('service', service, onlyExpand);
  }

  // ---- internals --------------------------------------------------------------------------

  #alive(what: string): this {
    if (this.#destroyed) throw new Error(`${what} on node ${this.getFullyQualifiedName()}: the node has been destroyed`);
    return this;
  }
}

export type { MessageOf, RequestOf };
