import { isThenable } from '../engine/thenable.js';

/** A service callback as rclnodejs calls it: the request and a response handle (or it returns the response). */
export type ServiceHandler = (request: unknown, response: { readonly template: unknown; send(response: unknown): void }) => unknown;

/** rclnodejs's Service as a client of the node port: the simulation queues requests, the callback runs here. */
export class Service {
  #id = -1;
  #serviceName = '';
  readonly #callback: ServiceHandler;
  /** A default-valued response (rclnodejs's response.template). */
  readonly #template: () => unknown;

  constructor(callback: ServiceHandler, template: () => unknown) {
    this.#callback = callback;
    this.#template = template;
  }

  /** Once the simulation made it: its id (what the port names it by) and its resolved name. */
  created(id: number, serviceName: string): this {
    this.#id = id;
    this.#serviceName = serviceName;
    return this;
  }

  get id(): number {
    return this.#id;
  }

  get serviceName(): string {
    return this.#serviceName;
  }

  /**
   * What the port calls with each request: the user's callback, as a method of the service as
   * rclnodejs calls it, with a response handle — reply with send(), or return (or resolve) the
   * response.
   */
  readonly serve = (request: unknown, reply: (response: unknown) => void): unknown => {
    let sent = false;
    const send = (response: unknown): void => {
      if (sent) throw new Error(`a response to this request on ${this.#serviceName} was already sent`);
      sent = true;
      reply(response);
    };
    const template = this.#template;
    const result = this.#callback(request, {
      get template() {
        return template();
      },
      send,
    });
    const unsent = (value: unknown): void => {
      if (!sent && value !== undefined && value !== null) send(value);
    };
    if (isThenable(result)) result.then(unsent);
    else unsent(result);
    return result;
  };
}
