import type { MessageCallback } from '../port/NodePort.js';

/** rclnodejs's Subscription as a client of the node port: the simulation buffers and delivers, the callback runs here. */
export class Subscription {
  readonly typeName: string;
  #id = -1;
  #topic = '';
  readonly #callback: MessageCallback;
  /** A callback declared with two parameters also gets a MessageInfo, as in rclnodejs. */
  readonly #wantsInfo: boolean;

  constructor(typeName: string, callback: MessageCallback) {
    this.typeName = typeName;
    this.#callback = callback;
    this.#wantsInfo = callback.length >= 2;
  }

  /** Once the simulation made it: its id (what the port names it by) and its resolved topic. */
  created(id: number, topic: string): this {
    this.#id = id;
    this.#topic = topic;
    return this;
  }

  get id(): number {
    return this.#id;
  }

  get topic(): string {
    return this.#topic;
  }

  /**
   * What the port calls with each message. The user's callback is called as a method of the
   * subscription, as rclnodejs calls it: a logger's caller frame reads `Subscription.<anonymous>`
   * whichever transport delivered the message.
   */
  readonly deliver = (message: unknown, info?: unknown): unknown => (this.#wantsInfo ? this.#callback(message, info) : this.#callback(message));
}
