import type { OutputSource } from '../engine/Executable.js';
import { serializedSize } from '../interfaces/cdr.js';
import type { Host } from '../network/Host.js';
import type { Network } from '../network/Network.js';
import type { Parcel } from '../network/Transport.js';
import type { Client } from './Client.js';
import type { Publisher } from './Publisher.js';
import type { Sample } from './Sample.js';
import type { Service } from './Service.js';
import type { ServiceCall } from './ServiceCall.js';
import type { Simulation } from './Simulation.js';
import type { Subscription } from './Subscription.js';

/** Sees every message that arrives on a topic, at its arrival; it is no entity and changes nothing. */
export type Watcher = (sample: Sample, publisher: Publisher) => void;

const NO_WATCHERS: readonly Watcher[] = [];

/**
 * The one place that decides when a message, request or response reaches its receivers:
 * immediately, or after the topic's fixed delay (at the start of the step at `now + delay`,
 * before the drain); between nodes on two hosts of a network, when (and whether) the network
 * delivers it. Nodes no host claims, and watchers, see every message where it is published.
 */
export class Delivery {
  readonly #simulation: Simulation;
  readonly #network: Network | null;
  readonly #topicWatchers = new Map<string, Watcher[]>();
  readonly #allTopicWatchers: Watcher[] = [];
  /** The watchers of each topic, both kinds together (rebuilt after every watch()). */
  readonly #watchers = new Map<string, readonly Watcher[]>();
  /** Who a lost message counts as an output of (DESIGN.md rule 5): one per writer and receiving host. */
  readonly #lossSources = new Map<string, OutputSource>();
  /** Responses each service sent across the network: their writer's sequence numbers. */
  readonly #responses = new Map<Service, number>();
  /** Changes whenever a watcher is added, so that publishers can keep their topic's list. */
  generation = 0;

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
    this.#network = simulation.network;
  }

  /** Delivers to the publisher's matched subscriptions and to `watchers` (watchersOf its topic). */
  send(publisher: Publisher, sample: Sample, watchers: readonly Watcher[]): void {
    const subscriptions = publisher.matched;
    if (publisher.delay > 0) {
      this.#simulation.engine.scheduleAfter(publisher.delay, () => this.#deliver(subscriptions, publisher, sample, watchers));
    } else {
      this.#deliver(subscriptions, publisher, sample, watchers);
    }
  }

  #deliver(subscriptions: readonly Subscription[], publisher: Publisher, sample: Sample, watchers: readonly Watcher[]): void {
    const from = publisher.node.host;
    if (from === null) {
      for (let i = 0; i < subscriptions.length; i++) subscriptions[i]!.receive(sample);
    } else {
      // Local subscriptions now; each other host's in one transmission, in subscription order.
      let remote: Map<Host, Subscription[]> | null = null;
      for (let i = 0; i < subscriptions.length; i++) {
        const subscription = subscriptions[i]!;
        const to = subscription.node.host;
        if (to === null || to === from) {
          subscription.receive(sample);
        } else {
          remote ??= new Map();
          const there = remote.get(to);
          if (there === undefined) remote.set(to, [subscription]);
          else there.push(subscription);
        }
      }
      if (remote !== null) this.#cross(publisher, sample, from, remote);
    }
    for (let i = 0; i < watchers.length; i++) watchers[i]!(sample, publisher);
  }

  /** Sends a sample to subscriptions on other hosts. */
  #cross(publisher: Publisher, sample: Sample, from: Host, remote: Map<Host, Subscription[]>): void {
    const bytes = sample.raw?.length ?? serializedSize(publisher.type, sample.message!);
    for (const [to, subscriptions] of remote) {
      const reliable = publisher.resolvedQoS.reliable && subscriptions.some((s) => s.resolvedQoS.reliable);
      // Held while in flight, so that no local subscription takes the snapshot itself.
      sample.pending++;
      this.#network!.send(publisher, sample.publicationSequenceNumber, from, to, bytes, reliable, new SampleParcel(this, publisher, sample, to, subscriptions));
    }
  }

  /** A sample the network lost: an output of the run (DESIGN.md rule 5), and a message-lost event of each subscription. */
  lost(publisher: Publisher, sample: Sample, to: Host, subscriptions: readonly Subscription[]): void {
    this.#simulation.engine.output('drop', this.#lossSource(publisher, publisher.topic, to), sample.digestLo, sample.digestHi);
    for (const subscription of subscriptions) subscription.events?.messageLost();
  }

  #lossSource(writer: Publisher | Client | Service, channel: string, to: Host): OutputSource {
    const key = `${writer.entityId}>${to.index}`;
    let source = this.#lossSources.get(key);
    if (source === undefined) {
      source = { nodeId: writer.nodeId, entityId: this.#simulation.nextEntityId(), owner: `network ${writer.node.host!.name}→${to.name}`, channel };
      this.#lossSources.set(key, source);
    }
    return source;
  }

  /** A client's request to one server: across the network as a reliable message when they are on two hosts. */
  request(client: Client, server: Service, call: ServiceCall): void {
    const from = client.node.host;
    const to = server.node.host;
    if (from === null || to === null || from === to) {
      server.receiveRequest(call, client);
      return;
    }
    this.#network!.send(client, call.sequence, from, to, serializedSize(client.type.request, call.message), true, {
      arrive: () => server.receiveRequest(call, client),
      lose: () => this.#callLost(client, client.serviceName, to, call),
    });
  }

  /** A service's response to a client (see request). */
  respond(service: Service, client: Client, call: ServiceCall): void {
    const from = service.node.host;
    const to = client.node.host;
    if (from === null || to === null || from === to) {
      client.receiveResponse(call);
      return;
    }
    const sequence = (this.#responses.get(service) ?? 0) + 1;
    this.#responses.set(service, sequence);
    this.#network!.send(service, sequence, from, to, serializedSize(service.type.response, call.message), true, {
      arrive: () => client.receiveResponse(call),
      lose: () => this.#callLost(service, service.serviceName, to, call),
    });
  }

  #callLost(writer: Client | Service, channel: string, to: Host, call: ServiceCall): void {
    this.#simulation.engine.output('drop', this.#lossSource(writer, channel, to), call.digestLo, call.digestHi);
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

  /** TRANSIENT_LOCAL: a late subscription gets the publisher's retained messages (across the network from another host). */
  replay(publisher: Publisher, subscription: Subscription): void {
    const from = publisher.node.host;
    const to = subscription.node.host;
    for (const sample of publisher.retainedSamples()) {
      if (from === null || to === null || from === to) subscription.receive(sample);
      else this.#cross(publisher, sample, from, new Map([[to, [subscription]]]));
    }
  }
}

/** A sample on its way to the subscriptions of one host. */
class SampleParcel implements Parcel {
  constructor(
    readonly delivery: Delivery,
    readonly publisher: Publisher,
    readonly sample: Sample,
    readonly to: Host,
    readonly subscriptions: readonly Subscription[],
  ) {}

  arrive(): void {
    for (const subscription of this.subscriptions) subscription.receive(this.sample);
    this.sample.pending--;
  }

  lose(): void {
    this.sample.pending--;
    this.delivery.lost(this.publisher, this.sample, this.to, this.subscriptions);
  }
}
