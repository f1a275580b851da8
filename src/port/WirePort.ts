import type { CallerFrame } from '../base/callerFrame.js';
import { drainMicrotasks } from '../base/microtasks.js';
import { promiseEvents } from '../base/promiseActivity.js';
import { isThenable } from '../base/thenable.js';
import { deserializeMessage, serializeMessage } from '../interfaces/cdr.js';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import { toJSONSafe, toPlainArrays } from '../ros/jsonSafe.js';
import { MessageInfo } from '../ros/MessageInfo.js';
import type { SetParametersResult } from '../ros/NodeParameters.js';
import { Parameter, ParameterDescriptor } from '../ros/Parameter.js';
import type { AssertionKind } from '../sim/Assertions.js';
import type {
  CreatedPublisher,
  CreatedTopicEndpoint,
  EntityEventName,
  EntityListing,
  EntityOpName,
  EventHooks,
  GraphQueryName,
  MessageTarget,
  NodeInfo,
  NodePort,
  NodeSpec,
  ParameterHook,
  ParameterHookKind,
  RequestTimeout,
  ServiceCallback,
  ServiceSpec,
  Severity,
  SubscriptionSpec,
  TimerTarget,
  TopicSpec,
} from './NodePort.js';
import { failureFields, type ProgramFailure, programFailure, refusal } from './programFailures.js';
import { InterfaceCdr } from './wire/InterfaceCdr.js';
import {
  type ClientLink,
  type Done,
  type Outgoing,
  PARAMETER,
  PARAMETER_DESCRIPTORS,
  type ParameterReadWhat,
  QOS_DURATIONS,
  type Run,
  SET_PARAMETERS_ATOMICALLY_RESULT,
  SET_PARAMETERS_RESULT,
  SET_PARAMETERS_RESULTS,
  type ToClient,
  type ToSimulation,
  valueFromJson,
  valueToJson,
} from './wire/nodeMessages.js';
import * as ops from './wire/nodePortOps.js';
import { OutOfProtocol } from './wire/OutOfProtocol.js';
import { JS_TIMER_KIND, PARAMETER_HOOK, SPIN_HOW } from './wireNames.js';

/** What a Run carries to the callback that the program registered for its entity. */
type RunHandler = (run: Run) => unknown;

/** A callback's outcome as Done reports it: what failed (null: nothing), and what it returned. */
interface Outcome {
  failure: ProgramFailure | null;
  result: Uint8Array;
}

/** process.exitCode as Done carries it (no fields while it has no value). */
function exitCodeFields(code: number | string | null | undefined): Outgoing<Done> {
  return code === undefined || code === null ? {} : { exitCodeSet: true, exitCode: Number(code) };
}

/**
 * The node port of a separate program: every operation is a message on its socket
 * (proto/node.proto). Effects are sent and not answered; questions wait for their answer, and
 * while one waits the simulation may run this program's callbacks first (a spinOnce), which
 * this port runs as they come. Messages travel as CDR, made and read here with the same
 * definitions the simulation uses.
 */
export class WirePort implements NodePort {
  readonly #link: ClientLink;
  /** What the generated senders (wire/nodePortOps.ts) send and ask with. */
  readonly #ops: ops.PortLink = { send: (message) => this.#link.send(message), ask: (message) => this.#ask(message) };
  readonly #interfaces: InterfaceRegistry;
  readonly #cdr: InterfaceCdr;
  /** Sim time of the callback under way (Welcome's, then each Run's). */
  #now: bigint;
  #asks = 0;
  readonly #handlers = new Map<number, RunHandler>();
  /** Continuations of the program's Awaits, by the ids the simulation gave them (not entity ids). */
  readonly #awaits = new Map<number, RunHandler>();
  /** A component's end hooks, by the id JobOp.on_end gave them (their index). */
  readonly #endHooks: (() => unknown)[] = [];
  /** Message types of publishers and subscriptions; request/response types of services and clients. */
  readonly #messageTypes = new Map<number, MessageType>();
  readonly #serviceTypes = new Map<number, { request: MessageType; response: MessageType }>();
  /** Responses awaited by the program's clients, by client and sequence. */
  readonly #pendingResponses = new Map<string, { onResponse: (response: unknown) => unknown; timeout: RequestTimeout | undefined }>();
  /** The program's set-parameters callbacks, by node and kind (`3:ON_SET`). */
  readonly #parameterHooks = new Map<string, ParameterHook>();
  #sequence = 0;
  /** What the continuations under way came to, until their Done. */
  #outcome: Outcome | null = null;
  /** A failure of the program's code between runs (a rejected promise of a callback): its next continuations' Done says it. */
  #lateFailure: ProgramFailure | null = null;
  #yieldRequested = false;
  #inCallback = false;
  readonly #afterCallback: (() => void)[] = [];

