import { type Executable, SKIPPED } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import type { ServiceType } from '../interfaces/InterfaceRegistry.js';
import { cloneMessage, type Message } from '../interfaces/plainMessages.js';
import type { MessageInput, RequestOf, ResponseOf } from '../interfaces/typeMaps.js';
import { Entity } from './Entity.js';
import { AbortError, TimeoutError } from './errors.js';
import { requireInterface } from './interfaceClasses.js';
import { toPlainArrays } from './jsonSafe.js';
import { type ValidationOptions, ValidationSetting } from './messageValidation.js';
import type { Node } from './Node.js';
import { msToNs } from './nanoseconds.js';
import type { QoS, QoSProfileName, ResolvedQoS } from './QoS.js';
import type { Service } from './Service.js';
import { makeCall, type ServiceCall } from './ServiceCall.js';
import { ServiceEvent, ServiceIntrospection } from './ServiceIntrospection.js';

export type ResponseCallback<R = Message> = (response: R) => unknown;

export interface SendRequestOptions {
  /** Milliseconds of sim time before the promise rejects with TimeoutError. */
  timeout?: number;
  signal?: AbortSignal;
  /** Check the request with validateMessage (or not), whatever `validateRequests` says. */
  validate?: boolean;
}

/**
 * rclnodejs's Client. A request goes to every matching server's buffer; each response queues
 * one event on the client, whose execution runs the callback registered for that request.
 * Timeouts and waits count sim time.
 */
export class Client<T extends string = string> extends Entity implements Executable {
  readonly serviceName: string;
  readonly typeName: string;
  readonly type: ServiceType;
  /** The QoS the simulation acts on (matching, buffers); `qos` is what the program gave. */
  readonly resolvedQoS: ResolvedQoS;
  readonly kind = 'client';
  readonly channel: string;
  /** Servers this client's requests reach (same service name and type), in creation order. */
  matched: readonly Service[] = [];
  readonly #pending = new Map<number, ResponseCallback>();
  readonly #responses = new Fifo<ServiceCall>();
  #sequence = 0;

  readonly #validation: ValidationSetting;
  #introspection: ServiceIntrospection | null = null;
  /** The client's GUID, as service events carry it. */
  readonly gid: Buffer;

  /** `enableTypedArray: false`: responses with plain arrays. */
  readonly #plainArrays: boolean;

  constructor(node: Node, typeName: string, serviceName: string, qos: ResolvedQoS, validation = new ValidationSetting(), plainArrays = false) {
    super(node);
    this.#validation = validation;
    this.#plainArrays = plainArrays;
    this.gid = this.createGid();
    this.typeName = typeName;
    this.type = this.simulation.interfaces.service(typeName);
    this.serviceName = serviceName;
    this.resolvedQoS = qos;
    this.channel = serviceName;
  }

  get label(): string {
    return this.describe(`client ${this.serviceName}`);
  }

  /** The requests awaiting a response, by sequence number (rclnodejs's field, which its tests read). */
  get _sequenceNumberToCallbackMap(): ReadonlyMap<number, ResponseCallback> {
    return this.#pending;
  }

  /** rclnodejs's service class: `{ Request, Response }`. */
  get typeClass(): unknown {
    return requireInterface(this.typeName);
  }

  get willValidateRequest(): boolean {
    return this.#validation.enabled;
  }

  set willValidateRequest(enabled: boolean) {
    this.#validation.enabled = enabled;
  }

  setValidation(options: ValidationOptions): void {
    this.#validation.update(options);
  }

  sendRequest(request: MessageInput<RequestOf<T>>, callback: ResponseCallback<ResponseOf<T>>, options: { validate?: boolean } = {}): void {
    this.dispatch(request, callback as ResponseCallback, options.validate);
  }

  /** sendRequest that returns the request's sequence number (the node port's sendRequest, which may forget it). */
  dispatch(request: unknown, callback: ResponseCallback, validate?: boolean): number {
    if (typeof callback !== 'function') throw new TypeError('sendRequest needs a response callback');
    this.#validation.check(request, this.type.request.name, validate);
    return this.#send(request, callback);
  }

  /** Its response, when it comes, is dropped (an aborted or timed-out request). */
  forget(sequence: number): void {
    this.#pending.delete(sequence);
  }

