import type { GzMessages, GzType } from './messages.js';

export type GzHandler = <T extends GzType>(type: T, message: GzMessages[T]) => void;

/**
 * Gazebo's own topics inside a world (gz-transport's, without a network): systems and sensors
 * publish on them, bridges and drives subscribe. Delivery is a call, at once, to each subscriber
 * in the order it subscribed. Names are absolute as gz-transport makes them: `scan` is `/scan`.
 */
export class GzBus {
  readonly #subscribers = new Map<string, { handler: GzHandler; live: () => boolean }[]>();
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
    const subscribers = this.#subscribers.get(this.#name(topic));
    if (subscribers === undefined) return;
    for (const { handler, live } of subscribers) if (live()) handler(type, message);
  }

  /** `live` says whether it listens now (a lazy bridge listens while someone listens to it). */
  subscribe(topic: string, handler: GzHandler, live: () => boolean = () => true): void {
    const name = this.#name(topic);
    const subscribers = this.#subscribers.get(name);
    if (subscribers === undefined) this.#subscribers.set(name, [{ handler, live }]);
    else subscribers.push({ handler, live });
  }

  /** Whether anything listens on the topic now (a publisher skips what nobody reads, as gz-sensors do). */
  heard(topic: string): boolean {
    return this.#subscribers.get(this.#name(topic))?.some(({ live }) => live()) ?? false;
  }
}

/** A topic as gz-transport names it: absolute, without repeated or trailing slashes. */
export function gzTopic(topic: string): string {
  const parts = topic.split('/').filter((part) => part !== '');
  return `/${parts.join('/')}`;
}
