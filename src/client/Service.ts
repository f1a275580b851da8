import { isThenable } from '../base/thenable.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { MessageInput, RequestOf, ResponseOf } from '../interfaces/typeMaps.js';
import type { NodePort, ServiceReply } from '../port/NodePort.js';
import type { QoS, QoSProfileName } from '../ros/QoS.js';
import { Endpoint } from './Entity.js';
import { requireInterface } from './interfaceClasses.js';
import type { Options } from './Node.js';

/** A service callback; request and response are typed by the service type name `T`. */
export type ServiceCallback<T extends string = string> = (request: RequestOf<T>, response: ServiceResponse<T>) => unknown;

/**
 * The response handle a service callback gets, as in rclnodejs: reply with `send(...)`, or
 * return (or resolve) the response from the callback.
 */
export class ServiceResponse<T extends string = string> {
  readonly #service: Service;
  readonly #reply: ServiceReply;
  sent = false;

  constructor(service: Service, reply: ServiceReply) {
    this.#service = service;
    this.#reply = reply;
  }

  get service(): Service {
    return this.#service;
  }

  /** A default-valued response of the service's response type. */
  get template(): ResponseOf<T> {
    return this.#service.port.defaultMessage(`${this.#service.typeName}_Response`) as ResponseOf<T>;
  }

  send(response: MessageInput<ResponseOf<T>>): void {
    if (this.sent) throw new Error(`a response to this request on ${this.#service.serviceName} was already sent`);
    this.#reply.send(response);
    this.sent = true;
  }
}

/** rclnodejs's Service as a client of the node port: the simulation queues requests, the callback runs here. */
export class Service extends Endpoint {
  readonly port: NodePort;
  readonly typeName: string;
  #serviceName = '';
  readonly #callback: ServiceCallback;

  constructor(port: NodePort, typeName: string, callback: ServiceCallback, options: Options, loggerName: string) {
    super(options, loggerName);
    this.port = port;
    this.typeName = typeName;
    this.#callback = callback;
  }

  /** Once the simulation made it: its id (what the port names it by) and its resolved name. */
  created(id: number, serviceName: string): this {
    this.setId(id);
    this.#serviceName = serviceName;
    return this;
  }

  get serviceName(): string {
    return this.#serviceName;
  }

  /** rclnodejs's service class: `{ Request, Response }`. */
  get typeClass(): unknown {
    return requireInterface(this.typeName);
  }

  /** The service's QoS as rcl reports it (rclnodejs's getOptions(): rmw's fields and numbers). */
  getOptions(): Record<string, unknown> {
    return this.port.entityOp(this.id, 'qosProfile', []) as Record<string, unknown>;
  }

  /** Publishes service events on `<service>/_service_event` (ServiceIntrospectionStates; the clock is the node's). */
  configureIntrospection(_clock: unknown, qos: QoS | QoSProfileName | number | undefined, state: number): void {
    this.port.entityOp(this.id, 'configureIntrospection', [null, qos, state]);
  }

  /**
   * What the port calls with each request: the user's callback, as a method of the service as
   * rclnodejs calls it, with a response handle — reply with send(), or return (or resolve) the
   * response.
   */
  readonly serve = (request: unknown, reply: ServiceReply): unknown => {
    const response = new ServiceResponse(this, reply);
    const result = this.#callback(request as RequestOf<string>, response);
    if (isThenable(result)) return Promise.resolve(result).then((value) => sendReturned(response, value));
    // No function made for a callback that returns at once: a request's path.
    sendReturned(response, result);
    return result;
  };
}

/** The response a callback returned (or resolved), unless it sent one. */
function sendReturned(response: ServiceResponse, value: unknown): void {
  if (!response.sent && value !== undefined && value !== null) response.send(value as Message);
}
