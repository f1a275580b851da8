/**
 * rclnodejs's `validator` and `expandTopicName`, with the rules and result strings of rmw's
 * `rmw_validate_full_topic_name`, `rmw_validate_node_name`, `rmw_validate_namespace` and rcl's
 * `rcl_validate_topic_name` / `rcl_expand_topic_name`: a problem is [message, index].
 */
import { NameValidationError, TypeValidationError } from '../rcl/errors.js';

type Problem = [string, number] | null;

const ALNUM = /[A-Za-z0-9_]/;
const TOPIC_MAX = 247; // RMW_TOPIC_MAX_NAME_LENGTH: 255 minus the DDS prefix 'rt'
const NODE_NAME_MAX = 255;
const NAMESPACE_MAX = 245; // RMW_NAMESPACE_MAX_LENGTH

/** A fully qualified name's rules, shared by topics and namespaces. */
function absoluteNameProblem(name: string, what: string, maxLength: number, allowRoot: boolean): Problem {
  if (name.length === 0) return [`${what} must not be empty${what === 'topic name' ? ' string' : ''}`, 0];
  if (name[0] !== '/') return [`${what} must be absolute, it must lead with a '/'`, 0];
  if (name.length === 1 && allowRoot) return null;
  if (name.endsWith('/')) {
    return [what === 'namespace' ? "namespace must not end with a '/', unless only a '/'" : `${what} must not end with a '/'`, name.length - 1];
  }
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (c !== '/' && !ALNUM.test(c)) return [`${what} must not contain characters other than alphanumerics, '_', or '/'`, i];
    if (c === '/' && name[i + 1] === '/') return [`${what} must not contain repeated '/'`, i + 1];
    if (c === '/' && /[0-9]/.test(name[i + 1] ?? '')) return [`${what} must not have a token that starts with a number`, i + 1];
  }
  if (name.length > maxLength) return [`${what} length should not exceed '${maxLength}'`, maxLength - 1];
  return null;
}

export function fullTopicNameProblem(topic: string): Problem {
  return absoluteNameProblem(topic, 'topic name', TOPIC_MAX, false);
}

export function namespaceProblem(namespace: string): Problem {
  return absoluteNameProblem(namespace, 'namespace', NAMESPACE_MAX, true);
}

export function nodeNameProblem(name: string): Problem {
  if (name.length === 0) return ['node name must not be empty', 0];
  for (let i = 0; i < name.length; i++) {
    if (!ALNUM.test(name[i]!)) return ["node name must not contain characters other than alphanumerics or '_'", i];
  }
  if (/[0-9]/.test(name[0]!)) return ['node name must not start with a number', 0];
  if (name.length > NODE_NAME_MAX) return [`node name length should not exceed '${NODE_NAME_MAX}'`, NODE_NAME_MAX - 1];
  return null;
}

/** rcl's rules for a topic name as written (relative, `~`, `{substitutions}`). */
export function topicNameProblem(topic: string): Problem {
  if (topic.length === 0) return ['topic name must not be empty string', 0];
  if (/[0-9]/.test(topic[0]!)) return ['topic name must not start with a number', 0];
  if (topic.endsWith('/')) return ['topic name must not end with a forward slash', topic.length - 1];
  let braceOpen = -1;
  for (let i = 0; i < topic.length; i++) {
    const c = topic[i]!;
    if (braceOpen >= 0) {
      if (c === '}') {
        const substitution = topic.slice(braceOpen + 1, i);
        if (/[0-9]/.test(substitution[0] ?? '')) return ['substitution name must not start with a number', braceOpen + 1];
        braceOpen = -1;
      } else if (!ALNUM.test(c)) {
        return ["substitution name must not contain characters other than alphanumerics or '_'", i];
      }
      continue;
    }
    if (c === '{') braceOpen = i;
    else if (c === '}') return ["topic name must not have unmatched (unbalanced) curly braces '{}'", i];
    else if (c === '~') {
      if (i !== 0) return ["topic name must not have tilde '~' unless it is the first character", i];
      if (topic.length > 1 && topic[1] !== '/') return ["topic name must not have a tilde '~' that is not followed by a forward slash '/'", 1];
    } else if (c !== '/' && !ALNUM.test(c)) {
      return ["topic name must not contain characters other than alphanumerics, '_', '~', '{', or '}'", i];
    } else if (c === '/' && topic[i + 1] === '/') return ["topic name must not contain repeated '/'", i + 1];
    else if (c === '/' && /[0-9]/.test(topic[i + 1] ?? '')) return ['topic name token must not start with a number', i + 1];
  }
  if (braceOpen >= 0) return ["topic name must not have unmatched (unbalanced) curly braces '{}'", braceOpen];
  return null;
}

function check(value: unknown, argument: string, nameType: string, problemOf: (name: string) => Problem): true {
  if (typeof value !== 'string') throw new TypeValidationError(argument, value, 'string');
  const problem = problemOf(value);
  if (problem === null) return true;
  throw new NameValidationError(value, nameType, problem[0], problem[1]);
}

const isValid = (value: unknown, problemOf: (name: string) => Problem): boolean =>
  typeof value === 'string' && problemOf(value) === null;

export const validator = {
  validateFullTopicName: (topic: string): true => check(topic, 'topic', 'topic', fullTopicNameProblem),
  isValidFullTopicName: (topic: string): boolean => isValid(topic, fullTopicNameProblem),
  validateNodeName: (name: string): true => check(name, 'name', 'node', nodeNameProblem),
  isValidNodeName: (name: string): boolean => isValid(name, nodeNameProblem),
  validateTopicName: (topic: string): true => check(topic, 'topic', 'topic', topicNameProblem),
  isValidTopicName: (topic: string): boolean => isValid(topic, topicNameProblem),
  validateNamespace: (namespace: string): true => check(namespace, 'namespace', 'namespace', namespaceProblem),
  isValidNamespace: (namespace: string): boolean => isValid(namespace, namespaceProblem),
};

/** rcl_expand_topic_name: `~`, `{node}`, `{ns}`/`{namespace}` and relative names resolved. */
export function expandTopicName(topicName: string, nodeName: string, nodeNamespace: string): string {
  if (nodeNameProblem(nodeName) !== null) throw new Error(`node name is invalid: '${nodeName}'`);
  if (namespaceProblem(nodeNamespace) !== null) throw new Error(`node namespace is invalid: '${nodeNamespace}'`);
  if (topicNameProblem(topicName) !== null) throw new Error(`topic name is invalid: '${topicName}'`);
  const nodeFqn = nodeNamespace === '/' ? `/${nodeName}` : `${nodeNamespace}/${nodeName}`;
  let expanded = topicName.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (key === 'node') return nodeName;
    if (key === 'ns' || key === 'namespace') return nodeNamespace;
    throw new Error(`unknown substitution '${whole}' in topic name '${topicName}'`);
  });
  if (expanded.startsWith('~')) expanded = nodeFqn + expanded.slice(1);
  else if (!expanded.startsWith('/')) expanded = nodeNamespace === '/' ? `/${expanded}` : `${nodeNamespace}/${expanded}`;
  return expanded.replace(/\/\/+/g, '/');
}

/** A name is hidden when one of its parts starts with '_' (ROS 2 topic and service names design). */
export function isTopicOrServiceHidden(name: string): boolean {
  if (typeof name !== 'string') throw new TypeError('Invalid argument');
  return name.split('/').some((part) => part.startsWith('_'));
}
