import type { NodePort } from '../port/NodePort.js';
import { Entity } from './Entity.js';

/** rclnodejs's GuardCondition as a client of the node port: each trigger queues one event, whose callback runs here. */
export class GuardCondition extends Entity {
  readonly #port: NodePort;
  readonly #callback: () => unknown;

  constructor(port: NodePort, callback: () => unknown) {
    super();
    this.#port = port;
    this.#callback = callback;
  }

  created(id: number): this {
    this.setId(id);
    return this;
  }

  /** What the simulation runs on each trigger: the callback, as a method of the guard condition as rclnodejs calls it. */
  readonly run = (): unknown => this.#callback();

  trigger(): void {
    this.assertAlive('trigger guard condition');
    this.#port.triggerGuard(this.id);
  }
}