  /** The program's name, as the simulation's lines name it. */
  readonly #programName: string;
  /** How this process really ends (the program's process.exit is virtual). */
  readonly #exitProcess: (code: number) => never;
  /** Whether the program wrote to its stdout or stderr since the last time this was asked. */
  readonly #wroteOutput: () => boolean;

  constructor(
    link: ClientLink,
    interfaces: InterfaceRegistry,
    welcome: { nowNs: bigint; strictMessages: boolean; programName: string },
    exitProcess: (code: number) => never,
    wroteOutput: () => boolean = () => true,
  ) {
    this.#link = link;
    this.#interfaces = interfaces;
    this.#cdr = new InterfaceCdr(interfaces);
    this.#now = welcome.nowNs;
    this.#programName = welcome.programName;
    this.strictMessages = welcome.strictMessages;
    this.#exitProcess = exitProcess;
    this.#wroteOutput = wroteOutput;
  }

  readonly strictMessages: boolean;

  get interfaces(): InterfaceRegistry {
    return this.#interfaces;
  }

  now(): bigint {
    return this.#now;
  }

  /**
   * Runs what the simulation granted (docs/design.md#node-processes), as the engine runs an
   * in-process program's: a callback at its sim time, then the work it queued for right after it
   * (process.nextTick); then Done, saying whether it left promise continuations behind. Those
   * run when the simulation says (Run kind CONTINUATION), where an in-process program's run —
   * after the callback is recorded — which this awaits (a promise is returned only then: any
   * other await would let them run early).
   */
  run(run: Run): Promise<void> | undefined {
    if (run.kind === 'CONTINUATION') return this.#continue(run);
    this.#runCallback(run);
    return undefined;
  }

  /** The program's continuations run, to the last; what rejects or throws meanwhile is the Done's error. */
  async #continue(run: Run): Promise<void> {
    this.#now = run.nowNs;
    const outcome: Outcome = { failure: this.#lateFailure, result: new Uint8Array() };
    this.#lateFailure = null;
    this.#outcome = outcome;
    await drainMicrotasks();
    this.#outcome = null;
    this.#done(run, outcome, false);
  }

