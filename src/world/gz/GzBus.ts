import type { GzMessages, GzType } from './messages.js';

export type GzHandler = <T extends GzType>(type: T, message: GzMessages[T]) => void;

/**
 * Gazebo's own topics inside a world (gz-transport's, without a network): systems and sensors
 * publish on them, bridges and drives subscribe. Delivery is a call, at once, to each subscriber
 * in the order it subscribed. Names are absolute as gz-transport makes them: `scan` is `/scan`.
 */
export class GzBus {
  readonly #subscribers = new Map<string, GzHandler[]>();
  /** Topics as written, by their gz-transport names (publishers name theirs again at every message). */
  readonly #names = new Map<string, string>();

  #name(topic: string): string {
    let name = this.#names.get(topic);
    if (name === undefined) {
      name = gzTopic(topic);
      this.#names.set(topic, name);
    }
    return name;
  }

  publish<T extends GzType>(topic: string, type: T, message: GzMessages[T]): void {
    const handlers = this.#subscribers.get(this.#name(topic));
    if (handlers === undefined) return;
    for (const handler of handlers) handler(type, message);
  }

  subscribe(topic: string, handler: GzHandler): void {
    const name = this.#name(topic);
    const handlers = this.#subscribers.get(name);
    if (handlers === undefined) this.#subscribers.set(name, [handler]);
    else handlers.push(handler);
  }

  /** Whether anything listens on the topic (a publisher may skip work nobody reads). */
  heard(topic: string): boolean {
    return this.#subscribers.has(this.#name(topic));
  }
}

/** A topic as gz-transport names it: absolute, without repeated or trailing slashes. */
export function gzTopic(topic: string): string {
  const parts = topic.split('/').filter((part) => part !== '');
  return `/${parts.join('/')}`;
}
