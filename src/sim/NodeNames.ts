import { expandTopicName, fullyQualifiedNodeName, normalizeNamespace, validateNodeName } from '../ros/names.js';
import type { RemapRule } from '../ros/RosArguments.js';
import { remapName, remapNamespace, remapNodeName } from '../ros/remap.js';

/**
 * A node's name and namespace after remapping, and how other names resolve on it: what rclcpp's
 * node_base holds, with node_topics' resolve_topic_name.
 */
export class NodeNames {
  readonly name: string;
  readonly namespace: string;
  readonly fullyQualified: string;
  /** The node's own remapping rules, then the context's, then the simulation's. */
  readonly #remaps: readonly RemapRule[];

  /** Checks the names as given, then as remapped (rcl_node_init's order of errors). */
  constructor(nodeName: string, namespace: string, remaps: readonly RemapRule[]) {
    this.#remaps = remaps;
    validateNodeName(nodeName);
    normalizeNamespace(namespace);
    this.name = remapNodeName(nodeName, remaps);
    validateNodeName(this.name);
    this.namespace = normalizeNamespace(remapNamespace(this.name, namespace, remaps));
    this.fullyQualified = fullyQualifiedNodeName(this.name, this.namespace);
  }

  /** rcl's logger name: the namespace's parts and the name, joined by dots. */
  get loggerName(): string {
    return this.namespace === '/' ? this.name : `${this.namespace.slice(1).replaceAll('/', '.')}.${this.name}`;
  }

  expand(name: string, kind: string): string {
    return expandTopicName(name, this.name, this.namespace, kind);
  }

  /** Expanded, then remapped. */
  resolve(name: string, kind: string): string {
    return remapName(this.expand(name, kind), this.name, this.namespace, this.#remaps, kind);
  }
}
