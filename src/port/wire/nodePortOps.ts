// Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.
// The node port's operations by section, and rclnodejs's senders (WirePort's): one per operation.
import type { Outgoing } from './nodeMessages.js';
import type {
  Answer,
  Assertion,
  Create,
  Created,
  Destroy,
  EntityOp,
  ForgetRequest,
  GetInterface,
  GraphQuery,
  Hold,
  JsTimer,
  Log,
  ParameterHook,
  ParameterReadWhat,
  Publish,
  SendRequest,
  SendResponse,
  Spin,
  ToClient,
  ToSimulation,
  TriggerGuard,
} from './nodeProtoTypes.js';

/** How a sender reaches the simulation: an effect is sent; a question is asked, and its answer returned (a Failed one throws). */
export interface PortLink {
  send(message: Outgoing<ToSimulation>): void;
  ask(message: Outgoing<ToSimulation>): ToClient;
}

/** The sections of the node port (NodePort's, src/port/sections/). */
export const SECTIONS = ['entities', 'parameters', 'graph', 'job', 'executor'] as const;

export type Section = (typeof SECTIONS)[number];

/** The ToSimulation fields each section's handlers serve (the simulation's side: src/port/server/serve*.ts). */
export interface SectionFields {
  entities:
    | 'create'
    | 'destroy'
    | 'publish'
    | 'sendRequest'
    | 'sendResponse'
    | 'timer'
    | 'trigger'
    | 'log'
    | 'getInterface'
    | 'context'
    | 'forgetRequest'
    | 'entity'
    | 'action'
    | 'nextGoalId'
    | 'logger';
  parameters: 'parameter';
  graph: 'graph';
  job: 'job' | 'assertion' | 'bag' | 'worldJoints';
  executor: 'spin' | 'jsTimer' | 'jsTimerOp' | 'awaitEvent' | 'hold';
}

