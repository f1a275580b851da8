import { expandTopicName } from './names.js';
import type { RemapRule } from './RosArguments.js';

/**
 * ROS 2 remapping (rcl's rules): the first rule that applies wins; a rule with a node prefix
 * applies only to that node; `__node` and `__ns` rename the node itself. As in rcl_node_init,
 * the node's name is remapped first, and node-prefixed rules for its namespace and names match
 * the remapped name.
 */
export function remapNodeName(name: string, rules: readonly RemapRule[]): string {
  return firstMatch(rules, name, '__node') ?? name;
}

export function remapNamespace(name: string, namespace: string, rules: readonly RemapRule[]): string {
  return firstMatch(rules, name, '__ns') ?? namespace;
}

/** Remaps an expanded (fully qualified) topic or service name for a node. */
export function remapName(fqn: string, nodeName: string, namespace: string, rules: readonly RemapRule[], kind: string): string {
  for (const rule of rules) {
    if (rule.node !== null && rule.node !== nodeName) continue;
    if (rule.from === '__node' || rule.from === '__ns') continue;
    if (expandTopicName(rule.from, nodeName, namespace, kind) === fqn) {
      return expandTopicName(rule.to, nodeName, namespace, kind);
    }
  }
  return fqn;
}

function firstMatch(rules: readonly RemapRule[], nodeName: string, from: string): string | null {
  for (const rule of rules) {
    if (rule.from === from && (rule.node === null || rule.node === nodeName)) return rule.to;
  }
  return null;
}
