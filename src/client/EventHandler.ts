import type { EntityEventName, NodePort } from '../port/NodePort.js';
import { Entity } from './Entity.js';

/**
 * One event of a publisher or subscription (rclnodejs's EventHandler, one per callback given):
 * the simulation takes the status when the event happens and runs the callback as it runs the
 * node's other callbacks.
 */
export class EventHandler extends Entity {
  readonly #port: NodePort;
  /** Which event (rclnodejs's callback name). */
  readonly event: EntityEventName;
  /** The topic of its publisher or subscription. */
  readonly channel: string;
  readonly loggerName: string;

  constructor(port: NodePort, id: number, event: EntityEventName, channel: string, loggerName: string) {
    super(id);
    this.#port = port;
    this.event = event;
    this.channel = channel;
    this.loggerName = loggerName;
  }

  /** rclnodejs's takeData: the callback gets the oldest pending status, or the current one. */
  takeData(): unknown {
    return this.#port.entityOp(this.id, 'takeData', []);
  }
}
