import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import type { GraphQueryName, MessageCallback, NodeInfo, NodePort, ParameterHook, ParameterHookKind, TimerCallback } from '../port/NodePort.js';
// Value classes rclnodejs programs use (no simulation in them): the client shares rcl's.
import { ClockType } from '../rcl/ClockType.js';
import {
  type PostSetParametersCallback,
  type PreSetParametersCallback,
  runPreSetParametersCallbacks,
  runSetParametersCallbacks,
  type SetParametersCallback,
  type SetParametersResult,
} from '../rcl/NodeParameters.js';
import { fullyQualifiedNodeName } from '../rcl/names.js';
import { type Parameter, ParameterDescriptor, ParameterType } from '../rcl/Parameter.js';
import { Time } from '../rcl/Time.js';
import { Client } from './Client.js';
import { Context } from './Context.js';
import { Logger } from './Logger.js';
import { Publisher } from './Publisher.js';
import { Rate } from './Rate.js';
import { Service, type ServiceHandler } from './Service.js';
import { Subscription } from './Subscription.js';
import { Timer } from './Timer.js';

/** What the client does not do yet for a program in its own process: the program fails where it asks (exit 3), never silently otherwise. */
function notYet(what: string): never {
  throw new Error(`${what} is not there yet for a program in its own process (docs/rclnodejs.md, "Programs in their own process")`);
}

/** Names with their types, as rclnodejs's graph queries list topics and services. */
type NamesAndTypes = { name: string; types: string[] }[];

/** Options of create* calls, as rclnodejs's (the QoS and the subscription options the simulation acts on). */
export interface CreateOptions {
  qos?: unknown;
  [option: string]: unknown;
}

/**
 * rclnodejs's Node as a client of the node port. The simulation owns the node (its names after
 * remapping, parameters, /rosout, services, spinning); this object holds what the program
 * handed it — callbacks, the objects it made — and asks the port for the rest.
 */
export class Node {
  readonly #port: NodePort;
  readonly #info: NodeInfo;
  readonly context: Context;
  readonly #logger: Logger;
  /** The program's set-parameters callbacks as rclnodejs runs them: the last added first. */
  readonly #onSet: SetParametersCallback[] = [];
  readonly #postSet: PostSetParametersCallback[] = [];
  readonly #preSet: PreSetParametersCallback[] = [];
  /** Which kinds of them the simulation runs for this node (it is told once). */
  readonly #hooked = new Set<ParameterHookKind>();

  /** rclnodejs's constructor (a program's own subclass calls it): the simulation makes the node in `context`. */
  constructor(
    nodeName: string,
    namespace = '',
    context: Context = Context.defaultContext(),
    options: Readonly<Record<string, unknown>> = {},
    args: readonly string[] = [],
    useGlobalArguments = true,
  ) {
    this.#port = context.port;
    this.#info = this.#port.createNode({ context: context.id, name: nodeName, namespace, args, useGlobalArguments, options });
    this.context = context;
    this.#logger = new Logger(this.#port, this.#info.logger);
  }

  /** The simulation's id of the node (what the port names it by). */
  get id(): number {
    return this.#info.id;
  }

  name(): string {
    return this.#info.name;
  }

  namespace(): string {
    return this.#info.namespace;
  }

