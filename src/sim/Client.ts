import { type Executable, SKIPPED } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import type { ServiceType } from '../interfaces/InterfaceRegistry.js';
import { cloneMessage, type Message } from '../interfaces/plainMessages.js';
import { toPlainArrays } from '../ros/jsonSafe.js';
import { msToNs } from '../ros/nanoseconds.js';
import type { QoS, QoSProfileName, ResolvedQoS } from '../ros/QoS.js';
import { ServiceEvent } from '../ros/serviceIntrospectionStates.js';
import { Entity } from './Entity.js';
import type { Node } from './Node.js';
import type { Service } from './Service.js';
import { type CallForm, makeCall, makeCdrCall, ServiceCall } from './ServiceCall.js';
import { ServiceIntrospection } from './ServiceIntrospection.js';

export type ResponseCallback<R = Message> = (response: R) => unknown;

export interface SendRequestOptions {
  /** Milliseconds of sim time before the promise rejects with TimeoutError. */
  timeout?: number;
  signal?: AbortSignal;
  /** Check the request with validateMessage (or not), whatever `validateRequests` says. */
  validate?: boolean;
}

/**
 * A client in the simulation (rclnodejs's Client is client/Client.ts). A request goes to every matching server's buffer; each response queues
 * one event on the client, whose execution runs the callback registered for that request.
 * Timeouts and waits count sim time.
 */
export class Client extends Entity implements Executable {
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

  #introspection: ServiceIntrospection | null = null;
  /** The client's GUID, as service events carry it. */
  readonly gid: Buffer;

  /** What the callbacks get of a response (`enableTypedArray: false`: plain arrays; `isRaw`: its CDR), and what a request is (`isRaw`: CDR bytes). */
  readonly #form: CallForm;

  constructor(node: Node, typeName: string, serviceName: string, qos: ResolvedQoS, form: CallForm = 'typed') {
    super(node);
    this.#form = form;
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

  /** Sends a request; `callback` gets its response. Returns the request's sequence number (which `forget` takes). */
  dispatch(request: unknown, callback: ResponseCallback): number {
    return this.#send(request, callback);
  }

  /** Its response, when it comes, is dropped (an aborted or timed-out request). */
  forget(sequence: number): void {
    this.#pending.delete(sequence);
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
    if (this.#form === 'cdr') return callback(response.cdr as never);
    return callback(this.#form === 'plain' ? (toPlainArrays(response.message) as Message) : response.message);
  }

  #send(request: unknown, callback: ResponseCallback): number {
    this.assertAlive('request to', this.serviceName);
    if (this.#form === 'cdr') return this.#sendCdr(request as Uint8Array, callback);
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

  /**
   * A request as CDR bytes nobody writes again: every server's call shares them and their digest
   * (read once), each decoding its own message if it needs one.
   */
  #sendCdr(request: Uint8Array, callback: ResponseCallback): number {
    const sequence = ++this.#sequence;
    this.#pending.set(sequence, callback);
    const type = this.type.request;
    const first = makeCdrCall(this.simulation, type, request, sequence);
    this.matched.forEach((server, i) =>
      this.simulation.delivery.request(this, server, i === 0 ? first : new ServiceCall(type, undefined, request, first.digestLo, first.digestHi, sequence)),
    );
    this.#introspection?.event(ServiceEvent.REQUEST_SENT, this.gid, sequence, first.message, null);
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
