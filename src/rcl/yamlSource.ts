import { isScalar, LineCounter, parseDocument, visit, type Document, type Node as YamlNode } from 'yaml';

export interface YamlSource {
  doc: Document;
  /** `file:line` of a node (the file alone when the node has no position). */
  lineOf(node: YamlNode | null | undefined): string;
  /** The document as plain values (integers as bigint); aliases may not multiply it without bound. */
  toJS(): unknown;
}

/** Aliases a document may resolve to when made plain: more is a "billion laughs" document. */
const MAX_ALIASES = 100;

/**
 * Parses YAML for files a user writes (job files, parameter files): integers as bigint, keys
 * unique, and errors as one line `file:line: invalid YAML: reason` (thrown as `makeError`).
 */
export function parseYamlSource(text: string, source: string, makeError: (message: string) => Error): YamlSource {
  const lines = new LineCounter();
  // Duplicate keys are found below, in one pass: yaml's own check compares every pair of keys.
  const doc = parseDocument(text, { intAsBigInt: true, lineCounter: lines, uniqueKeys: false });
  const lineOf = (node: YamlNode | null | undefined): string => {
    const offset = node?.range?.[0];
    return offset === undefined ? source : `${source}:${lines.linePos(offset).line}`;
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw makeError(`${source}:${error.linePos?.[0].line ?? '?'}: invalid YAML: ${reason}`);
  }
  let firstAlias: YamlNode | undefined;
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(key)) throw makeError(`${lineOf(pair.key)}: invalid YAML: duplicate key '${key}'`);
        seen.add(key);
      }
    },
    Alias(_key, alias) {
      firstAlias ??= alias;
    },
  });
  return {
    doc,
    lineOf,
    toJS: () => {
      try {
        return doc.toJS({ maxAliasCount: MAX_ALIASES });
      } catch (error) {
        throw makeError(`${lineOf(firstAlias)}: invalid YAML: ${(error as Error).message.split('\n')[0]}`);
      }
    },
  };
}