/** Every operation: its sender here (and in the Python and C++ clients, by snake_case name), its section and its ToSimulation field. */
export const OPERATIONS: readonly { sender: string; section: Section; field: keyof ToSimulation }[] = [
  { sender: 'create', section: 'entities', field: 'create' },
  { sender: 'destroy', section: 'entities', field: 'destroy' },
  { sender: 'publish', section: 'entities', field: 'publish' },
  { sender: 'sendRequest', section: 'entities', field: 'sendRequest' },
  { sender: 'sendResponse', section: 'entities', field: 'sendResponse' },
  { sender: 'timerOpCancel', section: 'entities', field: 'timer' },
  { sender: 'timerOpReset', section: 'entities', field: 'timer' },
  { sender: 'timerOpChangePeriodNs', section: 'entities', field: 'timer' },
  { sender: 'timerOpState', section: 'entities', field: 'timer' },
  { sender: 'triggerGuard', section: 'entities', field: 'trigger' },
  { sender: 'log', section: 'entities', field: 'log' },
  { sender: 'graphQuery', section: 'graph', field: 'graph' },
  { sender: 'getInterface', section: 'entities', field: 'getInterface' },
  { sender: 'jobOpFinish', section: 'job', field: 'job' },
  { sender: 'jobOpSetResult', section: 'job', field: 'job' },
  { sender: 'jobOpGetResult', section: 'job', field: 'job' },
  { sender: 'jobOpOnEnd', section: 'job', field: 'job' },
  { sender: 'jobOpStartNs', section: 'job', field: 'job' },
  { sender: 'contextOpCreate', section: 'entities', field: 'context' },
  { sender: 'contextOpInit', section: 'entities', field: 'context' },
  { sender: 'contextOpShutdown', section: 'entities', field: 'context' },
  { sender: 'contextOpState', section: 'entities', field: 'context' },
  { sender: 'contextOpDefaultContext', section: 'entities', field: 'context' },
  { sender: 'spin', section: 'executor', field: 'spin' },
  { sender: 'jsTimer', section: 'executor', field: 'jsTimer' },
  { sender: 'jsTimerOpCancel', section: 'executor', field: 'jsTimerOp' },
  { sender: 'jsTimerOpRef', section: 'executor', field: 'jsTimerOp' },
  { sender: 'jsTimerOpUnref', section: 'executor', field: 'jsTimerOp' },
  { sender: 'jsTimerOpRefresh', section: 'executor', field: 'jsTimerOp' },
  { sender: 'parameterOpDeclare', section: 'parameters', field: 'parameter' },
  { sender: 'parameterOpGet', section: 'parameters', field: 'parameter' },
  { sender: 'parameterOpSet', section: 'parameters', field: 'parameter' },
  { sender: 'parameterOpUndeclare', section: 'parameters', field: 'parameter' },
  { sender: 'parameterOpRead', section: 'parameters', field: 'parameter' },
  { sender: 'parameterOpHook', section: 'parameters', field: 'parameter' },
  { sender: 'forgetRequest', section: 'entities', field: 'forgetRequest' },
  { sender: 'awaitServiceOfClient', section: 'executor', field: 'awaitEvent' },
  { sender: 'awaitAtNs', section: 'executor', field: 'awaitEvent' },
  { sender: 'entityOp', section: 'entities', field: 'entity' },
  { sender: 'actionOpAdd', section: 'entities', field: 'action' },
  { sender: 'actionOpRemove', section: 'entities', field: 'action' },
  { sender: 'nextGoalId', section: 'entities', field: 'nextGoalId' },
  { sender: 'loggerOpLevel', section: 'entities', field: 'logger' },
  { sender: 'loggerOpSetLevel', section: 'entities', field: 'logger' },
  { sender: 'loggerOpAddChild', section: 'entities', field: 'logger' },
  { sender: 'loggerOpRemoveChild', section: 'entities', field: 'logger' },
  { sender: 'hold', section: 'executor', field: 'hold' },
  { sender: 'assertion', section: 'job', field: 'assertion' },
  { sender: 'bagOpOpen', section: 'job', field: 'bag' },
  { sender: 'bagOpReadNext', section: 'job', field: 'bag' },
  { sender: 'bagOpSetFilter', section: 'job', field: 'bag' },
  { sender: 'bagOpSeekNs', section: 'job', field: 'bag' },
  { sender: 'bagOpCreateTopic', section: 'job', field: 'bag' },
  { sender: 'bagOpWrite', section: 'job', field: 'bag' },
  { sender: 'bagOpClose', section: 'job', field: 'bag' },
  { sender: 'worldJointsOpOpen', section: 'job', field: 'worldJoints' },
  { sender: 'worldJointsOpRead', section: 'job', field: 'worldJoints' },
  { sender: 'worldJointsOpWrite', section: 'job', field: 'worldJoints' },
];

/** Create (entities): asked: its Created. */
export function create(link: PortLink, request: Outgoing<Create>): Created {
  return link.ask({ create: request }).created!;
}

/** Destroy (entities): sent, not answered. */
export function destroy(link: PortLink, request: Outgoing<Destroy>): void {
  link.send({ destroy: request });
}

/** Publish (entities): sent, not answered. */
export function publish(link: PortLink, request: Outgoing<Publish>): void {
  link.send({ publish: request });
}

/** SendRequest (entities): sent, not answered; then Run kind RESPONSE. */
export function sendRequest(link: PortLink, request: Outgoing<SendRequest>): void {
  link.send({ sendRequest: request });
}

/** SendResponse (entities): sent, not answered. */
export function sendResponse(link: PortLink, request: Outgoing<SendResponse>): void {
  link.send({ sendResponse: request });
}

/** TimerOp.cancel (entities): sent, not answered. */
export function timerOpCancel(link: PortLink, timer: number): void {
  link.send({ timer: { timer, cancel: true } });
}

/** TimerOp.reset (entities): sent, not answered. */
export function timerOpReset(link: PortLink, timer: number): void {
  link.send({ timer: { timer, reset: true } });
}

/** TimerOp.change_period_ns (entities): sent, not answered. */
export function timerOpChangePeriodNs(link: PortLink, timer: number, changePeriodNs: bigint | number): void {
  link.send({ timer: { timer, changePeriodNs } });
}

