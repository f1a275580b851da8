import { QoSPolicyKindBits } from '../ros/eventCallbacks.js';
import { incompatibility } from '../ros/QoS.js';
import type { Client } from './Client.js';
import type { Publisher } from './Publisher.js';
import type { Service } from './Service.js';
import type { Simulation } from './Simulation.js';
import type { Subscription } from './Subscription.js';

interface TopicEndpoints {
  publishers: Publisher[];
  subscriptions: Subscription[];
}

interface ServiceEndpoints {
  servers: Service[];
  clients: Client[];
  waiters: (() => void)[];
}

/**
 * The ROS graph of a simulation: who publishes and subscribes on which topic and who serves
 * which service, and which publisher reaches which subscription. Lists keep creation order,
 * which is the order messages are delivered in.
 */
export class Graph {
  readonly #simulation: Simulation;
  readonly #topics = new Map<string, TopicEndpoints>();
  readonly #services = new Map<string, ServiceEndpoints>();
  /** Told of every publisher as it is created (a live view announces its topic). */
  readonly publisherAdded: ((publisher: Publisher) => void)[] = [];
  /** Told of every subscription as it is created (a lazy bridge starts when someone listens). */
  readonly subscriptionAdded: ((subscription: Subscription) => void)[] = [];

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
  }

  // ---- topics -------------------------------------------------------------------------------

  addPublisher(publisher: Publisher): void {
    const topic = this.#topic(publisher.topic);
    topic.publishers.push(publisher);
    publisher.matched = topic.subscriptions.filter((s) => this.#matches(publisher, s));
    for (const listener of this.publisherAdded) listener(publisher);
  }

  removePublisher(publisher: Publisher): void {
    const topic = this.#topics.get(publisher.topic);
    if (topic) remove(topic.publishers, publisher);
    for (const subscription of publisher.matched) {
      subscription.events?.matched(-1);
      countLiveliness(publisher, subscription, -1);
    }
    publisher.matched = [];
  }

  addSubscription(subscription: Subscription): void {
    const topic = this.#topic(subscription.topic);
    topic.subscriptions.push(subscription);
    for (const publisher of topic.publishers) {
      if (!this.#matches(publisher, subscription)) continue;
      publisher.matched = [...publisher.matched, subscription];
      if (subscription.resolvedQoS.transientLocal) this.#simulation.delivery.replay(publisher, subscription);
    }
    for (const listener of this.subscriptionAdded) listener(subscription);
  }

  removeSubscription(subscription: Subscription): void {
    const topic = this.#topics.get(subscription.topic);
    if (!topic) return;
    remove(topic.subscriptions, subscription);
    for (const publisher of topic.publishers) {
      if (!publisher.matched.includes(subscription)) continue;
      publisher.matched = publisher.matched.filter((s) => s !== subscription);
      publisher.events?.matched(-1);
    }
  }

  publishersOf(topic: string): readonly Publisher[] {
    return this.#topics.get(topic)?.publishers ?? [];
  }

  subscriptionsOf(topic: string): readonly Subscription[] {
    return this.#topics.get(topic)?.subscriptions ?? [];
  }

  /** Topics with at least one endpoint (passing `filter`), sorted by name, with their types. */
  topicNamesAndTypes(filter: (endpoint: Publisher | Subscription) => boolean = () => true): NamesAndTypes[] {
    return namesAndTypes(this.#topics, (topic) => [...topic.publishers, ...topic.subscriptions].filter(filter));
  }

  /**
   * Whether a publisher reaches a subscription: same type and compatible QoS. A mismatch means
   * no delivery and one warning per pair, as ROS 2 reports it; both sides' event callbacks hear
   * of the match or the mismatch.
   */
  #matches(publisher: Publisher, subscription: Subscription): boolean {
    const where = `on topic ${publisher.topic}: publisher of node ${publisher.node.getFullyQualifiedName()} and subscription of node ${subscription.node.getFullyQualifiedName()}`;
    if (publisher.typeName !== subscription.typeName) {
      this.#simulation.warn(`type mismatch ${where} use ${publisher.typeName} and ${subscription.typeName}; no messages will be delivered`);
      publisher.events?.incompatibleType();
      subscription.events?.incompatibleType();
      return false;
    }
    const policy = incompatibility(publisher.resolvedQoS, subscription.resolvedQoS);
    if (policy !== null) {
      this.#simulation.warn(`incompatible QoS ${where} (last incompatible policy: ${policy}); no messages will be delivered`);
      publisher.events?.incompatibleQos(QoSPolicyKindBits[policy]);
      subscription.events?.incompatibleQos(QoSPolicyKindBits[policy]);
      return false;
    }
    publisher.events?.matched(1);
    subscription.events?.matched(1);
    countLiveliness(publisher, subscription, 1);
    return true;
  }

  #topic(name: string): TopicEndpoints {
    let topic = this.#topics.get(name);
    if (!topic) {
      topic = { publishers: [], subscriptions: [] };
      this.#topics.set(name, topic);
    }
    return topic;
  }

  // ---- services -----------------------------------------------------------------------------

  addService(service: Service): void {
    const endpoints = this.#service(service.serviceName);
    endpoints.servers.push(service);
    this.#rematchClients(endpoints);
    const waiters = endpoints.waiters.splice(0);
    for (const wake of waiters) wake();
  }

  removeService(service: Service): void {
    const endpoints = this.#services.get(service.serviceName);
    if (!endpoints) return;
    remove(endpoints.servers, service);
    this.#rematchClients(endpoints);
  }

  addClient(client: Client): void {
    const endpoints = this.#service(client.serviceName);
    endpoints.clients.push(client);
    client.matched = this.serversOf(client.serviceName, client.typeName);
  }

  #rematchClients(endpoints: ServiceEndpoints): void {
    for (const client of endpoints.clients) client.matched = this.serversOf(client.serviceName, client.typeName);
  }

  removeClient(client: Client): void {
    const endpoints = this.#services.get(client.serviceName);
    if (endpoints) remove(endpoints.clients, client);
  }

  /** Servers of a service that a client of `typeName` can talk to, in creation order. */
  serversOf(serviceName: string, typeName: string): Service[] {
    return this.#services.get(serviceName)?.servers.filter((s) => s.typeName === typeName) ?? [];
  }

  /** Every server of a service, of any type, in creation order. */
  serversNamed(serviceName: string): readonly Service[] {
    return this.#services.get(serviceName)?.servers ?? [];
  }

  clientsOf(serviceName: string): readonly Client[] {
    return this.#services.get(serviceName)?.clients ?? [];
  }

  /** Calls `wake` once, when the next server for `serviceName` appears. */
  whenServiceAppears(serviceName: string, wake: () => void): () => void {
    const waiters = this.#service(serviceName).waiters;
    waiters.push(wake);
    return () => remove(waiters, wake);
  }

  /** Services with at least one endpoint (passing `filter`), sorted by name, with their types. */
  serviceNamesAndTypes(filter: (endpoint: Service | Client) => boolean = () => true): NamesAndTypes[] {
    return namesAndTypes(this.#services, (service) => [...service.servers, ...service.clients].filter(filter));
  }

  #service(name: string): ServiceEndpoints {
    let endpoints = this.#services.get(name);
    if (!endpoints) {
      endpoints = { servers: [], clients: [], waiters: [] };
      this.#services.set(name, endpoints);
    }
    return endpoints;
  }
}

export interface NamesAndTypes {
  name: string;
  types: string[];
}

function remove<T>(list: T[], item: T): void {
  const index = list.indexOf(item);
  if (index >= 0) list.splice(index, 1);
}

function namesAndTypes<T>(byName: Map<string, T>, endpointsOf: (entry: T) => { typeName: string }[]): NamesAndTypes[] {
  const result: NamesAndTypes[] = [];
  for (const [name, entry] of byName) {
    const endpoints = endpointsOf(entry);
    if (endpoints.length > 0) result.push({ name, types: [...new Set(endpoints.map((e) => e.typeName))].sort() });
  }
  return result.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A subscription counts a publisher it matches (1) or no longer matches (-1) as alive or not alive, as its liveliness is. */
function countLiveliness(publisher: Publisher, subscription: Subscription, sign: 1 | -1): void {
  const liveliness = publisher.livelinessAt(subscription.node.host);
  if (liveliness === 'alive') subscription.events?.livelinessChanged(sign, 0);
  else if (liveliness === 'not alive') subscription.events?.livelinessChanged(0, sign);
}
