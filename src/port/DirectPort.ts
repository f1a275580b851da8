import type { CallerFrame } from '../base/callerFrame.js';
import type { Executable } from '../engine/Executable.js';
import type { TasksTurn } from '../engine/executors/RclpyExecutor.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { Message } from '../interfaces/plainMessages.js';
import { PublisherEventCallbacks, SubscriptionEventCallbacks } from '../ros/eventCallbacks.js';
import type { LoggingSeverity } from '../ros/LogOutput.js';
import { NodeOptions } from '../ros/NodeOptions.js';
import type { PostSetParametersCallback, PreSetParametersCallback, SetParametersCallback, SetParametersResult } from '../ros/NodeParameters.js';
import { msToNs } from '../ros/nanoseconds.js';
import type { Parameter, ParameterDescriptor } from '../ros/Parameter.js';
import type { QoS } from '../ros/QoS.js';
import type { AssertionKind } from '../sim/Assertions.js';
import { Client } from '../sim/Client.js';
import { Context } from '../sim/Context.js';
import type { EventHandler } from '../sim/EntityEvents.js';
import { GuardCondition } from '../sim/GuardCondition.js';
import { Logging } from '../sim/Logging.js';
import { Node } from '../sim/Node.js';
import type { Program } from '../sim/Program.js';
import type { Timeout } from '../sim/ProgramTimers.js';
import { Publisher } from '../sim/Publisher.js';
import { Service } from '../sim/Service.js';
import type { Simulation } from '../sim/Simulation.js';
import { Subscription, type SubscriptionOptions } from '../sim/Subscription.js';
import { Timer } from '../sim/Timer.js';
import { IdTable } from './IdTable.js';
import {
  type CreatedPublisher,
  type CreatedTopicEndpoint,
  ENTITY_EVENTS,
  ENTITY_OPS,
  type EntityListing,
  type EntityOpName,
  type EventHooks,
  GRAPH_QUERIES,
  type GraphQueryName,
  type MessageTarget,
  type NodeInfo,
  type NodePort,
  type NodeSpec,
  type ParameterHook,
  type ParameterHookKind,
  type RequestTimeout,
  type ServiceCallback,
  type ServiceSpec,
  type Severity,
  type SubscriptionSpec,
  type TimerTarget,
  type TopicSpec,
} from './NodePort.js';

/** The job's operations a component uses (JobHandle's). */
export interface JobOperations {
  finish(code: number): void;
  setResult(name: string, value: unknown): void;
  readonly results: ReadonlyMap<string, unknown>;
  onEnd(callback: () => void | Promise<void>): void;
}

/** An entity the port made or listed, by the simulation's entity id. */
type Endpoint = Publisher | Subscription | Timer | Service | Client | GuardCondition | EventHandler;

/** Each program's port, made on its first use. */
const ports = new WeakMap<Program, DirectPort>();

/** rclnodejs's event callback names, in the order rcl makes their handlers. */
const EVENT_NAMES = ENTITY_EVENTS;

/**
 * The node port of an in-process program: each operation is a call into `rcl/`, in the
 * simulation's thread, with message objects as the client normalized them (no CDR). A program
 * in its own process reaches the same calls through its socket, so both give the same run.
 */
export class DirectPort implements NodePort {
  readonly #simulation: Simulation;
  readonly #program: Program;
  /** A component's job (none for a program). */
  readonly #job: JobOperations | null;
  /** The program's contexts by id. */
  readonly #contexts: Context[] = [];
  readonly #nodes = new Map<number, Node>();
  readonly #endpoints = new IdTable<Endpoint>();
  readonly #jsTimers = new Map<number, Timeout>();
  readonly #wakes = new Map<number, ScheduledAction>();
  #wakeIds = 0;
  /** Deadlines of requests sent with a timeout, by `client:sequence`. */
  readonly #deadlines = new Map<string, ScheduledAction>();

  private constructor(simulation: Simulation, program: Program, job: JobOperations | null) {
    this.#simulation = simulation;
    this.#program = program;
    this.#job = job;
  }