/** TimerOp.state (entities): asked: its Answer.json. */
export function timerOpState(link: PortLink, timer: number): string {
  return link.ask({ timer: { timer, state: true } }).answer?.json ?? '';
}

/** TriggerGuard (entities): sent, not answered. */
export function triggerGuard(link: PortLink, request: Outgoing<TriggerGuard>): void {
  link.send({ trigger: request });
}

/** Log (entities): asked: whether its Answer.json is "true". */
export function log(link: PortLink, request: Outgoing<Log>): boolean {
  return link.ask({ log: request }).answer?.json === 'true';
}

/** GraphQuery (graph): asked: its Answer.json. */
export function graphQuery(link: PortLink, request: Outgoing<GraphQuery>): string {
  return link.ask({ graph: request }).answer?.json ?? '';
}

/** GetInterface (entities): asked: its Answer.json. */
export function getInterface(link: PortLink, request: Outgoing<GetInterface>): string {
  return link.ask({ getInterface: request }).answer?.json ?? '';
}

/** JobOp.finish (job): sent, not answered. */
export function jobOpFinish(link: PortLink, finish: number): void {
  link.send({ job: { finish } });
}

/** JobOp.set_result (job): sent, not answered. */
export function jobOpSetResult(link: PortLink, name: string, valueJson: string): void {
  link.send({ job: { setResult: { name, valueJson } } });
}

/** JobOp.get_result (job): asked: its Answer.json. */
export function jobOpGetResult(link: PortLink, getResult: string): string {
  return link.ask({ job: { getResult } }).answer?.json ?? '';
}

/** JobOp.on_end (job): sent, not answered; then Run kind END_HOOK. */
export function jobOpOnEnd(link: PortLink, onEnd: number): void {
  link.send({ job: { onEnd } });
}

/** JobOp.start_ns (job): asked: whether its Answer.json is "true". */
export function jobOpStartNs(link: PortLink, startNs: bigint | number): boolean {
  return link.ask({ job: { startNs } }).answer?.json === 'true';
}

/** ContextOp.create (entities): asked: the id of its Created. */
export function contextOpCreate(link: PortLink, context: number): number {
  return link.ask({ context: { context, create: true } }).created!.id;
}

/** ContextOp.init (entities): asked, answered empty. */
export function contextOpInit(link: PortLink, context: number, argv: readonly string[]): void {
  link.ask({ context: { context, init: { argv: [...argv] } } });
}

/** ContextOp.shutdown (entities): asked, answered empty. */
export function contextOpShutdown(link: PortLink, context: number): void {
  link.ask({ context: { context, shutdown: true } });
}

/** ContextOp.state (entities): asked: its Answer.json. */
export function contextOpState(link: PortLink, context: number): string {
  return link.ask({ context: { context, state: true } }).answer?.json ?? '';
}

/** ContextOp.default_context (entities): asked: the id of its Created. */
export function contextOpDefaultContext(link: PortLink, context: number): number {
  return link.ask({ context: { context, defaultContext: true } }).created!.id;
}

/** Spin (executor): asked, answered empty. */
export function spin(link: PortLink, request: Outgoing<Spin>): void {
  link.ask({ spin: request });
}

/** JsTimer (executor): asked: the id of its Created; then Run kind JS_TIMER. */
export function jsTimer(link: PortLink, request: Outgoing<JsTimer>): number {
  return link.ask({ jsTimer: request }).created!.id;
}

/** JsTimerOp.cancel (executor): sent, not answered. */
export function jsTimerOpCancel(link: PortLink, timer: number): void {
  link.send({ jsTimerOp: { timer, cancel: true } });
}

/** JsTimerOp.ref (executor): sent, not answered. */
export function jsTimerOpRef(link: PortLink, timer: number): void {
  link.send({ jsTimerOp: { timer, ref: true } });
}

/** JsTimerOp.unref (executor): sent, not answered. */
export function jsTimerOpUnref(link: PortLink, timer: number): void {
  link.send({ jsTimerOp: { timer, unref: true } });
}

