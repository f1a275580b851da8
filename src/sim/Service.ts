import { type Executable, SKIPPED } from '../engine/Executable.js';
import { Fifo } from '../engine/Fifo.js';
import type { ServiceType } from '../interfaces/InterfaceRegistry.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { MessageInput, RequestOf, ResponseOf } from '../interfaces/typeMaps.js';
import { toPlainArrays } from '../ros/jsonSafe.js';
import type { QoS, QoSProfileName, ResolvedQoS } from '../ros/QoS.js';
import { ServiceEvent } from '../ros/serviceIntrospectionStates.js';
import type { Client } from './Client.js';
import { Entity } from './Entity.js';
import { rmwQoSProfile } from './endpointInfo.js';
import type { Node } from './Node.js';
import { type CallForm, makeCall, makeCdrCall, type ServiceCall } from './ServiceCall.js';
import { ServiceIntrospection } from './ServiceIntrospection.js';

/** A service callback; request and response are typed by the service type name `T`. */
export type ServiceCallback<T extends string = string> = (request: RequestOf<T>, response: ServiceResponse<T>) => unknown;

interface PendingRequest {
  call: ServiceCall;
  client: Client;
}

/**
 * The response handle a service callback gets, as in rclnodejs: reply with `send(...)`, or
 * return (or resolve) the response from the callback.
 */
export class ServiceResponse<T extends string = string> {
  readonly #service: Service;
  readonly #request: PendingRequest;
  sent = false;

  constructor(service: Service, request: PendingRequest) {
    this.#service = service;
    this.#request = request;
  }

  /** `response`: a message, or its CDR bytes (nobody writes them again) for a service whose requests are CDR (`isRaw`). */
  send(response: MessageInput<ResponseOf<T>>): void {
    if (this.sent) throw new Error(`a response to this request on ${this.#service.serviceName} was already sent`);
    const service = this.#service;
    const type = service.type.response;
    const sequence = this.#request.call.sequence;
    const call =
      service.isRaw && response instanceof Uint8Array
        ? makeCdrCall(service.simulation, type, response, sequence)
        : makeCall(service.simulation, type, type.toMessage(response, false, service.simulation.strictMessages), sequence);
    this.sent = true;
    service.engine.output('response', service, call.digestLo, call.digestHi);
    service.introspection?.event(ServiceEvent.RESPONSE_SENT, this.#request.client.gid, sequence, null, call.message);
    service.simulation.delivery.respond(service, this.#request.client, call);
  }
}

/** A service in the simulation (rclnodejs's is client/Service.ts): each request queues one event; the callback's reply goes to the caller. */
export class Service extends Entity implements Executable {
  readonly serviceName: string;
  readonly typeName: string;
  readonly type: ServiceType;
  /** The QoS the simulation acts on (matching, buffers); `qos` is what the program gave. */
  readonly resolvedQoS: ResolvedQoS;
  readonly kind = 'service';
  readonly channel: string;
  readonly #callback: ServiceCallback;
  readonly #requests = new Fifo<PendingRequest>();
  introspection: ServiceIntrospection | null = null;

  /** What the callback gets of a request (`enableTypedArray: false`: plain arrays; `isRaw`: its CDR, and it may answer with CDR). */
  readonly #form: CallForm;

  constructor(node: Node, typeName: string, serviceName: string, qos: ResolvedQoS, callback: ServiceCallback, form: CallForm = 'typed') {
    super(node);
    this.#form = form;
    this.typeName = typeName;
    this.type = this.simulation.interfaces.service(typeName);
    this.serviceName = serviceName;
    this.resolvedQoS = qos;
    this.#callback = callback;
    this.channel = serviceName;
  }

  /** Whether its callback takes requests, and may answer, as CDR bytes. */
  get isRaw(): boolean {
    return this.#form === 'cdr';
  }

  /** The service's QoS as rcl reports it (rclnodejs's getOptions(): rmw's fields and numbers). */
  getOptions(): Record<string, unknown> {
    return rmwQoSProfile(this.resolvedQoS);
  }

  get label(): string {
    return this.describe(`service ${this.serviceName}`);
  }

  /** A client's request arrives. */
  receiveRequest(call: ServiceCall, client: Client): void {
    if (this.isDestroyed()) return;
    if (this.#requests.length >= this.resolvedQoS.depth) this.#requests.shift();
    this.#requests.push({ call, client });
    this.engine.enqueue(this);
  }

  override pendingEvents(): number {
    return this.#requests.length;
  }

  execute(): unknown {
    if (this.isDestroyed() || !this.mayRun()) return SKIPPED;
    const request = this.#requests.shift();
    if (request === undefined) return SKIPPED;
    this.digestLo = request.call.digestLo;
    this.digestHi = request.call.digestHi;
    this.introspection?.event(ServiceEvent.REQUEST_RECEIVED, request.client.gid, request.call.sequence, request.call.message, null);
    const response = new ServiceResponse(this, request);
    const call = request.call;
    const message = this.#form === 'cdr' ? call.cdr : this.#form === 'plain' ? (toPlainArrays(call.message) as Message) : call.message;
    const result = this.#callback(message as never, response);
    if (isThenable(result)) {
      return Promise.resolve(result).then((value) => {
        if (!response.sent && value !== undefined && value !== null) response.send(value as Message);
      });
    }
    if (!response.sent && result !== undefined && result !== null) response.send(result as Message);
    return result;
  }

  /** Publishes service events on `<service>/_service_event` (ServiceIntrospectionStates; the clock is the node's). */
  configureIntrospection(_clock: unknown, qos: QoS | QoSProfileName | number | undefined, state: number): void {
    (this.introspection ??= new ServiceIntrospection(this.node, this.serviceName, this.typeName)).configure(qos, state);
  }

  override destroy(): void {
    super.destroy();
    this.simulation.graph.removeService(this);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
