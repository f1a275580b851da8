/** rclnodejs's Subscription as a client of the node port: the simulation buffers and delivers, the callback runs here. */
export class Subscription {
  readonly #id: number;
  readonly topic: string;
  readonly typeName: string;

  constructor(id: number, typeName: string, topic: string) {
    this.#id = id;
    this.typeName = typeName;
    this.topic = topic;
  }

  /** The simulation's id of the subscription (what the port names it by). */
  get id(): number {
    return this.#id;
  }
}
