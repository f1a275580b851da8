import { attribute, childrenNamed, firstChild, type XmlElement } from '../../base/xmlReader.js';
import type { Place } from '../description/description.js';
import type { SdfValues } from '../description/sdfValues.js';
import type { NodeRequest, RosParameter } from './ClassicRos.js';

/**
 * The node a gazebo_ros plugin asks for (gazebo_ros/src/node.cpp, Node::Get(sdf)): named after
 * the plugin's `name`, in `<ros><namespace>` (a leading `/` added; `/` when none), its
 * `<argument>`s, a `--ros-args -r` for each `<remapping>`, each `<parameter name= type=>` (int,
 * double or float, bool, string) as an override; without a `<ros>` element those are read from
 * the plugin itself, as Node::Get does. What gazebo_ros ignores with a warning (a parameter
 * without a name, a type or of another type) is told by `warn` in its words; `<qos>` overrides
 * are not modeled.
 */
export function nodeRequestOf(element: XmlElement, place: Place, values: SdfValues, warn: (line: string) => void): NodeRequest {
  const name = attribute(element, 'name') ?? '';
  const ros = firstChild(element, 'ros') ?? element;
  let namespace = values.string(ros, 'namespace', '/');
  if (!namespace.startsWith('/')) namespace = `/${namespace}`;
  const args = childrenNamed(ros, 'argument').map((child) => values.text(child));
  const remappings = childrenNamed(ros, 'remapping').map((child) => values.text(child));
  if (remappings.length > 0) args.push('--ros-args', ...remappings.flatMap((rule) => ['-r', rule]));
  const parameters: RosParameter[] = [];
  for (const child of childrenNamed(ros, 'parameter')) {
    const parameterName = attribute(child, 'name');
    const type = attribute(child, 'type');
    const text = values.text(child);
    if (parameterName === undefined) warn(`Ignoring parameter because it has no attribute 'name'. Tag: ${tag(child, text)}`);
    else if (type === undefined) warn(`Ignoring parameter because it has no attribute 'type'. Tag: ${tag(child, text)}`);
    else if (type === 'int') parameters.push({ name: parameterName, value: BigInt(Math.trunc(sdfNumber(values, child, text))) });
    else if (type === 'double' || type === 'float') parameters.push({ name: parameterName, value: sdfNumber(values, child, text) });
    else if (type === 'bool') parameters.push({ name: parameterName, value: sdfBool(values, child, text) });
    else if (type === 'string') parameters.push({ name: parameterName, value: text });
    else warn(`Ignoring parameter because attribute 'type' is invalid. Tag: ${tag(child, text)}`);
  }
  return { name, namespace, arguments: args, parameters, place };
}

function tag(element: XmlElement, text: string): string {
  const attributes = element.attributes.map(([key, value]) => ` ${key}='${value}'`).join('');
  return `<${element.name}${attributes}>${text}</${element.name}>`;
}

function sdfNumber(values: SdfValues, element: XmlElement, text: string): number {
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) values.fail(element, `<parameter> '${attribute(element, 'name')}' must be a number, not '${text}'`);
  return value;
}

function sdfBool(values: SdfValues, element: XmlElement, text: string): boolean {
  const lower = text.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return values.fail(element, `<parameter> '${attribute(element, 'name')}' must be true or false, not '${text}'`);
}