  getFullyQualifiedName(): string {
    return fullyQualifiedNodeName(this.#info.name, this.#info.namespace);
  }

  getLogger(): Logger {
    return this.#logger;
  }

  declareParameter(parameter: Parameter, descriptor?: ParameterDescriptor, ignoreOverride = false): Parameter {
    return this.declareParameters([parameter], descriptor === undefined ? [] : [descriptor], ignoreOverride)[0]!;
  }

  declareParameters(parameters: Parameter[], descriptors: ParameterDescriptor[] = [], ignoreOverrides = false): Parameter[] {
    return this.#port.declareParameters(this.#info.id, parameters, descriptors, ignoreOverrides);
  }

  undeclareParameter(name: string): void {
    this.#port.undeclareParameter(this.#info.id, name);
  }

  hasParameter(name: string): boolean {
    return this.#port.hasParameter(this.#info.id, name);
  }

  getParameter(name: string): Parameter {
    return this.#port.getParameter(this.#info.id, name);
  }

  getParameters(names: string[] = []): Parameter[] {
    return this.#port.getParameters(this.#info.id, names);
  }

  getParameterNames(): string[] {
    return this.#port.parameterNames(this.#info.id);
  }

  getParameterOverrides(): Parameter[] {
    return this.#port.parameterOverrides(this.#info.id);
  }

  hasParameterDescriptor(name: string): boolean {
    return this.#port.hasParameterDescriptor(this.#info.id, name);
  }

  getParameterDescriptor(name: string): ParameterDescriptor {
    return this.#port.parameterDescriptors(this.#info.id, [name])[0] ?? new ParameterDescriptor(name, ParameterType.PARAMETER_NOT_SET);
  }

  getParameterDescriptors(names: string[] = []): ParameterDescriptor[] {
    return this.#port.parameterDescriptors(this.#info.id, names);
  }

  /** The types of the declared parameters among `names` (undeclared ones are left out). */
  getParameterTypes(names: string[] = []): ParameterType[] {
    return names.filter((name) => this.hasParameterDescriptor(name)).map((name) => this.getParameterDescriptor(name).type);
  }

  setParameter(parameter: Parameter): SetParametersResult {
    return this.#port.setParameters(this.#info.id, [parameter], false)[0]!;
  }

  setParameters(parameters: Parameter[]): SetParametersResult[] {
    return this.#port.setParameters(this.#info.id, parameters, false);
  }

  setParametersAtomically(parameters: Parameter[]): SetParametersResult {
    return this.#port.setParameters(this.#info.id, parameters, true)[0]!;
  }

  /** The first callback to refuse a change refuses it, as in rclnodejs; the simulation's own checks come before. */
  addOnSetParametersCallback(callback: SetParametersCallback): void {
    this.#hook('onSet', (parameters) => runSetParametersCallbacks([...this.#onSet], parameters));
    this.#onSet.unshift(callback);
  }

  /** Every registration of it goes, as in rclnodejs. */
  removeOnSetParametersCallback(callback: SetParametersCallback): void {
    for (let index = this.#onSet.indexOf(callback); index >= 0; index = this.#onSet.indexOf(callback)) this.#onSet.splice(index, 1);
  }

  /** rclnodejs 2.x: each may change what is set (the last added runs first); no list, or an empty one, refuses the change. */
  addPreSetParametersCallback(callback: PreSetParametersCallback): void {
    this.#hook('preSet', (parameters) => {
      const pre = runPreSetParametersCallbacks([...this.#preSet], parameters);
      // The simulation refuses it for the same reason when it gets no list, or an empty one.
      return 'parameters' in pre ? pre.parameters : pre.refused === 'empty' ? [] : null;
    });
    this.#preSet.unshift(callback);
  }

  removePreSetParametersCallback(callback: PreSetParametersCallback): void {
    const index = this.#preSet.indexOf(callback);
    if (index >= 0) this.#preSet.splice(index, 1);
  }

  addPostSetParametersCallback(callback: PostSetParametersCallback): void {
    this.#hook('postSet', (parameters) => {
      for (const each of [...this.#postSet]) each(parameters);
    });
    this.#postSet.unshift(callback);
  }

  /** The simulation runs the node's callbacks of this kind, as one, from the first one on. */
  #hook(kind: ParameterHookKind, hook: ParameterHook): void {
    if (this.#hooked.has(kind)) return;
    this.#hooked.add(kind);
    this.#port.hookParameters(this.#info.id, kind, hook);
  }

  removePostSetParametersCallback(callback: PostSetParametersCallback): void {
    const index = this.#postSet.indexOf(callback);
    if (index >= 0) this.#postSet.splice(index, 1);
  }

  // ---- graph queries: the simulation's graph, as rclnodejs's Node answers them

  getNodeNames(): string[] {
    return this.#graph('getNodeNames') as string[];
  }

  getNodeNamesAndNamespaces(): { name: string; namespace: string }[] {
    return this.#graph('getNodeNamesAndNamespaces') as { name: string; namespace: string }[];
  }

  getNodeNamesAndNamespacesWithEnclaves(): { name: string; namespace: string; enclave: string }[] {
    return this.#graph('getNodeNamesAndNamespacesWithEnclaves') as { name: string; namespace: string; enclave: string }[];
  }

  getTopicNamesAndTypes(): NamesAndTypes {
    return this.#graph('getTopicNamesAndTypes') as NamesAndTypes;
  }

  getServiceNamesAndTypes(): NamesAndTypes {
    return this.#graph('getServiceNamesAndTypes') as NamesAndTypes;
  }

  getPublisherNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph('getPublisherNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  getSubscriptionNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph('getSubscriptionNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  getServiceNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph('getServiceNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  getClientNamesAndTypesByNode(nodeName: string, namespace = '/'): NamesAndTypes {
    return this.#graph('getClientNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  countPublishers(topic: string): number {
    return this.#graph('countPublishers', topic) as number;
  }

  countSubscribers(topic: string): number {
    return this.#graph('countSubscribers', topic) as number;
  }

  countServices(serviceName: string): number {
    return this.#graph('countServices', serviceName) as number;
  }

  countClients(serviceName: string): number {
    return this.#graph('countClients', serviceName) as number;
  }

  resolveTopicName(topicName: string, onlyExpand = false): string {
    return this.#graph('resolveTopicName', topicName, onlyExpand) as string;
  }

  resolveServiceName(service: string, onlyExpand = false): string {
    return this.#graph('resolveServiceName', service, onlyExpand) as string;
  }

  #graph(query: GraphQueryName, ...args: (string | boolean)[]): unknown {
    return this.#port.queryGraph(this.#info.id, query, args);
  }

  /** What the node's ROS clock reads: sim time. */
  now(): Time {
    return Time.fromNanoseconds(this.#port.now(), ClockType.ROS_TIME);
  }

  createPublisher(typeClass: string | TypeClass, topic: string, options: CreateOptions = {}, eventCallbacks?: unknown): Publisher {
    if (eventCallbacks !== undefined) notYet('a publisher with event callbacks');
    const type = interfaceTypeName(typeClass, 'msg');
    const created = this.#port.createPublisher({ node: this.#info.id, type, topic, qos: options.qos });
    return new Publisher(this.#port, created.id, type, created.topic);
  }

  createSubscription(
    typeClass: string | TypeClass,
    topic: string,
    optionsOrCallback: CreateOptions | MessageCallback | undefined,
    maybeCallback?: MessageCallback,
    eventCallbacks?: unknown,
  ): Subscription {
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
    if (typeof callback !== 'function') throw new TypeError('createSubscription needs a callback function');
    const { qos, ...options } = typeof optionsOrCallback === 'function' || optionsOrCallback === undefined ? {} : optionsOrCallback;
    if (eventCallbacks !== undefined) notYet('a subscription with event callbacks');
    if (options.contentFilter !== undefined) notYet('a content-filtered subscription');
    if (options.enableTypedArray === false || (options.serializationMode ?? 'default') !== 'default') notYet('a subscription without typed arrays');
    const type = interfaceTypeName(typeClass, 'msg');
    const subscription = new Subscription(type, callback);
    const created = this.#port.createSubscription({ node: this.#info.id, type, topic, qos, options }, subscription.deliver);
    return subscription.created(created.id, created.topic);
  }

  /** `period` is bigint nanoseconds (a number means milliseconds, as rclnodejs 0.x took it). */
  createTimer(period: bigint | number, callback: TimerCallback, options: { autostart?: boolean } = {}): Timer {
    if (typeof callback !== 'function') throw new TypeError('createTimer needs a callback function');
    const ns = typeof period === 'bigint' ? period : BigInt(Math.round(period * 1e6));
    const timer = new Timer(this.#port, callback);
    return timer.created(this.#port.createTimer(this.#info.id, ns, options.autostart ?? true, timer.fire));
  }

  createService(
    typeClass: string | TypeClass,
    serviceName: string,
    optionsOrCallback: CreateOptions | ServiceHandler | undefined,
    maybeCallback?: ServiceHandler,
  ): Service {
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
    if (typeof callback !== 'function') throw new TypeError('createService needs a callback function');
    const qos = typeof optionsOrCallback === 'function' ? undefined : optionsOrCallback?.qos;
    const type = interfaceTypeName(typeClass, 'srv');
    const service = new Service(callback, () => this.#port.defaultMessage(`${type}_Response`));
    const created = this.#port.createService({ node: this.#info.id, type, service: serviceName, qos }, service.serve);
    return service.created(created.id, created.service);
  }

  /** A Rate ticking every 1/hz s of sim time from now (rclnodejs's createRate is async). */
  async createRate(hz = 1): Promise<Rate> {
    return new Rate(this.#port, this.#port.createRate(this.#info.id, hz), hz);
  }

  createClient(typeClass: string | TypeClass, serviceName: string, options: CreateOptions = {}): Client {
    const type = interfaceTypeName(typeClass, 'srv');
    const created = this.#port.createClient({ node: this.#info.id, type, service: serviceName, qos: options.qos });
    return new Client(this.#port, created.id, created.service);
  }

  destroyPublisher(publisher: Publisher): void {
    this.#port.destroyEntity(publisher.id);
  }

  destroySubscription(subscription: Subscription): void {
    this.#port.destroyEntity(subscription.id);
  }

  destroyTimer(timer: Timer): void {
    this.#port.destroyEntity(timer.id);
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

  destroy(): void {
    this.#port.destroyNode(this.#info.id);
  }
}
