import { fullyQualifiedNodeName, normalizeNamespace } from '../ros/names.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import type { Client } from './Client.js';
import type { Entity } from './Entity.js';
import { type TopicEndpointInfo, topicEndpointInfo } from './endpointInfo.js';
import type { Node } from './Node.js';
import type { NodeNames } from './NodeNames.js';
import { Publisher } from './Publisher.js';
import type { Service } from './Service.js';
import type { Simulation } from './Simulation.js';
import { Subscription } from './Subscription.js';

type NamesAndTypes = { name: string; types: string[] }[];

/** What a node asks of the simulation's graph, names resolved on the node (rclcpp's node_graph). */
export class NodeGraph {
  readonly #simulation: Simulation;
  readonly #names: NodeNames;

  constructor(simulation: Simulation, names: NodeNames) {
    this.#simulation = simulation;
    this.#names = names;
  }

  /** The simulation's nodes not destroyed, in creation order. */
  liveNodes(): Node[] {
    return this.#simulation.nodes.filter((n) => !n.isDestroyed);
  }

  topicNamesAndTypes(): NamesAndTypes {
    return this.#simulation.graph.topicNamesAndTypes();
  }

  serviceNamesAndTypes(): NamesAndTypes {
    return this.#simulation.graph.serviceNamesAndTypes();
  }

  /** The topics (or services) a node's endpoints of a kind use. */
  namesAndTypesByNode(kind: typeof Publisher | typeof Subscription | typeof Service | typeof Client, nodeName: string, namespace: string): NamesAndTypes {
    const fqn = fullyQualifiedNodeName(nodeName, normalizeNamespace(namespace));
    const ofNode = (e: Entity): boolean => e instanceof kind && e.node.getFullyQualifiedName() === fqn;
    const graph = this.#simulation.graph;
    return kind === Publisher || kind === Subscription ? graph.topicNamesAndTypes(ofNode) : graph.serviceNamesAndTypes(ofNode);
  }

  countPublishers(topic: string): number {
    return this.#simulation.graph.publishersOf(this.#names.resolve(topic, 'topic')).length;
  }

  countSubscribers(topic: string): number {
    return this.#simulation.graph.subscriptionsOf(this.#names.resolve(topic, 'topic')).length;
  }

  countServices(serviceName: string): number {
    return this.#simulation.graph.serversNamed(this.#names.resolve(serviceName, 'service')).length;
  }

  countClients(serviceName: string): number {
    return this.#simulation.graph.clientsOf(this.#names.resolve(serviceName, 'service')).length;
  }

  /** Action clients of an action: subscriptions to its feedback topic (action names are not remapped). */
  countActionClients(actionName: string): number {
    return this.#simulation.graph.subscriptionsOf(`${this.#names.expand(actionName, 'action')}/_action/feedback`).length;
  }

  countActionServers(actionName: string): number {
    return this.#simulation.graph.publishersOf(`${this.#names.expand(actionName, 'action')}/_action/feedback`).length;
  }

  /** rclnodejs's graph query: `noDemangle` takes the name as it is, otherwise it is resolved. */
  publishersInfoByTopic(topic: string, noDemangle: boolean): TopicEndpointInfo[] {
    const name = noDemangle ? topic : this.#names.resolve(topic, 'topic');
    return this.#simulation.graph.publishersOf(name).map((publisher) => topicEndpointInfo(publisher, 'publisher'));
  }

  subscriptionsInfoByTopic(topic: string, noDemangle: boolean): TopicEndpointInfo[] {
    const name = noDemangle ? topic : this.#names.resolve(topic, 'topic');
    return this.#simulation.graph.subscriptionsOf(name).map((subscription) => topicEndpointInfo(subscription, 'subscription'));
  }

  /** The name a topic or service resolves to on this node: expanded, then remapped unless `onlyExpand`. */
  resolveName(argument: 'topicName' | 'service', name: string, onlyExpand: boolean): string {
    if (typeof name !== 'string') throw new TypeValidationError(argument, name, 'string', { nodeName: this.#names.name });
    const kind = argument === 'topicName' ? 'topic' : 'service';
    return onlyExpand ? this.#names.expand(name, kind) : this.#names.resolve(name, kind);
  }
}
