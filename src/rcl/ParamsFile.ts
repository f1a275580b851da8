import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { readRegularFile } from '../engine/regularFile.js';
import type { ParameterOverride } from './NodeParameters.js';
import { inferParameter, type Parameter } from './Parameter.js';
import { parseYamlSource } from './yamlSource.js';

/**
 * ROS 2 parameter files: `node_name: {ros__parameters: {...}}`, with namespaces as nested keys
 * or in the key (`/ns/node`), wildcards (`/**`, `*`), and nested parameter maps flattened to
 * dotted names. Later entries (and later files) win over earlier ones for the same name.
 */
export interface ParamsRule {
  /** The node pattern as written, made absolute. */
  pattern: string;
  matches(nodeFqn: string): boolean;
  overrides: ParameterOverride[];
}

export class ParamsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamsFileError';
  }
}

export function loadParamsFile(path: string): ParamsRule[] {
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    throw new ParamsFileError(`${path}: cannot read parameter file (${(error as Error).message})`);
  }
  return parseParamsFile(text, path);
}

export function parseParamsFile(text: string, source: string): ParamsRule[] {
  // rcl reads a params file event by event and takes a node's key again where it comes again
  // (rclpy's test_node reads wildcards.yaml, which repeats `/**`, `ns`): keys may repeat.
  const { doc, lineOf } = parseYamlSource(text, source, (message) => new ParamsFileError(message), false);
  return doc.contents === null ? [] : paramsRulesFromYaml(doc.contents, lineOf);
}

/**
 * The rules of a parameter mapping in ROS 2's format, from a parsed YAML node (a params file's
 * document, or a `parameters:` section of a job file). `where` names a node's file and line.
 */
export function paramsRulesFromYaml(contents: YamlNode, where: (node: YamlNode | null | undefined) => string): ParamsRule[] {
  if (!isMap(contents)) throw new ParamsFileError(`${where(contents)}: parameters must be a mapping of node names`);
  const rules: ParamsRule[] = [];
  const visitNodeLevel = (map: YamlNode, path: string[]): void => {
    if (!isMap(map)) throw new ParamsFileError(`${where(map)}: expected 'ros__parameters' or a node name under '${path.join('/')}'`);
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (key === 'ros__parameters') {
        const pattern = normalizePattern(path);
        const overrides: ParameterOverride[] = [];
        collectParameters(pair.value as YamlNode, '', overrides, pattern, where);
        rules.push({ pattern, matches: patternMatcher(pattern), overrides });
      } else if (key.length > 0) {
        visitNodeLevel(pair.value as YamlNode, [...path, key]);
      } else {
        throw new ParamsFileError(`${where(pair.key as YamlNode)}: node names must be plain strings`);
      }
    }
  };
  visitNodeLevel(contents, []);
  return rules;
}

/** The overrides for one node: every matching rule in order, later names replacing earlier. */
export function overridesFor(rules: readonly ParamsRule[], nodeFqn: string): ParameterOverride[] {
  const byName = new Map<string, ParameterOverride>();
  for (const rule of rules) {
    if (!rule.matches(nodeFqn)) continue;
    // A later rule's value wins; the parameter keeps the place it was first given (as rclnodejs lists them).
    for (const override of rule.overrides) byName.set(override.parameter.name, override);
  }
  return [...byName.values()];
}

function normalizePattern(path: string[]): string {
  const tokens = path.flatMap((p) => p.split('/')).filter((t) => t.length > 0);
  return `/${tokens.join('/')}`;
}

function patternMatcher(pattern: string): (fqn: string) => boolean {
  const tokens = pattern.split('/').filter((t) => t.length > 0);
  const source = tokens
    .map((token) =>
      token === '**'
        ? '(?:/[^/]+)*'
        : `/${token
            .split('*')
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]*')}`,
    )
    .join('');
  const regex = new RegExp(`^${source}$`);
  return (fqn) => regex.test(fqn);
}

function collectParameters(
  node: YamlNode,
  prefix: string,
  out: ParameterOverride[],
  pattern: string,
  where: (node: YamlNode | null | undefined) => string,
): void {
  if (!isMap(node)) throw new ParamsFileError(`${where(node)}: 'ros__parameters' must be a mapping of parameter names`);
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const name = prefix === '' ? key : `${prefix}.${key}`;
    const value = pair.value as YamlNode;
    if (isMap(value)) {
      collectParameters(value, name, out, pattern, where);
      continue;
    }
    out.push({ parameter: toParameter(name, value, where), source: `${where(value)} (for ${pattern})` });
  }
}

function toParameter(name: string, node: YamlNode, where: (node: YamlNode | null | undefined) => string): Parameter {
  const fail = (why: string): never => {
    throw new ParamsFileError(`${where(node)}: parameter '${name}': ${why}`);
  };
  let value: unknown;
  if (isSeq(node)) value = node.items.map((item) => (isScalar(item) ? item.value : fail('array items must be plain values')));
  else if (isScalar(node)) value = node.value;
  else return fail('expected a value');
  try {
    return inferParameter(name, value);
  } catch (error) {
    return fail((error as Error).message);
  }
}
