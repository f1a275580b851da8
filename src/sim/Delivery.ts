import type { OutputSource } from '../engine/Executable.js';
import { serializedSize } from '../interfaces/cdr.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Host } from '../network/Host.js';
import type { Network } from '../network/Network.js';
import type { Parcel } from '../network/Transport.js';
import type { Client } from './Client.js';
import type { Faults } from './faults/Faults.js';
import type { Publisher } from './Publisher.js';
import type { Sample } from './Sample.js';
import type { Service } from './Service.js';
import type { ServiceCall } from './ServiceCall.js';
import type { Simulation } from './Simulation.js';
import type { Subscription } from './Subscription.js';

/** Sees every message that arrives on a topic, at its arrival; it is no entity and changes nothing. */
export type Watcher = (sample: Sample, publisher: Publisher) => void;

/** The watchers of a topic: where messages are published, and where they arrive on a host. */
export class TopicWatchers {
  constructor(
    readonly atPublisher: readonly Watcher[],
    readonly atHosts: ReadonlyMap<Host, readonly Watcher[]>,
  ) {}

  get empty(): boolean {
    return this.atPublisher.length === 0 && this.atHosts.size === 0;
  }
}

const NO_WATCHERS = new TopicWatchers([], new Map());

/** What crosses to one host: the subscriptions there, and the watchers on it. */
interface Receivers {
  subscriptions: Subscription[];
  watchers: readonly Watcher[];
}

/**
 * The one place that decides when a message, request or response reaches its receivers:
 * immediately, or after the topic's fixed delay (at the start of the step at `now + delay`,
 * before the drain); between nodes on two hosts of a network, when (and whether) the network
 * delivers it. Nodes no host claims, and watchers, see every message where it is published.
 */