/** JsTimerOp.refresh (executor): sent, not answered. */
export function jsTimerOpRefresh(link: PortLink, timer: number): void {
  link.send({ jsTimerOp: { timer, refresh: true } });
}

/** ParameterOp.declare (parameters): asked: its Answer.cdr. */
export function parameterOpDeclare(link: PortLink, node: number, parameters: Uint8Array, descriptors: Uint8Array, ignoreOverrides: boolean): Uint8Array {
  return link.ask({ parameter: { node, declare: { parameters, descriptors, ignoreOverrides } } }).answer?.cdr ?? new Uint8Array();
}

/** ParameterOp.get (parameters): asked: its Answer.cdr. */
export function parameterOpGet(link: PortLink, node: number, get: string): Uint8Array {
  return link.ask({ parameter: { node, get } }).answer?.cdr ?? new Uint8Array();
}

/** ParameterOp.set (parameters): asked: its Answer.cdr; then Run kind PARAMETERS. */
export function parameterOpSet(link: PortLink, node: number, parameters: Uint8Array, atomically: boolean): Uint8Array {
  return link.ask({ parameter: { node, set: { parameters, atomically } } }).answer?.cdr ?? new Uint8Array();
}

/** ParameterOp.undeclare (parameters): asked, answered empty. */
export function parameterOpUndeclare(link: PortLink, node: number, undeclare: string): void {
  link.ask({ parameter: { node, undeclare } });
}

/** ParameterOp.read (parameters): asked: its Answer. */
export function parameterOpRead(link: PortLink, node: number, what: ParameterReadWhat, names: readonly string[]): Answer {
  return link.ask({ parameter: { node, read: { what, names: [...names] } } }).answer ?? { json: '', cdr: new Uint8Array() };
}

/** ParameterOp.hook (parameters): asked, answered empty; then Run kind PARAMETERS. */
export function parameterOpHook(link: PortLink, node: number, hook: ParameterHook): void {
  link.ask({ parameter: { node, hook } });
}

/** ForgetRequest (entities): sent, not answered. */
export function forgetRequest(link: PortLink, request: Outgoing<ForgetRequest>): void {
  link.send({ forgetRequest: request });
}

/** Await.service_of_client (executor): asked: the id of its Created; then Run kind SETTLED. */
export function awaitServiceOfClient(link: PortLink, serviceOfClient: number, timeoutMs: number, weak: boolean, afterReady: boolean): number {
  return link.ask({ awaitEvent: { serviceOfClient, timeoutMs, weak, afterReady } }).created!.id;
}

/** Await.at_ns (executor): asked: the id of its Created; then Run kind SETTLED. */
export function awaitAtNs(link: PortLink, atNs: bigint | number, timeoutMs: number, weak: boolean, afterReady: boolean): number {
  return link.ask({ awaitEvent: { atNs, timeoutMs, weak, afterReady } }).created!.id;
}

/** EntityOp (entities): asked: its Answer.json. */
export function entityOp(link: PortLink, request: Outgoing<EntityOp>): string {
  return link.ask({ entity: request }).answer?.json ?? '';
}

/** ActionOp.add (entities): asked: the id of its Created. */
export function actionOpAdd(link: PortLink, node: number, type: string, parts: readonly number[]): number {
  return link.ask({ action: { node, add: { type, parts: [...parts] } } }).created!.id;
}

/** ActionOp.remove (entities): asked, answered empty. */
export function actionOpRemove(link: PortLink, node: number, remove: number): void {
  link.ask({ action: { node, remove } });
}

/** NextGoalId (entities): asked: its Answer.cdr. */
export function nextGoalId(link: PortLink): Uint8Array {
  return link.ask({ nextGoalId: {} }).answer?.cdr ?? new Uint8Array();
}

/** LoggerOp.level (entities): asked: its Answer.json. */
export function loggerOpLevel(link: PortLink, logger: string): string {
  return link.ask({ logger: { logger, level: true } }).answer?.json ?? '';
}

/** LoggerOp.set_level (entities): asked, answered empty. */
export function loggerOpSetLevel(link: PortLink, logger: string, setLevel: number): void {
  link.ask({ logger: { logger, setLevel } });
}

