import type { NodePort } from '../port/NodePort.js';
// Error classes are values programs catch and test (instanceof): the client shares rcl's.
import { AbortError, TimeoutError } from '../rcl/errors.js';

/** sendRequestAsync's options that the simulation acts on. */
export interface SendRequestOptions {
  /** ms of sim time; none or negative: no limit. */
  timeout?: number;
  signal?: AbortSignal;
}

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

  /** Resolves with the response; rejects with rclnodejs's TimeoutError or AbortError, and the response is then dropped. */
  sendRequestAsync(request: unknown, options: SendRequestOptions = {}): Promise<unknown> {
    const about = { entityType: 'service', entityName: this.serviceName };
    return new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(new AbortError('Service request', undefined, about));
        return;
      }
      const settle = (): void => signal?.removeEventListener('abort', onAbort);
      const onAbort = (): void => {
        settle();
        this.#port.forgetRequest(this.#id, sequence);
        reject(new AbortError('Service request', undefined, about));
      };
      const timeout = options.timeout;
      const sequence = this.#port.sendRequest(
        this.#id,
        request,
        (response) => {
          settle();
          resolve(response);
        },
        timeout === undefined
          ? undefined
          : {
              ms: timeout,
              onTimeout: () => {
                settle();
                reject(new TimeoutError('Service request', timeout, about));
              },
            },
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  isServiceServerAvailable(): boolean {
    return this.#port.serviceIsReady(this.#id);
  }

  /** Resolves true when a server is available, false once `timeout` ms of sim time passed. */
  waitForService(timeout?: number): Promise<boolean> {
    if (this.isServiceServerAvailable()) return Promise.resolve(true);
    return new Promise((resolve) => this.#port.waitForService(this.#id, timeout, resolve));
  }
}
