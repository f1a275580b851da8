import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { normalizeNamespace, validateNodeName } from '../ros/names.js';
import { inferParameter } from '../ros/Parameter.js';
import { checkRemapRule, emptyRosArguments, type ParameterArgument, type RemapRule, type RosArguments } from '../ros/RosArguments.js';
import type { YamlSource } from '../sim/yamlSource.js';
import type { NodeEntry } from './nodesSection.js';
import { fieldPath, type Location } from './sectionContext.js';

/** What a node entry says about its nodes, as ROS arguments: name, namespace, remaps, parameters. */
export function nodeArguments(
  { doc, lineOf }: YamlSource,
  location: Location,
  entry: NodeEntry,
  fail: (location: Location, message: string) => never,
): RosArguments {
  const args = emptyRosArguments();
  const remaps: RemapRule[] = [];
  const valid = (field: string[], check: () => unknown): void => {
    try {
      check();
    } catch (error) {
      fail([...location, ...field], (error as Error).message);
    }
  };
  if (entry.name !== undefined) {
    valid(['name'], () => validateNodeName(entry.name!));
    remaps.push({ node: null, from: '__node', to: entry.name });
  }
  if (entry.namespace !== undefined) {
    valid(['namespace'], () => normalizeNamespace(entry.namespace!));
    remaps.push({ node: null, from: '__ns', to: entry.namespace });
  }
  for (const [from, to] of Object.entries(entry.remap ?? {})) {
    valid(['remap', from], () => checkRemapRule(from, to));
    remaps.push({ node: null, from, to });
  }
  args.remaps = remaps;
  const parameters = doc.getIn([...location, 'parameters'], true) as YamlNode | undefined;
  if (parameters !== undefined) {
    const field = (name: string): Location => [...location, 'parameters', ...name.split('.')];
    args.parameters = flattenParameters(
      parameters,
      '',
      (name, why) => fail(field(name), why),
      (name, value) => `${lineOf(value)} (${fieldPath(field(name))})`,
    );
  }
  return args;
}

function flattenParameters(
  node: YamlNode,
  prefix: string,
  fail: (name: string, why: string) => never,
  where: (name: string, value: YamlNode) => string,
): ParameterArgument[] {
  if (!isMap(node)) return fail(prefix.replace(/\.$/, ''), 'parameters must be a mapping of names to values');
  return node.items.flatMap((pair) => {
    const name = `${prefix}${isScalar(pair.key) ? String(pair.key.value) : ''}`;
    const value = pair.value as YamlNode;
    if (isMap(value)) return flattenParameters(value, `${name}.`, fail, where);
    const plain = isSeq(value) ? value.items.map((item) => (isScalar(item) ? item.value : undefined)) : isScalar(value) ? value.value : undefined;
    try {
      return [{ node: null, parameter: inferParameter(name, plain), source: where(name, value) }];
    } catch (error) {
      return fail(name, (error as Error).message);
    }
  });
}