  /** The port of `program`, one per program whichever transport reaches it (a component's with its job). */
  static of(program: Program, job: JobOperations | null = null): DirectPort {
    let port = ports.get(program);
    if (port === undefined) {
      port = new DirectPort(program.simulation, program, job);
      ports.set(program, port);
    }
    return port;
  }

  get interfaces(): InterfaceRegistry {
    return this.#simulation.interfaces;
  }

  get strictMessages(): boolean {
    return this.#simulation.strictMessages;
  }

  now(): bigint {
    return this.#simulation.engine.nowAbs;
  }

  createContext(): number {
    return this.#contextId(new Context(this.#program));
  }

  defaultContext(): number {
    return this.#contextId(this.#program.defaultContext);
  }

  #contextId(context: Context): number {
    const known = this.#contexts.indexOf(context);
    if (known >= 0) return known;
    this.#contexts.push(context);
    return this.#contexts.length - 1;
  }

  #context(id: number): Context {
    const context = this.#contexts[id];
    if (context === undefined) throw new Error(`no context ${id} in program ${this.#program.name}`);
    return context;
  }

  initContext(context: number, argv: readonly string[]): void {
    this.#context(context).init(argv);
  }

  shutdownContext(context: number): void {
    this.#context(context).shutdown();
  }

  contextState(context: number): 'uninitialized' | 'initialized' | 'shutdown' {
    const found = this.#context(context);
    return found.isShutdown() ? 'shutdown' : found.isInitialized() ? 'initialized' : 'uninitialized';
  }

  createNode(spec: NodeSpec): NodeInfo {
    const options = spec.options instanceof NodeOptions ? spec.options : NodeOptions.from(spec.options);
    const node = new Node(spec.name, spec.namespace, this.#context(spec.context), options, spec.args, spec.useGlobalArguments);
    this.#nodes.set(node.nodeId, node);
    return { id: node.nodeId, name: node.name(), namespace: node.namespace(), logger: node.getLogger().name };
  }

  #node(id: number): Node {
    const node = this.#nodes.get(id);
    if (node === undefined) throw new Error(`no node ${id} in program ${this.#program.name}`);
    return node;
  }

  destroyNode(node: number): void {
    this.#node(node).destroy();
    this.#nodes.delete(node);
  }

  spin(node: number, how: 'spin' | 'spinOnce' | 'stop', threads = 1): void {
    const found = this.#node(node);
    if (how === 'spin') {
      this.#simulation.programExecutors.spinWith(this.#program, Math.max(1, threads), found);
      found.spin();
    } else if (how === 'spinOnce') found.spinOnce();
    else found.stop();
  }

  hold(entity: number, on: boolean): void {
    this.#simulation.programExecutors.hold(this.#program, entity === 0 ? null : entity, on);
  }

  /**
   * The entity joins a callback group of the program (Create's callback_group fields): its
   * client's executor model schedules by them; `mayRun` asks the program whether a custom
   * group lets it run now.
   */
  placeInGroup(entity: number, group: number, reentrant: boolean, mayRun?: (entity: Executable) => boolean): void {
    this.#simulation.programExecutors.placeInGroup(this.#program, entity, group, reentrant, mayRun);
  }

  /**
   * The program has pending tasks after a callback: true when its client's executor model runs
   * them (`run` when it takes them up); false: they run at the next yield.
   */
  tasksWaiting(run: () => void, how: TasksTurn): boolean {
    return this.#simulation.programExecutors.tasksWaiting(this.#program, run, how);
  }

  /** Whether the program's tasks run in its client's executor model (one task per turn) rather than all at once. */
  get runsTasks(): boolean {
    return this.#simulation.programExecutors.runsTasksOf(this.#program);
  }

  nodeEntities(node: number): EntityListing[] {
    return this.#node(node)
      ._listedEntities()
      .map((entity) => {
        this.#endpoints.set(entity.entityId, entity as Endpoint);
        return listing(entity as Endpoint);
      });
  }

  createPublisher(spec: TopicSpec & { events?: EventHooks }): CreatedPublisher {
    const callbacks = eventCallbacks(spec.events);
    const publisher = this.#node(spec.node).createPublisher(spec.type, spec.topic, { qos: spec.qos as QoS | undefined }, callbacks as PublisherEventCallbacks);
    return { ...this.#created(publisher, spec.events), sink: publisher };
  }

  /** An endpoint and its event handlers, which rcl made in the order of EVENT_NAMES. */
  #created(endpoint: Publisher | Subscription, hooks: EventHooks | undefined): CreatedTopicEndpoint {
    this.#endpoints.set(endpoint.entityId, endpoint);
    const handlers = endpoint.events?.handlers ?? [];
    const names = EVENT_NAMES.filter((name) => typeof hooks?.callbacks[name] === 'function' && (name !== 'messageLost' || hooks.subscription));
    const events = handlers.map((handler, i) => {
      this.#endpoints.set(handler.entityId, handler);
      return { name: names[i]!, id: handler.entityId };
    });
    return { id: endpoint.entityId, topic: endpoint.topic, events };
  }

  #endpoint<T extends Endpoint>(id: number, what: string): T {
    const endpoint = this.#endpoints.get(id);
    if (endpoint === undefined) throw new Error(`${what}: no entity ${id} in program ${this.#program.name}`);
    return endpoint as T;
  }

  /** `owned`: CDR bytes nobody writes again (a program's publish, a view of its frame), taken without a copy. */
  publish(publisher: number, message: Message | Buffer, owned = false): void {
    const found = this.#endpoint<Publisher>(publisher, 'publish');
    if (owned) found.publishCdr(message as Buffer);
    else found.publish(message as never);
  }

  createSubscription(spec: SubscriptionSpec, target: MessageTarget): CreatedTopicEndpoint {
    const options = { ...(spec.options as SubscriptionOptions), qos: spec.qos as QoS | undefined, messageInfo: spec.wantsInfo };
    const callbacks = eventCallbacks(spec.events);
    const subscription = this.#node(spec.node).createSubscription(spec.type, spec.topic, options, target, callbacks as SubscriptionEventCallbacks);
    return this.#created(subscription, spec.events);
  }

  createTimer(node: number, period: bigint, autostart: boolean, target: TimerTarget): number {
    const timer = this.#node(node).createTimer(period, target, { autostart });
    this.#endpoints.set(timer.entityId, timer);
    return timer.entityId;
  }

  cancelTimer(timer: number): void {
    this.#endpoint<Timer>(timer, 'cancel timer').cancel();
  }

  resetTimer(timer: number): void {
    this.#endpoint<Timer>(timer, 'reset timer').reset();
  }

  timerState(timer: number): { canceled: boolean; period: bigint; nextCall: bigint; lastCall: bigint } {
    const found = this.#endpoint<Timer>(timer, 'timer');
    const now = this.now();
    return { canceled: found.isCanceled(), period: found.period, nextCall: found.getNextCallTime(), lastCall: now - found.timeSinceLastCall() };
  }

  createService(spec: ServiceSpec, callback: ServiceCallback): { id: number; service: string } {
    const options = { qos: spec.qos as QoS | undefined, enableTypedArray: spec.plainArrays !== true, isRaw: spec.raw === true };
    const service = this.#node(spec.node).createService(spec.type, spec.service, options, callback);
    this.#endpoints.set(service.entityId, service);
    return { id: service.entityId, service: service.serviceName };
  }

  createClient(spec: ServiceSpec): { id: number; service: string } {
    const options = { qos: spec.qos as QoS | undefined, enableTypedArray: spec.plainArrays !== true, isRaw: spec.raw === true };
    const client = this.#node(spec.node).createClient(spec.type, spec.service, options);
    this.#endpoints.set(client.entityId, client);
    return { id: client.entityId, service: client.serviceName };
  }

  addAction(node: number, type: string, parts: readonly number[]): number {
    return this.#node(node)._addAction(
      this.#simulation.interfaces.action(type),
      parts.map((part) => this.#endpoint(part, 'add action')),
    );
  }

  removeAction(node: number, action: number): void {
    for (const part of this.#node(node)._removeAction(action)) this.#endpoints.delete(part.entityId);
  }

  createGuardCondition(node: number, callback: () => unknown): number {
    const guard = this.#node(node).createGuardCondition(callback);
    this.#endpoints.set(guard.entityId, guard);
    return guard.entityId;
  }

  triggerGuard(guard: number): void {
    this.#endpoint<GuardCondition>(guard, 'trigger').trigger();
  }

  entityOp(entity: number, op: EntityOpName, args: readonly unknown[]): unknown {
    if (!ENTITY_OPS.includes(op)) throw new Error(`no entity operation '${op}'`);
    const found = this.#endpoint(entity, op);
    const one = args[0];
    switch (op) {
      case 'subscriptionCount':
        return (found as Publisher).subscriptionCount;
      case 'waitForAllAcked':
        return (found as Publisher).waitForAllAcked();
      case 'assertLiveliness':
        return (found as Publisher).assertLiveliness();
      case 'gid':
        return found.endpointGid();
      case 'publisherCount':
        return (found as Subscription).publisherCount;
      case 'setContentFilter':
        return (found as Subscription).setContentFilter(one as never);
      case 'clearContentFilter':
        return (found as Subscription).clearContentFilter();
      case 'qosProfile':
        return (found as Service).getOptions();
      case 'configureIntrospection':
        return (found as Service | Client).configureIntrospection(null, args[1] as never, args[2] as number);
      case 'isReady':
        return (found as Timer).isReady();
      case 'nextCallTime':
        return (found as Timer).getNextCallTime();
      case 'callTimerWithInfo':
        return (found as Timer).callTimerWithInfo();
      case 'changeTimerPeriod':
        return (found as Timer).changeTimerPeriod(one as bigint);
      case 'takeData':
        return (found as EventHandler).takeData();
    }
  }

  /** As rcl's sendRequestAsync orders it: the request goes out, then its deadline is set; whichever comes first cancels the other. */
  sendRequest(client: number, request: unknown, onResponse: (response: unknown) => unknown, timeout?: RequestTimeout): number {
    const found = this.#endpoint<Client>(client, 'send request');
    if (timeout === undefined) return found.dispatch(request, onResponse);
    const sequence = found.dispatch(request, (response) => {
      this.#clearDeadline(client, sequence);
      return onResponse(response);
    });
    if (timeout.ms < 0) return sequence;
    const deadline = this.#simulation.engine.scheduleAfter(msToNs(timeout.ms), () => {
      // The client may be gone by now: its request is still forgotten, and the program told.
      found.forget(sequence);
      this.#deadlines.delete(`${client}:${sequence}`);
      try {
        timeout.onTimeout();
      } catch (error) {
        this.#fail(error);
      }
    });
    this.#deadlines.set(`${client}:${sequence}`, deadline);
    return sequence;
  }

  forgetRequest(client: number, request: number): void {
    this.#endpoint<Client>(client, 'forget request').forget(request);
    this.#clearDeadline(client, request);
  }

  #clearDeadline(client: number, request: number): void {
    const deadline = this.#deadlines.get(`${client}:${request}`);
    if (deadline === undefined) return;
    this.#deadlines.delete(`${client}:${request}`);
    this.#simulation.engine.cancelAction(deadline);
  }

  serviceIsReady(client: number): boolean {
    return this.#endpoint<Client>(client, 'service is ready').isServiceServerAvailable();
  }

  queryGraph(node: number, query: GraphQueryName, args: readonly (string | boolean)[]): unknown {
    if (!GRAPH_QUERIES.includes(query)) throw new Error(`no graph query '${query}'`);
    return (this.#node(node)[query] as (...args: readonly (string | boolean)[]) => unknown)(...args);
  }

  waitForService(client: number, timeoutMs: number | undefined, onSettled: (available: boolean) => unknown): void {
    this.#settled(this.#endpoint<Client>(client, 'wait for service').waitForService(timeoutMs), onSettled);
  }

  declareParameters(node: number, parameters: readonly Parameter[], descriptors: readonly ParameterDescriptor[], ignoreOverrides: boolean): Parameter[] {
    return this.#node(node).declareParameters([...parameters], [...descriptors], ignoreOverrides);
  }

  getParameter(node: number, name: string): Parameter {
    return this.#node(node).getParameter(name);
  }

  getParameters(node: number, names: readonly string[]): Parameter[] {
    return this.#node(node).getParameters([...names]);
  }

  setParameters(node: number, parameters: readonly Parameter[], atomically: boolean): SetParametersResult[] {
    const found = this.#node(node);
    return atomically ? [found.setParametersAtomically([...parameters])] : found.setParameters([...parameters]);
  }

  undeclareParameter(node: number, name: string): void {
    this.#node(node).undeclareParameter(name);
  }

  hasParameter(node: number, name: string): boolean {
    return this.#node(node).hasParameter(name);
  }

  parameterNames(node: number): string[] {
    return this.#node(node).getParameterNames();
  }

  hasParameterDescriptor(node: number, name: string): boolean {
    return this.#node(node).hasParameterDescriptor(name);
  }

  parameterDescriptors(node: number, names: readonly string[]): ParameterDescriptor[] {
    return this.#node(node).getParameterDescriptors([...names]);
  }

  parameterOverrides(node: number): Parameter[] {
    return this.#node(node).getParameterOverrides();
  }

  /** Where each of parameterOverrides() came from, for a program that keeps its parameters (a Python program) to name in its errors. */
  parameterOverrideSources(node: number): string[] {
    return this.#node(node).parameterOverrideSources();
  }

  hookParameters(node: number, kind: ParameterHookKind, hook: ParameterHook): void {
    const found = this.#node(node);
    if (kind === 'preSet') found.addPreSetParametersCallback(hook as PreSetParametersCallback);
    else if (kind === 'onSet') found.addOnSetParametersCallback(hook as SetParametersCallback);
    else found.addPostSetParametersCallback(hook as PostSetParametersCallback);
  }

  defaultMessage(type: string): unknown {
    return this.#simulation.interfaces.message(type).createDefault();
  }

  resume(): void {
    this.#simulation.engine.requestYield();
  }

  wakeAt(at: bigint, onWake: () => unknown, weak: boolean, afterReady = false): number {
    const id = ++this.#wakeIds;
    const wake = this.#simulation.engine.scheduleAt(
      at,
      () => {
        this.#wakes.delete(id);
        try {
          onWake();
        } catch (error) {
          this.#fail(error);
        }
      },
      weak,
      afterReady,
    );
    this.#wakes.set(id, wake);
    return id;
  }

  cancelWake(wake: number): void {
    const action = this.#wakes.get(wake);
    if (action === undefined) return;
    this.#wakes.delete(wake);
    this.#simulation.engine.cancelAction(action);
  }

  /** `then` runs as a reaction to rcl's promise (where an in-process program's `await` resumes); what it throws fails the run as the program's. */
  #settled<T>(promise: Promise<T>, then: (value: T) => unknown): void {
    promise.then(then).catch(this.#fail);
  }

  /** What the program's code run from here threw (a continuation, a timeout): the program's failure, as in-process. */
  readonly #fail = (error: unknown): void => {
    const engine = this.#simulation.engine;
    engine.failCallback(`program ${this.#program.name}`, engine.nowAbs, error);
  };

  nextGoalId(): Uint8Array {
    return this.#simulation.goalIds.next();
  }

  /** What in-process failures call the entity (a timer, a subscription, a JavaScript timer …) whose callback ran as `entity`; undefined once it is gone, or for one that runs none. */
  callbackLabel(entity: number): string | undefined {
    const owner = this.#endpoints.get(entity) ?? this.#jsTimers.get(entity);
    return owner !== undefined && 'label' in owner ? owner.label : undefined;
  }

  startJsTimer(kind: 'setTimeout' | 'setInterval' | 'setImmediate', delayMs: number, callback: () => unknown): number {
    const timer = this.#simulation.programTimers.start(kind, callback, delayMs, [], this.#program);
    this.#jsTimers.set(timer.entityId, timer);
    return timer.entityId;
  }

  jsTimer(timer: number, op: 'cancel' | 'ref' | 'unref' | 'refresh'): void {
    const found = this.#jsTimers.get(timer);
    if (found === undefined) return;
    if (op === 'cancel') {
      found.cancel();
      this.#jsTimers.delete(timer);
    } else found[op]();
  }

  finishJob(code: number): void {
    this.#jobOf('finish').finish(code);
  }

  setResult(name: string, value: unknown): void {
    this.#jobOf('setResult').setResult(name, value);
  }

  getResult(name: string): unknown {
    return this.#jobOf('results').results.get(name);
  }

  onEnd(hook: () => unknown): void {
    this.#jobOf('onEnd').onEnd(async () => {
      await hook();
    });
  }

  proposeStartTime(startNs: bigint): boolean {
    return this.#simulation.engine.proposeStartTime(startNs);
  }

  #jobOf(operation: string): JobOperations {
    if (this.#job === null) throw new Error(`job.${operation}: ${this.#program.name} is a program, and only a component of the job has the job's operations`);
    return this.#job;
  }

  exit(code: number): never {
    return this.#simulation.exitProgram(this.#program, code);
  }

  destroyEntity(entity: number): void {
    const endpoint = this.#endpoint(entity, 'destroy');
    this.#endpoints.delete(entity);
    endpoint.node.destroyEndpoint(endpoint);
  }

  loggerLevel(logger: string): number {
    return this.#simulation.logOutput.effectiveLevel(logger);
  }

  setLoggerLevel(logger: string, level: number): void {
    this.#simulation.logOutput.setLevel(logger, level as LoggingSeverity);
  }

  addSublogger(parent: string, child: string): boolean {
    return this.#simulation.rosout.addSublogger(parent, child);
  }

  removeSublogger(parent: string, child: string): void {
    this.#simulation.rosout.removeSublogger(parent, child);
  }

  log(logger: string, severity: Severity, message: string, caller: () => CallerFrame): boolean {
    return new Logging(logger, this.#simulation).logAt(severity as LoggingSeverity, message, caller);
  }

  assertion(kind: AssertionKind, message: string, holds: boolean, details: string): void {
    this.#simulation.assertions.record(kind, message, holds, details, this.#program.name);
  }
}

