import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';

/**
 * A YAML node as parameter files need it: plain values, each with its line (0: none, as for a
 * node the document does not place). Both the `yaml` library's document and the fast reader of
 * block YAML (blockYaml.ts) give this form, so the checks and messages are the same for either.
 */
export type YamlTree = YamlTreeMap | YamlTreeSeq | YamlTreeScalar;

export interface YamlTreeMap {
  kind: 'map';
  line: number;
  /** In the file's order; a key may repeat. */
  entries: YamlTreeEntry[];
}

export interface YamlTreeEntry {
  key: YamlTree | null;
  value: YamlTree | null;
}

export interface YamlTreeSeq {
  kind: 'seq';
  line: number;
  items: (YamlTree | null)[];
}

export interface YamlTreeScalar {
  kind: 'scalar';
  line: number;
  /** As the `yaml` library resolves it: integers as bigint. */
  value: unknown;
  /** A plain (unquoted) scalar's text: rcl types parameter values from it by rules of its own. */
  plain?: string;
}

/** A `yaml` library node as a tree (null for none); `lineAt` gives a node's line (0: none). */
export function yamlTree(node: YamlNode | null | undefined, lineAt: (node: YamlNode) => number): YamlTree | null {
  if (isMap(node))
    return {
      kind: 'map',
      line: lineAt(node),
      entries: node.items.map((pair) => ({ key: yamlTree(pair.key as YamlNode, lineAt), value: yamlTree(pair.value as YamlNode, lineAt) })),
    };
  if (isSeq(node)) return { kind: 'seq', line: lineAt(node), items: node.items.map((item) => yamlTree(item as YamlNode, lineAt)) };
  if (isScalar(node)) {
    const scalar: YamlTreeScalar = { kind: 'scalar', line: lineAt(node), value: node.value };
    if (node.type === 'PLAIN' && node.source !== undefined) scalar.plain = node.source;
    return scalar;
  }
  // Aliases were replaced by copies (yamlSource.ts): nothing else stands in a document.
  return null;
}
