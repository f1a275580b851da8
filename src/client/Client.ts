import type { Message } from '../interfaces/plainMessages.js';
import type { MessageInput, RequestOf, ResponseOf } from '../interfaces/typeMaps.js';
import type { NodePort } from '../port/NodePort.js';
import type { QoS, QoSProfileName } from '../ros/QoS.js';
// Error classes are values programs catch and test (instanceof): the client shares rcl's.
import { AbortError, TimeoutError } from '../ros/rclErrors.js';
import { Endpoint } from './Entity.js';
import { requireInterface } from './interfaceClasses.js';
import { type ValidationOptions, ValidationSetting } from './messageValidation.js';
import type { Options } from './Node.js';

export type ResponseCallback<R = Message> = (response: R) => unknown;

export interface SendRequestOptions {
  /** Milliseconds of sim time before the promise rejects with TimeoutError. */
  timeout?: number;
  signal?: AbortSignal;
  /** Check the request with validateMessage (or not), whatever `validateRequests` says. */
  validate?: boolean;
}

/** What the node made a client with. */
export interface ClientInit {
  id: number;
  type: string;
  serviceName: string;
  options: Options;
  loggerName: string;
}

/**
 * rclnodejs's Client as a client of the node port: requests and responses cross the
 * simulation; timeouts and waits count sim time.
 */
export class Client<T extends string = string> extends Endpoint {
  readonly #port: NodePort;
  readonly serviceName: string;
  readonly typeName: string;
  /** The request's type name, as validation names it (made once: a request is sent per call). */
  readonly #requestType: string;
  readonly #validation: ValidationSetting;
  /** The requests awaiting a response, by sequence number (rclnodejs's field, which its tests read). */
  readonly #pending = new Map<number, ResponseCallback>();

  constructor(port: NodePort, init: ClientInit, validation = new ValidationSetting()) {
    super(init.options, init.loggerName, init.id);
    this.#port = port;
    this.typeName = init.type;
    this.#requestType = `${init.type}_Request`;
    this.serviceName = init.serviceName;
    this.#validation = validation;
  }

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
    if (typeof callback !== 'function') throw new TypeError('sendRequest needs a response callback');
    this.#validation.check(request, this.#requestType, options.validate);
    this.assertAlive('request to', this.serviceName);
    const sequence = this.#port.sendRequest(this.id, request, (response) => {
      this.#pending.delete(sequence);
      return callback(response as ResponseOf<T>);
    });
    this.#pending.set(sequence, callback as ResponseCallback);
  }

  /** Resolves with the response; rejects with rclnodejs's TimeoutError or AbortError, and the response is then dropped. */
  sendRequestAsync(request: MessageInput<RequestOf<T>>, options: SendRequestOptions = {}): Promise<ResponseOf<T>> {
    const about = { entityType: 'service', entityName: this.serviceName };
    return new Promise<ResponseOf<T>>((resolve, reject) => {
      this.#validation.check(request, this.#requestType, options.validate);
      const { signal } = options;
      if (signal?.aborted) {
        reject(new AbortError('Service request', undefined, about));
        return;
      }
      this.assertAlive('request to', this.serviceName);
      let sequence = 0;
      const settle = (): void => {
        this.#pending.delete(sequence);
        signal?.removeEventListener('abort', onAbort);
        this.#port.resume();
      };
      const onAbort = (): void => {
        this.#port.forgetRequest(this.id, sequence);
        settle();
        reject(new AbortError('Service request', undefined, about));
      };
      const timeout = options.timeout;
      const onResponse = (response: unknown): void => {
        settle();
        resolve(response as ResponseOf<T>);
      };
      sequence = this.#port.sendRequest(
        this.id,
        request,
        onResponse,
        timeout === undefined || timeout < 0
          ? undefined
          : {
              ms: timeout,
              onTimeout: () => {
                settle();
                reject(new TimeoutError('Service request', timeout, about));
              },
            },
      );
      this.#pending.set(sequence, onResponse);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  isServiceServerAvailable(): boolean {
    return this.#port.serviceIsReady(this.id);
  }

  /** Resolves true when a server is available, false once `timeout` ms of sim time passed. */
  waitForService(timeout?: number): Promise<boolean> {
    if (this.isServiceServerAvailable()) return Promise.resolve(true);
    return new Promise((resolve) => this.#port.waitForService(this.id, timeout !== undefined && timeout >= 0 ? timeout : undefined, resolve));
  }

  /** Publishes service events on `<service>/_service_event` (ServiceIntrospectionStates; the clock is the node's). */
  configureIntrospection(_clock: unknown, qos: QoS | QoSProfileName | number | undefined, state: number): void {
    this.#port.entityOp(this.id, 'configureIntrospection', [null, qos, state]);
  }
}
