import { readRegularFile } from '../base/regularFile.js';
import type { ParameterOverride } from '../ros/NodeParameters.js';
import { inferParameter, type Parameter } from '../ros/Parameter.js';
import { rclYamlScalar } from '../ros/rclYamlScalar.js';
import { readBlockYaml } from './blockYaml.js';
import { parseYamlSource } from './yamlSource.js';
import { type YamlTree, type YamlTreeEntry, type YamlTreeScalar, yamlTree } from './yamlTree.js';

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
  // Parameter files run to tens of megabytes, and the `yaml` library's document takes minutes
  // and gigabytes for them: the block YAML they are written in is read fast, anything else (and
  // any YAML error) by the library, with the same values, lines and messages.
  const rules: ParamsRule[] = [];
  let failure: { error: unknown } | undefined;
  const read = readBlockYaml(text, (entry) => {
    // After an error the rest is only read: a YAML error further on is named first, as the library names it.
    if (failure !== undefined) return;
    try {
      takeParamsEntry(entry, rules, source);
    } catch (error) {
      failure = { error };
    }
  });
  if (!read) return libraryRules(text, source);
  if (failure !== undefined) throw failure.error;
  return rules;
}

function libraryRules(text: string, source: string): ParamsRule[] {
  // rcl reads a params file event by event and takes a node's key again where it comes again
  // (rclpy's test_node reads wildcards.yaml, which repeats `/**`, `ns`): keys may repeat.
  const { doc, lineAt } = parseYamlSource(text, source, (message) => new ParamsFileError(message), false);
  return doc.contents === null ? [] : paramsRules(yamlTree(doc.contents, lineAt), source);
}

/** `file:line` (the file alone for line 0, no line). */
function fileLine(file: string, line: number): string {
  return line === 0 ? file : `${file}:${line}`;
}

/** `file:line` of a node. */
function where(file: string, node: YamlTree | null): string {
  return fileLine(file, node?.line ?? 0);
}

/** An override from a file: its source, `file:line (for /pattern)`, is made when a message needs it (a large file holds millions). */
class FileOverride implements ParameterOverride {
  readonly parameter: Parameter;
  readonly #file: string;
  readonly #line: number;
  readonly #pattern: string;

  constructor(parameter: Parameter, file: string, line: number, pattern: string) {
    this.parameter = parameter;
    this.#file = file;
    this.#line = line;
    this.#pattern = pattern;
  }

  get source(): string {
    return `${fileLine(this.#file, this.#line)} (for ${this.#pattern})`;
  }
}

/** The rules of a parameter mapping in ROS 2's format, from a params file or a job file's `parameters:` (`file`). */
export function paramsRules(contents: YamlTree | null, file: string): ParamsRule[] {
  if (contents?.kind !== 'map') throw new ParamsFileError(`${where(file, contents)}: parameters must be a mapping of node names`);
  const rules: ParamsRule[] = [];
  for (const entry of contents.entries) takeParamsEntry(entry, rules, file);
  return rules;
}

/** The rules of a top-level entry of a parameter mapping (a node, a namespace, a wildcard), added to `rules`. */
export function takeParamsEntry(entry: YamlTreeEntry, rules: ParamsRule[], file: string): void {
  takeNodeEntry(entry, [], rules, file);
}

/** An entry of the node levels under `path`: `ros__parameters` and its rule, or a node name and the levels under it. */
function takeNodeEntry({ key: keyNode, value }: YamlTreeEntry, path: string[], rules: ParamsRule[], file: string): void {
  const key = keyNode?.kind === 'scalar' ? String(keyNode.value) : '';
  if (key === 'ros__parameters') {
    const pattern = normalizePattern(path);
    const overrides: ParameterOverride[] = [];
    collectParameters(value, '', overrides, pattern, file);
    rules.push({ pattern, matches: patternMatcher(pattern), overrides });
  } else if (key.length > 0) {
    const nodePath = [...path, key];
    if (value?.kind !== 'map') throw new ParamsFileError(`${where(file, value)}: expected 'ros__parameters' or a node name under '${nodePath.join('/')}'`);
    for (const entry of value.entries) takeNodeEntry(entry, nodePath, rules, file);
  } else {
    throw new ParamsFileError(`${where(file, keyNode)}: node names must be plain strings`);
  }
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
  // Most patterns name one node: a node's creation tests it against every rule of a large file.
  if (!pattern.includes('*')) return (fqn) => fqn === pattern;
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

function collectParameters(node: YamlTree | null, prefix: string, out: ParameterOverride[], pattern: string, file: string): void {
  if (node?.kind !== 'map') throw new ParamsFileError(`${where(file, node)}: 'ros__parameters' must be a mapping of parameter names`);
  for (const { key: keyNode, value } of node.entries) {
    const key = keyNode?.kind === 'scalar' ? String(keyNode.value) : '';
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (value?.kind === 'map') {
      collectParameters(value, name, out, pattern, file);
      continue;
    }
    out.push(new FileOverride(toParameter(name, value, file), file, value?.line ?? 0, pattern));
  }
}

function toParameter(name: string, node: YamlTree | null, file: string): Parameter {
  const fail = (why: string): never => {
    throw new ParamsFileError(`${where(file, node)}: parameter '${name}': ${why}`);
  };
  let value: unknown;
  if (node?.kind === 'seq') value = node.items.map((item) => (item?.kind === 'scalar' ? scalarValue(item) : fail('array items must be plain values')));
  else if (node?.kind === 'scalar') value = scalarValue(node);
  else return fail('expected a value');
  try {
    return inferParameter(name, value);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** A scalar's parameter value: a quoted one is its string, a plain one typed as rcl types it (none: no value). */
function scalarValue(scalar: YamlTreeScalar): unknown {
  if (scalar.plain === undefined) return scalar.value;
  return scalar.plain === '' ? null : rclYamlScalar(scalar.plain);
}