/** rcl's event callbacks object of the kind the hooks name, its callbacks the program's. */
function eventCallbacks(hooks: EventHooks | undefined): PublisherEventCallbacks | SubscriptionEventCallbacks | undefined {
  if (hooks === undefined) return undefined;
  const callbacks = hooks.subscription ? new SubscriptionEventCallbacks() : new PublisherEventCallbacks();
  for (const name of EVENT_NAMES) {
    const callback = hooks.callbacks[name];
    if (typeof callback === 'function') Object.assign(callbacks, { [name]: callback });
  }
  return callbacks;
}

function listing(entity: Endpoint): EntityListing {
  if (entity instanceof Publisher) return { id: entity.entityId, kind: 'publisher', name: entity.topic, type: entity.typeName };
  if (entity instanceof Subscription) return { id: entity.entityId, kind: 'subscription', name: entity.topic, type: entity.typeName };
  if (entity instanceof Service) return { id: entity.entityId, kind: 'service', name: entity.serviceName, type: entity.typeName };
  if (entity instanceof Client) return { id: entity.entityId, kind: 'client', name: entity.serviceName, type: entity.typeName };
  if (entity instanceof Timer) return { id: entity.entityId, kind: 'timer', name: '', type: '' };
  if (entity instanceof GuardCondition) return { id: entity.entityId, kind: 'guard_condition', name: '', type: '' };
  return { id: entity.entityId, kind: 'event', name: entity.channel, type: '' };
}
