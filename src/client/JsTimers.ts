import type { NodePort } from '../port/NodePort.js';

type Kind = 'setTimeout' | 'setInterval' | 'setImmediate';

/** A JavaScript timer's handle as programs use it (Node's Timeout and Immediate). */
export interface TimerHandle {
  cancel(): void;
  ref(): TimerHandle;
  unref(): TimerHandle;
  hasRef(): boolean;
  refresh(): TimerHandle;
  close(): TimerHandle;
}

/** A JavaScript timer of a separate program: the timer is the simulation's, this is its handle (Node's Timeout). */
export class Timeout implements TimerHandle {
  readonly #port: NodePort;
  #id = -1;
  #refed = true;
  /** The callback, under Node's name for it: called as Node calls it, so a logger's caller frame reads `Timeout._onTimeout` as in-process. */
  readonly _onTimeout: (...args: unknown[]) => unknown;

  constructor(port: NodePort, callback: (...args: unknown[]) => unknown) {
    this.#port = port;
    this._onTimeout = callback;
  }

  /** Once the simulation made it: its id (what the port names it by, and what clearTimeout takes). */
  created(id: number): this {
    this.#id = id;
    return this;
  }

  cancel(): void {
    this.#port.jsTimer(this.#id, 'cancel');
  }

  ref(): this {
    this.#refed = true;
    this.#port.jsTimer(this.#id, 'ref');
    return this;
  }

  unref(): this {
    this.#refed = false;
    this.#port.jsTimer(this.#id, 'unref');
    return this;
  }

  hasRef(): boolean {
    return this.#refed;
  }

  refresh(): this {
    this.#port.jsTimer(this.#id, 'refresh');
    return this;
  }

  close(): this {
    this.cancel();
    return this;
  }

  [Symbol.toPrimitive](): number {
    return this.#id;
  }
}

/** setTimeout & co. of a separate program: timers of the simulation, through the node port, as an in-process program's are. */
export class JsTimers {
  readonly #port: NodePort;
  /** Handles by id, for clearTimeout(id): a one-shot timer's leaves once it ran. */
  readonly #byId = new Map<number, Timeout>();

  constructor(port: NodePort) {
    this.#port = port;
  }

  setTimeout = (callback: (...args: unknown[]) => unknown, delay?: number, ...args: unknown[]): Timeout => this.#start('setTimeout', callback, delay, args);

  setInterval = (callback: (...args: unknown[]) => unknown, delay?: number, ...args: unknown[]): Timeout => this.#start('setInterval', callback, delay, args);

  setImmediate = (callback: (...args: unknown[]) => unknown, ...args: unknown[]): Timeout => this.#start('setImmediate', callback, 0, args);

  clear = (timer: unknown): void => {
    const handle = timer instanceof Timeout ? timer : typeof timer === 'number' || typeof timer === 'string' ? this.#byId.get(Number(timer)) : undefined;
    if (handle === undefined) return;
    this.#byId.delete(Number(handle));
    handle.cancel();
  };

  #start(kind: Kind, callback: (...args: unknown[]) => unknown, delay: number | undefined, args: unknown[]): Timeout {
    if (typeof callback !== 'function') {
      throw new TypeError(`The "callback" argument must be of type function. Received ${typeof callback}`);
    }
    const handle = new Timeout(this.#port, callback);
    const id = this.#port.startJsTimer(kind, Number(delay), () => {
      if (kind !== 'setInterval') this.#byId.delete(id);
      return handle._onTimeout(...args);
    });
    this.#byId.set(id, handle.created(id));
    return handle;
  }
}
