import type { NodePort } from '../port/NodePort.js';

/** rclnodejs's Client as a client of the node port: requests and responses cross the simulation, in sim time. */
export class Client {
  readonly #port: NodePort;
  readonly #id: number;
  readonly serviceName: string;

  constructor(port: NodePort, id: number, serviceName: string) {
    this.#port = port;
    this.#id = id;
    this.serviceName = serviceName;
  }

  /** The simulation's id of the client (what the port names it by). */
  get id(): number {
    return this.#id;
  }

  sendRequest(request: unknown, callback: (response: unknown) => unknown): void {
    if (typeof callback !== 'function') throw new TypeError('sendRequest needs a response callback');
    this.#port.sendRequest(this.#id, request, callback);
  }

  sendRequestAsync(request: unknown): Promise<unknown> {
    return new Promise((resolve) => this.#port.sendRequest(this.#id, request, resolve));
  }

  isServiceServerAvailable(): boolean {
    return this.#port.serviceIsReady(this.#id);
  }
}