  sendRequestAsync(request: MessageInput<RequestOf<T>>, options: SendRequestOptions = {}): Promise<ResponseOf<T>> {
    return this.#sendAsync(request, options) as Promise<ResponseOf<T>>;
  }

  #sendAsync(request: unknown, options: SendRequestOptions): Promise<Message> {
    const engine = this.engine;
    const about = { entityType: 'service', entityName: this.serviceName };
    return new Promise<Message>((resolve, reject) => {
      this.#validation.check(request, this.type.request.name, options.validate);
      if (options.signal?.aborted) {
        reject(new AbortError('Service request', undefined, about));
        return;
      }
      let sequence = 0;
      const settle = (): void => {
        this.#pending.delete(sequence);
        if (timeout) engine.cancelAction(timeout);
        options.signal?.removeEventListener('abort', onAbort);
        engine.requestYield();
      };
      const onAbort = (): void => {
        settle();
        reject(new AbortError('Service request', undefined, about));
      };
      sequence = this.#send(request, (response) => {
        settle();
        resolve(response);
      });
      const timeout =
        options.timeout !== undefined && options.timeout >= 0
          ? engine.scheduleAfter(msToNs(options.timeout), () => {
              settle();
              reject(new TimeoutError('Service request', options.timeout!, about));
            })
          : null;
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  isServiceServerAvailable(): boolean {
    return this.matched.length > 0;
  }

  /** Resolves true when a server is available, false once `timeout` ms of sim time passed. */
  waitForService(timeout?: number): Promise<boolean> {
    if (this.isServiceServerAvailable()) return Promise.resolve(true);
    const engine = this.engine;
    return new Promise<boolean>((resolve) => {
      const finish = (available: boolean): void => {
        stopWatching();
        if (deadline) engine.cancelAction(deadline);
        resolve(available);
        engine.requestYield();
      };
      const stopWatching = this.simulation.graph.whenServiceAppears(this.serviceName, () => finish(true));
      const deadline = timeout !== undefined && timeout >= 0 ? engine.scheduleAfter(msToNs(timeout), () => finish(false)) : null;
    });
  }

  /** A server's response arrives. */
  receiveResponse(call: ServiceCall): void {
    if (this.isDestroyed()) return;
    this.#responses.push(call);
    this.engine.enqueue(this);
  }

  override pendingEvents(): number {
    return this.#responses.length;
  }

  execute(): unknown {
    if (this.isDestroyed() || !this.mayRun()) return SKIPPED;
    const response = this.#responses.shift();
    if (response === undefined) return SKIPPED;
    const callback = this.#pending.get(response.sequence);
    if (callback === undefined) return SKIPPED;
    this.#pending.delete(response.sequence);
    this.digestLo = response.digestLo;
    this.digestHi = response.digestHi;
    this.#introspection?.event(ServiceEvent.RESPONSE_RECEIVED, this.gid, response.sequence, null, response.message);
    return callback(this.#plainArrays ? (toPlainArrays(response.message) as Message) : response.message);
  }

  #send(request: unknown, callback: ResponseCallback): number {
    this.assertAlive(`request to ${this.serviceName}`);
    const message = this.type.request.toMessage(request, false, this.simulation.strictMessages);
    const sequence = ++this.#sequence;
    this.#pending.set(sequence, callback);
    // Every server gets its own copy of the request.
    this.matched.forEach((server, i) =>
      this.simulation.delivery.request(this, server, makeCall(this.simulation, this.type.request, i === 0 ? message : cloneMessage(message), sequence)),
    );
    this.#introspection?.event(ServiceEvent.REQUEST_SENT, this.gid, sequence, message, null);
    return sequence;
  }

  /** Publishes service events on `<service>/_service_event` (ServiceIntrospectionStates; the clock is the node's). */
  configureIntrospection(_clock: unknown, qos: QoS | QoSProfileName | number | undefined, state: number): void {
    (this.#introspection ??= new ServiceIntrospection(this.node, this.serviceName, this.typeName)).configure(qos, state);
  }

  override destroy(): void {
    super.destroy();
    this.simulation.graph.removeClient(this);
  }
}
