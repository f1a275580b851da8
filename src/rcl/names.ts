/**
 * ROS 2 name validation and expansion (rcl/rmw rules): node names, namespaces, and topic or
 * service names with `~` (private), `{node}` and `{ns}` substitutions, made fully qualified.
 */
const TOKEN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NAME_CHARS = /^[A-Za-z0-9_/~{}]*$/;

export function validateNodeName(name: string): void {
  if (typeof name !== 'string' || name.length === 0) throw new TypeError('node name must be a non-empty string');
  if (!TOKEN.test(name)) {
    throw new Error(
      `invalid node name '${name}': it must contain only letters, digits and underscores, and not start with a digit`,
    );
  }
  if (name.length > 255) throw new Error(`invalid node name '${name}': longer than 255 characters`);
}

/** Returns the namespace in its canonical form ('' becomes '/', a missing leading '/' is added). */
export function normalizeNamespace(namespace: string): string {
  if (typeof namespace !== 'string') throw new TypeError('namespace must be a string');
  if (namespace === '' || namespace === '/') return '/';
  const ns = namespace.startsWith('/') ? namespace : `/${namespace}`;
  if (ns.endsWith('/')) throw new Error(`invalid namespace '${namespace}': it must not end with '/'`);
  for (const token of ns.slice(1).split('/')) {
    if (!TOKEN.test(token)) {
      throw new Error(
        `invalid namespace '${namespace}': each part must contain only letters, digits and underscores, ` +
          `be non-empty and not start with a digit`,
      );
    }
  }
  return ns;
}

export function fullyQualifiedNodeName(name: string, namespace: string): string {
  return namespace === '/' ? `/${name}` : `${namespace}/${name}`;
}

/**
 * Expands a topic or service name for a node into its fully qualified form, and validates it.
 * `kind` only shapes the error message.
 */
export function expandTopicName(name: string, nodeName: string, namespace: string, kind = 'topic'): string {
  if (typeof name !== 'string' || name.length === 0) throw new TypeError(`${kind} name must be a non-empty string`);
  if (!NAME_CHARS.test(name)) {
    throw new Error(`invalid ${kind} name '${name}': only letters, digits, '_', '/', '~', '{' and '}' are allowed`);
  }
  let expanded = name
    .replaceAll('{node}', nodeName)
    .replaceAll('{ns}', namespace)
    .replaceAll('{namespace}', namespace);
  if (expanded.includes('{') || expanded.includes('}')) {
    throw new Error(`invalid ${kind} name '${name}': unknown substitution`);
  }
  const nodeFqn = fullyQualifiedNodeName(nodeName, namespace);
  if (expanded === '~') expanded = nodeFqn;
  else if (expanded.startsWith('~/')) expanded = `${nodeFqn}${expanded.slice(1)}`;
  else if (expanded.includes('~')) throw new Error(`invalid ${kind} name '${name}': '~' is only allowed at the start`);
  else if (!expanded.startsWith('/')) expanded = namespace === '/' ? `/${expanded}` : `${namespace}/${expanded}`;
  validateFullyQualifiedName(expanded, name, kind);
  return expanded;
}

function validateFullyQualifiedName(fqn: string, original: string, kind: string): void {
  if (fqn.length > 1 && fqn.endsWith('/')) throw new Error(`invalid ${kind} name '${original}': it must not end with '/'`);
  for (const token of fqn.slice(1).split('/')) {
    if (token.length === 0) throw new Error(`invalid ${kind} name '${original}': it must not contain '//'`);
    if (/^[0-9]/.test(token)) {
      throw new Error(`invalid ${kind} name '${original}': a part must not start with a digit ('${token}')`);
    }
  }
}