  /** A callback: also one granted while a question waits (a spinOnce), whose continuations come later too. */
  #runCallback(run: Run): void {
    const promises = promiseEvents();
    // A callback run while one waits (nested) tells its own Done, and the one it runs in too.
    const outer = this.#yieldRequested;
    this.#yieldRequested = false;
    const outcome = this.#call(run);
    const after = this.#afterCallback;
    for (let work = after.shift(); work !== undefined; work = after.shift()) work();
    const pending = this.#yieldRequested || promiseEvents() !== promises;
    this.#yieldRequested = outer || pending;
    this.#done(run, outcome, pending);
  }

  /** Says Done, with each field named: a spread of the outcome defined the fields after it on V8's slow path, with a new map every callback. */
  #done(run: Run, outcome: Outcome, pending: boolean): void {
    const { failure } = outcome;
    const code = process.exitCode;
    if (failure === null && (code === undefined || code === null))
      this.#link.send({ done: { run: run.run, result: outcome.result, pending, wroteOutput: this.#wroteOutput() } });
    else {
      const fields = { ...(failure === null ? {} : failureFields(failure)), ...exitCodeFields(code) };
      this.#link.send({ done: { run: run.run, ...fields, result: outcome.result, pending, wroteOutput: this.#wroteOutput() } });
    }
  }

  /**
   * The program's top-level code ran (run 0): Done, with what failed — its code, which threw
   * (`thrown`) or could not load (`loadFailure`), or a promise of it meanwhile.
   */
  topLevelDone(ending: { thrown: unknown } | { loadFailure: string } | null): void {
    const failure = ending === null ? this.#lateFailure : 'thrown' in ending ? programFailure(ending.thrown) : null;
    this.#lateFailure = null;
    if (ending !== null && 'loadFailure' in ending) this.#link.send({ done: { run: 0, error: ending.loadFailure, loadFailed: true } });
    else this.#link.send({ done: { run: 0, ...(failure === null ? {} : failureFields(failure)), ...exitCodeFields(process.exitCode) } });
  }

  /** Continuations are pending (a promise settled, a microtask was queued): the simulation lets them run after the callback. */
  requestYield(): void {
    this.#yieldRequested = true;
  }

  /** Whether a callback runs now (not its continuations). */
  get inCallback(): boolean {
    return this.#inCallback;
  }

  /** `work` runs right after the callback under way, before its continuations (a process.nextTick of the callback). */
  afterCallback(work: () => void): void {
    this.#afterCallback.push(work);
  }

  /**
   * Code of the program that no callback of the simulation's names failed (a microtask, a tick,
   * a promise nothing handled): `label` names it as an in-process failure is named, with the
   * program's name. The callback or continuations under way fail with it.
   */
  codeFailed(label: (program: string) => string, error: unknown): void {
    this.#fail(programFailure(error, { label: label(this.#programName) }));
  }

  /** The first failure is the one told, as the engine keeps the first. */
  #fail(failure: ProgramFailure): void {
    if (this.#outcome !== null) this.#outcome.failure ??= failure;
    else this.#lateFailure ??= failure;
  }

  #call(run: Run): Outcome {
    this.#now = run.nowNs;
    const outcome: Outcome = { failure: null, result: new Uint8Array() };
    const outer = this.#inCallback;
    this.#inCallback = true;
    try {
      if (run.kind === 'PARAMETERS') {
        outcome.result = this.#runParameterHook(run);
        return outcome;
      }
      const handler =
        run.kind === 'END_HOOK' ? this.#endHooks[run.entity] : run.kind === 'SETTLED' ? this.#awaits.get(run.entity) : this.#handlers.get(run.entity);
      if (handler === undefined) throw new Error(`the simulation ran ${run.kind} ${run.entity}, which this program does not have`);
      const result = handler(run);
      if (isThenable(result)) {
        this.#yieldRequested = true;
        result.then(undefined, (error: unknown) => this.#fail(programFailure(error, { callback: run })));
      }
    } catch (error) {
      outcome.failure = programFailure(error);
    } finally {
      this.#inCallback = outer;
    }
    return outcome;
  }

  /** The node's set-parameters callbacks of the Run's kind, given the parameters to set: an on-set outcome in CDR. */
  #runParameterHook(run: Run): Uint8Array {
    const hook = this.#parameterHooks.get(`${run.entity}:${run.parameterHook}`);
    if (hook === undefined) throw new Error(`the simulation ran ${run.parameterHook} callbacks of node ${run.entity}, which this program has none of`);
    const result = hook(this.#cdr.decodeParameters(run.input));
    if (run.parameterHook === 'ON_SET') return this.#cdr.encode(SET_PARAMETERS_RESULT, result);
    if (run.parameterHook === 'PRE_SET' && Array.isArray(result)) return this.#cdr.encodeParameters(result as Parameter[]);
    return new Uint8Array();
  }

  /** Whether the program has asked the simulation anything yet (its code is running, not loading). */
  get used(): boolean {
    return this.#asks > 0;
  }

  #ask(message: Outgoing<ToSimulation>): ToClient {
    const ask = ++this.#asks;
    this.#link.send({ ...message, ask });
    for (;;) {
      const answer = this.#link.receive();
      if (answer.run !== undefined) {
        if (answer.run.kind === 'CONTINUATION') throw new OutOfProtocol('the simulation asked for continuations while a question waited');
        this.#runCallback(answer.run);
        continue;
      }
      if (answer.answers !== ask) throw new Error(`the simulation answered question ${answer.answers} while question ${ask} waited`);
      if (answer.failed !== undefined) throw refusal(answer.failed.message, answer.failed.kind, answer.failed.inputError);
      return answer;
    }
  }

  createContext(): number {
    return ops.contextOpCreate(this.#ops, 0);
  }

  defaultContext(): number {
    return ops.contextOpDefaultContext(this.#ops, 0);
  }

  initContext(context: number, argv: readonly string[]): void {
    ops.contextOpInit(this.#ops, context, argv);
  }

  shutdownContext(context: number): void {
    ops.contextOpShutdown(this.#ops, context);
  }

  contextState(context: number): 'uninitialized' | 'initialized' | 'shutdown' {
    return fromJson(ops.contextOpState(this.#ops, context)) as 'uninitialized' | 'initialized' | 'shutdown';
  }

  createNode(spec: NodeSpec): NodeInfo {
    const created = ops.create(this.#ops, {
      kind: 'NODE',
      context: spec.context,
      name: spec.name,
      namespace: spec.namespace,
      args: [...spec.args],
      useGlobalArguments: spec.useGlobalArguments,
      optionsJson: nodeOptionsJson(spec.options),
    });
    return { id: created.id, name: created.name, namespace: created.namespace, logger: created.logger };
  }

  destroyNode(node: number): void {
    ops.destroy(this.#ops, { id: node, node: true });
  }

  spin(node: number, how: 'spin' | 'spinOnce' | 'stop', threads = 1): void {
    ops.spin(this.#ops, { node, how: SPIN_HOW.toWire[how], threads });
  }

  hold(entity: number, on: boolean): void {
    ops.hold(this.#ops, { entity, on });
  }

  nodeEntities(node: number): EntityListing[] {
    return fromJson(ops.graphQuery(this.#ops, { query: 'nodeEntities', arguments: [String(node)] })) as EntityListing[];
  }

  createPublisher(spec: TopicSpec & { events?: EventHooks }): CreatedPublisher {
    const type = this.#interfaces.message(spec.type);
    const created = ops.create(this.#ops, {
      kind: 'PUBLISHER',
      node: spec.node,
      name: spec.topic,
      type: spec.type,
      qosJson: qosJson(spec.qos),
      events: eventNames(spec.events),
    });
    this.#messageTypes.set(created.id, type);
    return {
      id: created.id,
      topic: created.resolvedName,
      events: this.#eventHandlers(created.events, spec.events),
      sink: { publish: (message) => this.publish(created.id, message) },
    };
  }

  publish(publisher: number, message: Message | Buffer): void {
    const type = this.#messageTypes.get(publisher);
    if (type === undefined) throw new Error(`publish: no publisher ${publisher} in this program`);
    // Normalized here as in-process (the same errors, naming the field), then sent as CDR.
    const cdr = Buffer.isBuffer(message) ? message : serializeMessage(type, type.toMessage(message, false, this.strictMessages));
    ops.publish(this.#ops, { publisher, cdr });
  }

  /**
   * The simulation filters and buffers the messages and sends them as CDR; they reach the
   * callback as the subscription's options shape them (raw bytes, typed or plain arrays, JSON-safe).
   */
  createSubscription(spec: SubscriptionSpec, target: MessageTarget): CreatedTopicEndpoint {
    const type = this.#interfaces.message(spec.type);
    const options = spec.options as {
      isRaw?: boolean;
      enableTypedArray?: boolean;
      serializationMode?: string;
      contentFilter?: { expression?: string; parameters?: unknown[] };
    };
    const raw = options.isRaw === true;
    const mode = options.serializationMode ?? 'default';
    const shape = mode === 'json' ? toJSONSafe : mode === 'plain' || options.enableTypedArray === false ? toPlainArrays : null;
    const filter = options.contentFilter?.expression ? options.contentFilter : undefined;
    const created = ops.create(this.#ops, {
      kind: 'SUBSCRIPTION',
      node: spec.node,
      name: spec.topic,
      type: spec.type,
      qosJson: qosJson(spec.qos),
      events: eventNames(spec.events),
      filterExpression: filter?.expression ?? '',
      filterParameters: (filter?.parameters ?? []).map((parameter) => String(parameter)),
    });
    const wantsInfo = spec.wantsInfo;
    this.#handlers.set(created.id, (run) => {
      const decoded = raw ? Buffer.from(run.input) : deserializeMessage(type, Buffer.from(run.input));
      const message = shape === null || raw ? decoded : shape(decoded);
      if (!wantsInfo) return target.deliver(message);
      return target.deliver(
        message,
        new MessageInfo({
          sourceTimestamp: run.sourceTimestampNs,
          receivedTimestamp: run.receivedTimestampNs,
          publicationSequenceNumber: run.publicationSequence,
          receptionSequenceNumber: run.receptionSequence,
          publisherGid: Buffer.from(run.publisherGid),
        }),
      );
    });
    return { id: created.id, topic: created.resolvedName, events: this.#eventHandlers(created.events, spec.events) };
  }

  /** The handlers the simulation made for an endpoint's event callbacks: each runs as Run kind EVENT with its status as JSON. */
  #eventHandlers(made: readonly { name: string; id: number }[], hooks: EventHooks | undefined): { name: EntityEventName; id: number }[] {
    return made.map(({ name, id }) => {
      const callback = hooks?.callbacks[name as EntityEventName];
      if (callback === undefined) throw new Error(`the simulation made a ${name} event handler this program did not ask for`);
      this.#handlers.set(id, (run) => callback(valueFromJson(Buffer.from(run.input).toString()) as Record<string, unknown>));
      return { name: name as EntityEventName, id };
    });
  }

  createTimer(node: number, period: bigint, autostart: boolean, target: TimerTarget): number {
    const { id } = ops.create(this.#ops, { kind: 'TIMER', node, periodNs: period, canceled: !autostart });
    this.#handlers.set(id, (run) => target.fire(() => ({ expectedCallTime: run.expectedCallNs, actualCallTime: run.nowNs })));
    return id;
  }

  cancelTimer(timer: number): void {
    ops.timerOpCancel(this.#ops, timer);
  }

  resetTimer(timer: number): void {
    ops.timerOpReset(this.#ops, timer);
  }

  timerState(timer: number): { canceled: boolean; period: bigint; nextCall: bigint; lastCall: bigint } {
    const state = fromJson(ops.timerOpState(this.#ops, timer)) as { canceled: boolean; period: string; nextCall: string; lastCall: string };
    return { canceled: state.canceled, period: BigInt(state.period), nextCall: BigInt(state.nextCall), lastCall: BigInt(state.lastCall) };
  }

  createService(spec: ServiceSpec, callback: ServiceCallback): { id: number; service: string } {
    const types = this.#interfaces.service(spec.type);
    const created = ops.create(this.#ops, { kind: 'SERVICE', node: spec.node, name: spec.service, type: spec.type, qosJson: qosJson(spec.qos) });
    this.#serviceTypes.set(created.id, types);
    const shape = spec.plainArrays === true ? toPlainArrays : (request: unknown) => request;
    this.#handlers.set(created.id, (run) =>
      callback(shape(deserializeMessage(types.request, Buffer.from(run.input))), {
        send: (response) => {
          const cdr = serializeMessage(types.response, types.response.toMessage(response, false, this.strictMessages));
          ops.sendResponse(this.#ops, { service: created.id, request: run.request, cdr });
        },
      }),
    );
    return { id: created.id, service: created.resolvedName };
  }

  createClient(spec: ServiceSpec): { id: number; service: string } {
    const types = this.#interfaces.service(spec.type);
    const created = ops.create(this.#ops, { kind: 'CLIENT', node: spec.node, name: spec.service, type: spec.type, qosJson: qosJson(spec.qos) });
    this.#serviceTypes.set(created.id, types);
    const shape = spec.plainArrays === true ? toPlainArrays : (response: unknown) => response;
    this.#handlers.set(created.id, (run) => {
      const key = `${created.id}:${run.sequence}`;
      const pending = this.#pendingResponses.get(key);
      if (pending === undefined) return undefined;
      this.#pendingResponses.delete(key);
      // Called as plain functions: a method call would name the user's callback in its stack (its /rosout caller).
      const { onResponse, timeout } = pending;
      if (run.timedOut) return timeout?.onTimeout();
      return onResponse(shape(deserializeMessage(types.response, Buffer.from(run.input))));
    });
    return { id: created.id, service: created.resolvedName };
  }

  addAction(node: number, type: string, parts: readonly number[]): number {
    return ops.actionOpAdd(this.#ops, node, type, parts);
  }

  removeAction(node: number, action: number): void {
    ops.actionOpRemove(this.#ops, node, action);
  }

  createGuardCondition(node: number, callback: () => unknown): number {
    const { id } = ops.create(this.#ops, { kind: 'GUARD_CONDITION', node });
    this.#handlers.set(id, () => callback());
    return id;
  }

  triggerGuard(guard: number): void {
    ops.triggerGuard(this.#ops, { guard });
  }

  entityOp(entity: number, op: EntityOpName, args: readonly unknown[]): unknown {
    return valueFromJson(ops.entityOp(this.#ops, { entity, op, argsJson: valueToJson(args) }));
  }

  sendRequest(client: number, request: unknown, onResponse: (response: unknown) => unknown, timeout?: RequestTimeout): number {
    const types = this.#serviceTypes.get(client);
    if (types === undefined) throw new Error(`send request: no client ${client} in this program`);
    const sequence = ++this.#sequence;
    const cdr = serializeMessage(types.request, types.request.toMessage(request, false, this.strictMessages));
    this.#pendingResponses.set(`${client}:${sequence}`, { onResponse, timeout });
    ops.sendRequest(this.#ops, { client, sequence, cdr, hasTimeout: timeout !== undefined, timeoutMs: timeout?.ms ?? 0 });
    return sequence;
  }

  forgetRequest(client: number, request: number): void {
    this.#pendingResponses.delete(`${client}:${request}`);
    ops.forgetRequest(this.#ops, { client, sequence: request });
  }

  serviceIsReady(client: number): boolean {
    return fromJson(ops.graphQuery(this.#ops, { query: 'service_is_ready', arguments: [String(client)] })) === true;
  }

  /** GraphQuery: the node's id and each argument as JSON. */
  queryGraph(node: number, query: GraphQueryName, args: readonly (string | boolean)[]): unknown {
    return fromJson(ops.graphQuery(this.#ops, { query, arguments: [String(node), ...args.map((arg) => JSON.stringify(arg))] }));
  }

  waitForService(client: number, timeoutMs: number | undefined, onSettled: (available: boolean) => unknown): void {
    this.#settled(ops.awaitServiceOfClient(this.#ops, client, timeoutMs ?? -1, false, false), (value) => onSettled(value === true));
  }

  /** The program's continuations run before its Done anyway. */
  resume(): void {}

  wakeAt(at: bigint, onWake: () => unknown, weak: boolean): number {
    return this.#settled(ops.awaitAtNs(this.#ops, at, -1, weak, false), () => onWake());
  }

  cancelWake(wake: number): void {
    this.#awaits.delete(wake);
    ops.destroy(this.#ops, { id: wake, wake: true });
  }

  nextGoalId(): Uint8Array {
    return Uint8Array.from(ops.nextGoalId(this.#ops));
  }

  /** An Await of this id: `onSettled` runs with its value when the simulation says it settled (Run SETTLED). */
  #settled(id: number, onSettled: (value: unknown) => unknown): number {
    this.#awaits.set(id, (run) => {
      this.#awaits.delete(id);
      return onSettled(JSON.parse(Buffer.from(run.input).toString()));
    });
    return id;
  }

  declareParameters(node: number, parameters: readonly Parameter[], descriptors: readonly ParameterDescriptor[], ignoreOverrides: boolean): Parameter[] {
    const encoded = this.#cdr.encode(PARAMETER_DESCRIPTORS, { descriptors: descriptors.map((descriptor) => descriptor.toMessage()) });
    return this.#cdr.decodeParameters(ops.parameterOpDeclare(this.#ops, node, this.#cdr.encodeParameters(parameters), encoded, ignoreOverrides));
  }

  getParameter(node: number, name: string): Parameter {
    return Parameter.fromParameterMessage(this.#cdr.decode(PARAMETER, ops.parameterOpGet(this.#ops, node, name)) as never);
  }

  getParameters(node: number, names: readonly string[]): Parameter[] {
    return this.#cdr.decodeParameters(this.#readParameters(node, 'VALUES', names).cdr);
  }

  setParameters(node: number, parameters: readonly Parameter[], atomically: boolean): SetParametersResult[] {
    const cdr = ops.parameterOpSet(this.#ops, node, this.#cdr.encodeParameters(parameters), atomically);
    if (atomically) return [(this.#cdr.decode(SET_PARAMETERS_ATOMICALLY_RESULT, cdr) as { result: SetParametersResult }).result];
    return (this.#cdr.decode(SET_PARAMETERS_RESULTS, cdr) as { results: SetParametersResult[] }).results;
  }

  undeclareParameter(node: number, name: string): void {
    ops.parameterOpUndeclare(this.#ops, node, name);
  }

  hasParameter(node: number, name: string): boolean {
    return JSON.parse(this.#readParameters(node, 'HAS', [name]).json) === true;
  }

  parameterNames(node: number): string[] {
    return JSON.parse(this.#readParameters(node, 'NAMES', []).json) as string[];
  }

  hasParameterDescriptor(node: number, name: string): boolean {
    return JSON.parse(this.#readParameters(node, 'HAS_DESCRIPTOR', [name]).json) === true;
  }

  parameterDescriptors(node: number, names: readonly string[]): ParameterDescriptor[] {
    const { descriptors } = this.#cdr.decode(PARAMETER_DESCRIPTORS, this.#readParameters(node, 'DESCRIPTORS', names).cdr) as {
      descriptors: Record<string, unknown>[];
    };
    return descriptors.map((descriptor) => ParameterDescriptor.fromMessage(descriptor));
  }

  parameterOverrides(node: number): Parameter[] {
    return this.#cdr.decodeParameters(this.#readParameters(node, 'OVERRIDES', []).cdr);
  }

  hookParameters(node: number, kind: ParameterHookKind, hook: ParameterHook): void {
    this.#parameterHooks.set(`${node}:${PARAMETER_HOOK.toWire[kind]}`, hook);
    ops.parameterOpHook(this.#ops, node, PARAMETER_HOOK.toWire[kind]);
  }

  #readParameters(node: number, what: ParameterReadWhat, names: readonly string[]): { json: string; cdr: Uint8Array } {
    return ops.parameterOpRead(this.#ops, node, what, names);
  }

  /** From the definitions this process loaded, as the simulation would make it. */
  defaultMessage(type: string): unknown {
    return this.#interfaces.message(type).createDefault();
  }

  startJsTimer(kind: 'setTimeout' | 'setInterval' | 'setImmediate', delayMs: number, callback: () => unknown): number {
    const id = ops.jsTimer(this.#ops, { kind: JS_TIMER_KIND.toWire[kind], delayMs });
    // A one-shot timer runs once: its handler goes with it.
    this.#handlers.set(
      id,
      kind === 'setInterval'
        ? callback
        : () => {
            this.#handlers.delete(id);
            return callback();
          },
    );
    return id;
  }

  jsTimer(timer: number, op: 'cancel' | 'ref' | 'unref' | 'refresh'): void {
    if (op === 'cancel') this.#handlers.delete(timer);
    JS_TIMER_OPS[op](this.#ops, timer);
  }

  finishJob(code: number): void {
    ops.jobOpFinish(this.#ops, code);
  }

  setResult(name: string, value: unknown): void {
    ops.jobOpSetResult(this.#ops, name, valueToJson(value));
  }

  getResult(name: string): unknown {
    return valueFromJson(ops.jobOpGetResult(this.#ops, name));
  }

  proposeStartTime(startNs: bigint): boolean {
    return ops.jobOpStartNs(this.#ops, startNs);
  }

  onEnd(hook: () => unknown): void {
    const id = this.#endHooks.length;
    this.#endHooks.push(hook);
    ops.jobOpOnEnd(this.#ops, id);
  }

  /** Says so to the simulation (which ends the program as in-process), then ends this process. */
  exit(code: number): never {
    this.#link.send({ exit: { code } });
    return this.#exitProcess(code);
  }

  destroyEntity(entity: number): void {
    this.#handlers.delete(entity);
    ops.destroy(this.#ops, { id: entity });
  }

  loggerLevel(logger: string): number {
    return fromJson(ops.loggerOpLevel(this.#ops, logger)) as number;
  }

  setLoggerLevel(logger: string, level: number): void {
    ops.loggerOpSetLevel(this.#ops, logger, level);
  }

  addSublogger(parent: string, child: string): boolean {
    return ops.loggerOpAddChild(this.#ops, parent, child);
  }

  removeSublogger(parent: string, child: string): void {
    ops.loggerOpRemoveChild(this.#ops, parent, child);
  }

  log(logger: string, severity: Severity, message: string, caller: () => CallerFrame): boolean {
    const where = caller();
    return ops.log(this.#ops, { logger, severity, message, function: where.function, file: where.file, line: where.line });
  }

  assertion(kind: AssertionKind, message: string, holds: boolean, details: string): void {
    ops.assertion(this.#ops, { kind: kind.toUpperCase() as Uppercase<AssertionKind>, message, holds, detailsJson: details });
  }
}

/** What an Answer's JSON says ('': nothing). */
function fromJson(json: string): unknown {
  return json === '' ? undefined : JSON.parse(json);
}

/** A JavaScript timer's operations, by their NodePort names. */
const JS_TIMER_OPS = { cancel: ops.jsTimerOpCancel, ref: ops.jsTimerOpRef, unref: ops.jsTimerOpUnref, refresh: ops.jsTimerOpRefresh };

/** A QoS as JSON: a profile name or depth as it is, a QoS object by its policies (durations in ns, as strings). */
function qosJson(qos: unknown): string {
  if (qos === undefined || qos === null) return '';
  if (typeof qos !== 'object') return JSON.stringify(qos);
  const policies: Record<string, unknown> = {};
  for (const name of ['history', 'depth', 'reliability', 'durability', 'liveliness', 'avoidRosNameSpaceConventions']) {
    const value = (qos as Record<string, unknown>)[name];
    if (value !== undefined) policies[name] = value;
  }
  for (const name of QOS_DURATIONS) {
    const value = (qos as Record<string, { nanoseconds?: bigint } | bigint | null | undefined>)[name];
    if (value !== undefined && value !== null) policies[name] = String(typeof value === 'bigint' ? value : value.nanoseconds);
  }
  return JSON.stringify(policies);
}

/** The events an endpoint's callbacks listen to, by rclnodejs's names. */
function eventNames(hooks: EventHooks | undefined): string[] {
  return Object.keys(hooks?.callbacks ?? {});
}

/** NodeOptions as Create.options_json carries them: their fields, parameter overrides as {name, type, value}. */
function nodeOptionsJson(options: Readonly<Record<string, unknown>>): string {
  const fields: Record<string, unknown> = {};
  for (const name of [
    'startParameterServices',
    'automaticallyDeclareParametersFromOverrides',
    'startTypeDescriptionService',
    'enableRosout',
    'rosoutQos',
    'enableLoggerService',
  ]) {
    if (options[name] !== undefined) fields[name] = options[name];
  }
  const overrides = options.parameterOverrides as Parameter[] | undefined;
  if (overrides !== undefined)
    fields.parameterOverrides = overrides.map((parameter) => ({ name: parameter.name, type: parameter.type, value: parameter.value }));
  return valueToJson(fields);
}
