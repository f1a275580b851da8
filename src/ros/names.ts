/**
 * ROS 2 name validation and expansion (rcl/rmw rules): node names, namespaces, and topic or
 * service names with `~` (private), `{node}` and `{ns}` substitutions, made fully qualified.
 */

import { fullTopicNameProblem, namespaceProblem, nodeNameProblem, topicNameProblem } from './nameRules.js';
import { NameValidationError, TypeValidationError } from './rclErrors.js';

/** rcl_node_init's check: rmw's rules and wording, rclnodejs's error class for a non-string. */
export function validateNodeName(name: string): void {
  if (typeof name !== 'string') throw new TypeValidationError('nodeName', name, 'string');
  const problem = nodeNameProblem(name);
  if (problem !== null) throw new Error(`invalid node name '${name}': ${problem[0]}`);
}

/** Returns the namespace in its canonical form ('' becomes '/', a missing leading '/' is added, as rcl does). */
export function normalizeNamespace(namespace: string): string {
  if (typeof namespace !== 'string') throw new TypeValidationError('namespace', namespace, 'string');
  if (namespace === '' || namespace === '/') return '/';
  const ns = namespace.startsWith('/') ? namespace : `/${namespace}`;
  const problem = namespaceProblem(ns);
  if (problem !== null) throw new Error(`invalid namespace '${namespace}': ${problem[0]}`);
  return ns;
}

/** A node name as parameter events and rclnodejs's parameter helpers key it: without its leading '/'. */
export function withoutLeadingSlash(name: string): string {
  return name.startsWith('/') ? name.slice(1) : name;
}

/**
 * Throws rclnodejs's NameValidationError when a node's fully qualified path ('/ns/node') breaks
 * rmw's rules, its namespace checked first; `shown` is the name the error quotes.
 */
export function validateNodePath(path: string, shown = path): void {
  const split = path.lastIndexOf('/');
  const namespaceInvalid = namespaceProblem(split === 0 ? '/' : path.slice(0, split));
  const problem = namespaceInvalid ?? nodeNameProblem(path.slice(split + 1));
  if (problem !== null) throw new NameValidationError(shown, namespaceInvalid ? 'namespace' : 'node', problem[0], problem[1]);
}

export function fullyQualifiedNodeName(name: string, namespace: string): string {
  return namespace === '/' ? `/${name}` : `${namespace}/${name}`;
}

/**
 * rcl_expand_topic_name: a topic or service name made absolute for a node (`~` its fully qualified
 * name, `{node}`, `{ns}` and `{namespace}` substituted in order, a relative name joined to the
 * namespace), the result unchecked: `{ns}/a` in the root namespace is '//a', as in rcl. Errors say
 * what rcl says (`topic name is invalid` for services too) and why; `kind` names the argument.
 */
export function expandName(name: string, nodeName: string, namespace: string, kind = 'topic'): string {
  if (typeof name !== 'string') throw new TypeValidationError(`${kind}Name`, name, 'string');
  if (nodeNameProblem(nodeName) !== null) throw new Error(`node name is invalid: '${nodeName}'`);
  if (namespaceProblem(namespace) !== null) throw new Error(`node namespace is invalid: '${namespace}'`);
  const problem = topicNameProblem(name);
  if (problem !== null) throw invalidName(kind, name, problem[0]);
  // The root namespace's '/' is the separator itself (rcl's "%s%s" where the namespace is '/').
  const prefix = namespace === '/' ? '' : namespace;
  const expanded = (name.startsWith('~') ? `${prefix}/${nodeName}${name.slice(1)}` : name).replace(/\{\w*\}/g, (whole) => {
    if (whole === '{node}') return nodeName;
    if (whole === '{ns}' || whole === '{namespace}') return namespace;
    throw invalidName(kind, name, `unknown substitution: ${whole}`);
  });
  return expanded.startsWith('/') ? expanded : `${prefix}/${expanded}`;
}

/** expandName, then the result checked as a fully qualified name (rcl_node_resolve_name's check). */
export function expandTopicName(name: string, nodeName: string, namespace: string, kind = 'topic'): string {
  const expanded = expandName(name, nodeName, namespace, kind);
  const problem = fullTopicNameProblem(expanded);
  if (problem !== null) throw invalidName(kind, name, problem[0]);
  return expanded;
}

function invalidName(kind: string, name: string, problem: string): Error {
  return new Error(`invalid ${kind} name '${name}': topic name is invalid: ${problem}`);
}
