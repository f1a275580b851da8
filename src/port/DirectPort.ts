import type { CallerFrame } from '../engine/callerFrame.js';
import type { ScheduledAction } from '../engine/ScheduledActions.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Client } from '../rcl/Client.js';
import { Context } from '../rcl/Context.js';
import { Logging } from '../rcl/Logging.js';
import type { LoggingSeverity } from '../rcl/LogOutput.js';
import { Node } from '../rcl/Node.js';
import { NodeOptions } from '../rcl/NodeOptions.js';
import type { PostSetParametersCallback, PreSetParametersCallback, SetParametersCallback, SetParametersResult } from '../rcl/NodeParameters.js';
import { msToNs } from '../rcl/nanoseconds.js';
import type { Parameter, ParameterDescriptor } from '../rcl/Parameter.js';
import type { Program } from '../rcl/Program.js';
import type { Timeout } from '../rcl/ProgramTimers.js';
import type { Publisher } from '../rcl/Publisher.js';
import type { QoS } from '../rcl/QoS.js';
import { Rate } from '../rcl/Rate.js';
import type { Service } from '../rcl/Service.js';
import type { Simulation } from '../rcl/Simulation.js';
import type { Subscription, SubscriptionOptions } from '../rcl/Subscription.js';
import type { Timer } from '../rcl/Timer.js';
import {
  GRAPH_QUERIES,
  type GraphQueryName,
  type MessageCallback,
  type NodeInfo,
  type NodePort,
  type NodeSpec,
  type ParameterHook,
  type ParameterHookKind,
  type RequestTimeout,
  type ServiceCallback,
  type ServiceSpec,
  type Severity,
  type TimerCallback,
  type TopicSpec,
} from './NodePort.js';

/** The job's operations a component uses (JobHandle's). */
export interface JobOperations {
  finish(code: number): void;
  setResult(name: string, value: unknown): void;
  readonly results: ReadonlyMap<string, unknown>;
  onEnd(callback: () => void | Promise<void>): void;
}

/** An endpoint the port made, by the simulation's entity id. */
type Endpoint = Publisher | Subscription | Timer | Service | Client;

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
  /** The program's contexts by id; 0 is its default context as it is now. */
  readonly #contexts: (Context | null)[] = [null];
  readonly #nodes = new Map<number, Node>();
  readonly #endpoints = new Map<number, Endpoint>();
  readonly #jsTimers = new Map<number, Timeout>();
  readonly #rates: Rate[] = [];
  /** Deadlines of requests sent with a timeout, by `client:sequence`. */
  readonly #deadlines = new Map<string, ScheduledAction>();

  constructor(simulation: Simulation, program: Program, job: JobOperations | null = null) {
    this.#simulation = simulation;
    this.#program = program;
    this.#job = job;
  }

  now(): bigint {
    return this.#simulation.engine.nowAbs;
  }

  createContext(): number {
    this.#contexts.push(new Context(undefined, this.#program));
    return this.#contexts.length - 1;
  }

  #context(id: number): Context {
    const context = id === 0 ? this.#program.defaultContext : this.#contexts[id];
    if (context === undefined || context === null) throw new Error(`no context ${id} in program ${this.#program.name}`);
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
    const node = new Node(spec.name, spec.namespace, this.#context(spec.context), NodeOptions.from(spec.options), spec.args, spec.useGlobalArguments);
    this.#nodes.set(node.nodeId, node);
    return { id: node.nodeId, name: node.name(), namespace: node.namespace(), logger: node.getLogger().name };
  }

  #node(id: number): Node {
    const node = this.#nodes.get(id);
    if (node === undefined) throw new Error(`no node ${id} in program ${this.#program.name}`);
    return node;
  }

  /** The fully qualified names of the program's nodes that are alive, for messages about the program. */
  nodeNames(): string[] {
    return [...this.#nodes.values()].filter((node) => !node.isDestroyed).map((node) => node.getFullyQualifiedName());
  }

  destroyNode(node: number): void {
    this.#node(node).destroy();
    this.#nodes.delete(node);
  }

  spin(node: number, how: 'spin' | 'spinOnce' | 'stop'): void {
    const found = this.#node(node);
    if (how === 'spin') found.spin();
    else if (how === 'spinOnce') found.spinOnce();
    else found.stop();
  }

  createPublisher(spec: TopicSpec): { id: number; topic: string } {
    const publisher = this.#node(spec.node).createPublisher(spec.type, spec.topic, { qos: spec.qos as QoS | undefined });
    this.#endpoints.set(publisher.entityId, publisher);
    return { id: publisher.entityId, topic: publisher.topic };
  }

  #endpoint<T extends Endpoint>(id: number, what: string): T {
    const endpoint = this.#endpoints.get(id);
    if (endpoint === undefined) throw new Error(`${what}: no entity ${id} in program ${this.#program.name}`);
    return endpoint as T;
  }

  publish(publisher: number, message: Message | Buffer): void {
    this.#endpoint<Publisher>(publisher, 'publish').publish(message as never);
  }

  createSubscription(spec: TopicSpec & { options: Readonly<Record<string, unknown>> }, callback: MessageCallback): { id: number; topic: string } {
    const options = { ...(spec.options as SubscriptionOptions), qos: spec.qos as QoS | undefined };
    const subscription = this.#node(spec.node).createSubscription(spec.type, spec.topic, options, callback);
    this.#endpoints.set(subscription.entityId, subscription);
    return { id: subscription.entityId, topic: subscription.topic };
  }

  createTimer(node: number, period: bigint, autostart: boolean, callback: TimerCallback): number {
    const timer = this.#node(node).createTimer(period, callback, { autostart });
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
    const service = this.#node(spec.node).createService(spec.type, spec.service, { qos: spec.qos as QoS | undefined }, (request, response) =>
      callback(request, (message) => response.send(message as never)),
    );
    this.#endpoints.set(service.entityId, service);
    return { id: service.entityId, service: service.serviceName };
  }

  createClient(spec: ServiceSpec): { id: number; service: string } {
    const client = this.#node(spec.node).createClient(spec.type, spec.service, { qos: spec.qos as QoS | undefined });
    this.#endpoints.set(client.entityId, client);
    return { id: client.entityId, service: client.serviceName };
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

  hookParameters(node: number, kind: ParameterHookKind, hook: ParameterHook): void {
    const found = this.#node(node);
    if (kind === 'preSet') found.addPreSetParametersCallback(hook as PreSetParametersCallback);
    else if (kind === 'onSet') found.addOnSetParametersCallback(hook as SetParametersCallback);
    else found.addPostSetParametersCallback(hook as PostSetParametersCallback);
  }

  defaultMessage(type: string): unknown {
    return this.#simulation.interfaces.message(type).createDefault();
  }

  createRate(node: number, hz: number): number {
    this.#node(node);
    this.#rates.push(new Rate(this.#simulation, hz));
    return this.#rates.length;
  }

  rateSleep(rate: number, onTick: () => unknown): void {
    this.#settled(this.#rate(rate).sleep(), onTick);
  }

  cancelRate(rate: number): void {
    this.#rate(rate).cancel();
  }

  #rate(id: number): Rate {
    const rate = this.#rates[id - 1];
    if (rate === undefined) throw new Error(`no rate ${id} in program ${this.#program.name}`);
    return rate;
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

  log(logger: string, severity: Severity, message: string, caller: () => CallerFrame): boolean {
    return new Logging(logger, this.#simulation).logAt(severity as LoggingSeverity, message, caller);
  }
}
