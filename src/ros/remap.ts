import { expandName, expandTopicName } from './names.js';
import { type RemapRule, remapMatch } from './RosArguments.js';

/**
 * ROS 2 remapping (rcl's rules, rcl/src/rcl/remap.c): the first rule that applies wins; a rule
 * with a node prefix applies only to that node; `__node` (or `__name`) and `__ns` rename the node
 * itself. As in rcl_node_init, the node's name is remapped first, and node-prefixed rules for its
 * namespace and names match the remapped name.
 */
export function remapNodeName(name: string, rules: readonly RemapRule[]): string {
  return firstMatch(rules, name, isNodeName) ?? name;
}

export function remapNamespace(name: string, namespace: string, rules: readonly RemapRule[]): string {
  return firstMatch(rules, name, (from) => from === '__ns') ?? namespace;
}

/**
 * Remaps an expanded (fully qualified) topic or service name (`kind`) for a node: a rule matches
 * when it is for that kind (a `rostopic://` rule renames topics only, a `rosservice://` one
 * services only, one without a scheme both) and its match side expands to the name (a match
 * side that does not expand, or expands to no valid name, matches nothing), and its
 * replacement, expanded, must be a valid name.
 */
export function remapName(fqn: string, nodeName: string, namespace: string, rules: readonly RemapRule[], kind: string): string {
  for (const rule of rules) {
    if (rule.node !== null && rule.node !== nodeName) continue;
    if (isNodeName(rule.from) || rule.from === '__ns') continue;
    const { only, name } = remapMatch(rule.from);
    if (only !== null && only !== kind) continue;
    if (expandedOrNull(name, nodeName, namespace) === fqn) {
      return expandTopicName(rule.to, nodeName, namespace, kind);
    }
  }
  return fqn;
}

/** rcl's lexer reads `__node` and `__name` alike. */
function isNodeName(from: string): boolean {
  return from === '__node' || from === '__name';
}

function expandedOrNull(name: string, nodeName: string, namespace: string): string | null {
  try {
    return expandName(name, nodeName, namespace);
  } catch {
    return null;
  }
}

function firstMatch(rules: readonly RemapRule[], nodeName: string, applies: (from: string) => boolean): string | null {
  for (const rule of rules) {
    if (applies(rule.from) && (rule.node === null || rule.node === nodeName)) return rule.to;
  }
  return null;
}