export class Delivery {
  readonly #simulation: Simulation;
  readonly #network: Network | null;
  /** The job's faults: asked at every arrival (none: everything arrives as sent). */
  readonly #faults: Faults | null;
  /** Watchers by host (null: where messages are published), of one topic or (key null) of all. */
  readonly #watching = new Map<Host | null, Map<string | null, Watcher[]>>();
  /** The watchers of each topic (rebuilt after every watch()). */
  readonly #watchers = new Map<string, TopicWatchers>();
  /** Who a lost message counts as an output of (docs/design.md#determinism-rules, rule 6): one per writer and receiving host. */
  readonly #lossSources = new Map<string, OutputSource>();
  /** Responses each service sent across the network: their writer's sequence numbers. */
  readonly #responses = new Map<Service, number>();
  /** Watchers of what reaches the subscriptions of a node or of the nodes on a host (see #arrivalKey). */
  readonly #arrivals = new Map<string, Watcher[]>();
  /** Changes whenever a watcher is added, so that publishers can keep their topic's list. */
  generation = 0;

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
    this.#network = simulation.network;
    this.#faults = simulation.faults;
  }

  /** Delivers to the publisher's matched subscriptions and to `watchers` (watchersOf its topic). */
  send(publisher: Publisher, sample: Sample, watchers: TopicWatchers): void {
    const engine = this.#simulation.engine;
    // A callback that takes time sends when it ends (Engine#effect).
    if (engine.effectDelay !== 0) this.#sendAtEnd(publisher, sample, watchers);
    else this.#sendNow(publisher, sample, watchers);
  }

  // The closures live in functions of their own: a function that makes one allocates what it
  // captures on every call, also when it goes the other way (a publish per callback).
  #sendAtEnd(publisher: Publisher, sample: Sample, watchers: TopicWatchers): void {
    this.#simulation.engine.effect(() => this.#sendNow(publisher, sample, watchers));
  }

  #sendNow(publisher: Publisher, sample: Sample, watchers: TopicWatchers): void {
    const draws = publisher.delayDraws;
    const delay = draws === null ? publisher.delay : draws.next();
    if (delay > 0) this.#deliverAfter(delay, publisher, sample, watchers);
    else this.#deliver(publisher.matched, publisher, sample, watchers);
  }

  #deliverAfter(delay: number, publisher: Publisher, sample: Sample, watchers: TopicWatchers): void {
    const subscriptions = publisher.matched;
    this.#simulation.engine.scheduleAfter(delay, () => this.#deliver(subscriptions, publisher, sample, watchers));
  }

  #deliver(subscriptions: readonly Subscription[], publisher: Publisher, sample: Sample, watchers: TopicWatchers): void {
    const from = publisher.node.host;
    if (from === null) {
      for (let i = 0; i < subscriptions.length; i++) this.arrive(publisher, sample, subscriptions[i]!);
      // Off the network, a message is everywhere at once.
      for (const atHost of watchers.atHosts.values()) notify(atHost, sample, publisher);
    } else {
      // Local receivers now; each other host's in one transmission, in subscription order.
      let remote: Map<Host, Receivers> | null = null;
      const receiversAt = (to: Host): Receivers => {
        remote ??= new Map();
        let receivers = remote.get(to);
        if (receivers === undefined) remote.set(to, (receivers = { subscriptions: [], watchers: [] }));
        return receivers;
      };
      for (let i = 0; i < subscriptions.length; i++) {
        const subscription = subscriptions[i]!;
        const to = subscription.node.host;
        if (to === null || to === from) this.arrive(publisher, sample, subscription);
        else receiversAt(to).subscriptions.push(subscription);
      }
      for (const [to, atHost] of watchers.atHosts) {
        if (to === from) notify(atHost, sample, publisher);
        else receiversAt(to).watchers = atHost;
      }
      if (remote !== null) this.#cross(publisher, sample, from, remote);
    }
    notify(watchers.atPublisher, sample, publisher);
  }

  /** A sample reaches a subscription: at once, or as the job's faults have it. */
  arrive(publisher: Publisher, sample: Sample, subscription: Subscription): void {
    const faults = this.#faults;
    if (faults === null) this.received(publisher, sample, subscription);
    else faults.arrive(publisher, sample, subscription);
  }

  /** A sample is in a subscription's hands (its filter may still refuse it): watchers of its node and host see it. */
  received(publisher: Publisher, sample: Sample, subscription: Subscription): void {
    subscription.receive(sample);
    if (this.#arrivals.size === 0) return;
    const node = subscription.node;
    const topic = publisher.topic;
    const atNode = this.#arrivals.get(arrivalKey({ node: node.getFullyQualifiedName() }, topic));
    if (atNode !== undefined) notify(atNode, sample, publisher);
    const atHost = node.host === null ? undefined : this.#arrivals.get(arrivalKey({ host: node.host.name }, topic));
    if (atHost !== undefined) notify(atHost, sample, publisher);
  }

  /** Calls `watcher` with every message on `topic` that reaches a subscription of the node, or of a node on the host. */
  watchArrivals(at: { node: string } | { host: string }, topic: string, watcher: Watcher): void {
    const key = arrivalKey(at, topic);
    const watchers = this.#arrivals.get(key);
    if (watchers === undefined) this.#arrivals.set(key, [watcher]);
    else watchers.push(watcher);
  }

  /** Sends a sample to the receivers on other hosts. */
  #cross(publisher: Publisher, sample: Sample, from: Host, remote: Map<Host, Receivers>): void {
    const bytes = sample.raw?.length ?? serializedSize(publisher.type, sample.message!);
    for (const [to, receivers] of remote) {
      // A recorder there asks for what is offered, as rosbag2's recorder does.
      const reliable = publisher.resolvedQoS.reliable && (receivers.watchers.length > 0 || receivers.subscriptions.some((s) => s.resolvedQoS.reliable));
      // Held while in flight, so that no local subscription takes the snapshot itself.
      sample.pending++;
      this.#network!.send(publisher, sample.publicationSequenceNumber, from, to, bytes, reliable, new SampleParcel(this, publisher, sample, to, receivers));
    }
  }

  /** A sample the network lost: an output of the run (docs/design.md#determinism-rules, rule 6), and a message-lost event of each subscription. */
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

  /** A client's request to one server. */
  request(client: Client, server: Service, call: ServiceCall): void {
    const to = server.node.host;
    const arrive = this.#withFaults(client, call, 'request', client.node.host, to, () => server.receiveRequest(call, client));
    this.#call(client, to, client.type.request, client.serviceName, call, call.sequence, arrive);
  }

  /** A service's response to a client (its writer's sequence numbers count the responses that cross the network). */
  respond(service: Service, client: Client, call: ServiceCall): void {
    const to = client.node.host;
    const arrive = this.#withFaults(client, call, 'response', service.node.host, to, () => client.receiveResponse(call));
    this.#call(service, to, service.type.response, service.serviceName, call, null, arrive);
  }

  /** `arrive`, or, in a job with faults, what they make of the call where it gets to. */
  #withFaults(client: Client, call: ServiceCall, part: 'request' | 'response', from: Host | null, to: Host | null, arrive: () => void): () => void {
    const faults = this.#faults;
    return faults === null ? arrive : () => faults.serviceArrival(client, call, part, from, to, arrive);
  }

  /**
   * A request or response: when the sending callback ends (execution times), then at once on
   * one host, or across the network as a reliable message between two (a loss is an output).
   */
  #call(writer: Client | Service, to: Host | null, type: MessageType, channel: string, call: ServiceCall, sequence: number | null, arrive: () => void): void {
    if (this.#simulation.engine.effectDelay !== 0) {
      this.#callAtEnd(writer, to, type, channel, call, sequence, arrive);
      return;
    }
    const from = writer.node.host;
    if (from === null || to === null || from === to) {
      arrive();
      return;
    }
    let writerSequence = sequence;
    if (writerSequence === null) {
      writerSequence = (this.#responses.get(writer as Service) ?? 0) + 1;
      this.#responses.set(writer as Service, writerSequence);
    }
    this.#callAcross(writer, writerSequence, from, to, type, channel, call, arrive);
  }

  #callAcross(
    writer: Client | Service,
    writerSequence: number,
    from: Host,
    to: Host,
    type: MessageType,
    channel: string,
    call: ServiceCall,
    arrive: () => void,
  ): void {
    this.#network!.send(writer, writerSequence, from, to, serializedSize(type, call.message), true, {
      arrive,
      lose: () => this.#simulation.engine.output('drop', this.#lossSource(writer, channel, to), call.digestLo, call.digestHi),
    });
  }

  #callAtEnd(
    writer: Client | Service,
    to: Host | null,
    type: MessageType,
    channel: string,
    call: ServiceCall,
    sequence: number | null,
    arrive: () => void,
  ): void {
    this.#simulation.engine.effect(() => this.#call(writer, to, type, channel, call, sequence, arrive));
  }

  /**
   * Calls `watcher` with every message on `topic` (any topic when it is null) where it is
   * published, or, given a host, when it arrives there (as a subscription there would get it).
   */
  watch(topic: string | null, watcher: Watcher, host: Host | null = null): void {
    let byTopic = this.#watching.get(host);
    if (byTopic === undefined) this.#watching.set(host, (byTopic = new Map()));
    const watchers = byTopic.get(topic) ?? [];
    watchers.push(watcher);
    byTopic.set(topic, watchers);
    this.#watchers.clear();
    this.generation++;
  }

  /** The watchers of `topic`; they stay valid while `generation` is unchanged. */
  watchersOf(topic: string): TopicWatchers {
    let watchers = this.#watchers.get(topic);
    if (watchers === undefined) {
      const of = (host: Host | null): Watcher[] => {
        const byTopic = this.#watching.get(host);
        return byTopic === undefined ? [] : [...(byTopic.get(null) ?? []), ...(byTopic.get(topic) ?? [])];
      };
      const atHosts = new Map<Host, Watcher[]>();
      for (const host of this.#watching.keys()) {
        if (host === null) continue;
        const there = of(host);
        if (there.length > 0) atHosts.set(host, there);
      }
      watchers = new TopicWatchers(of(null), atHosts);
      // Most topics have none: they share one object, which stays in the cache.
      if (watchers.empty) watchers = NO_WATCHERS;
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
      else this.#cross(publisher, sample, from, new Map([[to, { subscriptions: [subscription], watchers: [] }]]));
    }
  }
}

function arrivalKey(at: { node: string } | { host: string }, topic: string): string {
  return 'node' in at ? `node ${at.node} ${topic}` : `host ${at.host} ${topic}`;
}

function notify(watchers: readonly Watcher[], sample: Sample, publisher: Publisher): void {
  for (let i = 0; i < watchers.length; i++) watchers[i]!(sample, publisher);
}

/** A sample on its way to the receivers on one host. */
class SampleParcel implements Parcel {
  constructor(
    readonly delivery: Delivery,
    readonly publisher: Publisher,
    readonly sample: Sample,
    readonly to: Host,
    readonly receivers: Receivers,
  ) {}

  arrive(): void {
    // A message is an assertion of its publisher's liveliness where it arrives.
    this.publisher.remoteLiveliness(this.to)?.asserted();
    for (const subscription of this.receivers.subscriptions) this.delivery.arrive(this.publisher, this.sample, subscription);
    notify(this.receivers.watchers, this.sample, this.publisher);
    this.sample.pending--;
  }

  lose(): void {
    this.sample.pending--;
    this.delivery.lost(this.publisher, this.sample, this.to, this.receivers.subscriptions);
  }
}
