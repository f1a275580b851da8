/**
 * Node-name patterns as job files write them (`*` any characters, `?` one): a pattern that
 * starts with '/' matches a node's fully qualified name, any other its name. Used by the
 * layers above to place nodes (network hosts, executors); the engine itself reads no names.
 */
export class NodePatterns {
  readonly #patterns: readonly { pattern: RegExp; qualified: boolean }[];

  constructor(patterns: readonly string[]) {
    this.#patterns = patterns.map((glob) => ({ pattern: globPattern(glob), qualified: glob.startsWith('/') }));
  }

  /** Whether one of the patterns matches the node. */
  matches(fullyQualifiedName: string, name: string): boolean {
    return this.#patterns.some(({ pattern, qualified }) => pattern.test(qualified ? fullyQualifiedName : name));
  }
}

/** A glob as an anchored regular expression. */
export function globPattern(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  return new RegExp(`^${escaped}$`);
}
