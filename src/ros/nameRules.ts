/**
 * ROS 2's name rules with their result strings: rmw's `rmw_validate_full_topic_name`,
 * `rmw_validate_node_name`, `rmw_validate_namespace` and rcl's `rcl_validate_topic_name`. A
 * problem is [message, index of the offending character].
 */
export type Problem = [string, number] | null;

const ALNUM = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
const TOPIC_MAX = 247; // RMW_TOPIC_MAX_NAME_LENGTH: 255 minus the DDS prefix 'rt'
const NODE_NAME_MAX = 255;
const NAMESPACE_MAX = 245; // RMW_NAMESPACE_MAX_LENGTH

/**
 * rmw_validate_full_topic_name's checks but its length, in its order: the whole name's characters
 * are checked before its separators (so '/a//b-c' is refused for its '-').
 */
function absoluteNameProblem(name: string, what: string): Problem {
  if (name.length === 0) return [`${what} must not be empty`, 0];
  if (name[0] !== '/') return [`${what} must be absolute, it must lead with a '/'`, 0];
  if (name.endsWith('/')) {
    return [what === 'namespace' ? "namespace must not end with a '/', unless only a '/'" : `${what} must not end with a '/'`, name.length - 1];
  }
  for (let i = 0; i < name.length; i++) {
    if (name[i] !== '/' && !ALNUM.test(name[i]!)) return [`${what} must not contain characters other than alphanumerics, '_', or '/'`, i];
  }
  for (let i = 0; i + 1 < name.length; i++) {
    if (name[i] !== '/') continue;
    if (name[i + 1] === '/') return [`${what} must not contain repeated '/'`, i + 1];
    if (DIGIT.test(name[i + 1]!)) return [`${what} must not have a token that starts with a number`, i + 1];
  }
  return null;
}

// rmw's length messages stringify a macro: the topic's expands to its arithmetic, the namespace's
// names a macro rmw never defines, so it stays as written (rmw/src/validate_*.c).
export function fullTopicNameProblem(topic: string): Problem {
  return absoluteNameProblem(topic, 'topic name') ?? (topic.length > TOPIC_MAX ? ["topic length should not exceed '255U - 8U'", TOPIC_MAX - 1] : null);
}

export function namespaceProblem(namespace: string): Problem {
  if (namespace === '/') return null;
  const problem = absoluteNameProblem(namespace, 'namespace');
  if (problem !== null) return problem;
  return namespace.length > NAMESPACE_MAX ? ["namespace should not exceed 'RMW_NAMESPACE_MAX_NAME_LENGTH'", NAMESPACE_MAX - 1] : null;
}
export function nodeNameProblem(name: string): Problem {
  if (name.length === 0) return ['node name must not be empty', 0];
  for (let i = 0; i < name.length; i++) {
    if (!ALNUM.test(name[i]!)) return ["node name must not contain characters other than alphanumerics or '_'", i];
  }
  if (DIGIT.test(name[0]!)) return ['node name must not start with a number', 0];
  if (name.length > NODE_NAME_MAX) return [`node name length should not exceed '${NODE_NAME_MAX}'`, NODE_NAME_MAX - 1];
  return null;
}

/**
 * rcl_validate_topic_name: a topic name as written (relative, `~`, `{substitutions}`), in rcl's
 * order: characters and braces first, then tokens that start with a number and a `~` not followed
 * by '/' (which rcl does not see as a name's last character: '~a' passes). Repeated '/' are the
 * expanded name's check (rmw's).
 */
export function topicNameProblem(topic: string): Problem {
  if (topic.length === 0) return ['topic name must not be empty string', 0];
  if (DIGIT.test(topic[0]!)) return ['topic name token must not start with a number', 0];
  if (topic.endsWith('/')) return ['topic name must not end with a forward slash', topic.length - 1];
  const inSubstitution = "substitution name must not contain characters other than alphanumerics or '_'";
  const unmatched = "topic name must not have unmatched (unbalanced) curly braces '{}'";
  let braceOpen = -1;
  for (let i = 0; i < topic.length; i++) {
    const c = topic[i]!;
    if (ALNUM.test(c)) {
      if (braceOpen >= 0 && i === braceOpen + 1 && DIGIT.test(c)) return ['substitution name must not start with a number', i];
    } else if (c === '~') {
      if (i !== 0) return ["topic name must not have tilde '~' unless it is the first character", i];
    } else if (c === '{') {
      if (braceOpen >= 0) return [inSubstitution, i];
      braceOpen = i;
    } else if (c === '}') {
      if (braceOpen < 0) return [unmatched, i];
      braceOpen = -1;
    } else if (braceOpen >= 0) {
      return [inSubstitution, i];
    } else if (c !== '/') {
      return ["topic name must not contain characters other than alphanumerics, '_', '~', '{', or '}'", i];
    }
  }
  if (braceOpen >= 0) return [unmatched, braceOpen];
  for (let i = 0; i + 1 < topic.length; i++) {
    if (topic[i] === '/' && DIGIT.test(topic[i + 1]!)) return ['topic name token must not start with a number', i + 1];
    if (i === 1 && topic[0] === '~' && topic[1] !== '/') return ["topic name must not have a tilde '~' that is not followed by a forward slash '/'", 1];
  }
  return null;
}
