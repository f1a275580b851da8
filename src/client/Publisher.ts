import type { NodePort } from '../port/NodePort.js';

/** rclnodejs's Publisher as a client of the node port: what it publishes, the simulation delivers. */
export class Publisher {
  readonly #port: NodePort;
  readonly #id: number;
  readonly topic: string;
  readonly typeName: string;

  constructor(port: NodePort, id: number, typeName: string, topic: string) {
    this.#port = port;
    this.#id = id;
    this.typeName = typeName;
    this.topic = topic;
  }

  /** The simulation's id of the publisher (what the port names it by). */
  get id(): number {
    return this.#id;
  }

  publish(message: unknown): void {
    this.#port.publish(this.#id, message as never);
  }
}
