import { LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';

export interface YamlSource {
  doc: Document;
  /** `file:line` of a node (the file alone when the node has no position). */
  lineOf(node: YamlNode | null | undefined): string;
}

/**
 * Parses YAML for files a user writes (job files, parameter files): integers as bigint, keys
 * unique, and errors as one line `file:line: invalid YAML: reason` (thrown as `makeError`).
 */
export function parseYamlSource(text: string, source: string, makeError: (message: string) => Error): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { intAsBigInt: true, lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw makeError(`${source}:${error.linePos?.[0].line ?? '?'}: invalid YAML: ${reason}`);
  }
  return {
    doc,
    lineOf: (node) => {
      const offset = node?.range?.[0];
      return offset === undefined ? source : `${source}:${lines.linePos(offset).line}`;
    },
  };
}
