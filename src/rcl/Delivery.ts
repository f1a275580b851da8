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

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  send(publisher: Publisher, sample: Sample): void {
    if (publisher.delay > 0) {
      this.#simulation.engine.scheduleAfter(publisher.delay, () => deliver(publisher.matched, sample));
    } else {
      deliver(publisher.matched, sample);
    }
  }

  /** TRANSIENT_LOCAL: a late subscription gets the publisher's retained messages now. */
  replay(publisher: Publisher, subscription: Subscription): void {
    for (const sample of publisher.retainedSamples()) subscription.receive(sample);
  }
}

function deliver(subscriptions: readonly Subscription[], sample: Sample): void {
  for (let i = 0; i < subscriptions.length; i++) subscriptions[i]!.receive(sample);
}