/** LoggerOp.add_child (entities): asked: whether its Answer.json is "true". */
export function loggerOpAddChild(link: PortLink, logger: string, addChild: string): boolean {
  return link.ask({ logger: { logger, addChild } }).answer?.json === 'true';
}

/** LoggerOp.remove_child (entities): asked, answered empty. */
export function loggerOpRemoveChild(link: PortLink, logger: string, removeChild: string): void {
  link.ask({ logger: { logger, removeChild } });
}

/** Hold (executor): sent, not answered. */
export function hold(link: PortLink, request: Outgoing<Hold>): void {
  link.send({ hold: request });
}

/** Assertion (job): sent, not answered. */
export function assertion(link: PortLink, request: Outgoing<Assertion>): void {
  link.send({ assertion: request });
}

/** BagOp.open (job): asked: its Answer.json. */
export function bagOpOpen(
  link: PortLink,
  bag: number,
  uri: string,
  storageId: string,
  cwd: string,
  write: boolean,
  storagePresetProfile: string,
  storageConfigUri: string,
): string {
  return link.ask({ bag: { bag, open: { uri, storageId, cwd, write, storagePresetProfile, storageConfigUri } } }).answer?.json ?? '';
}

/** BagOp.read_next (job): asked: its Answer. */
export function bagOpReadNext(link: PortLink, bag: number): Answer {
  return link.ask({ bag: { bag, readNext: true } }).answer ?? { json: '', cdr: new Uint8Array() };
}

/** BagOp.set_filter (job): asked: whether its Answer.json is "true". */
export function bagOpSetFilter(
  link: PortLink,
  bag: number,
  topics: readonly string[],
  topicsRegex: string,
  regexToExclude: string,
  excludeTopics: readonly string[],
): boolean {
  return link.ask({ bag: { bag, setFilter: { topics: [...topics], topicsRegex, regexToExclude, excludeTopics: [...excludeTopics] } } }).answer?.json === 'true';
}

/** BagOp.seek_ns (job): asked: whether its Answer.json is "true". */
export function bagOpSeekNs(link: PortLink, bag: number, seekNs: bigint | number): boolean {
  return link.ask({ bag: { bag, seekNs } }).answer?.json === 'true';
}

/** BagOp.create_topic (job): asked: whether its Answer.json is "true". */
export function bagOpCreateTopic(
  link: PortLink,
  bag: number,
  name: string,
  type: string,
  serializationFormat: string,
  offeredQosProfiles: string,
  typeDescriptionHash: string,
): boolean {
  return link.ask({ bag: { bag, createTopic: { name, type, serializationFormat, offeredQosProfiles, typeDescriptionHash } } }).answer?.json === 'true';
}

/** BagOp.write (job): asked: whether its Answer.json is "true". */
export function bagOpWrite(link: PortLink, bag: number, topic: string, recvNs: bigint | number, sendNs: bigint | number, data: Uint8Array): boolean {
  return link.ask({ bag: { bag, write: { topic, recvNs, sendNs, data } } }).answer?.json === 'true';
}

/** BagOp.close (job): asked: whether its Answer.json is "true". */
export function bagOpClose(link: PortLink, bag: number): boolean {
  return link.ask({ bag: { bag, close: true } }).answer?.json === 'true';
}

/** WorldJointsOp.open (job): asked: its Answer.json. */
export function worldJointsOpOpen(link: PortLink, claim: number, model: string, joints: readonly string[]): string {
  return link.ask({ worldJoints: { claim, open: { model, joints: [...joints] } } }).answer?.json ?? '';
}

/** WorldJointsOp.read (job): asked: its Answer.json. */
export function worldJointsOpRead(link: PortLink, claim: number): string {
  return link.ask({ worldJoints: { claim, read: true } }).answer?.json ?? '';
}

/** WorldJointsOp.write (job): sent, not answered. */
export function worldJointsOpWrite(link: PortLink, claim: number, velocities: readonly number[]): void {
  link.send({ worldJoints: { claim, write: { velocities: [...velocities] } } });
}
