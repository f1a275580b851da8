import type { EntityEventName, NodePort } from '../port/NodePort.js';

/**
 * One event of a publisher or subscription (rclnodejs's EventHandler, one per callback given):
 * the simulation takes the status when the event happens and runs the callback as it runs the
 * node's other callbacks.
 */
export class EventHandler {
  readonly #port: NodePort;
  readonly #id: number;
  /** Which event (rclnodejs's callback name). */
  readonly event: EntityEventName;
  /** The topic of its publisher or subscription. */
  readonly channel: string;
  readonly loggerName: string;
  #destroyed = false;

  constructor(port: NodePort, id: number, event: EntityEventName, channel: string, loggerName: string) {
    this.#port = port;
    this.#id = id;
    this.event = event;
    this.channel = channel;
    this.loggerName = loggerName;
  }

  get id(): number {
    return this.#id;
  }

  /** rclnodejs's takeData: the callback gets the oldest pending status, or the current one. */
  takeData(): unknown {
    return this.#port.entityOp(this.#id, 'takeData', []);
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  _destroyed(): void {
    this.#destroyed = true;
  }
}
