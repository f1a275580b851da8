import type { Message } from '../interfaces/plainMessages.js';
import type { rcl_interfaces } from '../interfaces/typeMaps.js';
import type { ParameterChange } from '../ros/NodeParameters.js';
import { Parameter } from '../ros/Parameter.js';
import { QoS } from '../ros/QoS.js';
import type { Node } from './Node.js';

const SRV = 'rcl_interfaces/srv';

/**
 * What rclcpp gives every node: the parameter services under the node's name
 * (`~/get_parameters`, …), and a ParameterEvent on `/parameter_events` for every change, so
 * parameter clients, watchers and tools work inside a simulation.
 */
export function startParameterServices(node: Node): (change: ParameterChange) => void {
  const events = node.createPublisher('rcl_interfaces/msg/ParameterEvent', '/parameter_events', {
    qos: QoS.profileParameterEvents,
  });
  const services = { qos: QoS.profileParameters };
  node.createService(`${SRV}/ListParameters`, '~/list_parameters', services, (request) =>
    listParameters(node.getParameterNames(), request.prefixes as string[], Number(request.depth)),
  );
  node.createService(`${SRV}/GetParameters`, '~/get_parameters', services, (request) => ({
    values: request.names.map((name) => node.getParameter(name).toParameterValueMessage()),
  }));
  node.createService(`${SRV}/GetParameterTypes`, '~/get_parameter_types', services, (request) => ({
    types: request.names.map((name) => node.getParameter(name).type),
  }));
  node.createService(`${SRV}/DescribeParameters`, '~/describe_parameters', services, (request) => ({
    descriptors: request.names.map((name) => node.getParameterDescriptor(name).toMessage()),
  }));
  node.createService(`${SRV}/SetParameters`, '~/set_parameters', services, (request) => ({
    results: node.setParameters(fromMessages(request.parameters)),
  }));
  node.createService(`${SRV}/SetParametersAtomically`, '~/set_parameters_atomically', services, (request) => ({
    result: node.setParametersAtomically(fromMessages(request.parameters)),
  }));
  return (change) =>
    events.publish({
      stamp: node.now().toMsg(),
      node: node.getFullyQualifiedName(),
      new_parameters: change.added.map((p) => p.toParameterMessage()),
      changed_parameters: change.changed.map((p) => p.toParameterMessage()),
      deleted_parameters: change.deleted.map((p) => p.toParameterMessage()),
    });
}

function fromMessages(messages: rcl_interfaces.msg.Parameter[]): Parameter[] {
  return messages.map((m) => Parameter.fromParameterMessage(m as unknown as Parameters<typeof Parameter.fromParameterMessage>[0]));
}

/**
 * rcl_interfaces/srv/ListParameters as rclcpp answers it: without prefixes, names with fewer than
 * `depth` separators; with prefixes, a prefix itself and names under it with fewer than `depth`
 * separators after it (0: any depth).
 */
function listParameters(names: string[], prefixes: string[], depth: number): Message {
  const separators = (text: string): number => text.split('.').length - 1;
  const selected = names.filter((name) => {
    if (prefixes.length === 0) return depth === 0 || separators(name) < depth;
    return prefixes.some((prefix) => name === prefix || (name.startsWith(`${prefix}.`) && (depth === 0 || separators(name.slice(prefix.length)) < depth)));
  });
  const found = new Set(selected.filter((name) => name.includes('.')).map((name) => name.slice(0, name.lastIndexOf('.'))));
  return { result: { names: selected, prefixes: [...found] } };
}
