/**
 * ROS 2's name rules with their result strings: rmw's `rmw_validate_full_topic_name`,
 * `rmw_validate_node_name`, `rmw_validate_namespace` and rcl's `rcl_validate_topic_name`. A
 * problem is [message, index of the offending character].
 */
export type Problem = [string, number] | null;

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
