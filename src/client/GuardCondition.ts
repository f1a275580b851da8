import type { NodePort } from '../port/NodePort.js';

/** rclnodejs's GuardCondition as a client of the node port: each trigger queues one event, whose callback runs here. */
export class GuardCondition {
  readonly #port: NodePort;
  #id = -1;
  readonly #callback: () => unknown;
  #destroyed = false;

  constructor(port: NodePort, callback: () => unknown) {
    this.#port = port;
    this.#callback = callback;
  }

  created(id: number): this {
    this.#id = id;
    return this;
  }

  get id(): number {
    return this.#id;
  }

  /** What the simulation runs on each trigger: the callback, as a method of the guard condition as rclnodejs calls it. */
  readonly run = (): unknown => this.#callback();

  trigger(): void {
    if (this.#destroyed) throw new Error('trigger guard condition: the entity has been destroyed');
    this.#port.triggerGuard(this.#id);
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  _destroyed(): void {
    this.#destroyed = true;
  }
}
