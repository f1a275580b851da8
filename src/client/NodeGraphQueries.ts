import type { GraphQueryName, NodePort } from '../port/NodePort.js';
import { notOnJazzy, SIMULATED_RMW } from '../ros/middleware.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import type { TopicEndpointInfo } from '../sim/endpointInfo.js';

/** Names with their types, as rclnodejs's graph queries list topics and services. */
export type NamesAndTypes = { name: string; types: string[] }[];

/**
 * rclnodejs's Node's graph queries, asked of the simulation's graph through the port for one
 * node (whose names and remaps resolve the names given); Node hands each of them here.
 */
export class NodeGraphQueries {
  readonly #port: NodePort;
  readonly #node: number;
  readonly #nodeName: string;

  constructor(port: NodePort, node: number, nodeName: string) {
    this.#port = port;
    this.#node = node;
    this.#nodeName = nodeName;
  }

  /** Whether the node's callbacks run (spin(), or the job's executor for a job's or component's node). */
  isSpinning(): boolean {
    return this.#ask('isSpinning') as boolean;
  }

  getNodeNames(): string[] {
    return this.#ask('getNodeNames') as string[];
  }

  getNodeNamesAndNamespaces(): { name: string; namespace: string }[] {
    return this.#ask('getNodeNamesAndNamespaces') as { name: string; namespace: string }[];
  }

  getNodeNamesAndNamespacesWithEnclaves(): { name: string; namespace: string; enclave: string }[] {
    return this.#ask('getNodeNamesAndNamespacesWithEnclaves') as { name: string; namespace: string; enclave: string }[];
  }

  getTopicNamesAndTypes(): NamesAndTypes {
    return this.#ask('getTopicNamesAndTypes') as NamesAndTypes;
  }

  getServiceNamesAndTypes(): NamesAndTypes {
    return this.#ask('getServiceNamesAndTypes') as NamesAndTypes;
  }

  getPublisherNamesAndTypesByNode(nodeName: string, namespace: string): NamesAndTypes {
    return this.#ask('getPublisherNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  getSubscriptionNamesAndTypesByNode(nodeName: string, namespace: string): NamesAndTypes {
    return this.#ask('getSubscriptionNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  getServiceNamesAndTypesByNode(nodeName: string, namespace: string): NamesAndTypes {
    return this.#ask('getServiceNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  getClientNamesAndTypesByNode(nodeName: string, namespace: string): NamesAndTypes {
    return this.#ask('getClientNamesAndTypesByNode', nodeName, namespace) as NamesAndTypes;
  }

  countPublishers(topic: string): number {
    return this.#ask('countPublishers', topic) as number;
  }

  countSubscribers(topic: string): number {
    return this.#ask('countSubscribers', topic) as number;
  }

  countServices(serviceName: string): number {
    return this.#ask('countServices', serviceName) as number;
  }

  countClients(serviceName: string): number {
    return this.#ask('countClients', serviceName) as number;
  }

  /** Action clients of an action: subscriptions to its feedback topic (action names are not remapped). */
  countActionClients(actionName: string): number {
    return this.#ask('countActionClients', actionName) as number;
  }

  countActionServers(actionName: string): number {
    return this.#ask('countActionServers', actionName) as number;
  }

  /** `noDemangle` takes the name as it is, otherwise it is resolved. */
  getPublishersInfoByTopic(topic: string, noDemangle: boolean): TopicEndpointInfo[] {
    return this.#ask('getPublishersInfoByTopic', topic, noDemangle) as TopicEndpointInfo[];
  }

  getSubscriptionsInfoByTopic(topic: string, noDemangle: boolean): TopicEndpointInfo[] {
    return this.#ask('getSubscriptionsInfoByTopic', topic, noDemangle) as TopicEndpointInfo[];
  }

  // rmw has service and action endpoint info from ROS 2 Lyrical on; on Jazzy rclnodejs says so.
  getClientsInfoByService(): null {
    return notOnJazzy('getClientsInfoByService');
  }
  getServersInfoByService(): null {
    return notOnJazzy('getServersInfoByService');
  }
  getActionClientsInfoByAction(): null {
    return notOnJazzy('getActionClientsInfoByAction');
  }
  getActionServersInfoByAction(): null {
    return notOnJazzy('getActionServersInfoByAction');
  }

  getRMWImplementationIdentifier(): string {
    return SIMULATED_RMW;
  }

  /** The name a topic resolves to on the node: expanded, then remapped unless `onlyExpand`. */
  resolveTopicName(topicName: string, onlyExpand: boolean): string {
    if (typeof topicName !== 'string') throw new TypeValidationError('topicName', topicName, 'string', { nodeName: this.#nodeName });
    return this.#ask('resolveTopicName', topicName, onlyExpand) as string;
  }

  resolveServiceName(service: string, onlyExpand: boolean): string {
    if (typeof service !== 'string') throw new TypeValidationError('service', service, 'string', { nodeName: this.#nodeName });
    return this.#ask('resolveServiceName', service, onlyExpand) as string;
  }

  #ask(query: GraphQueryName, ...args: (string | boolean)[]): unknown {
    return this.#port.queryGraph(this.#node, query, args);
  }
}
