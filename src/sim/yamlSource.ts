import { type Document, isCollection, isScalar, LineCounter, parseDocument, visit, type Node as YamlNode } from 'yaml';

export interface YamlSource {
  doc: Document;
  /** `file:line` of a node (the file alone when the node has no position). */
  lineOf(node: YamlNode | null | undefined): string;
  /** The line of a node (0 when it has no position). */
  lineAt(node: YamlNode): number;
  /** The document as plain values (integers as bigint). */
  toJS(): unknown;
}

/** Nodes that aliases may copy in all: more is a "billion laughs" document. */
const MAX_ALIASED_NODES = 10_000;

/**
 * Parses YAML for files a user writes (job files, parameter files): integers as bigint, keys
 * unique unless `uniqueKeys` is false, and errors as one line `file:line: invalid YAML: reason`
 * (thrown as `makeError`). `fileLine` takes a line of `text` to the file's, when `text` is the
 * file with lines taken out (a job file's `parameters:`, read apart).
 */
export function parseYamlSource(
  text: string,
  source: string,
  makeError: (message: string) => Error,
  uniqueKeys = true,
  fileLine: (line: number) => number = (line) => line,
): YamlSource {
  const lines = new LineCounter();
  // Duplicate keys are found below, in one pass: yaml's own check compares every pair of keys.
  const doc = parseDocument(text, { intAsBigInt: true, lineCounter: lines, uniqueKeys: false });
  const lineAt = (node: YamlNode): number => {
    const offset = node.range?.[0];
    return offset === undefined ? 0 : fileLine(lines.linePos(offset).line);
  };
  const lineOf = (node: YamlNode | null | undefined): string => {
    const line = node === null || node === undefined ? 0 : lineAt(node);
    return line === 0 ? source : `${source}:${line}`;
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw makeError(`${source}:${error.linePos === undefined ? '?' : fileLine(error.linePos[0].line)}: invalid YAML: ${reason}`);
  }
  let aliased = 0;
  visit(doc, {
    Map(_key, map) {
      // No reader of ours has a use for a list or map as a key, and yaml would make it a string.
      const collectionKey = map.items.find((pair) => isCollection(pair.key));
      if (collectionKey !== undefined)
        throw makeError(`${lineOf(collectionKey.key as YamlNode)}: invalid YAML: a key must be a single value, not a list or a map`);
      if (!uniqueKeys) return;
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(key)) throw makeError(`${lineOf(pair.key)}: invalid YAML: duplicate key '${key}'`);
        seen.add(key);
      }
    },
    // Each alias becomes a copy of what it names, so that every reader of the nodes (parameters,
    // fields and their lines) sees plain values; the copy keeps the alias's place for messages.
    Alias(_key, alias) {
      const target = alias.resolve(doc);
      if (target === undefined) throw makeError(`${lineOf(alias)}: invalid YAML: unresolved alias *${alias.source}`);
      aliased += sizeOf(target);
      if (aliased > MAX_ALIASED_NODES) throw makeError(`${lineOf(alias)}: invalid YAML: aliases copy more than ${MAX_ALIASED_NODES} nodes`);
      const copy = target.clone() as YamlNode;
      delete copy.anchor;
      copy.range = alias.range;
      return copy;
    },
  });
  return {
    doc,
    lineOf,
    lineAt,
    toJS: () => doc.toJS(),
  };
}

/** How many nodes `node` holds, itself included (aliases in it were copies already). */
function sizeOf(node: YamlNode): number {
  let size = 0;
  visit(node, {
    Node() {
      size++;
    },
  });
  return size;
}
