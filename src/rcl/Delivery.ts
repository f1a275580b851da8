import type { Publisher } from './Publisher.js';
import type { Sample } from './Sample.js';
import type { Simulation } from './Simulation.js';
import type { Subscription } from './Subscription.js';

/**
 * The one place that decides when a published message reaches subscriptions: immediately, or
 * after the topic's fixed delay (at the start of the step at `now + delay`, before the drain).
 * Later delivery models (per-link latency, loss) belong here.
 */
/** Sees every message that arrives on a topic, at its arrival; it is no entity and changes nothing. */
export type Watcher = (sample: Sample, publisher: Publisher) => void;

const NO_WATCHERS: readonly Watcher[] = [];

export class Delivery {
  readonly #simulation: Simulation;
  readonly #topicWatchers = new Map<string, Watcher[]>();
  readonly #allTopicWatchers: Watcher[] = [];
  /** The watchers of each topic, both kinds together (rebuilt after every watch()). */
  readonly #watchers = new Map<string, readonly Watcher[]>();
  /** Changes whenever a watcher is added, so that publishers can keep their topic's list. */
  generation = 0;

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  /** Delivers to the publisher's matched subscriptions and to `watchers` (watchersOf its topic). */
  send(publisher: Publisher, sample: Sample, watchers: readonly Watcher[]): void {
    const subscriptions = publisher.matched;
    if (publisher.delay > 0) {
      this.#simulation.engine.scheduleAfter(publisher.delay, () => deliver(subscriptions, publisher, sample, watchers));
    } else {
      deliver(subscriptions, publisher, sample, watchers);
    }
  }

  /** Calls `watcher` with every message that arrives on `topic`, or on any topic when it is null. */
  watch(topic: string | null, watcher: Watcher): void {
    if (topic === null) {
      this.#allTopicWatchers.push(watcher);
    } else {
      const watchers = this.#topicWatchers.get(topic) ?? [];
      watchers.push(watcher);
      this.#topicWatchers.set(topic, watchers);
    }
    this.#watchers.clear();
    this.generation++;
  }

  /** The watchers of `topic`; the list stays valid while `generation` is unchanged. */
  watchersOf(topic: string): readonly Watcher[] {
    let watchers = this.#watchers.get(topic);
    if (watchers === undefined) {
      watchers = [...this.#allTopicWatchers, ...(this.#topicWatchers.get(topic) ?? [])];
      // Most topics have none: they share one list, which stays in the cache.
      if (watchers.length === 0) watchers = NO_WATCHERS;
      this.#watchers.set(topic, watchers);
    }
    return watchers;
  }

  /** TRANSIENT_LOCAL: a late subscription gets the publisher's retained messages now. */
  replay(publisher: Publisher, subscription: Subscription): void {
    for (const sample of publisher.retainedSamples()) subscription.receive(sample);
  }
}

function deliver(subscriptions: readonly Subscription[], publisher: Publisher, sample: Sample, watchers: readonly Watcher[]): void {
  for (let i = 0; i < subscriptions.length; i++) subscriptions[i]!.receive(sample);
  for (let i = 0; i < watchers.length; i++) watchers[i]!(sample, publisher);
}
