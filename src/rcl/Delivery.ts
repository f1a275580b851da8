import type { Message } from '../interfaces/plainMessages.js';
import type { Publisher } from './Publisher.js';
import type { Sample } from './Sample.js';
import type { Simulation } from './Simulation.js';
import type { Subscription } from './Subscription.js';

/**
 * The one place that decides when a published message reaches subscriptions: immediately, or
 * after the topic's fixed delay (at the start of the step at `now + delay`, before the drain).
 * Later delivery models (per-link latency, loss) belong here.
 */
export class Delivery {
  readonly #simulation: Simulation;
  readonly #watchers = new Map<string, ((message: Message) => void)[]>();

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  send(publisher: Publisher, sample: Sample): void {
    const watchers = this.#watchers.size === 0 ? undefined : this.#watchers.get(publisher.topic);
    if (publisher.delay > 0) {
      this.#simulation.engine.scheduleAfter(publisher.delay, () => deliver(publisher.matched, sample, watchers));
    } else {
      deliver(publisher.matched, sample, watchers);
    }
  }

  isWatched(topic: string): boolean {
    return this.#watchers.has(topic);
  }

  /** Calls `watcher` with every message that arrives on `topic` (read-only; it is no entity). */
  watch(topic: string, watcher: (message: Message) => void): void {
    const watchers = this.#watchers.get(topic) ?? [];
    watchers.push(watcher);
    this.#watchers.set(topic, watchers);
  }

  /** TRANSIENT_LOCAL: a late subscription gets the publisher's retained messages now. */
  replay(publisher: Publisher, subscription: Subscription): void {
    for (const sample of publisher.retainedSamples()) subscription.receive(sample);
  }
}

function deliver(
  subscriptions: readonly Subscription[],
  sample: Sample,
  watchers: readonly ((message: Message) => void)[] | undefined,
): void {
  for (let i = 0; i < subscriptions.length; i++) subscriptions[i]!.receive(sample);
  if (watchers !== undefined) for (const watcher of watchers) watcher(sample.message);
}
